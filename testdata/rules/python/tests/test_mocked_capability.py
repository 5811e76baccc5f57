# Rule fixture: a test that replaces the capability source with a stub
# checks a helper against the numbers it chose; no gate. Written for archlint.
from unittest import mock

import torch


def native_bf16():
    try:
        major, _ = torch.cuda.get_device_capability()
    except Exception:
        return False
    return major >= 8


def reason():
    if not native_bf16():
        return "needs Ampere"
    return None


def test_reason_on_turing(monkeypatch):
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda *a, **k: (7, 5))
    assert "Ampere" in (reason() or "")  # want: none


@mock.patch("torch.cuda.get_device_capability", return_value=(9, 0))
def test_hopper(_cap):
    assert torch.cuda.get_device_capability()[0] == 9  # want: none


def test_real_gpu():
    assert torch.cuda.get_device_capability()[0] == 9  # want "AL203 .*admits 9.x and shuts out .*12.x"


def test_report_dispatch():
    # A capability source's name as a dict key is no stub.
    info = {"get_device_capability": torch.cuda.get_device_capability()}
    assert info["get_device_capability"][0] == 10  # want "AL203 .*admits 10.x and shuts out .*12.x"


def flash_impl():
    if not torch.cuda.is_available():
        return None
    if torch.cuda.get_device_capability() >= (10, 0):
        return "fa4"
    return None


def test_no_cuda(monkeypatch):
    # CUDA turned off: the capability is never read, on any GPU.
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert flash_impl() is None  # want: none
