# Miniature written for archlint's tests: sglang-like capability helpers.
# Not code from any real project.
import functools

import torch


@functools.lru_cache(maxsize=1)
def is_sm90_supported(device=None) -> bool:
    major, _ = torch.cuda.get_device_capability(device)
    return major == 9 and torch.version.cuda >= "12.3"


@functools.lru_cache(maxsize=1)
def is_sm100_supported(device=None) -> bool:
    major, _ = torch.cuda.get_device_capability(device)
    return major == 10 and torch.version.cuda >= "12.8"


@functools.lru_cache(maxsize=1)
def is_sm120_supported(device=None) -> bool:
    major, _ = torch.cuda.get_device_capability(device)
    return major == 12 and torch.version.cuda >= "12.8"
