def kernel_for(arch):
    if arch >= 90:
        return "a"
    return "b"
