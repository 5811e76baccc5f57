// Rule fixture: build flavors of the target. Written for archlint.
#pragma once

// Only the arch-specific build of sm_120 gets the body; sm_120 and sm_120f
// builds get an empty kernel.
__global__ void fp4_gemm_kernel(float* out) { // want "AL102 Kernel fp4_gemm_kernel has an empty body on sm_120 in the sm_120 and sm_120f builds only"
#if defined(__CUDA_ARCH_FEAT_SM120_ALL) // want "AL104 Only the sm_120a build gets this #if branch; sm_120 and sm_120f get nothing"
  out[threadIdx.x] = 1.0f;
#endif
}

// A fallback for the builds without the feature macro.
__device__ float scale_fp4(float x) {
#if defined(__CUDA_ARCH_FEAT_SM120_ALL) || defined(__CUDA_ARCH_FEAT_SM121_ALL) // want "AL104 Only the sm_120a build .* fallback: the #else branch"
  return x * 2.0f;
#else
  return x;
#endif
}

// Hopper-only feature macro: every sm_120 build falls back with Ampere.
__device__ float wgmma_or_not(float x) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) // want "AL101 admits sm_90a and shuts out sm_90, sm_100..sm_121 in the sm_120a build only: sm_120a falls back to the #else branch at line 25, the path of sm_110 and older. The sm_120 and sm_120f builds take that branch too, as every GPU's builds of those flavors do. Check"
  return x + 1.0f;
#else
  return x;
#endif
}

// The family macro admits the sm_120 builds that name the family.
__device__ float family(float x) {
#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000 // want "AL104 Only the sm_120a and sm_120f builds get this #if branch; sm_120 gets fallback"
  return x * 3.0f;
#else
  return x;
#endif
}

// The plain build falls back to a trap: one AL103 naming the builds to use,
// not an AL104 as well.
__device__ void load256(float* dst) {
#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000
  dst[0] = 1.0f;
#else
  __trap(); // want "AL103 sm_120 traps at run time here in the sm_120 build only.* The sm_120a and sm_120f builds get the working branch"
#endif
}

// Tells the build flavor apart, the same way on every GPU (as CCCL's
// current_arch_id does): every arch-specific build takes the first branch,
// every other build the second, so the target is shut out of nothing.
__device__ int arch_id(int cc) {
#if defined(__CUDA_ARCH_SPECIFIC__)
  return cc * 10 + 1;
#else
  return cc * 10;
#endif
}

// The a and f builds get the branch, but FP8 multicast reduction compiles
// for sm_120a alone (nvcc 13.0, measured): the advice names that build,
// and AL106 the sm_120f build let in (mscclpp's FP8 NVLS path).
#if __CUDA_ARCH__ >= 1000 && (defined(__CUDA_ARCH_SPECIFIC__) || defined(__CUDA_ARCH_FAMILY_SPECIFIC__))
#define HAS_FP8_MULTIMEM
#endif
__device__ unsigned fp8_reduce(unsigned* p) {
  unsigned r = 0;
#if defined(HAS_FP8_MULTIMEM) // want "AL104 Only the sm_120a and sm_120f builds get this #if branch; sm_120 gets nothing instead. Build the project for sm_120a so the GPU runs this path. The sm_120f build cannot compile it" "AL106 This #if lets sm_120f into code nvcc 13.0 cannot compile for it: the branch uses FP8 NVLink multicast reduction via .e4m3x4"
  asm("multimem.ld_reduce.relaxed.sys.global.add.e4m3x4 %0, [%1];" : "=r"(r) : "l"(p) : "memory");
#endif
  return r;
}
