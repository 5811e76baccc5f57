from torch.utils.cpp_extension import load

build = load
