# Rule fixture: a kernel generator's description of a kernel built for an
# architecture is no check of the device. Written for archlint.


class KernelConfig:
    def __init__(self, sm: int, tile: int):
        assert 50 <= sm <= 80  # want: none
        self.sm = sm
        self.tile = tile

    def name(self) -> str:
        return f"fmha_{self.tile}_sm{self.sm}"


class Bounded:
    def __init__(self, sm: int):
        # Not kept: the constructor checks the GPU it is given.
        assert sm < 90  # want "AL201 capability check admits 7.x, 8.x"
        self.ready = True
