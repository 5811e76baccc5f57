"""Capability checks that only set a flag, judged by what the flag leads to."""
import torch


def check_combo():
    # The flagged GPUs are the refused ones (unsloth's SM100 + old torch
    # check): 12.0 passes, so nothing shuts it out.
    has_sm100 = False
    for i in range(torch.cuda.device_count()):
        major, _ = torch.cuda.get_device_capability(i)
        if major == 10:
            has_sm100 = True
            break
    if not has_sm100:
        return
    raise RuntimeError("this combination crashes on SM100")


def pick():
    # The flag picks a path the target misses: reported at the check.
    major, _ = torch.cuda.get_device_capability()
    use_tma = False
    if major == 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues: if use_tma"
        use_tma = True
    if use_tma:
        return "tma"
    return "plain"


def drop_fast_path_on_old_gpus():
    # The early return is the way on: what the older GPUs go on to only
    # turns a fast path off (unsloth-zoo's patch), so nothing shuts the
    # target out.
    major, minor = torch.cuda.get_device_capability()
    if (major, minor) >= (8, 0):
        return
    import json  # noqa: F401
    torch.backends.cuda.matmul.allow_tf32 = False


def tune_env():
    # An arm that only switches a feature off for the GPUs it admits
    # (unsloth-zoo turns DeepGEMM off on 10.x): the target misses a
    # restriction, nothing more.
    import os
    major, _ = torch.cuda.get_device_capability()
    if major == 10:
        os.environ["MYLIB_USE_DEEP_GEMM"] = "0"
    return True


def patch_pre_ampere(registry):
    # Every GPU from Ampere on returns here; what follows is a workaround
    # for older ones alone (unsloth-zoo's mamba patch), so the return is
    # the way on, whatever the workaround does.
    major, minor = torch.cuda.get_device_capability()
    if (major, minor) >= (8, 0):
        return
    try:
        registry.pop("mamba-ssm", None)
    except Exception:
        pass
    registry["fast_path"] = None
