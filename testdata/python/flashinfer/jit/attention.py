from flashinfer.jit.core import gen_jit_spec as build_spec
from flashinfer.utils import is_sm90a_supported, is_sm100a_supported

SM90_FLAGS = ["-gencode=arch=compute_90a,code=sm_90a", "-O3"]  # gate: arch-list admits 9.0
SM100_FLAGS = "-gencode=arch=compute_100a,code=sm_100a"  # gate: arch-list admits 10.0


def gen_fmha_module(device):
    if is_sm100a_supported(device):  # gate: helper-predicate takes 0:10.x takes 1:7.5-9.0,11.0-12.x
        return build_spec("fmha_sm100", ["fmha.cu"], extra_cuda_cflags=[SM100_FLAGS])
    if is_sm90a_supported(device):  # gate: helper-predicate admits 9.0
        return build_spec("fmha_sm90", ["fmha.cu"], extra_cuda_cflags=SM90_FLAGS)
    raise RuntimeError("fmha needs Hopper or Blackwell")
