// Rule fixture: one region per verdict. Written for archlint.
#pragma once

// wgmma exists only on sm_90a: shutting sm_120 out is justified (a note).
__device__ void mma_hopper() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900) && defined(__CUDA_ARCH_FEAT_SM90_ALL) // want "AL101 .*Verdict: justified: the excluded code uses warpgroup MMA via wgmma\\.\\*, "
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}

// setmaxnreg compiles for sm_120a and sm_120f, not for plain sm_120.
__device__ void regs_blackwell() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 1000) && defined(__CUDA_ARCH_FEAT_SM100_ALL) // want "AL101 .*Verdict: needs a variant build: the excluded code uses setmaxnreg, which compiles only for sm_120a, sm_120f"
  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;");
#endif
}

// PDL and clusters work on sm_120: the bound is a port artifact.
__device__ void pdl_cluster(int* p) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200) // want "AL101 .*Verdict: arbitrary: everything the excluded code uses .*programmatic dependent launch.*compiles for sm_120, sm_120a, sm_120f"
  cudaGridDependencySynchronize();
  cooperative_groups::this_cluster().sync();
#endif
}

// Plain C++: nothing to judge by.
__device__ int plain(int x) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800) && (__CUDA_ARCH__ < 1200) // want "AL101 .*Verdict: no feature archlint knows was found"
  return x * 2;
#else
  return x;
#endif
}
