# Rule fixture: the project builds sm_120f, so plain-sm_120-only problems are
# notes. Written for archlint.
sm120f_nvcc_flags = ["-gencode=arch=compute_120f,code=sm_120f"]  # want: none for this per-arch flag constant
