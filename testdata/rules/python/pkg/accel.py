# Rule fixture: which accelerator the process runs on, found the way helper
# libraries find it (an Apple check that stays undecided, torch imported only
# off Apple, a device-type string). Written for archlint.
from vendorprobe import apple_silicon

ON_APPLE = apple_silicon()

if not ON_APPLE:
    import torch


def on_amd():
    if ON_APPLE:
        return False
    return getattr(torch.version, "hip", None) is not None


def accelerator():
    if ON_APPLE:
        return "mps"
    if torch.cuda.is_available():
        return "hip" if on_amd() else "cuda"
    if torch.xpu.is_available():
        return "xpu"
    return "cpu"


ACCEL = accelerator()
