# This root's own topk: "topk" names it here, not the other root's.
IS_HOPPER = False


def choose(x):
    return x
