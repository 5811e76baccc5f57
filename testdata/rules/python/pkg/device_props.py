# Rule fixture: the capability read through cuda-python's runtime bindings
# (nvmath's get_current_device_cc) and CuPy's device properties. Written
# for archlint.
import cupy
from cuda.bindings import runtime as cudart


def get_current_device_cc():
    err, prop = cudart.cudaGetDeviceProperties(0)
    return (prop.major, prop.minor)


def lto_target():
    if get_current_device_cc() not in ((9, 0), (10, 0)):  # want "AL201 .*admits 9.x, 10.0 and shuts out .*12.0.*raises RuntimeError"
        raise RuntimeError("no LTO kernel for this GPU")
    return "lto"


def cupy_props():
    props = cupy.cuda.runtime.getDeviceProperties(0)
    if props["major"] < 8:  # want: none
        raise RuntimeError("needs Ampere")
    return "ok"


def nvrtc_arch(max_cc):
    # CuPy's _get_arch: min over the strings by their numbers.
    arch = cupy.cuda.Device().compute_capability
    return min(arch, max_cc, key=int)
