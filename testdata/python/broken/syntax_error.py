import torch


def ok_before():
    major, _ = torch.cuda.get_device_capability()
    if major == 9:  # gate: capability-check takes 0:9.0 takes 1:7.5-8.9,10.0-12.x
        return 1
    return 0


def broken():
    x = [1, 2 +
    return x


def ok_after():
    major, _ = torch.cuda.get_device_capability()
    if major >= 10:  # gate: capability-check takes 0:10.0-12.x takes 1:7.5-9.0
        return 1
    return 0
