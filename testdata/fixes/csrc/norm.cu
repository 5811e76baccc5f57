#include "norm.cuh"
