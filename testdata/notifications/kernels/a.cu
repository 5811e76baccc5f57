#include "../lib/feature.h"

#if LIB_FEATURE_ALIAS() && defined(__CUDA_ARCH__)
__global__ void fast_kernel() {}
#endif

// Another error, of no shared cause: a notification of its own.
#if 1 / 0
#endif
