// Preprocessor groups inside a function, decided for the host pass with
// the toolkit assumed (CUDA 13.0: CUDA_VERSION is 13000).
#include <cuda.h>
int getSMVersion();
int run_consumer();
int run_datacenter();
int run_hopper();
int run_ada();
int run_legacy();

// Each branch returns inside a group the toolkit compiles: the ifs are
// one ladder, and 12.0 never reaches the test for 8.9.
int versioned_dispatch() {
  int sm = getSMVersion();
#if defined CUDA_VERSION && CUDA_VERSION >= 12080
  if (sm >= 120) {  // gate: admits 8.9, 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; branch -1 -1 -1 -1 3 2 1 1 1 0 0; refusal fails TORCH_CHECK_NOT_IMPLEMENTED: no kernel for this GPU
    return run_consumer();
  } else if (sm >= 100) {
    return run_datacenter();
  }
#endif
#if defined(CUDA_VERSION) && (CUDA_VERSION >= 12000)
  if (sm >= 90) {  // gate: none
    return run_hopper();
  }
#endif
#if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4)
  if (sm == 89) {  // gate: none
    return run_ada();
  }
#endif
  TORCH_CHECK_NOT_IMPLEMENTED(false, "no kernel for this GPU");
  return 0;
}

// A group on a project macro stays undecided: its return may not be
// compiled, so every capability may reach what follows it. The return
// before it is compiled: 10.0 and later, sent away there, reach neither
// check after it (-2: no outcome).
int flagged_dispatch() {
  int sm = getSMVersion();
  if (sm >= 100) {  // gate: admits all; branch 1 1 1 1 1 1 0 0 0 0 0
    return run_datacenter();
  }
#ifdef ENABLE_HOPPER_PATH
  if (sm >= 90) {  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9, 9.0; branch 1 1 1 1 1 0 -2 -2 -2 -2 -2
    return run_hopper();
  }
#endif
  if (sm == 89) {  // gate: admits 8.9; branch -1 -1 -1 -1 0 -1 -2 -2 -2 -2 -2; refusal fails TORCH_CHECK: no kernel for this GPU
    return run_ada();
  }
  TORCH_CHECK(false, "no kernel for this GPU");
  return 0;
}

// A group decided false is not compiled: its check is none, and its
// return does not count. The #else branch is the one compiled.
int legacy_dispatch() {
  int sm = getSMVersion();
#if CUDA_VERSION < 11000
  if (sm >= 80) {  // gate: none
    return run_legacy();
  }
#endif
#ifndef CUDA_VERSION
  if (sm >= 75) {  // gate: none
    return run_legacy();
  }
#elif CUDA_VERSION < 12000
  if (sm >= 86) {  // gate: none
    return run_legacy();
  }
#else
  if (sm >= 90) {  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; branch -1 -1 -1 -1 -1 0 0 0 0 0 0; refusal fails TORCH_CHECK: needs Hopper or newer
    return run_hopper();
  }
#endif
  TORCH_CHECK(false, "needs Hopper or newer");
  return 0;
}

// An arm's statements are those compiled: this one fails.
int arm_with_group() {
  int sm = getSMVersion();
  if (sm < 90) {  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; branch -1 -1 -1 -1 -1 1 1 1 1 1 1; refusal fails TORCH_CHECK: needs Hopper
#if CUDA_VERSION >= 12000
    TORCH_CHECK(false, "needs Hopper");
#else
    return run_legacy();
#endif
  }
  return run_hopper();
}

// A helper whose other return is not compiled has one return: the
// capability.
int sm_or_zero() {
#if CUDA_VERSION < 11000
  return 0;
#endif
  return getSMVersion();
}

int through_helper() {
  if (sm_or_zero() >= 90) {  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; branch -1 -1 -1 -1 -1 0 0 0 0 0 0; refusal fails TORCH_CHECK: needs Hopper; helper sm_or_zero
    return run_hopper();
  }
  TORCH_CHECK(false, "needs Hopper");
  return 0;
}

// A case inside a group compiled is a label of the switch; 10.0 is
// served.
int switch_dispatch() {
  switch (getSMVersion()) {  // gate: admits 9.0, 10.0; branch -1 -1 -1 -1 -1 1 0 -1 -1 -1 -1; refusal default: fails TORCH_CHECK: no kernel
#if CUDA_VERSION >= 12080
    case 100: return run_datacenter();
#endif
    case 90: return run_hopper();
    default: TORCH_CHECK(false, "no kernel");
  }
  return 0;
}

// A case inside a group left undecided may be a label or not: the
// switch is not read.
int flagged_switch() {
  switch (getSMVersion()) {  // gate: none
#ifdef ENABLE_BLACKWELL
    case 100: return run_datacenter();
#endif
    case 90: return run_hopper();
    default: TORCH_CHECK(false, "no kernel");
  }
  return 0;
}

// A build switch named for an architecture (vllm's CMake defines
// ENABLE_SCALED_MM_SM120 when the arch list holds 12.0) is on: each
// GPU's return ends its path, so 12.0, served first, reaches none of the
// checks after it, not even those in the group of a project macro.
// get_sm_version_num() is the capability as major*10+minor.
int get_sm_version_num();
int run_sm120();
int run_sm100();
int run_sm90();
int run_sm89();
int run_sm80();
int switched_dispatch() {
  int version_num = get_sm_version_num();
#if defined ENABLE_SCALED_MM_SM120 && ENABLE_SCALED_MM_SM120
  if (version_num >= 120) {  // gate: admits all; branch 3 3 3 3 3 2 1 1 1 0 0
    return run_sm120();
  }
#endif
#if defined ENABLE_SCALED_MM_SM100 && ENABLE_SCALED_MM_SM100
  if (version_num >= 100 && version_num < 120) {  // gate: none
    return run_sm100();
  }
#endif
#if defined ENABLE_SCALED_MM_SM90 && ENABLE_SCALED_MM_SM90
  if (version_num >= 90 && version_num < 100) {  // gate: none
    return run_sm90();
  }
#endif
#if defined ENABLE_C2X && ENABLE_C2X
  if (version_num == 89) {  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9; branch 2 1 1 1 0 -2 -2 -2 -2 -2 -2
    return run_sm89();
  }
  if (version_num >= 80) {
    return run_sm80();
  }
#endif
  TORCH_CHECK_NOT_IMPLEMENTED(false, "no compiled kernel for this GPU");
  return 0;
}
