# Miniature written for archlint's tests: sglang-like server argument
# auto-detection. Not code from any real project.
import torch


class ServerArgs:
    def __init__(self, enable_flashinfer_allreduce_fusion=None):
        self.enable_flashinfer_allreduce_fusion = enable_flashinfer_allreduce_fusion

    def handle_gpu_defaults(self):
        if self.enable_flashinfer_allreduce_fusion is None:
            major, _ = torch.cuda.get_device_capability()
            self.enable_flashinfer_allreduce_fusion = False
            if major in (9, 10):  # want "AL201 capability check admits 9.x, 10.x and shuts out 11.x, 12.x"
                self.enable_flashinfer_allreduce_fusion = True
