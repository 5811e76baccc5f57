# Rule fixture: capability checks that only pick numbers (AL105) and ones
# that pick a path (AL201); written for archlint.
import torch

MAX_SIZES = {"9.0": {2: 67108864, 4: 33554432}, "10.0": {2: 134217728, 4: 67108864}}


def block_sizes():
    major, minor = torch.cuda.get_device_capability()
    if major == 9:  # want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this capability check gives 9.x its own .sets BLKQ = 64. and 12.0 .sm_120. takes the path of 8.9 and older .sets BLKQ = 128."
        BLKQ = 64
        BLKK = 128
    else:
        BLKQ = 128
        BLKK = 64
    return BLKQ, BLKK


def allreduce_limit(world_size, max_size):
    major, minor = torch.cuda.get_device_capability()
    cap = f"{major}.{minor}"
    if cap in MAX_SIZES:  # want "AL105 .*gives 9.x, 10.0 their own .sets max_size = min.MAX_SIZES.cap..world_size., max_size.. and 12.0 .sm_120. takes the path of 8.9 and older .continues."
        max_size = min(MAX_SIZES[cap][world_size], max_size)
    return max_size


def padding():
    major = torch.cuda.get_device_capability()[0]
    pad = (128 if major == 10 else 64)  # want "AL105 .*gives 10.x its own .takes 128. and 12.0 .sm_120. takes the path of 9.0 and older .takes 64."
    return pad


def layout(shape):
    major = torch.cuda.get_device_capability()[0]
    return shape[0 if major == 9 else 1]  # want "AL201 capability check admits 9.x"


def layout_flag(shape):
    # The index follows a layout flag set where the layout was chosen: no
    # path of its own (sglang's FA4 paged KV, `v_gmem_transposed`).
    major = torch.cuda.get_device_capability()[0]
    transposed = major != 9
    return shape[0 if transposed else 1]


def backend():
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .sets name = \"triton\"."
        name = "fa3"
    else:
        name = "triton"
    return name


def mma_family():
    major, minor = torch.cuda.get_device_capability()
    if major == 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .sets sm_mma = 80."
        sm_mma = 90
    else:
        sm_mma = 80
    return sm_mma


def use_tma():
    major = torch.cuda.get_device_capability()[0]
    enabled = False
    if major >= 9 and major < 12:  # want "AL201 capability check admits 9.x, 10.x, 11.x and shuts out 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues."
        enabled = True
    return enabled


def bwd_config(BT):
    # A config dict: each entry's ternary picks a size, as an assignment's
    # would.
    major, minor = torch.cuda.get_device_capability()
    cc = major * 10 + minor
    return {
        "BK": 64 if cc == 90 else 32,  # want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this capability check gives 9.x its own .takes 64. and 12.0 .sm_120. takes the path of 8.9 and older .takes 32."
        "threads": 256 if BT >= 64 else 128,
    }


def scale_for(x):
    # Returning a computed value picks a path: not tuning.
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # want "AL201 capability check admits 9.x"
        return x * 2
    return x


def launch(x, grid, kernel):
    # One launch with other block sizes on each path: tuning.
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this capability check gives 9.x its own"
        kernel[grid](x, BLOCK_M=128, BLOCK_N=128, num_warps=8)
    else:
        kernel[grid](x, BLOCK_M=64, BLOCK_N=64, num_warps=4)


def launch_arch(x, grid, kernel):
    # The number differing names an architecture: a path.
    major = torch.cuda.get_device_capability()[0]
    if major == 9:  # want "AL201 capability check admits 9.x"
        kernel[grid](x, ARCH=90)
    else:
        kernel[grid](x, ARCH=80)


TUNE_KEYS = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")
A100_TUNED = {(4096, 4096): (128, 256, 32, 8, 3)}


def _as_config(values):
    return dict(zip(TUNE_KEYS, values))


def tune_config(M, N):
    # One function builds every arm's config from other numbers (a table's
    # entry, a tuple), and the fall-through returns it too: tuning.
    if torch.cuda.get_device_capability() == (8, 0):  # want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this capability check gives 8.0 its own"
        if (M, N) in A100_TUNED:
            return _as_config(A100_TUNED[(M, N)])
        return _as_config((128, 256, 32, 4, 3))
    return _as_config((128, 128, 64, 4, 4))


def kernel_for(M, N, impl):
    # The same call with another name among its arguments picks a path.
    if torch.cuda.get_device_capability() == (8, 0):  # want "AL201 capability check admits 8.0"
        return _as_config((M, N, 32, 4, 3))
    return _as_config((128, 128, 64, 4, 4))


def arch_config():
    # A number that may name an architecture among the arguments: a path.
    if torch.cuda.get_device_capability() == (9, 0):  # want "AL201 capability check admits 9.x"
        return _as_config((90, 128, 64, 4, 4))
    return _as_config((80, 128, 64, 4, 4))


H100_TUNED = {(8192, 8192): (128, 256, 64, 8, 4)}


def tune_config_table_after(M, N):
    # The fall-through looks the shape up in a table before its default:
    # the target still gets a config from the same function, not a path.
    if torch.cuda.get_device_capability() == (8, 0):  # want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this capability check gives 8.0 its own"
        return _as_config((128, 256, 32, 4, 3))
    if (M, N) in H100_TUNED:
        return _as_config(H100_TUNED[(M, N)])
    return _as_config((128, 128, 64, 4, 4))


def path_after(M, N, x):
    # An if after the chain that does other work than the call: a path.
    if torch.cuda.get_device_capability() == (8, 0):  # want "AL201 capability check admits 8.0"
        return _as_config((128, 256, 32, 4, 3))
    if (M, N) in H100_TUNED:
        x.fill_(0)
    return _as_config((128, 128, 64, 4, 4))


def set_quant_level(args, sm_version, is_flux):
    # The arms call one setter with other numbers (one picked by a
    # condition) and the same label: the target gets a level, not a path.
    if sm_version == 90 and is_flux:  # want "AL105"
        override_level(3.0, "FP8")
    else:
        override_level(3.0 if args.version == "1.4" else 4.0, "FP8")


def set_kernel(sm_version):
    # Another label per arm names another path.
    if sm_version == 90:  # want "AL201 capability check admits 9.x"
        use_kernel(3, "sm90_kernel")
    else:
        use_kernel(4, "generic_kernel")


def layernorm_config(dim):
    # Nested ifs on the size set numbers for 9.x; the others get the
    # default set after the chain.
    config = None
    if torch.cuda.get_device_capability()[0] == 9:  # want "AL105"
        if dim <= 256:
            config = (16, 1)
        elif dim <= 512:
            config = (16, 2)
    if not config:
        config = (16, 4)
    return config


# A list of numbers to choose from is a parameter too (flash-linear-attention's
# autotune warp counts); a list of architectures' numbers is not.
IS_HOPPER = torch.cuda.get_device_capability()[0] == 9
NUM_WARPS = [2, 4] if IS_HOPPER else [2, 4, 8]  # want "AL105 .*gives 9.x its own .takes .2, 4.. and 12.0 .sm_120. takes the path of 8.9 and older .takes .2, 4, 8..."
KERNEL_ARCHS = [90, 100] if IS_HOPPER else [80]  # want "AL201 capability check admits 9.x" "AL202 This arch list admits 9.x, 10.x" "AL202 This arch list admits 8.x"
