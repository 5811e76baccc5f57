import pytest
import torch


@pytest.mark.skipif("H100" not in torch.cuda.get_device_name(), reason="H100 only")  # want "AL203 .*skipped: H100 only.*true for every 12.0 product name"
def test_h100_kernel():
    pass
