// Fixture for cst tests: kernel shapes the grammar must recognize.
#include <cstdint>

namespace demo {

__device__ inline float square(float v) { return v * v; }

__host__ __device__ __forceinline__ int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

template <typename T>
__global__ void scale_kernel(T* data, T factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    data[i] = static_cast<T>(square(static_cast<float>(data[i]))) * factor;
  }
}

__global__ __launch_bounds__(256) void bounded_kernel(int* out) {
  out[threadIdx.x] = clampi(threadIdx.x, 0, 255);
}

template <int BLOCK, typename T>
__global__ void __launch_bounds__(BLOCK, 2) late_bounds_kernel(const T* in, T* out) {
  __shared__ T tile[BLOCK];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[BLOCK - 1 - threadIdx.x];
}

static __global__ void static_kernel() {}

struct Accumulator {
  float total;
  __device__ void add(float v) { total += square(v); }
};

__global__ void method_kernel(Accumulator* acc, const float* v) {
  acc->add(v[threadIdx.x]);
  acc[1].add(v[0]);
}

}  // namespace demo

extern "C" __global__ void c_linkage_kernel(float* p) { p[0] = demo::square(p[0]); }

void launch_all(float* d, int n, cudaStream_t stream) {
  demo::scale_kernel<float><<<(n + 255) / 256, 256, 0, stream>>>(d, 2.0f, n);
  demo::static_kernel<<<1, 1>>>();
  cudaStreamSynchronize(stream);
}
