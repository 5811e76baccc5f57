// Rule fixture: a file whose name starts with a Hopper architecture holds
// that architecture's kernel (CUTLASS's kernel/sm90_gemm_*.hpp). Written
// for archlint.
#pragma once

struct Sm90GemmKernel {
  __device__ void operator()(float* out) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1000) // want "AL101 .*Its file, sm90_gemm_kernel.hpp, is named for sm_90: the code in it is that architecture.s, so shutting sm_120 out is by design"
    out[threadIdx.x] = 1.0f;
#else
    __trap(); // want "AL103 .*Its file, sm90_gemm_kernel.hpp, is named for sm_90"
#endif
  }
};
