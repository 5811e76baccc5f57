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

// An <nv/target> gate is judged by its argument, and libcu++'s PTX wrappers
// (cuda::ptx::tcgen05_*) name the instruction they emit: 5th-gen tensor
// cores are sm_100/sm_103/sm_110's, so keeping the wrapper to them is
// justified for sm_120.
__device__ void mma_blackwell_wrapper(void** fn_ptr) {
  NV_IF_TARGET(NV_HAS_FEATURE_SM_100a, (*fn_ptr = reinterpret_cast<void*>(&cuda::ptx::tcgen05_commit);)) // want "AL101 .*Verdict: justified: the excluded code uses 5th-gen tensor cores via ptx::tcgen05_\\*"
}

// The plain NV_IF_TARGET judged as a directive would be: nothing known here.
__device__ int nv_plain(int x) {
  NV_IF_ELSE_TARGET(NV_IS_EXACTLY_SM_90, (return x * 2;), (return x;)) // want "AL101 .*Verdict: no feature archlint knows was found"
}
