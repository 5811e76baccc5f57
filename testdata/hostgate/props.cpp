// Capabilities read from cudaDeviceProp and from device attributes.
#include <cuda_runtime.h>
#include <stdexcept>

void fp8_path();
void bf16_path();

void with_struct(int dev) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, dev);
  if (prop.major == 9 || prop.major == 10) {  // gate: admits 9.0, 10.0, 10.3
    fp8_path();
  } else {
    FLASHINFER_ERROR("fp8 path needs a Hopper or Blackwell datacenter part");
  }
}

void with_torch_props() {
  auto* dprops = at::cuda::getCurrentDeviceProperties();
  int cc = dprops->major * 10 + dprops->minor;
  TORCH_CHECK(cc >= 80 && cc <= 100, "compute capability out of range");  // gate: admits 8.0, 8.6, 8.7, 8.9, 9.0, 10.0
  bf16_path();
}

void with_attributes(int device) {
  int major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (major == 12 && minor == 0) {  // gate: admits all; branch 1 1 1 1 1 1 1 1 1 0 1
    fp8_path();
  }
  TORCH_CHECK(major >= 8, "needs Ampere or newer");  // gate: admits 8.0, 8.6, 8.7, 8.9, 9.0, 10.0, 10.3, 11.0, 12.0, 12.1
}

void props_param(const cudaDeviceProp& p) {
  if (p.major * 10 + p.minor >= 100) {  // gate: admits all; branch 1 1 1 1 1 1 0 0 0 0 0
    fp8_path();
  } else {
    bf16_path();
  }
}

void wrapped_attribute(int device) {
  int arch = 0;
  CHECK_CUDA_ERROR(cudaDeviceGetAttribute(&arch, cudaDevAttrComputeCapabilityMajor, device));
  assert(arch == 9 && "only sm90 kernels were built");  // gate: admits 9.0
  fp8_path();
}

void streamed_message(int device_id) {
  int major = 0;
  CheckCuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device_id), "query");
  TVM_FFI_ICHECK(major == 10) << "kernel built for " << "sm100 only";  // gate: admits 10.0, 10.3; refusal fails TVM_FFI_ICHECK: kernel built for sm100 only
}

// A GPU the check above throws for never reaches a statement after it, so
// the comparison form has a function of its own.
void compared_check(int device_id) {
  int major = 0;
  CheckCuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device_id), "query");
  TVM_FFI_ICHECK_GE(major, 9);  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1
}
