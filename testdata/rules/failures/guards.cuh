// Rule fixture: #error guards and failures inside run-time arms. Written for
// archlint.
#pragma once

// A guard that refuses plain builds of sm_90 and newer: the arch-specific and
// family builds skip it and build. The builds the guard refuses are not
// "admitted" by it (no AL101), and the plain sm_120 build is told to switch.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#if !defined(__CUDA_ARCH_SPECIFIC__) && !defined(__CUDA_ARCH_FAMILY_SPECIFIC__)
#error "build for an arch-specific or family target" // want "AL103 sm_120 refuses to build here in the sm_120 build only: .*skip it and build. The sm_120a and sm_120f builds pass it: build the project for sm_120a or sm_120f"
#endif
#endif

// A guard the target alone trips: every older architecture reaches the chain
// and skips it.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1200
#error "not ported past sm_110" // want "AL103 sm_120 refuses to build here in every build .*while sm_75..sm_110 skip it and build"
#endif

// A working path with a failure in a run-time arm only: the branch works,
// so neither the target nor the older path fails here.
__device__ inline int pick(int id) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if (id == 0) {
    asm volatile("bar.sync 0;");
  } else {
    assert(0);
  }
  return 1;
#else
  if (id != 0) {
    assert(0);
  }
  return 0;
#endif
}

// The older architectures' branch only refuses to build: the target taking
// no branch is not shut out of anything.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "sm_80 or newer required"
#endif

// CUTLASS's not-implemented macro prints and runs `brkpt` on the device:
// with no debugger attached the kernel ends with a launch failure.
template <typename T>
__device__ void dequant_ladder(T* p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750 && __CUDA_ARCH__ < 800
  p[0] = T(2);
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900
  p[0] = T(1);
#else
  CUTLASS_NOT_IMPLEMENTED(); // want "AL103 sm_120 traps at run time"
#endif
}

__device__ void breaks_in(int* p) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 1000)
  p[0] = 1;
#else
  asm volatile("  brkpt;\n"); // want "AL103 sm_120 traps at run time"
#endif
}
