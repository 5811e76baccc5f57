# Reaches the other root's class by its module's name: joins, and its
# call to Tuner.choose is on the chain to the JIT call.
from fused.tuner import Tuner


def forward(x):
    return Tuner.get().choose(x)
