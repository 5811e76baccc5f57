# Rule fixture: a check that only words a log line. Written for archlint.
import torch

_FP4_CAPS = ((10, 0), (10, 3))


def kernel_receipt() -> str:
    cap = torch.cuda.get_device_capability()
    if cap in _FP4_CAPS:  # want: none
        return f"arch=sm_{cap[0]}{cap[1]} kernel=none (fp4 kernels not importable)"
    return f"arch=sm_{cap[0]}{cap[1]} kernel=none (supported: sm_100a, sm_103a)"


def backend_name() -> str:
    # Names pick a path.
    cap = torch.cuda.get_device_capability()
    if cap in _FP4_CAPS:  # want "AL201 capability check admits 10.x and shuts out 11.x, 12.x"
        return "fa4_fp4"
    return "fallback"
