# Miniature written for archlint's tests: the JIT module of the fused
# allreduce. Not code from any real project.
from pathlib import Path

from .core import gen_jit_spec

CSRC_DIR = Path(__file__).resolve().parents[2] / "csrc"


def gen_trtllm_comm_module():
    return gen_jit_spec(
        "trtllm_comm",
        [CSRC_DIR / "trtllm_allreduce.cu"],
        extra_cuda_cflags=["-DENABLE_FP8"],
        # The Lamport one-shot kernels were tuned on Hopper and datacenter Blackwell.
        supported_major_versions=[9, 10],  # want "AL202 supported_major_versions list admits 9.x, 10.x and shuts out 11.x, 12.x.* The code's comment there: .The Lamport one-shot kernels were tuned on Hopper and datacenter Blackwell.. Behind this gate, [0-9]+ preprocessor ranges .* and 1 kernel would be built with an empty body: opening only this gate"
    )
