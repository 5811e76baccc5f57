# Rule fixture: a conftest hook that marks every test to skip. Written for archlint.
import pytest
import torch

SUPPORTS_FP8 = torch.cuda.get_device_capability() >= (9, 0)


def pytest_collection_modifyitems(config, items):
    if SUPPORTS_FP8:  # want: none
        return
    skip = pytest.mark.skip(reason="FP8 kernels need SM90+")
    for item in items:
        item.add_marker(skip)


def pytest_collection_modifyitems_hopper(config, items):
    if torch.cuda.get_device_capability()[0] == 9:  # want "AL203 test skip admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: skips every test: Hopper only"
        return
    skip = pytest.mark.skip(reason="Hopper only")
    for item in items:
        item.add_marker(skip)
