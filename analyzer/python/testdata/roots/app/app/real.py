# Imports the other root's module by a name that resolves there: joins.
from fused.topk import IS_HOPPER


def pick():
    if IS_HOPPER:
        return "wgmma"
    return "mma"
