from sglang.srt.utils import get_device_sm, is_sm90_supported
from sglang.srt.utils import is_sm100_supported as sm100_ok

from ..utils import is_sm120_supported

_is_sm120_supported = is_sm120_supported()
_is_sm100_supported = sm100_ok()
_is_sm90_supported = is_sm90_supported()
_sm = get_device_sm()


class LayerCommunicator:
    def __init__(self, enable_fusion):
        self.enable_fusion = enable_fusion
        self.use_fused_allreduce = _is_sm90_supported or _is_sm100_supported

    def prepare(self, hidden):
        if self.use_fused_allreduce and self.enable_fusion:  # gate: helper-predicate takes 1:7.5-8.9,11.0-12.x unknown 9.0,10.x
            return "fused"
        return "plain"


def should_use_flashinfer_fusion():
    if _is_sm90_supported or _is_sm100_supported:  # gate: helper-predicate admits 9.0, 10.x
        return True
    return False


def mxfp4_backend():
    if _is_sm120_supported:  # gate: helper-predicate takes 0:12.x takes 1:10.x,11.0 takes 2:7.5-9.0
        return "triton"
    elif _sm >= 100:  # gate: none
        return "trtllm"
    return "marlin"
