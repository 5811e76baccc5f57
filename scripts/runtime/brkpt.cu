// What a kernel that reaches `brkpt` (CUTLASS_NOT_IMPLEMENTED's device
// body) does without a debugger attached: prints the launch's error.
// Run on the device machine: nvcc -o /tmp/brkpt scripts/runtime/brkpt.cu && /tmp/brkpt
#include <cstdio>

__global__ void reaches_brkpt(int *out) {
  printf("before brkpt\n");
  asm volatile("brkpt;\n");
  out[0] = 42;  // not reached if brkpt stops the kernel
}

int main() {
  int *out = nullptr;
  cudaMalloc(&out, sizeof(int));
  cudaMemset(out, 0, sizeof(int));
  reaches_brkpt<<<1, 1>>>(out);
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  int host = -1;
  cudaError_t copy = cudaMemcpy(&host, out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("launch: %s\nsync: %s\ncopy: %s\nout[0] = %d\n", cudaGetErrorString(launch), cudaGetErrorString(sync),
         cudaGetErrorString(copy), host);
  return 0;
}
