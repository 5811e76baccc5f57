// Rule fixture: a range under a build-configuration macro (defined nowhere
// in the scanned code) is reported with the assumption it needs.
// Written for archlint.
#pragma once

#ifdef ENABLE_FP8_KERNELS
__device__ void fp8_quantize(float* p) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 890) && (__CUDA_ARCH__ < 1200) // want "AL101 admits sm_89..sm_110 .*This holds when ENABLE_FP8_KERNELS is defined"
  p[0] = 1.0f;
#endif
}
#endif

#ifndef DISABLE_PDL
__device__ void pdl_wait() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200) // want "AL101 admits sm_90..sm_110 .*This holds when DISABLE_PDL is not defined"
  cudaGridDependencySynchronize();
#endif
}
#endif
