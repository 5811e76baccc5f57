#include "../lib/feature.h"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  if LIB_HAS_FEATURE()
__global__ void hopper_kernel() {}
#  endif
#endif
