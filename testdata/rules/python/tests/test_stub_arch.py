# Rule fixture: a test that stubs the project's own arch helper checks the
# dispatch on the answer it chose. Written for archlint.
import sys

import torch


def _infer_nvidia_arch(device_id):
    major, _ = torch.cuda.get_device_capability(device_id)
    return "blackwell" if major == 10 else "other"  # want "AL203 .*admits 10.x"


def infer_device_arch():
    return _infer_nvidia_arch(0)


def test_dispatch_nvidia(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "_infer_nvidia_arch", lambda device_id: "blackwell")
    assert infer_device_arch() == "blackwell"  # want: none


def test_real_dispatch():
    assert infer_device_arch() == "blackwell"  # want "AL203 .*admits 10.x"
