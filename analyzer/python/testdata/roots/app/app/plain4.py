def f4(x):
    return x * 4
