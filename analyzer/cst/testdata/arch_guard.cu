// Fixture for cst tests: kernels guarded by __CUDA_ARCH__ conditionals.

__device__ void fallback_trap() { __trap(); }

__global__ void hopper_only_kernel(float* out, const float* in) {
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900))
  out[threadIdx.x] = in[threadIdx.x] * 2.0f;
  hopper_helper(out);
#endif
}

template <typename T>
__global__ void split_kernel(T* out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  out[0] = fast_path(out);
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  out[0] = medium_path(out);
#else
  fallback_trap();
#endif
}

#ifdef ENABLE_EXTRA
__global__ void extra_kernel() { extra_work(); }
#endif

#ifndef SKIP_TAIL
__device__ int tail_value() {
#  if __CUDA_ARCH__ < 750
  return 1;
#  else
  return 2;
#  endif
}
#endif
