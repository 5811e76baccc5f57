// Rule fixture: the kernel source includes CUTLASS's configuration and
// the MMA helpers only when the build sets ENABLE_BLOCK_SCALE (flashinfer's
// fp8_blockscale_gemm_kernel.cuh, scanned beside CUTLASS).
// Written for archlint.

#ifdef ENABLE_BLOCK_SCALE
#include <cutlass/arch/config.h>
#include "derived_mma.cuh"
#endif
