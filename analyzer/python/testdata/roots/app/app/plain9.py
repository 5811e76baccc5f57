def f9(x):
    return x * 9
