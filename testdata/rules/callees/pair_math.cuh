// Rule fixture: the packed float2 helper the atoms in pair_atoms.cuh call,
// in a header of its own. Written for archlint.
#pragma once

namespace pairlib {

__device__ void fma(float2& d, float2 const& a, float2 const& b, float2 const& c) {
  asm volatile("fma.rn.f32x2 %0, %1, %2, %3;"
               : "=l"(reinterpret_cast<unsigned long long&>(d))
               : "l"(reinterpret_cast<unsigned long long const&>(a)),
                 "l"(reinterpret_cast<unsigned long long const&>(b)),
                 "l"(reinterpret_cast<unsigned long long const&>(c)));
}

}  // namespace pairlib
