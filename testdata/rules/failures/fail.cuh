// Rule fixture: hard failures the target takes. Written for archlint.
#pragma once

// Newer archs get an explicit #error: a hard failure, but not a shut-out
// (nothing older shares the branch).
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)
#define RING_OK 1
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1200)
#error "ring allreduce is not ported to this architecture" // want "AL103 sm_120 refuses to build here in every build .*#error"
#endif

template <int N>
__device__ void tile() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000) // want "AL101 admits sm_90, sm_100 and shuts out sm_103..sm_121 .*falls back"
  asm volatile("bar.sync 0;");
#else
  static_assert(N < 0, "unsupported");
  asm volatile("trap;"); // want "AL103 sm_120 traps at run time"
#endif
}
