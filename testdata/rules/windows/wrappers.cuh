// Rule fixture: kernel wrappers named for the architecture window they run
// in. Host code picks one wrapper per GPU; each traps outside its window on
// purpose, so the shut-outs inside are notes that say so. Written for archlint.
#include <cstdio>

template <typename Op>
struct only_sm80_to_sm89 : Op {
  template <typename... Args>
  __device__ static void run(Args&&... args) {
#if defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 890 // want "AL101 This #if admits sm_80..sm_88 and shuts out sm_89..sm_121 .* It is inside only_sm80_to_sm89, which is named for sm_80 up to sm_89 \\(not included\\): keeping to that range is its contract, so shutting sm_120 out is by design, and a bug only where host code picks only_sm80_to_sm89 for sm_120.$"
    Op::run(args...);
#else
    asm("trap;"); // want "AL103 sm_120 traps at run time here in every build .* It is inside only_sm80_to_sm89, which is named for sm_80 up to sm_89 \\(not included\\): .*by design"
#endif
#endif
  }
};

template <typename Op>
struct run_sm90_only : Op {
  template <typename... Args>
  __device__ static void run(Args&&... args) {
#if defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ == 900 // want "AL101 This #if admits sm_90 and shuts out .* It is inside run_sm90_only, which is named for sm_90: .*by design"
    Op::run(args...);
#else
    __trap(); // want "AL103 sm_120 traps at run time .* It is inside run_sm90_only, which is named for sm_90: .*by design"
#endif
#endif
  }
};

// A range in a name ends before its second architecture, as the code
// below says (vllm's enable_sm100_to_sm120 prints "sm[100, 120)"): sm_120
// lies outside this wrapper's window, so its trap is the contract.
template <typename Op>
struct only_sm100_to_sm120 : Op {
  template <typename... Args>
  __device__ static void run(Args&&... args) {
#if defined(__CUDA_ARCH__)
#if (__CUDA_ARCH__ >= 1000 && __CUDA_ARCH__ < 1200) // want "AL101 .* It is inside only_sm100_to_sm120, which is named for sm_100 up to sm_120 \\(not included\\): .*by design"
    Op::run(args...);
#else
    printf("kernel only built for sm[100, 120)\n");
    asm("trap;"); // want "AL103 sm_120 traps at run time .* It is inside only_sm100_to_sm120, which is named for sm_100 up to sm_120 \\(not included\\): .*by design"
#endif
#endif
  }
};

// The target's own wrapper: it admits sm_120, so nothing to report.
template <typename Op>
struct only_sm120_family : Op {
  template <typename... Args>
  __device__ static void run(Args&&... args) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1200 && __CUDA_ARCH__ < 1300
    Op::run(args...);
#else
    __trap();
#endif
  }
};

// Named for sm_90 but built for sm_80 too: the name does not explain the
// range, so the findings stand.
template <typename Op>
struct sm90_only_misnamed : Op {
  template <typename... Args>
  __device__ static void run(Args&&... args) {
#if defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 1000 // want "AL101 This #if admits sm_80..sm_90 and shuts out sm_100..sm_121 .* Check what the branch uses before widening the range"
    Op::run(args...);
#else
    __trap(); // want "AL103 sm_120 traps at run time here in every build .* get a working implementation\\.$"
#endif
#endif
  }
};

// Not named for any architecture: a shut-out like any other.
template <typename Op>
struct tile_loader : Op {
  template <typename... Args>
  __device__ static void run(Args&&... args) {
#if defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 890 // want "AL101 This #if admits sm_80..sm_88 and shuts out sm_89..sm_121 .* Check what the branch uses before widening the range"
    Op::run(args...);
#else
    __trap(); // want "AL103 sm_120 traps at run time here in every build .* get a working implementation\\.$"
#endif
#endif
  }
};

// CUTLASS names its atoms for the architecture they start at and uses its
// SM90 atoms on later GPUs too: a bare architecture in a name is no window.
struct SM90_COPY_ATOM {
  __device__ static void copy(int* dst, int const* src) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000 // want "AL101 This #if admits sm_90 and shuts out sm_100..sm_121 .* Check what the branch uses before widening the range"
    *dst = *src;
#else
    __trap(); // want "AL103 sm_120 traps at run time here in every build .* gets a working implementation\\.$"
#endif
  }
};
