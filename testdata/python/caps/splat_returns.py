import torch


# Valid Python that tree-sitter refuses: a splat of a bracketed operand in
# a return, a yield, a loop's iterable or an assignment's right side. Read
# whole, with no syntax-error notification, and the gates after them found.
def backward(ctx, dout):
    grads = dout, *((None,) * 3)
    for g in grads, *[ctx]:
        pass
    major, _ = torch.cuda.get_device_capability()
    if major != 9:  # gate: capability-check admits 9.x
        raise RuntimeError("the backward kernel is Hopper only")
    return dout, *((None,) * 3)


def stream(xs):
    yield xs, *(None, None)
    major, _ = torch.cuda.get_device_capability()
    if major >= 10:  # gate: capability-check takes 0:10.0-12.x takes 1:7.5-9.0
        yield 1
