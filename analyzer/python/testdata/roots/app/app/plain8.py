def f8(x):
    return x * 8
