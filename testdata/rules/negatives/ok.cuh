// Rule fixture: patterns that must NOT be reported for sm_120. Written for archlint.
// want: none (any finding in this file fails the test)
#pragma once

// Legacy path for old GPUs only.
__device__ int legacy(int x) {
#if __CUDA_ARCH__ < 800
  return x;
#else
  return x + 1;
#endif
}

// Newest first: sm_120 takes the first branch.
__device__ int newest_first(int x) {
#if __CUDA_ARCH__ >= 1000
  return x * 4;
#elif __CUDA_ARCH__ >= 900
  return x * 2;
#endif
  return x;
}

// Host-only code.
inline int host_only() {
#ifndef __CUDA_ARCH__
  return 1;
#else
  return 2;
#endif
}

// Device vs host, no arch in sight.
__host__ __device__ int either() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

// An open-ended lower bound admits the target.
__global__ void pdl_kernel(int* p) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
  cudaGridDependencySynchronize();
#endif
  p[0] = 1;
}

// A configuration macro defined nowhere: the same for every arch.
#ifdef ENABLE_TRACING
#define TRACE(x) printf("%d\n", x)
#else
#define TRACE(x)
#endif

// A derived macro nobody tests: nothing to report at the definition.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200
#define UNUSED_FLAG 1
#endif

// #error only for archs older than Volta.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
#error "needs Volta or newer"
#endif

// Two definitions of one kernel: the #else one is replaced on new GPUs, not
// emptied, so no empty-kernel finding (and >= 900 admits sm_120).
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
__global__ void __cluster_dims__(8, 1, 1) routing_kernel(int* p) { p[0] = 1; }
#else
__global__ void routing_kernel(int* p) {
#if defined(__CUDA_ARCH__)
  p[0] = 0;
#endif
}
#endif
