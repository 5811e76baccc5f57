// Fixture for cst tests: directives that split constructs, which a
// grammar without a preprocessor cannot parse cleanly.

__global__ void param_kernel(int* a,
#if USE_WIDE
                             long long* b
#else
                             int* b
#endif
) {
  a[0] = static_cast<int>(b[0]);
}

#if __CUDA_ARCH__ >= 900
__global__ void split_signature_kernel(float* x) {
#else
__global__ void split_signature_kernel(double* x) {
#endif
  x[0] = 1;
  after_split(x);
}

template <>
#if defined(HAS_BF16)
__device__ void convert<bf16>(bf16* p) { p[0] = bf16(); }
#endif

#if __has_include(<cuda_fp8.h>)
#include <cuda_fp8.h>
#endif

__global__ void survivor_kernel() { still_found(); }
