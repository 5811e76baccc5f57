from typing import TYPE_CHECKING

import torch

_current_platform = None

if TYPE_CHECKING:
    # For type checkers alone: at run time the name comes from __getattr__.
    current_platform: "CudaPlatform"


class CudaPlatform:
    def get_device_capability(self):
        return torch.cuda.get_device_capability()


def __getattr__(name: str):
    if name == "current_platform":
        global _current_platform
        if _current_platform is None:
            _current_platform = CudaPlatform()
        return _current_platform
    raise AttributeError(name)
