// Engine fixture: each conditional says which passes take it ("taken:",
// in archlint's arch-set notation, host first). Written for archlint.
#pragma once

__device__ void pdl_wait() {
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)) // taken: sm_90..sm_110
  cudaGridDependencySynchronize();
#endif
}

// A window that closes before sm_110.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000 && __CUDA_ARCH__ < 1100 // taken: sm_100, sm_103
#define WINDOW 1
#endif

// An allowlist.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000) // taken: sm_90, sm_100
#define ALLOW 1
#else // taken: host, sm_75..sm_89, sm_103..sm_121
#define ALLOW 0
#endif

// Arch-specific features exist only in the a builds.
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // taken: sm_90a
#define WGMMA_OK 1
#endif

// Family-specific: a and f builds of sm_100 and newer.
#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000 // taken: sm_100a/sm_100f, sm_103a/sm_103f, sm_110a/sm_110f, sm_120a/sm_120f, sm_121a/sm_121f
#define FAMILY_OK 1
#endif

#ifdef __CUDA_ARCH_SPECIFIC__ // taken: sm_90a, sm_100a, sm_103a, sm_110a, sm_120a, sm_121a
#define SPECIFIC_OK 1
#endif

// A condition spread over lines, with comments inside.
#if defined(__CUDA_ARCH__) /* device only */ && \
    (__CUDA_ARCH__ >= 800) &&   /* Ampere on */ \
    (__CUDA_ARCH__ != 1200) // taken: sm_80..sm_110, sm_121
#define MULTI 1
#endif

// Nested chains: the inner one is reached only inside the outer branch.
#if defined(__CUDA_ARCH__) // taken: sm_75..sm_121
#  if __CUDA_ARCH__ >= 1200 // taken: sm_120, sm_121
#    define NEWEST 1
#  elif __CUDA_ARCH__ >= 900 // taken: sm_90..sm_110
#    define NEWEST 0
#  endif
#endif

#ifndef __CUDA_ARCH__ // taken: host
#define HOST_ONLY 1
#endif

// __CUDA_ARCH_LIST__ names the whole build, not the pass: with the default
// build list (the target alone, sm_120) it is 1200 in every pass.
#if __CUDA_ARCH_LIST__ >= 1200 // taken: host, sm_75..sm_121
#define LIST_NEW 1
#endif

// CUDA_VERSION needs cuda.h, which this file does not include: undecided.
#if CUDA_VERSION >= 12080 // undecided: host, sm_75..sm_121
#define NEW_TOOLKIT 1
#endif

// Compiler version comes from the nvcc profile.
#if __CUDACC_VER_MAJOR__ >= 13 // taken: host, sm_75..sm_121
#define CUDA13 1
#endif
