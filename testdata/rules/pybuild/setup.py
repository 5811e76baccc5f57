# Rule fixture: the arch lists extensions are built with, read at the
# CUDAExtension call from the flags the analysis evaluated. Written for
# archlint.
import os

import torch
from torch.utils.cpp_extension import CUDAExtension


def nvcc_threads_args():
    return ["--threads", os.getenv("NVCC_THREADS") or "4"]


ext_modules = []

# Appended -gencode pairs: no literal holds the list, the call builds for
# sm_90a alone, and the sum's unknown operands (a thread count read from
# the environment, feature flags appended in an if) name no architecture.
cc_flag = []
cc_flag.append("-gencode")
cc_flag.append("arch=compute_90a,code=sm_90a")
feature_args = []
if os.getenv("FA_DISABLE_FP8", "FALSE") == "TRUE":
    feature_args.append("-DDISABLE_FP8")
nvcc_flags = ["-O3", "-std=c++17"]
ext_modules.append(
    CUDAExtension(  # want "AL202 This CUDAExtension build list admits 9.x and shuts out 10.x, 11.x, 12.x: .*no kernel image is available"
        name="hopper._C",
        sources=["flash_api.cpp"],
        extra_compile_args={"nvcc": nvcc_threads_args() + nvcc_flags + cc_flag + feature_args},
    )
)

# -arch=sm_90 embeds compute_90 PTX beside the cubin: 12.0 runs it through
# the driver JIT.
ext_modules.append(CUDAExtension("ptx._C", ["k.cu"], extra_compile_args={"nvcc": ["-O3", "-arch=sm_90"]}))  # want: none

# An operand that may hold architecture flags and whose value is unknown
# (the arch list from the environment): nothing is read.
env_cc_flag = ["-gencode=arch=compute_%s,code=sm_%s" % (a, a) for a in os.environ["MY_ARCHS"].split(";")]
ext_modules.append(CUDAExtension("env._C", ["k.cu"], extra_compile_args={"nvcc": ["-gencode", "arch=compute_80,code=sm_80"] + env_cc_flag}))  # want: none

# Flags chosen by the GPU the build runs on depend on the capability: not
# a fixed list.
local_flags = ["-O3"]
if torch.cuda.get_device_capability()[0] >= 9:
    local_flags += ["-gencode", "arch=compute_90a,code=sm_90a"]
ext_modules.append(CUDAExtension("local._C", ["k.cu"], extra_compile_args={"nvcc": local_flags}))  # want: none

# A literal list already says it: one finding, at the list.
ext_modules.append(
    CUDAExtension(  # want: none
        "lit._C",
        ["k.cu"],
        extra_compile_args={"nvcc": ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90a,code=sm_90a"]},  # want "AL202 This arch list admits 8.x, 9.x"
    )
)

