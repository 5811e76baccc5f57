from proj.srt.utils import is_blackwell, is_sm100_supported


def mxfp8_moe(x):
    assert is_sm100_supported(), "MXFP8 requires SM100"  # want "AL201 This helper call admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: fails assert: MXFP8 requires SM100"
    return x


def pick_backend():
    # The family list names 12: 12.0 takes fa4 with 10.x.
    if is_blackwell():  # want: none
        return "fa4"
    return "fa3"
