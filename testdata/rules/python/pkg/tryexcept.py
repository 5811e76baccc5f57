# Rule fixture: a capability read in a try whose except only supplies a
# fallback. archlint assumes a CUDA GPU is present, so the try body runs.
# Written for archlint.
import torch


def needs_hopper():
    try:
        major, minor = torch.cuda.get_device_capability()
    except RuntimeError:
        major, minor = 0, 0
    if major != 9:  # want "AL201 .*admits 9.x and shuts out .*12.0.*raises ValueError"
        raise ValueError("needs Hopper")
    return "wgmma"


def ok():
    try:
        cc = torch.cuda.get_device_capability()
    except Exception:
        return False
    return cc in ((8, 9), (9, 0))


def run_ok():
    if not ok():  # want "AL201 .*shuts out .*12.0.*raises RuntimeError"
        raise RuntimeError("unsupported GPU")
    return "fp8"


def with_else():
    try:
        cap = torch.cuda.get_device_capability()
    except ImportError:
        cap = None
    else:
        cap = cap[0] * 10 + cap[1]
    if cap is not None and cap < 100:  # want: none
        return "old"
    return "new"


def in_loop(devices):
    for d in devices:
        try:
            major, _ = torch.cuda.get_device_capability(d)
        except Exception:
            major = -1
        if major != 10:  # want "AL201 .*admits 10.x and shuts out .*12.0.*raises"
            raise NotImplementedError("Blackwell only")
    return True


def is_hopper():
    try:
        return torch.cuda.get_device_capability()[0] == 9
    except Exception:
        return False


def run_hopper():
    if not is_hopper():  # want "AL201 .*admits 9.x and shuts out .*12.x.*raises RuntimeError"
        raise RuntimeError("Hopper only")
    return "wgmma"


def caught():
    # The body's own raise goes to the handler: old GPUs take the fallback.
    try:
        major, _ = torch.cuda.get_device_capability()
        if major < 8:  # want: none
            raise RuntimeError("too old")
        fast = True
    except RuntimeError:
        fast = False
    if not fast:  # want: none
        raise RuntimeError("no fast path")
    return "fast"


def import_fallback():
    try:
        import flash_attn  # noqa: F401

        have_fa = True
    except ImportError:
        have_fa = False
    if not have_fa:  # want: none
        raise ImportError("flash_attn")
    return "fa"
