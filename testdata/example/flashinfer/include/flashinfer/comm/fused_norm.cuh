// Miniature written for archlint's tests: a fusion header whose arch ranges
// are all open-ended, so nothing here shuts sm_120 out (no findings).
#pragma once

#include <cuda_runtime.h>

namespace mini {

__device__ __forceinline__ float rms_scale(float sum_sq, int n, float eps) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  return rsqrtf(sum_sq / n + eps);
#else
  return 1.0f / sqrtf(sum_sq / n + eps);
#endif
}

__device__ __forceinline__ void pdl_wait_if_available() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
  cudaGridDependencySynchronize();
#endif
}

}  // namespace mini
