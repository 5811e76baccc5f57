// Engine fixture: directives where tree-sitter's structure gives up; the
// line scanner must still find and evaluate every one. Written for archlint.
template <typename T>
__global__ void k(T* out,
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 // taken: sm_90..sm_121
                  T* scale,
#endif
                  int n) {
  out[0] = T(n);
}

__device__ int
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1200 // taken: sm_75..sm_110
old_name
#else // taken: host, sm_120, sm_121
new_name
#endif
(int x) { return x; }

#if __has_include(<cuda/barrier>) // undecided: host, sm_75..sm_121
#define HAS_BARRIER 1
#endif
