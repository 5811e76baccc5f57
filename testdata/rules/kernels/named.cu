// Rule fixture: empty kernels, and kernels named for the architecture their
// body is compiled for. Written for archlint.

// An architecture's own kernel: its host code picks it for sm_75 alone, so
// an empty body elsewhere is by design. A note, not an error.
__global__ void gemm_4bit_sm75_m16n8k8(float* out) { // want "AL102 Kernel gemm_4bit_sm75_m16n8k8 has an empty body on sm_120 .* The kernel is named for sm_75, the architecture its body is compiled for: this is only a bug if something launches it on sm_120."
#if __CUDA_ARCH__ == 750
  out[threadIdx.x] = 1.0f;
#endif
}

// Named for sm_90 but compiled for sm_90 and sm_100: still an error.
__global__ void reduce_sm90_kernel(float* out) { // want "AL102 Kernel reduce_sm90_kernel has an empty body on sm_120 in every build .* callers read garbage. Its whole body is compiled only for sm_90..sm_103. Verdict: [^.]*; check it by hand.$"
#if __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1100 // want "AL101 This #if admits sm_90..sm_103 and shuts out sm_110..sm_121"
  out[threadIdx.x] = 2.0f;
#endif
}
