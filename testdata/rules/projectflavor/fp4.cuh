// Rule fixture: e2m1x2 conversions compile for sm_120a/f, not plain sm_120.
// Written for archlint.
#pragma once
__device__ unsigned short to_fp4(float a, float b) {
  unsigned short r = 0;
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) // want "AL106 This #if lets sm_120 into code nvcc 13.0 cannot compile for it: the branch uses FP4 conversion via e2m1x2.*The project builds sm_120f .build.py:3., which this does not affect."
  asm volatile("{ .reg .b8 t; cvt.rn.satfinite.e2m1x2.f32 t, %1, %2; cvt.u16.u8 %0, t; }" : "=h"(r) : "f"(a), "f"(b));
#endif
  return r;
}
