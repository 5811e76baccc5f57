def f2(x):
    return x * 2
