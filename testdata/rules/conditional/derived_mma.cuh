// Rule fixture (with derived.cu): CUTLASS's flag is defined in the
// scanned code (cutlass/arch/config.h), but only where the build sets
// ENABLE_BLOCK_SCALE, so this test of it is undecided by two names. Only
// ENABLE_BLOCK_SCALE is the build's to set, and assuming it decides the
// range (flashinfer's fp8_blockscale_mma_utils.cuh).
// Written for archlint.
#pragma once

__device__ void block_scale_mma(float* d) {
#ifdef CUTLASS_ARCH_MMA_SM90A_ENABLED // want "AL101 admits sm_90a .*This holds when ENABLE_BLOCK_SCALE is defined"
  d[0] = 1.0f;
#endif
}
