from .norm import rmsnorm


class Tuner:
    _instance = None

    @classmethod
    def get(cls):
        if cls._instance is None:
            cls._instance = Tuner()
        return cls._instance

    def choose(self, x):
        return rmsnorm(x)
