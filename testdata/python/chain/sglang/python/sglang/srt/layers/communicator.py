from flashinfer.comm import trtllm_allreduce_fusion


def helper():
    return 2


class Communicator:
    def forward(self, x):
        helper()
        return trtllm_allreduce_fusion(x)
