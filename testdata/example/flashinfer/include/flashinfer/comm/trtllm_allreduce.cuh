// Miniature written for archlint's tests: the shape of a one-shot / two-shot
// fused allreduce header, with the arch ranges such headers carried before
// they were ported to SM12x. Not code from any real project.
#pragma once

#include <cuda_runtime.h>
#include <cstdint>

#include "flashinfer/comm/arch_utils.cuh"

namespace mini {

template <typename T>
struct AllReduceParams {
  int world_size;
  int rank;
  int64_t num_elements;
  T* peer_buffers[8];
  T* output;
  uint32_t* barrier_flags;
};

// Programmatic dependent launch: wait for the previous grid's writes.
__device__ __forceinline__ void wait_prior_grid() {
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)) // want "AL101 admits sm_90..sm_110 and shuts out sm_120, sm_121 .*gets no code"
  cudaGridDependencySynchronize();
#endif
}

// Programmatic dependent launch: let the next grid start its prologue.
__device__ __forceinline__ void release_next_grid() {
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)) // want "AL101 admits sm_90..sm_110"
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

// Loads that bypass L1 on every arch from Ampere on; the legacy path is for
// Turing only, so nothing newer is shut out here.
__device__ __forceinline__ float load_flag(float const* p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  return *reinterpret_cast<volatile float const*>(p);
#else
  return __ldcg(p);
#endif
}

// Newest first: sm_120 takes the first branch, which is right.
__device__ __forceinline__ int vector_width() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
  return 16;
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return 8;
#else
  return 4;
#endif
}

// The multicast path is keyed on a flag derived in arch_utils.cuh; sm_120
// falls back to the peer-to-peer loop.
template <typename T>
__device__ void reduce_step(AllReduceParams<T> const& params, int64_t i) {
#ifdef MINI_HAS_MULTIMEM // want "AL101 admits sm_90..sm_110 .*falls back to the #else branch"
  T acc = T(0);
  for (int r = 0; r < params.world_size; ++r) acc += params.peer_buffers[r][i];
  params.output[i] = acc;
#else
  T acc = T(0);
  for (int r = 0; r < params.world_size; ++r) {
    T v = params.peer_buffers[(params.rank + r) % params.world_size][i];
    acc += v;
  }
  params.output[i] = acc;
#endif
}

// The whole kernel body sits inside the range: on sm_120 this kernel is
// compiled with an empty body, launches, and returns garbage.
template <typename T, int kRanks>
__global__ void __launch_bounds__(512) oneshot_allreduce_kernel(AllReduceParams<T> params) { // want "AL102 Kernel oneshot_allreduce_kernel has an empty body on sm_120"
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)) // want "AL101 admits sm_90..sm_110"
  wait_prior_grid();
  int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < params.num_elements; i += stride) {
    reduce_step(params, i);
  }
  release_next_grid();
#endif
}

// Host code never sees __CUDA_ARCH__: not an exclusion.
inline int max_ranks() {
#ifndef __CUDA_ARCH__
  return 8;
#else
  return 0;
#endif
}

// Shared-memory budget per arch: the branches differ only in numbers, so the
// target runs with the older budget (a tuning note, never a fix).
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000) // want "AL105 "
constexpr int kBarrierSmemBytes = 227 * 1024;
#else
constexpr int kBarrierSmemBytes = 48 * 1024;
#endif

// A Blackwell-only lamport path with a loud failure elsewhere: sm_120 traps.
__device__ __forceinline__ void lamport_clear(uint32_t* flags) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1200) // want "AL101 admits sm_90..sm_110 and shuts out sm_120, sm_121 .*falls back to the #else branch"
  flags[threadIdx.x] = 0;
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1000)
  flags[threadIdx.x] = 1;
#else
  __trap(); // want "AL103 sm_120 traps at run time"
#endif
}

}  // namespace mini
