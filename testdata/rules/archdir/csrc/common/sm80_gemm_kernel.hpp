// Rule fixture: an Ampere file name is no window: its code runs on every
// later GPU, so a range kept to sm_80 there shuts the target out. Written
// for archlint.
#pragma once

__device__ float sm80_scale(float x) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800) && (__CUDA_ARCH__ < 900) // want "AL101 admits sm_80..sm_89 and shuts out sm_90..sm_121 in every build .*falls back to the #else branch"
  return x * 2.0f;
#else
  return x + x;
#endif
}
