from functools import lru_cache

import torch


def is_cuda():
    return torch.cuda.is_available() and torch.version.cuda is not None


def is_hip():
    return torch.version.hip is not None


@lru_cache(maxsize=1)
def is_sm120_supported(device=None) -> bool:
    if not is_cuda():  # gate: none
        return False
    return (torch.cuda.get_device_capability(device)[0] == 12) and (torch.version.cuda >= "12.8")  # gate: capability-check admits 12.x


@lru_cache(maxsize=1)
def is_sm100_supported(device=None) -> bool:
    if is_hip():
        return False
    cap = torch.cuda.get_device_capability(device)
    return cap[0] == 10 and torch.version.cuda >= "12.8"  # gate: capability-check admits 10.x


def is_sm90_supported(device=None) -> bool:
    props = torch.cuda.get_device_properties(device)
    return props.major * 10 + props.minor == 90  # gate: capability-check admits 9.0


def get_device_sm():
    major, minor = torch.cuda.get_device_capability()
    return major * 10 + minor
