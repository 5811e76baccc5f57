# Arch strings and lists.
import os

SUPPORTED_ARCHS = ["sm_90a", "sm_100a"]  # gate: arch-list admits 9.0, 10.0
cuda_archs = {"8.0", "8.6", "9.0"}  # gate: arch-list admits 8.x, 9.0
python_versions = ["3.9", "3.10", "3.11"]  # gate: none
cuda_toolkits = ["11.8", "12.1", "12.4"]  # gate: none

NVCC_FLAGS = [  # gate: arch-list admits 9.0, 10.0
    "-O3",
    "-gencode=arch=compute_90a,code=sm_90a",
    "-gencode=arch=compute_100a,code=sm_100a",
]

arch_list = os.environ.get("TORCH_CUDA_ARCH_LIST", "8.0 9.0")  # gate: arch-list admits 8.x, 9.0 env TORCH_CUDA_ARCH_LIST
ptx_list = os.getenv("MY_CUDA_ARCH_LIST", "8.0;9.0+PTX")  # gate: arch-list admits 8.x, 9.0-12.x env MY_CUDA_ARCH_LIST
os.environ["TORCH_CUDA_ARCH_LIST"] = "10.0a"  # gate: arch-list admits 10.0 env TORCH_CUDA_ARCH_LIST
other_setting = os.environ.get("MAX_JOBS", "8")  # gate: none

family_specific = ["sm_100f"]  # gate: arch-list admits 10.x
cc_numbers = [80, 90, 120]  # gate: arch-list admits 8.x, 9.0, 12.x

# The two ends of a span, not a list.
_CU126_SM_RANGE = (50, 90)  # gate: none


# A list in an arm that refuses never reaches a build (DeepEP).
if os.getenv("LEGACY_A100"):
    os.environ["TORCH_CUDA_ARCH_LIST"] = os.getenv("TORCH_CUDA_ARCH_LIST", "8.0")  # gate: none
    assert False, "Not implemented"
else:
    os.environ["TORCH_CUDA_ARCH_LIST"] = os.getenv("TORCH_CUDA_ARCH_LIST", "9.0;10.0")  # gate: arch-list admits 9.0, 10.x env TORCH_CUDA_ARCH_LIST

# One end of a span, not a list (nccl's registry metadata).
MIN_ARCH = "8.0"  # gate: none
sm_min = "9.0a"  # gate: none

# A gencode list of (virtual, real) pairs is read whole (CuPy's builder):
# the real one is built; a pair is no list of its own.
def pair_gencode(toolkit):
    archs = [("compute_90a", "sm_90a"), ("compute_100f", "sm_100")]  # gate: arch-list admits 9.0, 10.x, 11.0, 12.x
    if toolkit >= 12090:
        archs += [("compute_120f", "sm_120"), "compute_100"]  # gate: none
    return archs


old_pairs = [("compute_80", "sm_80"), ("compute_90", "sm_90")]  # gate: arch-list admits 8.x, 9.0

# The Jetson modules' capabilities, for a check that gives them their own
# path, are no build list.
_tegra_archs = ("32", "53", "62", "72", "87")  # gate: none


# A local only tested for membership is the set a check admits, judged as
# that check, no build list.
def tile_sizes(cap):
    big_smem_arches = [80, 90, 100, 103]  # gate: none
    if cap not in big_smem_arches:
        return 64
    return 128 if cap in big_smem_arches else 64


def build_archs(cap):
    archs = [80, 90]  # gate: arch-list admits 8.x, 9.0
    if cap in archs:
        return archs
    return archs


class Sm80Gemm:
    # A class's own set, tested through self and named in a message.
    _supported_archs = (80, 86, 87, 89)  # gate: none

    def check(self, arch):
        if arch not in self._supported_archs:  # gate: capability-check admits 8.0, 8.6, 8.7, 8.9
            raise ValueError(f"supports {self._supported_archs}, got {arch}")
