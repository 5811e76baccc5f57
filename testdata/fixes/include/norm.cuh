// Fix fixture: written for archlint.
#pragma once
__global__ void norm_kernel(float* p) {
  p[0] = 1.0f;
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)
  cudaGridDependencySynchronize();
#endif
}
