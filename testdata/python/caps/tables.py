# Table lookups by capability.
import torch

KERNELS = {
    (8, 0): "ampere",
    (9, 0): "hopper",
    (10, 0): "blackwell",
}

TILE_BY_SM = {80: 64, 90: 128, 100: 256}


def kernel_name():
    major, minor = torch.cuda.get_device_capability()
    return KERNELS[(major, minor)]  # gate: table-lookup admits 8.0, 9.0, 10.0


def tile_size():
    major, minor = torch.cuda.get_device_capability()
    tile = TILE_BY_SM.get(major * 10 + minor)  # gate: table-lookup admits 8.0, 9.0, 10.0
    return tile or 32


def unknown_table(table):
    major, minor = torch.cuda.get_device_capability()
    return table[(major, minor)]  # gate: none
