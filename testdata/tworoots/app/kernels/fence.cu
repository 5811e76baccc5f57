// Fixture (TestMessageNamesOtherRoot): the application's kernel reads the
// library's macro; its AL106 names the #define with the library's root.
// Written for archlint.
#include "mylib/arch_config.h"

__global__ void fence_app() {
#ifdef MYLIB_HAS_WGMMA
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
