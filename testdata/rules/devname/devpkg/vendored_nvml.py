"""A vendored pynvml reads the name through ctypes; a helper returns it."""

from ctypes import create_string_buffer


def _nvml_fn(name):
    return None


def nvmlDeviceGetName(handle):
    c_name = create_string_buffer(96)
    fn = _nvml_fn("nvmlDeviceGetName")
    fn(handle, c_name)
    return c_name.value.decode()


def get_device_name(device_id=0):
    handle = device_id
    return str(nvmlDeviceGetName(handle))


def fp8_gemm(x):
    return x


def bf16_gemm(x):
    return x


def gemm(x):
    # Only an H20 takes the FP8 GEMM; every other GPU the BF16 one.
    is_h20 = get_device_name() == "NVIDIA H20"
    if is_h20:  # want "AL201 check of the GPU's product name admits 9.x .*decides it for 12.0: it is false for every 12.0 product name.*on 9.0 it is true for H20 and false for H100, H800, H200, GH200; 12.0 never takes that path"
        return fp8_gemm(x)
    return bf16_gemm(x)
