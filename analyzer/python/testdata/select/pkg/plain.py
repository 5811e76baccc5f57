from pkg.utils import generic_helper


def double(x):
    return generic_helper(x) * 2
