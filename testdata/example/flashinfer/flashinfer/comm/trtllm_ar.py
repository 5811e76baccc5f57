# Miniature written for archlint's tests: the Python entry of the fused
# allreduce. Not code from any real project.
import functools

import torch

from ..jit.comm import gen_trtllm_comm_module


def _check_lamport_support():
    major, _ = torch.cuda.get_device_capability()
    if major not in (9, 10):  # want "AL201 capability check admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: raises RuntimeError"
        raise RuntimeError("the lamport one-shot allreduce needs SM90 or SM100")


@functools.cache
def get_trtllm_comm_module():
    return gen_trtllm_comm_module().build_and_load()


def trtllm_allreduce_fusion(inp, out, world_size, rank):
    _check_lamport_support()
    module = get_trtllm_comm_module()
    return module.trtllm_allreduce_fusion(inp, out, world_size, rank)
