# Miniature written for archlint's tests: a JIT spec builder that refuses to
# build for GPUs outside supported_major_versions. Not code from any real project.
import torch


class JitSpec:
    def __init__(self, name, sources, extra_cuda_cflags):
        self.name = name
        self.sources = sources
        self.extra_cuda_cflags = extra_cuda_cflags


def gen_jit_spec(name, sources, extra_cuda_cflags=None, supported_major_versions=None):
    flags = list(extra_cuda_cflags or [])
    if supported_major_versions is not None:
        major, _ = torch.cuda.get_device_capability()
        if major not in supported_major_versions:
            raise RuntimeError(
                f"No supported CUDA architectures found for major versions {supported_major_versions}"
            )
    return JitSpec(name, sources, flags)
