"""An example that runs on Hopper alone."""
import sys

import torch


def main():
    if torch.cuda.get_device_capability()[0] != 9:  # want "AL201 capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: exits[.] The check is in an example .examples/.: it keeps 12.0 .sm_120. from running the example, not what the library does"
        print("this example needs an SM90 GPU")
        sys.exit(0)
    print("running")


if __name__ == "__main__":
    main()
