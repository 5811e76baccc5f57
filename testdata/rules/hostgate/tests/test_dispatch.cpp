// Rule fixture: a capability check in a C++ test is a test's, an AL203
// note. Written for archlint.
#include <cuda_runtime.h>

int dispatch_key() {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major == 9) return 90;  // want "AL203 This host-side capability check admits 9.x, 10.x and shuts out 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .returns 0."
  if (prop.major == 10) return 100;
  return 0;
}

// A googletest test that skips itself outside its GPUs.
void nvfp4_matmul_test() {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major < 10 || prop.major > 11) {  // want "AL203 This host-side capability check admits 10.x, 11.x and shuts out 12.x: on 12.0 .sm_120.: skips the test: Skipping test on pre-SM100 GPUs"
    GTEST_SKIP() << "Skipping test on pre-SM100 GPUs";
  }
  run_nvfp4();
}
