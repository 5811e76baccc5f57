# Rule fixture: a capability check whose arm only adds nvcc flags for the
# GPUs it admits. Written for archlint.
import torch

major, minor = torch.cuda.get_device_capability()
cc = major * 10 + minor


def cuda_arch_flags():
    flags = ["-gencode", "arch=compute_120a,code=sm_120a", "-gencode", "arch=compute_100a,code=sm_100a"]
    # Thor's code, built only on Thor: the target misses nothing.
    if cc in (101, 110) and torch.version.cuda is not None:  # want: none
        flags += ["-gencode", "arch=compute_110a,code=sm_110a"]
    if cc == 90:  # want: none
        flags.extend(["-gencode", "arch=compute_90a,code=sm_90a"])
    return flags


def pick_flags():
    # An arm that also does other work is a path.
    flags = []
    if cc == 90:  # want "AL201 capability check admits 9.x"
        flags.append("-gencode=arch=compute_90a,code=sm_90a")
        enable_wgmma_kernels()
    return flags


def thor_flags(cuda_ver):
    flags = ["-gencode", "arch=compute_120a,code=sm_120a"]
    # Locals that serve the flags alone.
    if cc in (101, 110) and cuda_ver is not None:  # want: none
        cuda_major, cuda_minor = (int(v) for v in cuda_ver.split(".")[:2])
        if (cuda_major, cuda_minor) >= (13, 0):
            flags += ["-gencode", "arch=compute_110a,code=sm_110a"]
        else:
            flags += ["-gencode", "arch=compute_101a,code=sm_101a"]
    return flags


def own_flags():
    # The device's own arch-specific flags: 12.0 is left without sm_120a.
    flags = ["-std=c++17"]
    if cc in [90, 100, 103]:  # want "AL201 capability check admits 9.x, 10.x"
        flags.append(f"-gencode=arch=compute_{cc}a,code=sm_{cc}a")
    return flags


def mode_flags():
    # A local read after the arm is a path.
    flags, fast = [], False
    if cc == 90:  # want "AL201 capability check admits 9.x"
        fast = True
        flags += ["-gencode", "arch=compute_90a,code=sm_90a"]
    return flags, fast
