"""Rule fixture: a check that reads one architecture as another. Written for archlint."""

import torch


def smem_capacity(arch):
    # The lookup knows sm_80 but not sm_87 (the same shared memory): 8.7 is
    # read as 8.0, every other GPU keeps its own number. No gate.
    if arch == 87:
        arch = 80
    return lookup_smem(f"sm_{arch}")


def device_smem():
    major, minor = torch.cuda.get_device_capability()
    cc = major * 10 + minor
    if cc == 87:
        cc = 80
    return lookup_smem(f"sm_{cc}")


def kernel_arch():
    # Another name set to an architecture's number picks its kernels.
    major, minor = torch.cuda.get_device_capability()
    cc = major * 10 + minor
    kernel_cc = cc
    if cc == 90:  # want "AL201 capability check admits 9.x"
        kernel_cc = 80
    return load_kernel(f"sm_{kernel_cc}")


def lookup_smem(name):
    return {"sm_80": 163 * 1024}.get(name, 99 * 1024)


def load_kernel(name):
    return name


def sparse_available(lib_version):
    # The ifs around a check are named with it: it decides only where they hold.
    major, minor = torch.cuda.get_device_capability()
    if lib_version is not None:
        return True
    else:
        if (major, minor) >= (9, 0):  # want "AL201 .*The check is reached only where `lib_version is None` holds."
            return False
    return True
