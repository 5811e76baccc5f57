"""A library API whose analysis takes more than a unit's step budget
(interp.go stepBudget): three levels of twenty calls, none memoizable (a
list argument). A test that ran it had spent its budget before its skip
(tests/test_attention_api.py)."""


def leaf(xs):
    a = [xs, xs, xs]
    b = [a, a, a]
    return [b, a, xs]


def middle(xs):
    leaf([xs, 0])
    leaf([xs, 1])
    leaf([xs, 2])
    leaf([xs, 3])
    leaf([xs, 4])
    leaf([xs, 5])
    leaf([xs, 6])
    leaf([xs, 7])
    leaf([xs, 8])
    leaf([xs, 9])
    leaf([xs, 10])
    leaf([xs, 11])
    leaf([xs, 12])
    leaf([xs, 13])
    leaf([xs, 14])
    leaf([xs, 15])
    leaf([xs, 16])
    leaf([xs, 17])
    leaf([xs, 18])
    leaf([xs, 19])
    return xs


def outer(xs):
    middle([xs, 0])
    middle([xs, 1])
    middle([xs, 2])
    middle([xs, 3])
    middle([xs, 4])
    middle([xs, 5])
    middle([xs, 6])
    middle([xs, 7])
    middle([xs, 8])
    middle([xs, 9])
    middle([xs, 10])
    middle([xs, 11])
    middle([xs, 12])
    middle([xs, 13])
    middle([xs, 14])
    middle([xs, 15])
    middle([xs, 16])
    middle([xs, 17])
    middle([xs, 18])
    middle([xs, 19])
    return xs


def heavy_forward(xs):
    outer([xs, 0])
    outer([xs, 1])
    outer([xs, 2])
    outer([xs, 3])
    outer([xs, 4])
    outer([xs, 5])
    outer([xs, 6])
    outer([xs, 7])
    outer([xs, 8])
    outer([xs, 9])
    outer([xs, 10])
    outer([xs, 11])
    outer([xs, 12])
    outer([xs, 13])
    outer([xs, 14])
    outer([xs, 15])
    outer([xs, 16])
    outer([xs, 17])
    outer([xs, 18])
    outer([xs, 19])
    return xs
