from proj.platforms import current_platform


def allspark_supported(group_size):
    capability = current_platform.get_device_capability()
    major, minor = capability
    sm = major * 10 + minor
    # AllSpark's kernels are written for Ampere.
    if sm >= 80 and sm < 90:  # want "AL201 capability check admits 8.x and shuts out 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: returns False: AllSpark needs Ampere"
        return True, None
    return False, "AllSpark needs Ampere"


def group_gemm_supported(cuda_device_capability: int) -> bool:
    if cuda_device_capability < 90 or cuda_device_capability >= 110:  # want "AL201 capability check admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: returns False"
        return False
    return True


def w4a8_supported():
    from proj.devices import current_device

    major, _ = current_device.get_device_capability()
    if major != 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: raises RuntimeError: W4A8 GEMM needs Hopper"
        raise RuntimeError("W4A8 GEMM needs Hopper")
    return True
