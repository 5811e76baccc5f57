# Rule fixture: arch lists a setup.py writes into TORCH_CUDA_ARCH_LIST.
# Written for archlint.
import os

import torch
from packaging.version import Version

bare_metal_version = Version(os.environ.get("NVCC_VERSION_SEEN", "12.8"))

# Written whatever the user exported: the message says exporting it does not help.
os.environ["TORCH_CUDA_ARCH_LIST"] = "8.0;9.0"  # want "AL202 This arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x.* The code writes the list into the environment variable TORCH_CUDA_ARCH_LIST, replacing what was set there"

# setdefault writes only where the environment has none: a default.
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0;8.6")  # want "AL202 .* The list is the default of the environment variable TORCH_CUDA_ARCH_LIST, which can change it"

# Cross-compiling without a GPU (apex, flash-attention's layer_norm): the
# list is a default, set only when no GPU is visible, one arm per toolkit.
# Only the arm that toolkits new enough for 12.0 take is reported; a
# build's whole list with old GPUs in it is no legacy path.
if not torch.cuda.is_available():
    if os.environ.get("TORCH_CUDA_ARCH_LIST", None) is None:
        if bare_metal_version >= Version("11.8"):
            os.environ["TORCH_CUDA_ARCH_LIST"] = "6.0;7.0;7.5;8.0;8.6;9.0"  # want "AL202 .* default of the environment variable TORCH_CUDA_ARCH_LIST.* It is set only when no GPU is visible"
        elif bare_metal_version >= Version("11.1"):
            os.environ["TORCH_CUDA_ARCH_LIST"] = "6.0;7.0;7.5;8.0;8.6"  # want: none
        elif bare_metal_version == Version("11.0"):
            os.environ["TORCH_CUDA_ARCH_LIST"] = "6.0;7.0;7.5;8.0"  # want: none
        else:
            os.environ["TORCH_CUDA_ARCH_LIST"] = "6.0;7.0;7.5"  # want: none
