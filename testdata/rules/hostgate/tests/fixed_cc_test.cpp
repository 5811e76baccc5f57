// Rule fixture: a capability-named local in a test. Written for archlint.
#include <cassert>

int run(const int* params) {
  {
    // Built from a named architecture: that architecture, not the device's.
    const cuda::compute_capability cc{cuda::arch_id::sm_89};
    assert(static_cast<int>(cc) == 89);  // want: none
  }
  {
    // Built from what archlint cannot read: taken by its name.
    const cuda::compute_capability cc{params[3]};
    assert(static_cast<int>(cc) == 89);  // want "AL203 host-side capability check admits 8.9"
  }
  return 0;
}
