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

// The other GPUs' branch traps in one thread only: that thread's trap ends
// the kernel with an error, so the branch fails as a whole.
__global__ void convert_kernel(float* dst, const float* src) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1200) // want "AL101 admits sm_100..sm_110 and shuts out sm_120, sm_121 .*falls back"
  dst[threadIdx.x] = src[threadIdx.x];
#else
  if (cute::thread0()) {
    CUTE_INVALID_CONTROL_PATH("This kernel only supports sm100\n"); // want "AL103 sm_120 traps at run time here in every build .*holds CUTE_INVALID_CONTROL_PATH"
  }
#endif
}

// A static_assert of a dependent false refuses the build wherever the
// template is used, as static_assert(false) does.
template <int N, bool kDependentFalse = false>
__device__ void wait_group() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900) // want "AL101 admits sm_90 and shuts out sm_100..sm_121"
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
#else
  static_assert(kDependentFalse, "wait_group requires sm_90"); // want "AL103 sm_120 refuses to build here in every build .*holds static_assert.kDependentFalse, .*while sm_90 gets a working implementation.*failing here is the right answer"
#endif
}

// When the working branch uses nothing the target lacks, the dependent
// assertion is a guard against callers: it breaks only the kernels that
// instantiate the template for the target, a warning.
template <bool kDependentFalse = false>
__device__ float fast_scale(float x) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900) // want "AL101 admits sm_90 and shuts out sm_100..sm_121"
  return x * 0.5f;
#else
  static_assert(kDependentFalse, "fast_scale requires sm_90"); // want "AL103 sm_120 refuses to build here in every build .*holds static_assert.kDependentFalse, .*The assertion depends on a template parameter, so it fires only where code compiled for sm_120 instantiates this template"
  return x;
#endif
}

// The working branch uses only what the target has (binary MMA with AND
// compiles for every GPU from sm_80 on): the trap is the condition's.
__device__ int popc_and(unsigned a0, unsigned a1, unsigned a2, unsigned a3, unsigned b0, unsigned b1) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800) && (__CUDA_ARCH__ < 1000) // want "AL101 admits sm_80..sm_90 and shuts out sm_100..sm_121"
  int d0, d1, d2, d3, c = 0;
  asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%10,%10,%10};"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c));
  return d0 + d1 + d2 + d3;
#else
  __trap(); // want "AL103 sm_120 traps at run time here in every build .*Everything the working branches use compiles for the target .*binary MMA with AND.*: the condition, not the GPU, fails here"
  return 0;
#endif
}
