// Rule fixture: host checks on a capability major that a runtime object's
// helper returns from another file. Written for archlint. This file holds
// none of the other capability words, so the scan must still pick it for
// host checks by "arch_major".
#pragma once

// A runtime object's major-only helper, defined in another file (DeepGEMM's
// device_runtime->get_arch_major()), and a failure macro named *_UNREACHABLE.
void fp8_gemm_nt(int m) {
  const auto arch_major = device_runtime->get_arch_major();
  if (arch_major == 9) { // want "AL201 host-side capability check admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: DG_HOST_UNREACHABLE: Unsupported architecture"
    sm90_fp8_gemm(m);
  } else if (arch_major == 10) {
    sm100_fp8_gemm(m);
  } else {
    DG_HOST_UNREACHABLE("Unsupported architecture");
  }
}

int mk_alignment() {
  if (device_runtime->get_arch_major() != 10) // want "AL201 host-side capability check admits 10.x and shuts out 11.x, 12.x: 12.0 .sm_120. takes the path of 9.0 and older .returns 128."
    return 128;
  return 256;
}
