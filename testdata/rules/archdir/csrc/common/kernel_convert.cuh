// Rule fixture: the same code outside such a directory is an error.
// Written for archlint.
#pragma once

__global__ void convert_kernel2(float* dst, const float* src) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1200) // want "AL101 admits sm_100..sm_110"
  dst[threadIdx.x] = src[threadIdx.x];
#else
  if (threadIdx.x == 0) {
    __trap(); // want "AL103 sm_120 traps at run time"
  }
#endif
}
