// Rule fixture: branches that only print. Written for archlint.
#pragma once

// The older GPUs' branch prints an error and goes on (CUTLASS's old sm90
// kernels): no work is done, nothing stops, so the target gets no code.
struct Sm90Mainloop {
  __device__ void operator()(float* out) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1000) // want "AL101 admits sm_90 and shuts out sm_100..sm_121 in every build .*: sm_120 gets no code here, only a print that stops nothing, while sm_90 does"
    out[threadIdx.x] = 1.0f;
#else
    printf("ERROR : this kernel needs sm_90. Aborting.\n");
    return;
#endif
  }
};

// A print beside real work is code: the target falls back to it.
__device__ float scaled(float x) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1000) // want "AL101 admits sm_90 and shuts out sm_100..sm_121 in every build .*falls back to the #else branch"
  return x * 2.0f;
#else
  printf("slow path\n");
  return x + x;
#endif
}

// A __global__ kernel whose body only prints for the target launches,
// does nothing and reports success.
__global__ void fill_kernel(float* out) { // want "AL102 Kernel fill_kernel has an empty body on sm_120 in every build"
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1000) // want "AL101 admits sm_90 and shuts out sm_100..sm_121 in every build .*only a print that stops nothing"
  out[threadIdx.x] = 0.0f;
#else
  printf("fill_kernel: unsupported architecture\n");
#endif
}

// A branch that only adds a run-time arm refusing some types (mscclpp's
// FP8 stub for builds without FP8 multicast): a build that skips it
// reaches the working path, so it lacks a refusal, not code. No finding.
template <typename T>
__device__ void reduce_store(T* dst, const T* src) {
#if defined(__CUDA_ARCH__) && !(__CUDA_ARCH__ >= 1000 && (defined(__CUDA_ARCH_SPECIFIC__) || defined(__CUDA_ARCH_FAMILY_SPECIFIC__)))
  if constexpr (sizeof(T) == 1) {
    PROJECT_ASSERT_DEVICE(false, "FP8 multicast reduction needs an a or f build");
    return;
  } else
#endif
  {
    dst[threadIdx.x] = src[threadIdx.x];
  }
}
