// Miniature written for archlint's tests: the arch helpers a fused
// allreduce header leans on. Not code from any real project.
#pragma once

#include <cuda_runtime.h>

// Hopper and Blackwell datacenter parts can reduce through NVLink multicast;
// the flag is derived here and tested in the kernel header.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)
#define MINI_HAS_MULTIMEM 1
#endif

#ifndef MINI_USE_FAST_BARRIER
#define MINI_USE_FAST_BARRIER 0
#endif

namespace mini {

__device__ __forceinline__ int lane_id() {
  int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

}  // namespace mini
