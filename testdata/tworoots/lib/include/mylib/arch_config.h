// Fixture (TestMessageNamesOtherRoot): a library beside the application,
// scanned as a second root, derives a feature macro from the
// architecture. Written for archlint.
#pragma once

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
#define MYLIB_HAS_WGMMA 1
#endif
