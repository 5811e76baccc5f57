from proj.srt.utils import is_blackwell, is_sm100_supported, is_sm120_supported


def mxfp8_moe(x):
    assert is_sm100_supported(), "MXFP8 requires SM100"  # want "AL201 This helper call admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: fails assert: MXFP8 requires SM100"
    return x


def pick_backend():
    # The family list names 12: 12.0 takes fa4 with 10.x.
    if is_blackwell():  # want: none
        return "fa4"
    return "fa3"


def kv_dequant(x):
    # The FlashInfer kernel for SM100 and SM120, the PyTorch path for the
    # rest: the helper named for 12.0 sends it there on purpose.
    if is_sm100_supported() or is_sm120_supported():  # want "AL201 .* The condition names 12.0 .sm_120. itself .is_sm120_supported in `is_sm100_supported.. or is_sm120_supported..`.: the code sends the target this way on purpose, so this is a note"
        return x * 2
    return x
