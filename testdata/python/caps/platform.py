# vllm-style platform API.
from vllm.platforms import current_platform


def use_cutlass_fp4():
    return current_platform.has_device_capability(100)  # gate: capability-check admits 10.0-12.x


def use_hopper_only_path():
    if current_platform.is_device_capability(90):  # gate: capability-check takes 0:9.0 takes 1:7.5-8.9,10.0-12.x
        return "hopper"
    return "generic"


def family_check():
    return current_platform.is_device_capability_family(100)  # gate: capability-check admits 10.x


def to_int_check():
    cap = current_platform.get_device_capability()
    if cap is not None and cap.to_int() >= 89:  # gate: capability-check takes 0:8.9-12.x takes 1:7.5-8.7
        return "fp8"
    return "bf16"


def named_fields():
    cap = current_platform.get_device_capability()
    if cap.major == 12 and cap.minor == 0:  # gate: capability-check takes 0:12.0 takes 1:7.5-11.0,12.1
        return "rtx_pro_6000"
    return "other"


class MoEMethod:
    def __init__(self, quant):
        self.quant = quant
        self.use_marlin = not current_platform.has_device_capability(89)

    def apply(self, x):
        if self.use_marlin:  # gate: capability-check takes 0:7.5-8.7 takes 1:8.9-12.x
            return "marlin"
        return "native"
