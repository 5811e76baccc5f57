// Rule fixture: the translation unit.
#include "d/uses.cuh"
