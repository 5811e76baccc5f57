// Engine fixture: push/pop pairs read the same headers from the same
// states, so the third push replays the second.
#include "push.h"
#include "pop.h"
#include "push.h"
#include "pop.h"
#include "push.h"
#include "push.h"
#if defined(PUSHED) && defined(PUSH_FAST) // taken: sm_90..sm_121
__device__ int fast;
#endif
#if defined(PUSHED_TWICE) // taken: host, sm_75..sm_121
__device__ int twice;
#endif
#if defined(PUSH_CONFIGURED) && __CUDA_ARCH__ >= 1000 // undecided: sm_100..sm_121
__device__ int configured;
#endif
