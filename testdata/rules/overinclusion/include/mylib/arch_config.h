// Rule fixture: a header that derives a feature macro from the
// architecture, included from a kernel in another directory of the same
// root. Written for archlint.
#pragma once

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
#define MYLIB_HAS_WGMMA 1
#endif
