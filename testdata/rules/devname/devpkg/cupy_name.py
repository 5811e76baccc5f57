import cupy


def cupy_kernel(x):
    # CuPy's device properties carry the name as bytes.
    name = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    if "H100" not in name:  # want "AL201 .*product name.*on 12.0 .sm_120.: raises RuntimeError"
        raise RuntimeError("this kernel is tuned for H100 only")
    return x
