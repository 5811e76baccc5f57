// Rule fixture: how AL103 names the failure and the architectures that
// work. Written for archlint.
#pragma once

// The failure pattern matches the start of the call only: the message
// completes it (not "holds CUTE_INVALID_CONTROL_PATH(, while"), and one
// architecture "gets" the working implementation.
__device__ void gemm() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 900 // want "AL101 This #if admits sm_90 and shuts out sm_100..sm_121"
  asm volatile("bar.sync 0;");
#else
  CUTE_INVALID_CONTROL_PATH("sm_90 only"); // want "AL103 sm_120 traps at run time here in every build .*holds CUTE_INVALID_CONTROL_PATH\\(\\.\\.\\.\\), while sm_90 gets a working implementation\\."
#endif
}

// Several architectures "get" it; the asm call is closed.
__device__ void sync() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200 // want "AL101 This #if admits sm_90..sm_110 and shuts out sm_120, sm_121"
  asm volatile("bar.sync 0;");
#else
  asm volatile("trap;"); // want "AL103 sm_120 traps at run time here in every build .*holds asm volatile\\(\"trap;\"\\), while sm_90\\.\\.sm_110 get a working implementation\\."
#endif
}
