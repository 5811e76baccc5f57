# Rule fixture: a list set around an import on CPU-only workers and
# deleted after it (verl's megatron engine) is no build's. Written for
# archlint.
import os

import torch

if not torch.cuda.is_available() and "TORCH_CUDA_ARCH_LIST" not in os.environ:
    os.environ["TORCH_CUDA_ARCH_LIST"] = "8.0"  # want: none

import json  # noqa: E402

if not torch.cuda.is_available():
    del os.environ["TORCH_CUDA_ARCH_LIST"]
