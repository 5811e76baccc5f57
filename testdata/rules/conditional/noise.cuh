// Rule fixture: eight build macros that only pick a pragma leave more
// chains undecided than the macros of fp8.cuh and derived_mma.cuh, which
// guard architecture ranges. The assumption runs (eight macros at most) go
// to the macros whose chains test the architecture, so those findings are
// still made (CCCL's _CCCL_IMPLICIT_SYSTEM_HEADER_GCC took the runs of a
// flashinfer scanned beside it). Nothing here is reported.
// Written for archlint.
#pragma once

#ifdef PRAGMA_ONLY_A
#pragma message("option A")
#endif

#ifdef PRAGMA_ONLY_A
#pragma message("option A")
#endif

#ifdef PRAGMA_ONLY_A
#pragma message("option A")
#endif

#ifdef PRAGMA_ONLY_A
#pragma message("option A")
#endif

#ifdef PRAGMA_ONLY_B
#pragma message("option B")
#endif

#ifdef PRAGMA_ONLY_B
#pragma message("option B")
#endif

#ifdef PRAGMA_ONLY_B
#pragma message("option B")
#endif

#ifdef PRAGMA_ONLY_B
#pragma message("option B")
#endif

#ifdef PRAGMA_ONLY_C
#pragma message("option C")
#endif

#ifdef PRAGMA_ONLY_C
#pragma message("option C")
#endif

#ifdef PRAGMA_ONLY_C
#pragma message("option C")
#endif

#ifdef PRAGMA_ONLY_C
#pragma message("option C")
#endif

#ifdef PRAGMA_ONLY_D
#pragma message("option D")
#endif

#ifdef PRAGMA_ONLY_D
#pragma message("option D")
#endif

#ifdef PRAGMA_ONLY_D
#pragma message("option D")
#endif

#ifdef PRAGMA_ONLY_D
#pragma message("option D")
#endif

#ifdef PRAGMA_ONLY_E
#pragma message("option E")
#endif

#ifdef PRAGMA_ONLY_E
#pragma message("option E")
#endif

#ifdef PRAGMA_ONLY_E
#pragma message("option E")
#endif

#ifdef PRAGMA_ONLY_E
#pragma message("option E")
#endif

#ifdef PRAGMA_ONLY_F
#pragma message("option F")
#endif

#ifdef PRAGMA_ONLY_F
#pragma message("option F")
#endif

#ifdef PRAGMA_ONLY_F
#pragma message("option F")
#endif

#ifdef PRAGMA_ONLY_F
#pragma message("option F")
#endif

#ifdef PRAGMA_ONLY_G
#pragma message("option G")
#endif

#ifdef PRAGMA_ONLY_G
#pragma message("option G")
#endif

#ifdef PRAGMA_ONLY_G
#pragma message("option G")
#endif

#ifdef PRAGMA_ONLY_G
#pragma message("option G")
#endif

#ifdef PRAGMA_ONLY_H
#pragma message("option H")
#endif

#ifdef PRAGMA_ONLY_H
#pragma message("option H")
#endif

#ifdef PRAGMA_ONLY_H
#pragma message("option H")
#endif

#ifdef PRAGMA_ONLY_H
#pragma message("option H")
#endif

#if defined(__CUDA_ARCH__)
#define NOISE_DEVICE_SIDE 1
#endif
