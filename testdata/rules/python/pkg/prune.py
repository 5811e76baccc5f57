# Rule fixture: an arm that only drops options for the GPU it admits.
# Written for archlint.
import torch


def candidate_configs(configs, gather):
    major = torch.cuda.get_device_capability()[0]
    if gather:
        configs = [c for c in configs if c.cluster_n == 1]
        if major == 9:  # want: none
            configs = [c for c in configs if c.tile_n != 208]
            configs = [c for c in configs if not c.persistent]
    return configs


def other_configs(configs):
    # Replacing the list is a path of its own.
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # want "AL201 capability check admits 9.x"
        configs = [c for c in HOPPER_CONFIGS if c.tile_n != 208]
    return configs
