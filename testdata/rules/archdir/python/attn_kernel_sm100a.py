"""A kernel wrapper for an architecture-specific build (tcgen05)."""
import torch


def launch(q):
    if torch.cuda.get_device_capability(q.device) != (10, 0):  # want "AL201 This capability check admits 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: raises RuntimeError: needs sm_100a.* Its file, attn_kernel_sm100a.py, is named for sm_100"
        raise RuntimeError("needs sm_100a")
    return q
