# Rule fixture: a kernel generator's architectures tag the instantiations
# it writes; the build compiles them for its own list. Written for archlint.
import itertools

SM = [80]  # want "AL202 .*The file generates kernel sources: the list names the architectures whose instantiations it writes"
HEAD_DIMS = [64, 128]


def write_kernels(out_dir):
    for sm, hdim in itertools.product(SM, HEAD_DIMS):
        (out_dir / f"flash_fwd_hdim{hdim}_sm{sm}.cu").write_text(f"template void run<{hdim}, {sm}>();\n")
