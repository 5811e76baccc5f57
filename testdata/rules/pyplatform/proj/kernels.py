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
