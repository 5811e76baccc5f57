from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, load

setup(ext_modules=[CUDAExtension("demo_ext", ["csrc/a.cu", "csrc/b.cpp"], include_dirs=["include"],
                                 extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]})])

mod = load(name="demo_jit", sources=[f"kernels/{n}" for n in ["x.cu", "y.cu"]])
