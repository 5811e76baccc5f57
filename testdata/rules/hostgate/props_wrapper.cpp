// Rule fixture: a project's own wrapper of at::cuda::getCurrentDeviceProperties()
// (xformers' xf_getCurrentDeviceProperties) returns the device's properties,
// also where `auto` holds them. Written for archlint.
#include <cuda_runtime.h>

const cudaDeviceProp* mylib_getCurrentDeviceProperties();

void sparse_gemm_checked() {
  const auto props = mylib_getCurrentDeviceProperties();
  const bool is_sm8x = props->major == 8;
  TORCH_CHECK(is_sm8x, "sparse GEMM needs compute capability 8.x"); // want "AL201 This host-side capability check admits 8.x and shuts out 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: fails TORCH_CHECK"
}

// A function that merely ends in "properties" returns no device.
const int* mylib_tensor_properties();

void tensor_checked() {
  const auto t = mylib_tensor_properties();
  TORCH_CHECK(t[0] == 8, "rank 8 only");
}
