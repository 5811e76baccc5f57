import functools

import torch
from packaging import version


def get_compute_capability(device):
    return torch.cuda.get_device_capability(device)


@functools.cache
def is_sm90a_supported(device=None):
    major, _ = get_compute_capability(device)
    return major == 9 and version.parse(torch.version.cuda) >= version.parse("12.3")  # gate: capability-check admits 9.0


def is_sm100a_supported(device=None):
    major, minor = get_compute_capability(device)
    return major == 10 and torch.version.cuda >= "12.8"  # gate: capability-check admits 10.x


def is_sm120_supported_with_old_toolkit(device=None):
    # "11.8" < "12.8" is decided by the assumed toolkit: never true.
    major, _ = get_compute_capability(device)
    return major == 12 and version.parse(torch.version.cuda) < version.parse("11.8")  # gate: none
