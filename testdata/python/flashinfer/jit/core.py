# A toy JIT spec builder: refuses to build when the GPU's major version is not
# among the supported ones.
import torch


class JitSpec:
    def __init__(self, name, sources, flags):
        self.name = name
        self.sources = sources
        self.flags = flags


def gen_jit_spec(name, sources, extra_cuda_cflags=None, supported_major_versions=None):
    major, _ = torch.cuda.get_device_capability()
    if supported_major_versions is not None and major not in supported_major_versions:  # gate: none
        raise RuntimeError(
            f"No supported CUDA architectures found for major versions {supported_major_versions}"
        )
    return JitSpec(name, sources, extra_cuda_cflags or [])


def forward_majors(name, versions):
    # The list is a parameter here: nothing is known, nothing is reported.
    return gen_jit_spec(name, [], supported_major_versions=versions)  # gate: none
