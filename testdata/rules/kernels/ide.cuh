// Rule fixture: a kernel body also compiled for editors' indexers, whose
// macros no build defines (the FlashMLA pattern). Written for archlint.
#pragma once

__global__ void splitkv_mla_kernel(float* out) { // want "AL102 Kernel splitkv_mla_kernel has an empty body on sm_120 in every build"
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000) && (__CUDA_ARCH__ < 1200)) || (defined(__CLION_IDE__) || defined(__VSCODE_IDE__)) // want "AL101 This #if admits sm_100..sm_110 and shuts out sm_120..sm_121"
  out[threadIdx.x] = 1.0f;
#endif
}
