from . import env as jit_env


def gen_jit_spec(name, sources, **kwargs):
    return (name, sources)


def gen_trtllm_comm_module():
    return gen_jit_spec(
        "trtllm_comm",
        [jit_env.CSRC_DIR / "trtllm_allreduce.cu"],
        supported_major_versions=[9, 10],
    )


def gen_opaque_module(where):
    return gen_jit_spec("opaque", [where / "sub" / "kernel.cu"])
