# Miniature of a communication-kernel module generator.
from .core import gen_jit_spec
from . import core as jit_core

HOPPER_AND_BLACKWELL = [9, 10]
WITH_SPARK = HOPPER_AND_BLACKWELL + [12]


def gen_allreduce_module():
    return gen_jit_spec(
        "allreduce_fusion",
        ["allreduce.cu"],
        supported_major_versions=[9, 10],  # gate: supported-major-versions admits 9.x, 10.x
    )


def gen_moe_a2a_module():
    return jit_core.gen_jit_spec(
        "moe_alltoall",
        ["a2a.cu"],
        supported_major_versions=HOPPER_AND_BLACKWELL,  # gate: supported-major-versions admits 9.x, 10.x
    )


def gen_spark_module():
    majors = WITH_SPARK
    return gen_jit_spec("spark", ["spark.cu"], supported_major_versions=majors)  # gate: supported-major-versions admits 9.x, 10.x, 12.x
