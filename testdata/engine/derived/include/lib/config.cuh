// Engine fixture: a derived macro defined under an arch condition in one
// header and tested in another; and a #ifndef default. Written for archlint.
#pragma once

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) // taken: sm_90..sm_121
#define LIB_HAS_PDL 1
#endif

#ifndef LIB_SMEM_KB // taken: host, sm_75..sm_121
#define LIB_SMEM_KB 0
#endif

// A 2/1/0 ladder, the way version switches are written.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000 // taken: sm_100..sm_121
#define LIB_GEN 2
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 // taken: sm_90
#define LIB_GEN 1
#else // taken: host, sm_75..sm_89
#define LIB_GEN 0
#endif
