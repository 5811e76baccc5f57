// Rule fixture: fallbacks that only return a constant. Written for archlint.
#pragma once
#include <cstdint>

// The conversion exists for sm_100a alone; every other build returns 0
// and the caller packs zeros: a silent wrong result.
__device__ uint32_t pack_e2m1(float a, float b) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1100) // want "AL101 admits sm_100, sm_103 and shuts out sm_110..sm_121 in every build .*falls back to the #else branch at line 12, which only returns `0`[.].*The branch sm_120 takes computes nothing: the caller gets `0` in place of the result, a silent wrong result"
  uint32_t v;
  asm volatile("{\n.reg .b8 lo;\ncvt.rn.satfinite.e2m1x2.f32 lo, %2, %1;\ncvt.u32.u8 %0, lo;\n}" : "=r"(v) : "f"(a), "f"(b));
  return v;
#else
  // Not supported here.
  return 0;
#endif
}

// A query whose every branch returns a constant is no stub: it answers.
__device__ bool has_fast_e2m1() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1100) // want "AL101 admits sm_100, sm_103 and shuts out sm_110..sm_121 in every build .*falls back to the #else branch at line 22, the path of"
  return true;
#else
  return false;
#endif
}
