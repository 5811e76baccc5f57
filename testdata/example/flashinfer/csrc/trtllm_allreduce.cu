// Miniature written for archlint's tests: the JIT source that instantiates
// the allreduce kernels. Not code from any real project.
#include "flashinfer/comm/fused_norm.cuh"
#include "flashinfer/comm/trtllm_allreduce.cuh"

namespace mini {

template __global__ void oneshot_allreduce_kernel<float, 8>(AllReduceParams<float>);

void launch_oneshot(AllReduceParams<float> params, cudaStream_t stream) {
  oneshot_allreduce_kernel<float, 8><<<132, 512, 0, stream>>>(params);
}

}  // namespace mini
