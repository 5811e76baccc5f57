// Rule fixture: a file under a directory named for one architecture holds
// that architecture's code. Written for archlint.
#pragma once

__global__ void convert_kernel(float* dst, const float* src) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1200) // want "AL101 .*Its file is under csrc/sm100/, which is named for sm_100: the code there is that architecture.s, so shutting sm_120 out is by design"
  dst[threadIdx.x] = src[threadIdx.x];
#else
  if (threadIdx.x == 0) {
    __trap(); // want "AL103 .*Its file is under csrc/sm100/, which is named for sm_100: the code there is that architecture's"
  }
#endif
}
