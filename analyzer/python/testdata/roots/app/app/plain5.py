def f5(x):
    return x * 5
