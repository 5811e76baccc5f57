# Rule fixture: a capability that is 0 on other vendors' devices, read by a
# nested helper. On a CUDA GPU the device is never AMD's or Intel's, so the
# value is the capability and the helper's check is a gate. Written for
# archlint.
import torch

from .accel import ACCEL, on_amd


def export_scales(layers, fused):
    if not on_amd() and ACCEL not in ("xpu", "npu"):
        major, minor = torch.cuda.get_device_capability()
        sm = major * 10 + minor
    else:
        sm = 0  # no SM architecture on these devices

    def scale_of(layer):
        s = layer.scale
        if sm == 90 and fused:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .continues: returns s."
            s = s.T
        return s

    return {name: scale_of(layer) for name, layer in layers.items()}


def pick_layout(layers):
    if ACCEL == "xpu":
        sm = 0
    else:
        sm = torch.cuda.get_device_capability()[0]
    out = []
    for layer in layers:
        if sm == 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x"
            layer = layer.contiguous()
        out.append(layer)
    return out
