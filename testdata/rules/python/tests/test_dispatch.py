# Rule fixture: a test skip that excludes 12.0 is a note. Written for archlint.
import pytest
import torch


@pytest.mark.skipif(torch.cuda.get_device_capability()[0] not in [9, 10], reason="Hopper or Blackwell only")  # want "AL203 test skip admits 9.x, 10.x and shuts out 11.x, 12.x"
def test_kernel():
    assert True


def test_bucket_counts(buckets):
    # An integer list passed to a function whose name merely contains
    # "compute" is data, not an arch list: no finding.
    assert buckets.compute_bucket_counts([100]) == [0, 0, 0, 1]


# Only Hopper has wgmma; the reason above a decorator whose condition is
# on a later line is still the gate's.
@pytest.mark.skipif(
    torch.cuda.get_device_capability()[0] != 9,  # want "AL203 .* The code's comment there: .Only Hopper has wgmma; the reason above a decorator whose condition is on a later line is still the gate's..$"
    reason="needs wgmma",
)
def test_wgmma():
    assert True


IS_SM100 = torch.cuda.get_device_capability()[0] == 10


def test_paged():
    if not IS_SM100:  # want "AL203 test skip admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: skips.$"
        pytest.skip()
    assert True
