// Engine fixture: the translation unit that includes both headers.
#include "lib/kernels.cuh"

__global__ void k() { maybe_wait(); }
