// Fixture: a multi-vendor library whose architecture tests all depend on
// two build switches no scanned file defines. Written for archlint.
#pragma once

__device__ int op0(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 2;
#else
  return x;
#endif
}

__device__ int op1(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 3;
#else
  return x;
#endif
}

__device__ int op2(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 4;
#else
  return x;
#endif
}

__device__ int op3(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 5;
#else
  return x;
#endif
}

__device__ int op4(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 6;
#else
  return x;
#endif
}

__device__ int op5(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 7;
#else
  return x;
#endif
}

__device__ int op6(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 8;
#else
  return x;
#endif
}

__device__ int op7(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 9;
#else
  return x;
#endif
}

__device__ int op8(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 10;
#else
  return x;
#endif
}

__device__ int op9(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 11;
#else
  return x;
#endif
}

__device__ int op10(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 12;
#else
  return x;
#endif
}

__device__ int op11(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 13;
#else
  return x;
#endif
}

__device__ int op12(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 14;
#else
  return x;
#endif
}

__device__ int op13(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 15;
#else
  return x;
#endif
}

__device__ int op14(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 16;
#else
  return x;
#endif
}

__device__ int op15(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 17;
#else
  return x;
#endif
}

__device__ int op16(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 18;
#else
  return x;
#endif
}

__device__ int op17(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 19;
#else
  return x;
#endif
}

__device__ int op18(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 20;
#else
  return x;
#endif
}

__device__ int op19(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 21;
#else
  return x;
#endif
}

__device__ int op20(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 22;
#else
  return x;
#endif
}

__device__ int op21(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 23;
#else
  return x;
#endif
}

__device__ int op22(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 810
  return x * 24;
#else
  return x;
#endif
}

__device__ int op23(int x) {
#if !defined(MYLIB_BACKEND_OTHER) && !defined(MYLIB_BACKEND_THIRD) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 820
  return x * 25;
#else
  return x;
#endif
}
