// Engine fixture: an X-macro header with neither include guard nor
// #pragma once (like CCCL's prologue.h): every #include reads it again and
// its effect depends on the macro state it meets. Re-readings are replayed
// from memory when they start from the same state (rereads.go).
#if defined(PUSHED)
#  define PUSHED_TWICE 1
#else
#  define PUSHED 1
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define PUSH_FAST 1
#endif
#if defined(USER_CONFIG)
#  define PUSH_CONFIGURED 1
#endif
