// Rule fixture: the message names the #define in another directory by its
// path from the scan root, as the finding's own location is given.
// Written for archlint.
#include "mylib/arch_config.h"

__global__ void fence_lib() {
#ifdef MYLIB_HAS_WGMMA // want "AL106 .*warpgroup MMA via wgmma.* MYLIB_HAS_WGMMA comes from its #define at include/mylib/arch_config.h:7, under"
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
