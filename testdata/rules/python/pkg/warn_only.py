# Rule fixture: a check whose arm only prints a warning. Written for archlint.
import logging
import warnings

import torch

logger = logging.getLogger(__name__)
cc_major, cc_minor = torch.cuda.get_device_capability()

if cc_major != 9:  # want: none
    print("Warning: dense decoding is tuned for SM90 GPUs.")
    print("Some features may be slower elsewhere.")

if cc_major < 9:  # want: none
    warnings.warn("FP8 is emulated on this GPU")
    logger.warning("FP8 is emulated on this GPU")


def start():
    if cc_major != 9:  # want "AL201 capability check admits 9.x"
        print("Hopper only")
        raise SystemExit(1)
