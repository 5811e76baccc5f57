# Rule fixture: Python gates for sm_120 (12.0). Written for archlint.
import os

import torch

KERNELS = {(9, 0): "hopper_kernel", (10, 0): "blackwell_kernel"}


def pick_kernel():
    major, minor = torch.cuda.get_device_capability()
    return KERNELS[(major, minor)]  # want "AL201 table lookup admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: raises KeyError"


def open_ended():
    major, _ = torch.cuda.get_device_capability()
    if major >= 9:  # no finding: an open lower bound admits 12.0
        return "fast"
    return "slow"


def legacy():
    major, _ = torch.cuda.get_device_capability()
    if major < 8:  # no finding: a path for old GPUs only
        return "emulated"
    return "native"


def ladder(arch):
    if arch == "sm80":  # want "AL201 dispatch ladder admits 8.0, 9.x and shuts out .*: on 12.0 .sm_120.: raises ValueError"
        return "ampere"
    elif arch == "sm90":
        return "hopper"
    else:
        raise ValueError(f"unsupported arch {arch}")


def get_gemm_sm100_module_cutlass_fp4():
    return "sm100 module"


def get_gemm_module_cutlass_fp4():
    return "generic module"


def fp4_gemm_module():
    major, _ = torch.cuda.get_device_capability()
    if major >= 10:  # want "AL204 This capability check sends 12.0 .sm_120. down the path of 10.0, 10.3, 11.0: returns get_gemm_sm100_module_cutlass_fp4"
        return get_gemm_sm100_module_cutlass_fp4()
    return get_gemm_module_cutlass_fp4()


def indexer_reduce(x):
    # A path named for tensor memory (TMEM), which sm_12x does not have.
    if torch.cuda.get_device_capability() >= (10, 3):  # want "AL204 This capability check sends 12.0 .sm_120. down the path of 10.3, 11.0: returns gemm_tmem_reduce"
        return gemm_tmem_reduce(x)
    return gemm_reduce(x)


def partly_decided(flag):
    major, _ = torch.cuda.get_device_capability()
    if major == 10 or (major == 11 and flag):  # want "AL201 capability check admits 10.x and shuts out 12.x: on 12.0 .sm_120.: raises RuntimeError: needs tcgen05. Undecided here: 11.x"
        return "tcgen05"
    raise RuntimeError("needs tcgen05")


def ops_subdir():
    major, minor = torch.cuda.get_device_capability()
    if major * 10 + minor == 90:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues: returns "sm100"., as 10.x and 11.x do: only 9.x gets the other path, and the target is treated like the GPUs newer than 9.x"
        return "sm90"
    return "sm100"


def fast_path():
    major, _ = torch.cuda.get_device_capability()
    if major in (9, 10):  # want "AL201 capability check admits 9.x, 10.x and shuts out 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues: returns "generic"..$"
        return "fast"
    return "generic"


def deep_gemm_enabled():
    major, _ = torch.cuda.get_device_capability()
    # DeepGEMM needs TMEM and tcgen05 (datacenter Blackwell):
    # consumer Blackwell (SM120) does not have them.
    if major != 10:  # want "AL201 capability check admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: returns False. The code's comment there: .DeepGEMM needs TMEM and tcgen05 .datacenter Blackwell.: consumer Blackwell .SM120. does not have them..$"
        return False
    return True



def attention_kernel(head_dim, compute_capability):
    # A parameter named like the capability, compared with bare majors: 10
    # is 10.0 and 10.3 alike, in == and in a list as in >=.
    kernel = "generic"
    if compute_capability == 9:  # want "AL201 dispatch ladder admits 9.x, 10.x, 11.x and shuts out 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues."
        kernel = "wgmma"
    elif compute_capability in [10, 11]:
        kernel = "tcgen05"
    return kernel


def validate_head_dims(head_dim, compute_capability):
    # Arms that only add checks: 12.0 skips a restriction, it is shut out
    # of nothing.
    if compute_capability == 9:  # want: none
        assert head_dim <= 256, "head_dim must be at most 256 on SM90"
    elif compute_capability in [10, 11]:
        if head_dim > 128:
            raise ValueError("head_dim must be at most 128 on SM100/SM110")


