// Rule fixture: a constexpr flag set by an architecture #if guards, through
// `if constexpr`, a helper chain that ends in block-scaled FP4 MMA, which
// sm_120a/f compile and plain sm_120 does not. The flag reads like the #if
// it comes from. Written for archlint.
#pragma once

template <int Tiles>
struct Fp4Gemm {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1200
  static constexpr bool HAS_FP4 = true;
#else
  static constexpr bool HAS_FP4 = false;
#endif

  __device__ static void mma_block_scaled(float* d, unsigned a, unsigned b, unsigned sa, unsigned sb) {
    asm volatile(
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 "
        "{%0, %1, %2, %3}, {%4, %4, %4, %4}, {%5, %5}, {%0, %1, %2, %3}, {%6}, {%7, %7}, {%8}, {%7, %7};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a), "r"(b), "r"(sa), "h"((short)0), "r"(sb));
  }

  __device__ static void tile_fp4(float* d, unsigned a, unsigned b, unsigned sa, unsigned sb) {
    for (int i = 0; i < Tiles; ++i) {
      mma_block_scaled(d + 4 * i, a, b, sa, sb);
    }
  }

  __device__ static void block_fp4(float* d, const unsigned* a, const unsigned* b, unsigned sa, unsigned sb) {
    tile_fp4(d, a[threadIdx.x], b[threadIdx.x], sa, sb);
  }

  __device__ static void run(float* d, const unsigned* a, const unsigned* b, unsigned sa, unsigned sb) {
    if constexpr (HAS_FP4) { // want "AL106 This `if constexpr .HAS_FP4.` lets sm_120 into code nvcc 13.0 cannot compile for it: HAS_FP4 is true in the branch of the #if at fp4_flag.cuh:9 that sm_120 takes, and the code it guards, with the functions it calls, uses block-scaled FP4 mma via kind::mxf4nvf4.*The project builds sm_120f .build.py:3., which this does not affect."
      block_fp4(d, a, b, sa, sb);
    } else {
      __trap();
    }
  }

  // The other arm: taken where the flag is false, so no FP4 there.
  __device__ static void scale(float* d, float s) {
    if constexpr (!HAS_FP4) {
      d[threadIdx.x] *= s;
    }
  }
};
