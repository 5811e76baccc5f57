// Rule fixture: nested exclusions are reported once, at the outermost range,
// with the inner ones as related locations. Written for archlint.
#pragma once

__device__ void nested(int* p) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200) // want "AL101 admits sm_90..sm_110"
  p[0] = 1;
#if (__CUDA_ARCH__ == 1000)
  p[1] = 2;
#endif
#endif
}
