// Rule fixture: a scheduler's reject-reason function returns the reason a
// fusion cannot run, "" when it can. A Hopper-only limit (TMA coordinates
// are 32-bit there) refuses some inputs on 9.x alone: the other GPUs skip a
// restriction, which shuts them out of nothing. Written for archlint.
#include <cuda_runtime.h>
#include <sstream>
#include <string>
#include <vector>

const cudaDeviceProp* getCurrentDeviceProperties();

std::string getTileRejectReason(const std::vector<std::vector<long>>& shapes) {
  const auto prop = getCurrentDeviceProperties();
  if (prop->major == 9) {
    for (const auto& shape : shapes) {
      for (long extent : shape) {
        if (extent >= (1L << 31)) {
          std::stringstream ss;
          ss << "dims larger than 2^31-1 are not supported on Hopper, got " << extent;
          return ss.str();
        }
      }
    }
  }
  return "";
}

// A reason function whose arm does work is still read.
int pick_tile_sm();

std::string getLayoutRejectReason(int* tile) {
  const auto prop = getCurrentDeviceProperties();
  if (prop->major == 9) { // want "AL201 This host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x"
    *tile = pick_tile_sm();
  }
  return "";
}

// Outside a reason function, a returned string is a value, not a refusal.
std::string tileName() {
  const auto prop = getCurrentDeviceProperties();
  if (prop->major == 9) { // want "AL201 This host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x"
    for (int i = 0; i < 2; ++i) {
      return "hopper_tile";
    }
  }
  return "generic_tile";
}
