from pkg.jit.core import build


def gen_module():
    return build(name="m", sources=["csrc/m.cu"])
