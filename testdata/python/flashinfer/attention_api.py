"""A library API that tests drive (analyzer/python/slice.go)."""
import torch


def pick_backend(device):
    major, _ = torch.cuda.get_device_capability(device)
    if major == 9:  # gate: capability-check admits all takes 0:9.0
        return "fa3"
    return "fa2"


def run_attention(q, backend):
    major, _ = torch.cuda.get_device_capability()
    # On its own, with backend unknown, this decides only for 9.0 (the
    # `and` is false there). test_fa3_runs passes "fa3", but a call's frame
    # records no gate, and a call whose value decides nothing is not even
    # followed: the gate is what the function's own analysis decides.
    if backend == "fa3" and major != 9:  # gate: capability-check admits 9.0 unknown 7.5-8.9, 10.0-12.1
        raise RuntimeError("fa3 needs sm90")
    return q
