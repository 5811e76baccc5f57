// Rule fixture: a file whose name ends with an architecture-specific
// build holds that family's kernels (FastVideo's *_sm100a.cuh): a kernel
// empty elsewhere is by design there. Written for archlint.
#pragma once

__global__ void decode_kernel(float* out) { // want "AL102 Kernel decode_kernel has an empty body on sm_120 .*Its file, decode_kernel_sm100a.cuh, is named for sm_100"
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 1000) // want "AL101 .*Its file, decode_kernel_sm100a.cuh, is named for sm_100"
  out[threadIdx.x] = 1.0f;
#endif
}
