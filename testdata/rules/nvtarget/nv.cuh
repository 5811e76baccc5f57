// Rule fixture: <nv/target> gates shut the target out like directives do.
// Written for archlint.
#pragma once
#include <nv/target>

__device__ float exact(float x) {
  NV_IF_ELSE_TARGET(NV_IS_EXACTLY_SM_90, (return x * 2.0f;), (return x;)) // want "AL101 This NV_IF_ELSE_TARGET admits sm_90 and shuts out sm_100..sm_121"
}

__device__ float provides(float x) {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, (return x * 2.0f;), (return x;))
}
