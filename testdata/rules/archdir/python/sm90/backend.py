"""A Hopper-only backend under a directory named for sm_90."""
import torch


def check_device():
    major, _ = torch.cuda.get_device_capability()
    if major != 9:  # want "AL201 This capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: raises RuntimeError: this backend needs an SM90 GPU[.] Its file is under python/sm90/, which is named for sm_90: the code there is that architecture.s, so shutting 12.0 .sm_120. out is by design"
        raise RuntimeError("this backend needs an SM90 GPU")
