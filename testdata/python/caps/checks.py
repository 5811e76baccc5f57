# Capability values and their dataflow inside one function.
import torch
from torch.cuda import get_device_capability as devcap


def pick_attention_backend():
    major, minor = torch.cuda.get_device_capability()
    if major >= 9:  # gate: capability-check takes 0:9.0-12.x takes 1:7.5-8.9
        return "fa3"
    return "fa2"


def tuple_window():
    cap = devcap()
    if (9, 0) <= cap < (11, 0):  # gate: capability-check takes 0:9.0-10.3 takes 1:7.5-8.9,11.0-12.x
        return "wgmma"
    return "mma"


def sm_number_check():
    major, minor = torch.cuda.get_device_capability()
    sm = major * 10 + minor
    if sm in (90, 100, 103):  # gate: capability-check takes 0:9.0,10.0,10.3 takes 1:7.5-8.9,11.0-12.x
        use_tma = True
    else:
        use_tma = False
    if use_tma:  # gate: capability-check takes 0:9.0,10.0,10.3 takes 1:7.5-8.9,11.0-12.x
        return "tma"
    return "cp.async"


def fstring_arch():
    major, minor = torch.cuda.get_device_capability()
    arch = f"sm{major}{minor}"
    assert arch in ("sm90", "sm100"), f"unsupported arch {arch}"  # gate: capability-check admits 9.0, 10.0
    return arch


def props_floor_div():
    props = torch.cuda.get_device_properties(0)
    generation = (props.major * 10 + props.minor) // 10
    if generation not in [9, 10]:  # gate: capability-check admits 9.x, 10.x
        raise ValueError("needs sm90 or sm100 family")
    return generation


def ternary_choice():
    major = torch.cuda.get_device_capability()[0]
    block = 128 if major == 9 else 64  # gate: capability-check takes 0:9.0 takes 1:7.5-8.9,10.0-12.x
    return block


def ternary_continued():
    # A backslash inside the expression (DeepGEMM's tests): the line
    # continuation is no operand of the ternary.
    major = torch.cuda.get_device_capability()[0]
    block = 128 \
        if major == 9 else 64  # gate: capability-check takes 0:9.0 takes 1:7.5-8.9,10.0-12.x
    return block


def legacy_fallback():
    # Older than 8.0 gets an emulation path: every reference GPU but 7.5
    # takes the modern path, which is not a shut-out (still a gate).
    major, _ = torch.cuda.get_device_capability()
    if major < 8:  # gate: capability-check takes 0:7.5 takes 1:8.0-12.x
        return "emulated_bf16"
    return "native_bf16"


def always_modern():
    # Every reference capability agrees: not a gate at all.
    major, _ = torch.cuda.get_device_capability()
    if major < 7:  # gate: none
        raise RuntimeError("Volta or newer required")
    return True


def not_a_capability(x):
    if x > 3:  # gate: none
        return 1
    version = torch.version.cuda
    if version >= "12.0":  # gate: none
        return 2
    return 3


def window_that_forgets_spark():
    major, minor = torch.cuda.get_device_capability()
    if major == 9 or major == 10:  # gate: capability-check admits 9.x, 10.x
        return "cutlass_sm90_sm100"
    return None


def param_sm_version(sm_version):
    if sm_version >= 100:  # gate: capability-check takes 0:10.0-12.x takes 1:7.5-9.0
        return "blackwell"
    return "other"


# The capability a compiler targets, as a parameter (mirage's
# get_shared_memory_capacity(target_cc), called with major * 10 + minor).
def shared_memory_capacity(target_cc):
    if target_cc == 80:  # gate: dispatch-ladder admits 8.0, 9.0
        return 163 * 1024
    elif target_cc == 90:
        return 223 * 1024
    else:
        assert False, "unsupported"


# A ternary whose values are alike chooses nothing (mirage's placeholder
# for a Hopper variant still to come).
def task_name():
    major, minor = torch.cuda.get_device_capability()
    return "embedding" if major == 9 else "embedding"  # gate: none


def guard_jit(name):
    major, _ = torch.cuda.get_device_capability()
    if major in (9, 10):  # gate: capability-check admits 9.x, 10.x
        return load(name, sources=["k.cu"])
    return None


def load(name, sources):
    return name


# A function named for a reason returns it when something cannot run and
# None when it can: the message is the refusal (GPTQModel's _skip_reason).
def _skip_reason():
    major, minor = torch.cuda.get_device_capability()
    if major < 10:  # gate: capability-check admits 10.0-12.x
        return "needs sm100+"
    return None


# So does one named for whether to skip: its message is the reason to
# skip, None is "run it" (lightning-thunder's _should_skip_sdpa_sample).
def _should_skip_sample(head_dim):
    major, minor = torch.cuda.get_device_capability()
    if head_dim > 128:
        if major not in (9, 10):  # gate: capability-check admits 9.0-10.x
            return "large head dims need Hopper or Blackwell"
        return None
    return None


# Any other function's None is what it has nothing for.
def pick_kernel():
    major, minor = torch.cuda.get_device_capability()
    if major >= 9:  # gate: capability-check admits 9.0-12.x
        return "wgmma"
    return None
