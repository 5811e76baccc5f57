// Rule fixture: host code that picks tile sizes by capability (AL105) or
// picks a path (AL201). Written for archlint.
#include <cuda_runtime.h>

template <int MT>
void launch_tile();

int tile_rows(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  int mt = (prop.major == 10) ? 128 : 64;  // want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this host-side capability check gives 10.x its own .takes 128. and 12.0 .sm_120. takes the path of 9.0 and older .takes 64."
  return mt;
}

int stages(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  int n;
  if (prop.major == 9) {  // want "AL105 .*gives 9.x its own .runs n = 4;. and 12.0 .sm_120. takes the path of 8.9 and older .runs n = 2;."
    n = 4;
  } else {
    n = 2;
  }
  return n;
}

bool use_wgmma(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  int sm_mma = (prop.major == 9) ? 90 : 80;  // want "AL201 This host-side capability check admits 9.x"
  return sm_mma == 90;
}
