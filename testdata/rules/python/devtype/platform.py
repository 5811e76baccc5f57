# Rule fixture: a device-type helper that tells vendors apart by an
# environment variable and by the torch build string, and a backend
# selector that turns consumer Blackwell off before an allowlist.
# Written for archlint.
import os
from enum import Enum

import torch


class Device(Enum):
    CPU = 0
    CUDA = 1
    ROCM = 2
    VENDOR = 3


def device_kind():
    if torch.cuda.is_available():
        if getattr(torch.version, "hip", None) is not None:
            return Device.ROCM
        # Another vendor's accelerator: its runtime sets MLU_HOME, its
        # torch build names it. Neither holds on an NVIDIA GPU.
        if os.environ.get("MLU_HOME") or "mlu" in getattr(torch, "__version__", "").lower():
            return Device.VENDOR
        return Device.CUDA
    return Device.CPU


def on_cuda():
    return device_kind() == Device.CUDA


def sm_major():
    return torch.cuda.get_device_capability()[0]


def consumer_blackwell():
    if not on_cuda():
        return False
    return sm_major() == 12


def paged_decode_supported():
    # 12.x has its own decode path elsewhere: turned off here first (a
    # shut-out all the same, with its reason), so the allowlist below never
    # sees it.
    if consumer_blackwell():  # want "AL201 .*admits 7.x, 8.x, 9.x, 10.x, 11.x and shuts out 12.x: on 12.0 \\(sm_120\\): returns False"
        return False
    if sm_major() not in [9, 10]:
        return False
    return True


def fused_rope_supported():
    if not on_cuda():
        return False
    if sm_major() not in [9, 10]:  # want "AL201 .*admits 9.x, 10.x and shuts out 11.x, 12.x"
        return False
    return True
