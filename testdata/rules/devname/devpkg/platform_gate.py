from vllm.platforms import current_platform


def pick_backend():
    # vLLM's platform API: the name lower-cased, then tested.
    device_name = current_platform.get_device_name().lower()
    if "h100" in device_name or "h200" in device_name:  # want "AL201 check of the GPU's product name .*false for every 12.0 product name"
        return "FLASHMLA"
    return "TRITON_MLA"


def any_hopper():
    names = ("H100", "H200", "H20", "H800", "GH200")
    # All of 9.0's products match: the name decides 9.0 whole.
    if any(n in current_platform.get_device_name() for n in names):  # want "AL201 .*admits 9.x and shuts out 10.x, 11.x, 12.x"
        return "FLASHMLA"
    return "TRITON_MLA"


def by_regex():
    import re

    name = current_platform.get_device_name()
    # B200 or GB200 by pattern: every 10.0 product.
    if re.search(r"G?B200", name, re.IGNORECASE) is not None:  # want "AL201 .*admits 10.0 and shuts out 10.3, 11.x, 12.x"
        return "TRTLLM_GEN"
    return "TRITON_MLA"
