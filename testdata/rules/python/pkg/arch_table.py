"""A table of what each GPU's code is built for, and a module's exports."""
import torch

__all__ = ["sm100", "arch_of"]

# Each row lists the builds that serve its own GPU (CuTe DSL's
# gpu_arch_map): no row shuts the target out; a missing row would be its
# lookup's finding.
GPU_ARCHS = {
    (8, 0): ("Ampere", ["sm_80"]),
    (8, 6): ("Ampere", ["sm_86", "sm_80"]),
    (9, 0): ("Hopper", ["sm_90a"]),
    (10, 0): ("Blackwell", ["sm_100a"]),
    (12, 0): ("Blackwell", ["sm_120a"]),
}


def arch_of(major, minor):
    return GPU_ARCHS.get((major, minor))


def _match_sm_version(device, versions):
    major, minor = torch.cuda.get_device_capability(device)
    return f"{major * 10 + minor}" in versions


def tgv_gemm(a):
    # The list is the set the check admits, judged at the check, not a
    # list a build compiles for (flashinfer's gemm_base).
    if not _match_sm_version(a.device, ["100", "103"]):  # want "AL201 This helper call admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: raises ValueError: TGV GEMM requires SM100 or SM103"
        raise ValueError("TGV GEMM requires SM100 or SM103")
    supported = _match_sm_version(a.device, ["100", "103", "110"])
    return a if supported else None
