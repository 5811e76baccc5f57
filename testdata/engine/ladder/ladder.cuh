// Engine fixture: elif ladders and function-like macros. Written for archlint.
#pragma once
#define ARCH_AT_LEAST(x) (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= (x))
#define IS_ARCH(x) (__CUDA_ARCH__ == (x))

#if IS_ARCH(1000) // taken: sm_100
#define L 3
#elif ARCH_AT_LEAST(900) // taken: sm_90, sm_103..sm_121
#define L 2
#elif ARCH_AT_LEAST(800) // taken: sm_80..sm_89
#define L 1
#else // taken: host, sm_75
#define L 0
#endif

#if L == 3 || L == 1 // taken: sm_80..sm_89, sm_100
#define ODD 1
#endif
