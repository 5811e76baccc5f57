// Rule fixture: atoms whose working branch calls a namespace's function of
// the same name as the atoms' own methods, defined in an included header.
// The verdict reads that header's function, not the atom's sibling method.
// Written for archlint.
#pragma once
#include "pair_math.cuh"

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 1000)
#define PAIR_FMA_ENABLED
#endif

namespace pairlib {

struct PairTimesScalar {
  __device__ static void fma(float2& d, float2 const& a, float b, float2 const& c) {
#if defined(PAIR_FMA_ENABLED) // want "AL101 admits sm_100 and shuts out sm_103..sm_121 .*arbitrary: everything the excluded code uses .packed f32x2 FMA"
    pairlib::fma(d, a, make_float2(b, b), c);
#else
    __trap(); // want "AL103 sm_120 traps at run time here in every build .*Everything the working branches use compiles for the target .*packed f32x2 FMA.*: the condition, not the GPU, fails here"
#endif
  }
};

struct ScalarTimesPair {
  __device__ static void fma(float2& d, float a, float2 const& b, float2 const& c) {
#if defined(PAIR_FMA_ENABLED) // want "AL101 admits sm_100 and shuts out sm_103..sm_121 .*arbitrary: everything the excluded code uses .packed f32x2 FMA"
    pairlib::fma(d, make_float2(a, a), b, c);
#else
    __trap(); // want "AL103 sm_120 traps at run time here in every build .*Everything the working branches use compiles for the target .*packed f32x2 FMA.*: the condition, not the GPU, fails here"
#endif
  }
};

}  // namespace pairlib
