# Rule fixture: a helper reached through the package's own submodule
# imports. Written for archlint.
import devlib


def wgmma_gemm(a, b):
    if not devlib.cuda.arch.is_hopper():  # want "AL201 .*admits 9.x and shuts out .*12.x.*raises RuntimeError"
        raise RuntimeError("wgmma needs Hopper")
    return a @ b
