from lib.plat import current


def helper():
    return 0


def check():
    if current.get_device_capability()[0] == 10:
        return True
    return False
