// An identifier after an operand, in two conditions: one notification for
// the identifier, which names the evaluator's error.
#if defined(__CUDA_ARCH__) LIB_BUILD_OPTION
__global__ void option_kernel() {}
#endif

#if 1 LIB_BUILD_OPTION
#endif
