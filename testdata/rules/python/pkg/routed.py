# Rule fixture: a heuristic that tests for 12.0 by name routes it on
# purpose, so its other checks that pass 12.0 by are notes; written for
# archlint.
import torch


def use_custom_kernel(m, n_blocks, num_sms):
    major, minor = torch.cuda.get_device_capability()
    if major == 10:  # want "AL201 capability check admits 10.x and shuts out 11.x, 12.x: 12.0 .sm_120. takes the path of 9.0 and older .continues: sets is_sm90 = major == 9.. The function tests for 12.0 itself .is_sm120 in `is_sm120`, line 15.: it routes the target on purpose"
        return m <= 32
    is_sm90 = major == 9
    is_sm120 = major == 12 and minor == 0
    if is_sm90:  # want "AL201 capability check admits 9.x and shuts out 11.x, 12.x: .* line 15.: it routes the target on purpose"
        return n_blocks >= num_sms
    if is_sm120:
        return m <= 64
    return m <= 16


def refuses(m):
    major, minor = torch.cuda.get_device_capability()
    if major != 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: raises RuntimeError: Hopper only.$"
        raise RuntimeError("Hopper only")
    is_sm120 = major == 12
    if is_sm120:
        return 0
    return m
