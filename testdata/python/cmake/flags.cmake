# gencode flags appended by a helper
list(APPEND GENCODE_ARCH_FLAGS "-gencode=arch=compute_120a,code=sm_120a")  # gate: cmake-arch-list admits 12.0
