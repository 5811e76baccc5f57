def f3(x):
    return x * 3
