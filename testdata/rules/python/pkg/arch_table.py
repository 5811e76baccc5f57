"""A table of what each GPU's code is built for, and a module's exports."""

__all__ = ["sm100", "arch_of"]

# Each row lists the builds that serve its own GPU (CuTe DSL's
# gpu_arch_map): no row shuts the target out; a missing row would be its
# lookup's finding.
GPU_ARCHS = {
    (8, 0): ("Ampere", ["sm_80"]),
    (8, 6): ("Ampere", ["sm_86", "sm_80"]),
    (9, 0): ("Hopper", ["sm_90a"]),
    (10, 0): ("Blackwell", ["sm_100a"]),
    (12, 0): ("Blackwell", ["sm_120a"]),
}


def arch_of(major, minor):
    return GPU_ARCHS.get((major, minor))
