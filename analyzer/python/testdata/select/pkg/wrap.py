from pkg import utils


def hopper_or_newer():
    return utils.is_sm90_supported()
