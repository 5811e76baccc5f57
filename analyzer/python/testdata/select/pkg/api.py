from pkg.jit.mod import gen_module


class Runner:
    def __init__(self):
        self.mod = gen_module()

    def build_all(self):
        return gen_module()

    def run_kernel(self, x):
        return x


def entry():
    return Runner()
