"""Device-name gates: code that decides by the GPU's product name."""

import torch


def fast_attention(q):
    return q


def slow_attention(q):
    return q * 1


def attention(q):
    # Hopper by name: H100 and H800 take the fast path; an H200 or H20 (also
    # 9.0) does not, so 9.0 is left to the name; 12.0 never matches.
    name = torch.cuda.get_device_name()
    if "H100" in name or "H800" in name:  # want "AL201 This check of the GPU's product name admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .*`\"H100\" in name`, `\"H800\" in name`.*it is false for every 12.0 product name .RTX PRO Blackwell, GeForce RTX 50xx.*on 9.0 it is true for H100, H800 and false for H20, H200, GH200; 12.0 never takes that path"
        return fast_attention(q)
    return slow_attention(q)


def sparse_prefill(q):
    # MInference-like: anything but an A100/H100 is refused.
    props = torch.cuda.get_device_properties(0)
    if "100" not in props.name:  # want "AL201 .*product name.*on 12.0 .sm_120.: raises ValueError.*true for every 12.0 product name.*on 9.0 it is true for H800, H20, H200, GH200 and false for H100"
        raise ValueError(f"only A100/H100 are supported, got {props.name}")
    return fast_attention(q)


def blackwell_attention(q):
    # B200 and GB200 are the 10.0 products: the name decides 10.0 whole.
    if "B200" in torch.cuda.get_device_name(0):  # want "AL201 .*admits 10.0 and shuts out 10.3, 11.x, 12.x: 12.0 .sm_120. takes the path of"
        return fast_attention(q)
    return slow_attention(q)


IS_H20 = "H20" in torch.cuda.get_device_name()


def moe(x):
    # A refusal for H20 alone: every other GPU, 12.0 among them, runs on.
    if IS_H20:  # want: none
        raise NotImplementedError("H20 lacks the FP8 throughput this kernel assumes")
    return x


def rtx50(x):
    # Both RTX 50xx and RTX PRO are 12.0: the name leaves 12.0 undecided,
    # which is no finding.
    if torch.cuda.get_device_name().startswith("NVIDIA GeForce RTX 50"):  # want: none
        return fast_attention(x)
    return slow_attention(x)


def spark(x):
    # DGX Spark (12.1) alone is refused; 12.0 goes on with everyone else.
    if "GB10" in torch.cuda.get_device_name():  # want: none
        raise RuntimeError("unified memory path not ported")
    return x


def log_device():
    # The name printed or in a log line decides nothing.
    name = torch.cuda.get_device_name()
    print(f"running on {name}")
    if "H100" in name:  # want: none
        print("kernels tuned for H100")


CONFIGS = {"NVIDIA H100 80GB HBM3": {"BLOCK": 128}}


def tuned_config():
    # The name as a key into a tuning table: a missing entry takes the
    # default.
    name = torch.cuda.get_device_name()
    cfg = CONFIGS.get(name, {"BLOCK": 64})  # want: none
    path = f"configs/device_name={name.replace(' ', '_')}.json"  # want: none
    return cfg, path


def block_size():
    # A name test that only picks a number is tuning, as a capability
    # test would be.
    block = 128 if "H100" in torch.cuda.get_device_name() else 64  # want "AL105 .*runs with numbers chosen for other GPUs"
    return block


def xattention(q, use_triton=True):
    # MInference-like: the Triton kernel only for names with "100" in them
    # (A100, H100); the caller's switch is assumed on.
    if use_triton and ("100" not in torch.cuda.get_device_properties(0).name):  # want "AL201 .*product name.*12.0 .sm_120. takes the path of .*sets use_triton = False.*decides it for 12.0 where `use_triton` holds .it depends on more than the GPU.: it is true for every 12.0 product name"
        use_triton = False
        print("Triton kernel not supported on this device")
    if not use_triton:  # want: none
        return slow_attention(q)
    return fast_attention(q)


def is_fabric_device():
    # A Grace superchip's name: the NVL72 rack's fabric, not an architecture.
    name = (torch.cuda.get_device_name(0) or "").upper()
    return any(tag in name for tag in ("GB200", "GB300"))


def comm_backend():
    return "fabric_a2a" if is_fabric_device() else "a2a"  # want: none


def check_nvlink(group_size):
    # A board's form factor is no architecture (DeepEP): every family has
    # PCIe boards, so this asks about the system, not the GPU's family.
    if "PCIE" in torch.cuda.get_device_name():
        assert group_size <= 2, "PCIe GPUs only have pairwise NVLink"
        return slow_attention(group_size)
    return fast_attention(group_size)
