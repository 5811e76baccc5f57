// Rule fixture: a file named for a datacenter product (ThunderKittens'
// *_h100.cu) holds that architecture's kernels. Written for archlint.

__global__ void attend_kernel(float* out) { // want "AL102 Kernel attend_kernel has an empty body on sm_120 .*Its file, attn_h100.cu, is named for sm_90 .h100."
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900) // want "AL101 .*Its file, attn_h100.cu, is named for sm_90 .h100."
  out[threadIdx.x] = 1.0f;
#endif
}
