"""A benchmark that measures a Hopper kernel and exits elsewhere."""
import sys

import torch


def main():
    major, _ = torch.cuda.get_device_capability()
    if major != 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: exits[.] The check is in a benchmark .benchmarks/.: it keeps 12.0 .sm_120. from being measured, not from running"
        print("this benchmark needs SM90")
        sys.exit(0)
    print("measuring")


if __name__ == "__main__":
    main()


# The architectures the benchmark needs: a note, as its checks are.
REQUIRED_ARCHS = ("sm90a",)  # want "AL202 This arch list admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: not listed: no code for this capability[.] The check is in a benchmark"
