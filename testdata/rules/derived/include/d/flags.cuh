// Rule fixture: a define-only range; the shut-out is reported where the
// macro is tested (uses.cuh), not here. Written for archlint.
#pragma once
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)
#define D_HAS_PDL 1
#endif
