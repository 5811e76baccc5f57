def f7(x):
    return x * 7
