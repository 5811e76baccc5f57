# Rule fixture. Written for archlint.
import torch


def is_hopper():
    return torch.cuda.get_device_capability() == (9, 0)
