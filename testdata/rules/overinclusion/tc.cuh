// Rule fixture: lower bounds that let sm_120 into PTX it lacks.
// Written for archlint.
#pragma once

__device__ void alloc_tmem(unsigned dst) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000 // want "AL106 This #if lets sm_120, sm_120a and sm_120f into code nvcc 13.0 cannot compile for them: the branch uses 5th-gen tensor cores via tcgen05\\.\\*, so ptxas fails wherever this code is instantiated for them\\."
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;" :: "r"(dst));
#endif
}

__device__ void regs() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 // want "AL106 This #if lets sm_120 into code nvcc 13.0 cannot compile for it: the branch uses setmaxnreg, so"
  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;");
#endif
}

__device__ void fine() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// A macro derived from the architecture (SpargeAttn's SM90_ENABLED): the
// finding is at each use and names the #define, where the range is.
#if (!defined(__CUDA_ARCH__) || (__CUDA_ARCH__ >= 900))
#define HAS_WGMMA
#endif

__device__ void fence() {
#ifdef HAS_WGMMA // want "AL106 This #ifdef lets sm_120, sm_120a and sm_120f into code .*warpgroup MMA via wgmma.* HAS_WGMMA comes from its #define at tc.cuh:26, under a preprocessor condition: when that condition is on the architecture, it is the range to narrow[.]$"
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}

// Dual-vendor code (ggml): the project's HIP build switch is never set by
// nvcc, so the range is the architecture's alone and decided.
#if !defined(MYLIB_USE_HIP) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define HAS_WGMMA_CUDA
#endif

__device__ void fence_cuda() {
#ifdef HAS_WGMMA_CUDA // want "AL106 This #ifdef lets sm_120, sm_120a and sm_120f into code .*warpgroup MMA via wgmma"
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
