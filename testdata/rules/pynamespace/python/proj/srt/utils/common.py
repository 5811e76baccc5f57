from functools import lru_cache, partial
from typing import List, Tuple

import os

import torch


def get_bool_env_var(name: str) -> bool:
    return os.getenv(name, "false").lower() == "true"


# An import cycle: the layer imports the package back. Run from here
# first, the package would re-export only the names bound so far.
from proj.srt.layers.logging_utils import log_once


def _check_cuda_device_version(device_capability_majors: List[int], cuda_version: Tuple[int, int]):
    return (
        torch.cuda.get_device_capability()[0] in device_capability_majors
        and tuple(map(int, torch.version.cuda.split(".")[:2])) >= cuda_version
    )


is_sm120_supported = lru_cache(maxsize=1)(
    partial(_check_cuda_device_version, device_capability_majors=[12], cuda_version=(12, 8))
)
is_sm100_supported = lru_cache(maxsize=1)(
    partial(_check_cuda_device_version, device_capability_majors=[10], cuda_version=(12, 8))
)
is_blackwell = lru_cache(maxsize=1)(
    partial(_check_cuda_device_version, device_capability_majors=[10, 11, 12], cuda_version=(12, 8))
)


@lru_cache(maxsize=1)
def uses_e8m0_scales() -> bool:
    return torch.cuda.get_device_capability()[0] in [10, 12]
