# Mentions topk and IS_HOPPER, but "from .topk" is this root's module.
from .topk import IS_HOPPER


def pick():
    if IS_HOPPER:
        return 1
    return 2
