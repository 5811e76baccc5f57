import torch


def is_sm90_supported():
    major, minor = torch.cuda.get_device_capability()
    return major >= 9


def generic_helper(x):
    return x + 1


def log_capability():
    # Mentions the capability but returns nothing that depends on it.
    print(torch.cuda.get_device_capability())
