// Rule fixture: the use site of a derived macro. Written for archlint.
#pragma once
#include "d/flags.cuh"

__device__ void wait_upstream() {
#if defined(D_HAS_PDL) // want "AL101 admits sm_90..sm_110 and shuts out sm_120, sm_121"
  cudaGridDependencySynchronize();
#endif
}
