// Rule fixture: bad input must not stop the scan. Written for archlint.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1200 // want "AL101 admits sm_75..sm_110"
int x;
#endif
#endif
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900
int y;
#if 1 / 0
#endif
#if defined(__CUDA_ARCH__)
int z;
