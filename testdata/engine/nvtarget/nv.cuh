// Engine fixture: CCCL <nv/target> gates are traced like directives.
// Written for archlint.
#pragma once
#include <nv/target>

__device__ int cluster_rank() {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, // taken: sm_90..sm_121
                    (return 1;),
                    (return 0;))
}

__host__ __device__ int where() {
  NV_IF_TARGET(NV_IS_HOST, (return 2;)) // taken: host
  return 3;
}

__device__ int dispatch() {
  NV_DISPATCH_TARGET(NV_IS_EXACTLY_SM_90, (return 9;), NV_PROVIDES_SM_80, (return 8;)) // taken: sm_90
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000 // taken: sm_100..sm_121
__device__ int feature() {
  NV_IF_TARGET(NV_HAS_FEATURE_SM_100a, (return 100;)) // taken: sm_100a
  return 0;
}
#endif
