import argparse
import torch

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--bs", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=16)
    parser.add_argument("--save", type=bool, default

    args = parser.parse_args()
    for i in range(args.warmup):
        print(torch.cuda.get_device_capability())
    print(args)
