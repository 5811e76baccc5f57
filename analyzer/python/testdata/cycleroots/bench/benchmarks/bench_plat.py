# A benchmark that compares against the library: its import of lib.plat is
# the first time any lib module runs when both roots are scanned together.
import torch
from lib.plat import current


def run():
    if torch.cuda.get_device_capability()[0] < 9:
        return None
    return current
