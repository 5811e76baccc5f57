# Rule fixture: CuPy, cuda.core and numba spell the capability in their own
# forms. CuPy's is the string '120' (major*10+minor in decimal); cuda.core's
# Device().compute_capability a named tuple with .major/.minor; numba's the
# tuple (12, 0). Written for archlint.
import cupy
import pytest
from cuda.core.experimental import Device
from cupy.cuda.device import get_compute_capability
from numba import cuda


def test_cupy_string():
    if cupy.cuda.device.get_compute_capability() == "120":  # want "AL203 .*admits .*and shuts out 12.0.*skips"
        pytest.skip("cuFFT callbacks fail on 12.0")
    assert True


def test_cupy_imported():
    if get_compute_capability() != "90":  # want "AL203 .*admits 9.x and shuts out .*12.x.*skips"
        pytest.skip("Hopper only")
    assert True


def test_cupy_int():
    if int(cupy.cuda.Device().compute_capability) < 70:  # want: none
        pytest.skip("needs Volta")
    assert True


def test_cupy_device_attr():
    cc = cupy.cuda.Device(0).compute_capability
    if cc not in ("80", "86", "89", "90"):  # want "AL203 .*admits 8.0, 8.6, 8.9, 9.x and shuts out .*12.0.*skips"
        pytest.skip("tuned for Ampere/Hopper")
    assert True


def test_cuda_core():
    cc = Device().compute_capability
    if cc.major != 10:  # want "AL203 .*admits 10.x and shuts out .*12.x.*skips"
        pytest.skip("Blackwell only")
    assert True


def test_cuda_core_tuple():
    if Device().compute_capability < (8, 0):  # want: none
        pytest.skip("needs Ampere")
    assert True


def test_numba():
    major, minor = cuda.get_current_device().compute_capability
    if (major, minor) != (9, 0):  # want "AL203 .*admits 9.x and shuts out .*12.0.*skips"
        pytest.skip("Hopper only")
    assert True

