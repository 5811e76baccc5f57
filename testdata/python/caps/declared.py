# A project's own capability helpers, defined in the scanned code.
import os
import torch


# Declared in the configuration as "caps.declared.device_arch": its
# override from the environment (no "ARCH" in the variable's name) leaves
# what its body returns unknown, but a declared source's calls are the
# capability, whatever the body does.
def device_arch(device=None):
    override = os.environ.get("MYLIB_TARGET")
    if override:
        return tuple(int(x) for x in override.split("."))
    return torch.cuda.get_device_capability(device)


def kernel_family():
    major, minor = device_arch()
    if major not in (9, 10):  # gate: capability-check admits 9.x, 10.x
        raise RuntimeError("needs sm90 or sm100")
    return major


# Not declared: an arch override read from the environment is taken as
# unset (quack's QUACK_ARCH, for compiling without a GPU).
def get_device_capacity(device=None):
    arch_override = os.environ.get("QUACK_ARCH")
    if arch_override is not None:
        return int(arch_override[3]), int(arch_override[4])
    return torch.cuda.get_device_capability(device)


def needs_hopper():
    if get_device_capacity()[0] != 9:  # gate: capability-check admits 9.x
        raise RuntimeError("Hopper only")


# A parameter named like the capability, with leading underscores, is an
# override of the device's (flash-attention's `_arch`).
def _get_device_arch():
    major, minor = torch.cuda.get_device_capability()
    return major * 10 + minor


def fwd(q, _arch=None):
    arch = _get_device_arch() if _arch is None else _arch
    assert arch // 10 in [9, 10], "SM90 or SM100 only"  # gate: capability-check admits 9.x, 10.x
    return q


# A parameter read as the capability may be a target object carrying it
# (BitBLAS's TileDevice: arch.sm_version).
def dispatch(arch):
    if arch.sm_version == 90:  # gate: dispatch-ladder admits 8.0-8.7, 9.0
        return "hopper"
    elif 80 <= arch.sm_version < 89:
        return "ampere"
    raise ValueError("Unsupported architecture")
