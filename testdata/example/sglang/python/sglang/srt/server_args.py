# Miniature written for archlint's tests: sglang-like server argument
# auto-detection. Not code from any real project.
from sglang.srt.utils import is_sm90_supported, is_sm100_supported


class ServerArgs:
    def __init__(self, enable_flashinfer_allreduce_fusion=None):
        self.enable_flashinfer_allreduce_fusion = enable_flashinfer_allreduce_fusion

    def handle_gpu_defaults(self):
        if self.enable_flashinfer_allreduce_fusion is None:
            self.enable_flashinfer_allreduce_fusion = False
            if is_sm90_supported() or is_sm100_supported():  # want "AL201 helper call admits 9.x, 10.x and shuts out 11.x, 12.x"
                self.enable_flashinfer_allreduce_fusion = True