# A table of architectures and their shared memory: its rows are no arch
# lists.
SM_AND_SHMEM_KBYTES = [
    (80, 163),  # want: none
    (86, 99),  # want: none
    (89, 99),  # want: none
]


def wf6af16_linear():
    # The first arm is taken by no GPU: the gate is the condition at the
    # first arm some capability takes.
    if torch.version.hip is not None:
        raise ValueError("WF6AF16 quantization is only supported on NVIDIA GPUs")
    elif torch.cuda.get_device_properties(0).major != 8:  # want "AL201 dispatch ladder admits 8.x and shuts out 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: raises ValueError: WF6AF16 quantization is only supported on Ampere"
        raise ValueError("WF6AF16 quantization is only supported on Ampere architectures")
    return "wf6af16"


def chunk_config(K):
    # 9.x may take the first arm (K is not known): the gate stays there.
    # The arms return numbers only: a config, so AL105.
    cap_major = torch.cuda.get_device_capability()[0]
    if cap_major == 9 and K <= 128:  # want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this dispatch ladder gives 8.x its own .returns {\"BV\": 32, \"threads\": 128}. and 12.0 .sm_120. takes the path of 7.5 and older .returns {\"BV\": 16, \"threads\": 64}...* Undecided here: 9.x"
        return {"BV": 64, "threads": 256}
    elif cap_major == 8:  # want: none
        return {"BV": 32, "threads": 128}
    return {"BV": 16, "threads": 64}


def decode_device(device_index):
    capability = torch.cuda.get_device_capability(device_index)
    if capability not in ((10, 0), (10, 3)):  # want "AL201 capability check admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: raises NotImplementedError: decode needs SM100a or SM103a; got cuda:.device_index.[.]$"
        raise NotImplementedError(
            "decode needs SM100a or SM103a; "
            f"got cuda:{device_index}"
        )
    return device_index


def fused_attention_ok(use_fused):
    # A cuDNN bug on sm89 and sm120 with KV caching.
    if torch.cuda.get_device_capability() in ((8, 9), (12, 0)):  # want "AL201 This capability check names 12.0 .sm_120.: 12.0 .sm_120. takes the path of 8.9 .sets use_fused = False.[.] The condition names 12.0 .sm_120. itself ..12, 0. in `torch.cuda.get_device_capability.. in ..8, 9., .12, 0..`.: the code sends the target this way on purpose, so this is a note; check only that the path suits it. The code's comment there"
        use_fused = False
    return use_fused


def gemm_arch():
    major, minor = torch.cuda.get_device_capability()
    sm = major * 10 + minor
    if sm >= 75 and sm < 80:  # want "AL201 dispatch ladder admits .*: 12.0 .sm_120. takes the path of 8.0 to 8.8 .returns \"sm80\"."
        return "sm75"
    elif (sm >= 80 and sm < 89) or sm >= 100:
        return "sm80"
    elif sm == 89:
        return "sm89"
    elif sm == 90:
        return "sm90"
    raise ValueError("unsupported")


def mma_kind():
    # The target named in the arm it takes: warp-level MMA for SM8x and
    # SM12x, on purpose.
    major, _ = torch.cuda.get_device_capability()
    if major == 9:  # want "AL201 dispatch ladder .*: 12.0 .sm_120. takes the path of 8.x .returns \"warp\".[.] The condition names 12.0 .sm_120. itself .12 in `major in .8, 12.`.: the code sends the target this way on purpose, so this is a note"
        return "wgmma"
    elif major in [8, 12]:
        return "warp"
    elif major in [10, 11]:
        return "tcgen05"
    raise RuntimeError("unsupported")


def num_threads(arch):
    # SM120 sets its own thread count earlier.
    if arch // 10 not in [9, 12]:  # want "AL105 .* The condition names 12.0 .sm_120. itself .12 in `arch // 10 not in .9, 12.`."
        return 256
    return 128


