# Rule fixture: a table lookup whose result is then tested for None is one
# decision; written for archlint.
import torch

ALLREDUCE_MAX_BYTES = {9: 67108864, 10: 134217728}
MIN_HIDDEN = {90: 4096, 100: 8192}
MIN_TOKENS = {90: 256, 100: 512}


def allreduce_limit(world_size):
    major = torch.cuda.get_device_capability()[0]
    sizes = ALLREDUCE_MAX_BYTES.get(major)  # want "AL201 table lookup admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: gets None .no entry., and the check `sizes is None` .line 13. returns None"
    if sizes is None:
        return None
    return sizes * world_size


def thresholds():
    major, minor = torch.cuda.get_device_capability()
    cap = major * 10 + minor
    hidden = MIN_HIDDEN.get(cap)  # want "AL201 table lookup admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: gets None .no entry., and the check `hidden is None or tokens is None` .line 23. returns None"
    tokens = MIN_TOKENS.get(cap)  # want "AL201 table lookup admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: gets None .no entry., and the check `hidden is None or tokens is None` .line 23. returns None"
    if hidden is None or tokens is None:
        return None
    return hidden, tokens


# A name bound twice: the check reads the second lookup, or the first when
# the second is not reached; nothing is folded.
def rebound():
    major, minor = torch.cuda.get_device_capability()
    limit = ALLREDUCE_MAX_BYTES.get(major)  # want "AL201 table lookup admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: gets None .no entry.\\."
    limit = MIN_HIDDEN.get(major * 10 + minor)  # want "AL201 table lookup admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: gets None .no entry.\\."
    if limit is None:  # want "AL201 capability check admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: returns None"
        return None
    return limit


def checked_with_more(batch):
    major = torch.cuda.get_device_capability()[0]
    sizes = ALLREDUCE_MAX_BYTES.get(major)  # want "AL201 table lookup admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: gets None .no entry.\\."
    # The check decides on the batch too: 9.x and 10.x are undecided
    # here, so it is no finding of its own and is not folded.
    if sizes is None or batch > 64:
        return None
    return sizes
