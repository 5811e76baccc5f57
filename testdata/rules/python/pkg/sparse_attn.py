# Rule fixture: a check that picks a Hopper-only kernel by name, as
# SageAttention-style extensions name theirs (`..._sm90` uses wgmma and is
# built for sm_90a; `..._sm89` uses FP8 mma.sync, which 12.0 runs). 12.0
# taking the sm89 kernel loses nothing it could run: a note. Written for
# archlint.
import torch

import sparsekern._ops as kops
from sparsekern.jit import gen_decode_module, gen_decode_sm90_module


def _arch_tag(index):
    major, minor = torch.cuda.get_device_capability(index)
    return f"sm{major}{minor}"


def sparse_attention(q, k, v, lut):
    arch = _arch_tag(q.device.index)
    out = torch.empty_like(q)
    if arch == "sm90":  # want "AL201 admits 9.x and shuts out 10.x, 11.x, 12.x: .*another family's: the arm for 9.x names `block_sparse_fp8_attn_sm90`, Hopper kernels .sm_90a: wgmma., which sm_120 cannot run.*so this is a note"
        kops.block_sparse_fp8_attn_sm90(q, k, v, out, lut)
    else:
        kops.block_sparse_fp8_attn_sm89(q, k, v, out, lut)
    return out


def decode_module():
    """A module generator named sm90 is often built for 9.x to 12.x: the
    check stays a warning."""
    if torch.cuda.get_device_capability()[0] == 9:  # want "AL201 admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues: returns gen_decode_module..., as 10.x and 11.x do: only 9.x gets the other path, and the target is treated like the GPUs newer than 9.x.$"
        return gen_decode_sm90_module()
    return gen_decode_module()


def _load_paged_sm100():
    return kops


def paged_available():
    if torch.cuda.get_device_capability()[0] != 10:  # want "AL201 admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: returns False.$"
        return False
    _load_paged_sm100()
    return True
