"""A CuTe DSL style kernel class that names the architecture it is for."""


class DenseGemmKernel:
    def __init__(self, tile):
        self.tile = tile
        # The architecture the class is written for (tcgen05 MMA): no list
        # a build compiles for.
        self.arch = "sm_100"

    def smem_bytes(self):
        return 232448 if self.arch == "sm_100" else 0


# A module's list of what to compile for is one.
EXTENSION_ARCHS = ["sm_90a", "sm_100a"]  # want "AL202 This arch list admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x"


class FusedAttentionForward:
    # Class attributes name the architecture the class is written for too.
    arch_str: str = "sm_100"
    arch = "sm_100"
