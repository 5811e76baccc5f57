import torch

_major = torch.cuda.get_device_capability()[0]
IS_HOPPER = _major >= 9


def top_k(x):
    if IS_HOPPER:
        return x
    return None
