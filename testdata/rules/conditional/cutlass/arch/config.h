// Rule fixture (with derived.cu): a stand-in for CUTLASS's arch/config.h,
// scanned beside the project that includes it. Its flag is defined in the
// scanned code, so it is no build flag. Written for archlint.
#pragma once

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define CUTLASS_ARCH_MMA_SM90A_ENABLED 1
#endif
