# Rule fixture: an arch list assigned to a name nothing reads after it is no
# build's list; one passed on is. Written for archlint.
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# Read, defaulted, and never used: the build keeps torch's own default.
archs = os.environ.get("TORCH_CUDA_ARCH_LIST", None)
if archs is None:
    archs = "9.0a;10.0a"

# Passed on to the extension's flags: the build's list.
nvcc_archs = "8.0;9.0"  # want "AL202 This arch list admits 8.x, 9.x"
flags = ["-gencode=arch=compute_%s,code=sm_%s" % (a.replace(".", ""), a.replace(".", "")) for a in nvcc_archs.split(";")]

setup(
    name="m",
    ext_modules=[CUDAExtension("m._C", ["m.cu"], extra_compile_args={"nvcc": flags})],
    cmdclass={"build_ext": BuildExtension},
)


# Read by a function defined before the list and called after it: live.
def cuda_flags():
    return ["-gencode=arch=compute_%s,code=sm_%s" % (a.replace(".", ""), a.replace(".", "")) for a in old_archs.split(";")]


old_archs = "8.0;8.6"  # want "AL202 This arch list admits 8.x and shuts out 9.x"
