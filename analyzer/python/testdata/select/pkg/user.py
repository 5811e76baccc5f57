from pkg.wrap import hopper_or_newer


def pick():
    assert hopper_or_newer(), "needs Hopper"
    return 1
