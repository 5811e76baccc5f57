def f6(x):
    return x * 6
