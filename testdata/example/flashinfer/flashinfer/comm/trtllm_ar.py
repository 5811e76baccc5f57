# Miniature written for archlint's tests: the Python entry of the fused
# allreduce. Not code from any real project.
import functools

from ..jit.comm import gen_trtllm_comm_module


@functools.cache
def get_trtllm_comm_module():
    return gen_trtllm_comm_module().build_and_load()


def trtllm_allreduce_fusion(inp, out, world_size, rank):
    module = get_trtllm_comm_module()
    return module.trtllm_allreduce_fusion(inp, out, world_size, rank)
