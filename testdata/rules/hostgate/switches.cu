// Rule fixture: host dispatch behind build switches named for an
// architecture, as vllm writes it. Written for archlint.
#include <cstdint>

int32_t get_sm_version_num();
void gemm_sm120();
void gemm_sm100();
void gemm_sm90();
void gemm_sm80();
void grouped_sm100();
void grouped_sm90();

// Each architecture's switch is on in a build for it: 12.0 is served
// first and never meets the older kernels' checks.
void gemm_dispatch() {
  int32_t version_num = get_sm_version_num();
#if defined ENABLE_GEMM_SM120 && ENABLE_GEMM_SM120
  if (version_num >= 120) {  // no finding: 12.x has its own kernel
    gemm_sm120();
    return;
  }
#endif
#if defined ENABLE_GEMM_SM100 && ENABLE_GEMM_SM100
  if (version_num >= 100 && version_num < 120) {  // no finding: 12.x returned above
    gemm_sm100();
    return;
  }
#endif
#if defined ENABLE_GEMM_SM90 && ENABLE_GEMM_SM90
  if (version_num >= 90 && version_num < 100) {  // no finding
    gemm_sm90();
    return;
  }
#endif
#if defined ENABLE_GEMM_C2X && ENABLE_GEMM_C2X
  if (version_num >= 80) {  // no finding: 12.x returned above
    gemm_sm80();
    return;
  }
#endif
  TORCH_CHECK_NOT_IMPLEMENTED(false, "no compiled gemm for capability ", version_num);
}

// No switch serves 12.0 here: the dispatch refuses it.
void grouped_dispatch() {
  int32_t version_num = get_sm_version_num();
#if defined ENABLE_GROUPED_SM100 && ENABLE_GROUPED_SM100
  if (version_num >= 100 && version_num < 110) {  // want "AL201 This host-side capability check admits 9.x, 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: fails TORCH_CHECK_NOT_IMPLEMENTED: no compiled grouped gemm"
    grouped_sm100();
    return;
  }
#endif
#if defined ENABLE_GROUPED_SM90 && ENABLE_GROUPED_SM90
  if (version_num >= 90 && version_num < 100) {
    grouped_sm90();
    return;
  }
#endif
  TORCH_CHECK_NOT_IMPLEMENTED(false, "no compiled grouped gemm for capability ", version_num);
}

// Every GPU from 9.0 on is sent to the Hopper kernel (CUTLASS 3.x, wgmma:
// built for sm_90a alone): 12.0 cannot run it.
void gemm_azp_sm90();
void gemm_azp_sm80();
int const tile_m_sm90 = 128;
void azp_dispatch() {
  int32_t version_num = get_sm_version_num();
#if defined ENABLE_GEMM_SM90 && ENABLE_GEMM_SM90
  if (version_num >= 90) {  // want "AL204 This host-side capability check sends 12.0 .sm_120. down the path of 9.0: runs gemm_azp_sm90\\(\\);, returns. That path is named for Hopper kernels .sm_90a: wgmma., which sm_120 does not have"
    gemm_azp_sm90();
    return;
  }
#endif
  if (version_num >= 80) {
    gemm_azp_sm80();
    return;
  }
  TORCH_CHECK_NOT_IMPLEMENTED(false, "no compiled azp gemm for capability ", version_num);
}

// A Hopper tile size is no kernel: no finding.
int tile_for() {
  int32_t version_num = get_sm_version_num();
  if (version_num >= 90) {
    return tile_m_sm90;
  }
  return 64;
}
