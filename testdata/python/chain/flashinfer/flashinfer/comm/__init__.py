from .trtllm_ar import trtllm_allreduce_fusion
