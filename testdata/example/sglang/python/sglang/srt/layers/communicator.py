# Miniature written for archlint's tests: where an sglang-like server decides
# whether to fuse allreduce with the next layer norm. Not code from any real project.
from sglang.srt.utils import is_sm90_supported, is_sm100_supported, is_sm120_supported

_is_sm90_supported = is_sm90_supported()
_is_sm100_supported = is_sm100_supported()
_is_sm120_supported = is_sm120_supported()


def apply_flashinfer_allreduce_fusion(batch_size: int) -> bool:
    if not (_is_sm90_supported or _is_sm100_supported):  # want "AL201 helper call admits 9.x, 10.x and shuts out 11.x, 12.x"
        return False
    return batch_size <= 4096


class LayerCommunicator:
    def __init__(self, world_size: int):
        self.world_size = world_size

    def prepare_mlp(self, hidden_states, residual, batch_size):
        if apply_flashinfer_allreduce_fusion(batch_size):
            from flashinfer.comm import trtllm_allreduce_fusion

            return trtllm_allreduce_fusion(hidden_states, residual, self.world_size, 0)
        return hidden_states + residual
