// Engine fixture: tests macros derived in config.cuh. Written for archlint.
#pragma once
#include "lib/config.cuh"

__device__ void maybe_wait() {
#ifdef LIB_HAS_PDL // taken: sm_90..sm_121
  cudaGridDependencySynchronize();
#endif
}

#if LIB_SMEM_KB == 0 // taken: host, sm_75..sm_121
#define LIB_SMEM_DEFAULT 1
#endif

#if LIB_GEN == 2 // taken: sm_100..sm_121
#define PATH_NEW 1
#elif LIB_GEN == 1 // taken: sm_90
#define PATH_MID 1
#else // taken: host, sm_75..sm_89
#define PATH_OLD 1
#endif
