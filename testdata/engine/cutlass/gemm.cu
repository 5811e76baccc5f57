// Engine fixture: CUTLASS is not in the scan roots, so its arch macros come
// from archlint's built-in model. Written for archlint.
#include "cutlass/cutlass.h"

#if defined(CUTLASS_ARCH_MMA_SM90A_ENABLED) // taken: sm_90a
#define SM90_GEMM 1
#endif

#if defined(CUTLASS_ARCH_MMA_SM100A_ENABLED) || defined(CUTLASS_ARCH_MMA_SM103A_ENABLED) // taken: sm_100a, sm_103a
#define SM100_GEMM 1
#endif

#if defined(CUTLASS_ARCH_MMA_SM120_SUPPORTED) // taken: host, sm_75..sm_121
#define SM120_KNOWN 1
#endif

#if CUTLASS_ARCH_MMA_SM100A_ENABLED || (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ > 1000) // taken: sm_100a, sm_103a/sm_103f, sm_110a/sm_110f, sm_120a/sm_120f, sm_121a/sm_121f
#define BLACKWELL_FAMILY 1
#endif
