import torch

# An annotation binds nothing: the name comes from __getattr__.
current_device: "Device"


class Device:
    def get_device_capability(self):
        return torch.cuda.get_device_capability()


def __getattr__(name: str):
    if name == "current_device":
        return Device()
    raise AttributeError(name)
