import pytest
import torch

from flashinfer.utils import get_compute_capability, is_sm90a_supported


def supported_compute_capability(caps):
    def wrap(fn):
        return fn

    return wrap


@pytest.mark.skipif(get_compute_capability(torch.device("cuda"))[0] < 9, reason="needs sm90+")  # gate: pytest-skip admits 9.0-12.x
def test_hopper_plus():
    pass


requires_sm90a = pytest.mark.skipif(not is_sm90a_supported(), reason="needs sm90a")  # gate: pytest-skip admits 9.0


@requires_sm90a
def test_wgmma():
    pass


def test_inside_check():
    major, _ = torch.cuda.get_device_capability()
    if major not in [10, 11]:  # gate: pytest-skip admits 10.x, 11.0
        pytest.skip("blackwell only")
    assert True


@supported_compute_capability([90, 100, 103])  # gate: decorator admits 9.0, 10.0, 10.3
def check_fp4_gemm(a, b):
    return True
