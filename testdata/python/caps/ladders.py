# Dispatch ladders.
import torch


def kernel_for(arch):
    if arch == "sm80":  # gate: dispatch-ladder takes 0:8.0 takes 1:9.0 takes 2:10.0 admits 8.0, 9.0, 10.0
        return "ampere_kernel"
    elif arch == "sm90":
        return "hopper_kernel"
    elif arch == "sm100":
        return "blackwell_kernel"
    else:
        raise ValueError(f"Unsupported arch: {arch}")


def quant_kernel():
    major, minor = torch.cuda.get_device_capability()
    if major == 8:  # gate: dispatch-ladder admits 8.x, 9.0
        return "sm8x"
    elif (major, minor) == (9, 0):
        return "sm90"
    else:
        raise NotImplementedError("no quant kernel")


def lumped_ladder():
    sm = torch.cuda.get_device_capability()
    if sm >= (10, 0) and sm < (12, 0):  # gate: dispatch-ladder takes 0:10.0-11.0 takes 1:9.0 takes 2:7.5-8.9,12.x
        return "sm100"
    elif sm >= (9, 0) and sm < (10, 0):
        return "sm90"
    else:
        return "sm80"


def returns_none_dispatcher():
    major, _ = torch.cuda.get_device_capability()
    if major == 9:  # gate: dispatch-ladder admits 9.0, 10.x
        return "hopper"
    elif major == 10:
        return "blackwell"
    return None


def assert_false_ladder():
    major, _ = torch.cuda.get_device_capability()
    if major == 12:  # gate: dispatch-ladder admits 9.0, 12.x
        return "spark"
    elif major == 9:
        return "hopper"
    else:
        assert False, "unsupported GPU"


# Arms that do the same are one path: 12.0 gets what 8.0 gets.
def tile_rows():
    major, minor = torch.cuda.get_device_capability()
    sm = major * 10 + minor
    if sm == 80:  # gate: dispatch-ladder takes 0:7.5-8.7,9.0-12.x takes 1:8.9
        tile = 4
    elif sm == 89:
        tile = 16
    else:
        tile = 4
    return tile