def fa3_supported():
    if torch.cuda.get_device_capability()[0] != 9:  # want "AL201 capability check admits 9.x .*: on 12.0 .sm_120.: returns False: FA3 needs compute capability 9.0[.]$"
        return False, \
            "FA3 needs compute capability 9.0"
    return True, None


def set_cuda_arch():
    # The list names the device's own capability either way; only 9.0 adds
    # PTX, which costs 12.0 nothing: no finding.
    capability = torch.cuda.get_device_capability()
    arch = f"{capability[0]}.{capability[1]}"
    os.environ["TORCH_CUDA_ARCH_LIST"] = f"{arch}{'+PTX' if arch == '9.0' else ''}"  # want: none


def hopper_only_error():
    # The message returned says more than the statement before it.
    capability = torch.cuda.get_device_capability()
    if capability != (9, 0):  # want "AL201 capability check admits 9.x and shuts out .*returns \"Hopper-only kernel: found compute capability .*capability.1..\""
        props = torch.cuda.get_device_properties(0)
        return f"Hopper-only kernel: found compute capability {capability[0]}.{capability[1]}"
    return ""


try:
    from fa4_kernels import fa4_func
except ImportError:
    fa4_func = None


def pick_attention(q):
    # 10.0 takes FA4 when the package is there, which the scan cannot
    # tell; 12.0 never does: a shut-out whatever the import does.
    major, _ = torch.cuda.get_device_capability()
    if major == 10 and fa4_func is not None:  # want "AL201 capability check admits 10.x and shuts out 11.x, 12.x: 12.0 .sm_120. takes the path of 9.0 and older .* On 10.x the rest of the condition decides .it depends on more than the capability.; 12.0 never takes that path."
        return fa4_func(q)
    return q


def group_norm(x, sm_count):
    # A capability test ANDed with a run-time value (apex's GroupNorm v2 on
    # B200 only).
    cc = torch.cuda.get_device_capability()
    if cc == (10, 0) and sm_count >= 148:  # want "AL201 capability check admits 10.0 and shuts out 10.3, 11.x, 12.x: .*On 10.0 the rest of the condition decides"
        return group_norm_v2(x)
    return group_norm_v1(x)


def legacy_path(x, use_legacy):
    # Old GPUs only, undecided or not: a legacy path is no shut-out.
    major, _ = torch.cuda.get_device_capability()
    if major < 8 and use_legacy:  # want: none
        return x * 2
    return x


def target_undecided(x, flag):
    # Undecided for the target too: no finding.
    major, _ = torch.cuda.get_device_capability()
    if major >= 9 and flag:  # want: none
        return x * 2
    return x


def load_checkpoint(cfg):
    # 9.x never reaches the second check (the first raises for it), and
    # no capability takes its arm: no finding there.
    cap = torch.cuda.get_device_capability()
    if cap[0] == 9:  # want: none
        raise ValueError("not supported on Hopper")
    has_int4 = any(c is not None and c["precision"] == "int4" for c in cfg.configs)
    if has_int4 and cap < (7, 5):  # want: none
        raise ValueError("needs Turing or newer")
    return cfg


def transform(sf, gran):
    # 9.x may take an arm that raises: refused there, not served; 12.0
    # skipping it is no shut-out.
    major, _ = torch.cuda.get_device_capability()
    if gran == (1, 128) and major == 9:  # want: none
        raise NotImplementedError
    return sf


def pv_kernel(arch, q):
    # A path for Ampere alone: 8.9, 9.x and every newer GPU take the
    # target's, and the message says so.
    major, minor = torch.cuda.get_device_capability()
    arch = f"sm{major}{minor}"
    if arch in ("sm80", "sm86", "sm87"):  # want "AL201 capability check admits 8.0, 8.6, 8.7 and shuts out 8.8, 8.9, 9.x, 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 7.5 and older .continues: returns fp8_path.q.., as 8.8, 8.9, 9.x, 10.x and 11.x do: only 8.0, 8.6 and 8.7 get the other path, and the target is treated like the GPUs newer than 8.7[.]$"
        return fp16_path(q)
    return fp8_path(q)
