from proj.srt.utils import is_blackwell, is_sm100_supported, is_sm120_supported, uses_e8m0_scales


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


def scale_layout(x):
    # The helper returns `major in [10, 12]`: it names 12.0, so the path
    # 12.0 shares with 10.x is chosen on purpose.
    if not uses_e8m0_scales():  # want "AL201 This helper call names 12.0 .sm_120.: 12.0 .sm_120. takes the path of 10.x .*The helper's return value names 12.0 .sm_120. itself .12 in `torch.cuda.get_device_capability...0. in .10, 12.`.: the code sends the target this way on purpose, so this is a note"
        return x.reshape(-1)
    return x
