"""A benchmark script: its gates sit in the `__main__` block and in the
functions that block calls (worker.runMain runs the block as a script)."""
import sys

import torch


def is_blackwell():
    return torch.cuda.get_device_capability()[0] == 10  # gate: capability-check admits 10.x


def run_case(size):
    major, minor = torch.cuda.get_device_capability()
    if (major, minor) < (8, 9):  # gate: capability-check admits 8.9-12.x
        return None
    return size * 2


def main(sizes):
    for size in sizes:
        run_case(size)


if __name__ == "__main__":
    if torch.cuda.get_device_capability()[0] < 9:  # gate: capability-check admits 9.0-12.x
        print("needs Hopper or newer")
        sys.exit(0)
    blackwell = is_blackwell()
    if not blackwell:  # gate: helper-predicate admits 10.x helper benchmarks.bench_scaled_mm.is_blackwell
        sys.exit(0)
    main([1024, 4096])
