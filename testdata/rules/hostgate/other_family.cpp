// Rule fixture: a host check whose admitted arms select another family's
// kernels or configs (Hopper's, datacenter Blackwell's), which the target
// cannot run: the target loses nothing it could run, and the finding is a
// note that says so. Written for archlint.
#include <stdexcept>
#include <vector>

namespace cfg {
enum Flags { NONE = 0, HOPPER = 1, BLACKWELL = 2 };
enum class TileConfigSM90 { Cta128x16, Cta128x32 };
}  // namespace cfg

std::vector<int> get_candidates(int sm, int flags);
void push_tile(std::vector<int>& out, cfg::TileConfigSM90 t);
void run_sm90_wgmma_gemm();
void run_sm80_gemm();
void run_gemm_generic();
void run_stream_k(int tiles);
constexpr int MAX_M_TILE_SM90 = 128;

std::vector<int> tma_configs(int sm, bool use_fp4, bool humming) {
  // The flag picks Hopper's configs.
  int const hopper = sm == 90 ? cfg::HOPPER : cfg::NONE; // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .* The path it keeps 12.0 .sm_120. from is another family's: the arm for 9.x names `HOPPER`, Hopper kernels .sm_90a: wgmma., which sm_120 cannot run. Opening the check would not help: 12.0 .sm_120. needs kernels of its own there, so this is a note.$"
  std::vector<int> out = get_candidates(sm, hopper);
  // 10.3 adds 10.0's FP4 configs.
  if (sm == 103 && use_fp4) { // want "AL201 host-side capability check admits 10.3 and shuts out 11.x, 12.x: .* the arm for 10.3 names `sm100_configs`, datacenter Blackwell kernels .tcgen05/UMMA., which sm_120 cannot run"
    auto sm100_configs = get_candidates(100, 0);
    out.insert(out.end(), sm100_configs.begin(), sm100_configs.end());
  }
  if (humming) {
    if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .* the arm for 9.x names `TileConfigSM90`, Hopper kernels"
      using Tile = cfg::TileConfigSM90;
      push_tile(out, Tile::Cta128x16);
    }
  }
  return out;
}

// The target refused where Hopper runs its own kernels: a note as well.
void gemm_refuses(int sm) {
  if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws .* the arm for 9.x names `run_sm90_wgmma_gemm`, Hopper kernels"
    run_sm90_wgmma_gemm();
  } else {
    throw std::runtime_error("unsupported GPU");
  }
}

void run_sm100_umma_gemm();

// Two families' arms: each names its own kernels.
void gemm_two_families(int sm) {
  if (sm == 90) { // want "AL201 .*on 12.0 .sm_120.: throws .* The paths it keeps 12.0 .sm_120. from are another family's: the arm for 9.x names `run_sm90_wgmma_gemm`, Hopper kernels .sm_90a: wgmma.; the arm for 10.0 names `run_sm100_umma_gemm`, datacenter Blackwell kernels .tcgen05/UMMA., which sm_120 cannot run"
    run_sm90_wgmma_gemm();
  } else if (sm == 100) {
    run_sm100_umma_gemm();
  } else {
    throw std::runtime_error("unsupported GPU");
  }
}

// One arm of Ampere's among them: 12.0 could run that one, and the
// warning stays.
void gemm_with_ampere(int sm) {
  if (sm == 90) { // want "AL201 .*on 12.0 .sm_120.: throws std::runtime_error\\(\\.\\.\\.\\)\\.$"
    run_sm90_wgmma_gemm();
  } else if (sm == 80) {
    run_sm80_gemm();
  } else {
    throw std::runtime_error("unsupported GPU");
  }
}

// Ampere's kernels run on 12.0: the warning stays.
void gemm_ampere(int sm) {
  if (sm == 80) { // want "AL201 host-side capability check admits 8.0 and shuts out .*12.x: .*newer than 8.0\\.$"
    run_sm80_gemm();
  } else {
    run_gemm_generic();
  }
}

// A Hopper size is no kernel: the warning stays.
void stream_k(int sm) {
  int tiles = 64;
  if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .*newer than 9.x\\.$"
    tiles = MAX_M_TILE_SM90;
    run_stream_k(tiles);
  }
}

// GPUs of other families take the Hopper-named arm too: no family's own
// path, and the warning stays.
void hopper_and_later(int sm) {
  if (sm >= 90 && sm < 120) { // want "AL201 host-side capability check admits 9.x, 10.x, 11.x and shuts out 12.x: .*\\)\\.$"
    run_sm90_wgmma_gemm();
  } else {
    run_gemm_generic();
  }
}

// The target's own path names Hopper kernels as well: not this note's
// reason, and the warning stays.
void both_hopper(int sm) {
  if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .*newer than 9.x\\.$"
    run_sm90_wgmma_gemm();
  } else {
    run_sm90_wgmma_gemm();
    run_gemm_generic();
  }
}

void run_sm100_fp8_bmm();
void run_sm90_fp8_bmm();

// The target's own path is Hopper's (DeepGEMM's einsum): what it takes is
// as much the question as what it misses, and the warning stays.
void bmm(int sm) {
  if (sm >= 100 && sm < 110) { // want "AL201 host-side capability check admits 10.x and shuts out 11.x, 12.x: 12.0 .sm_120. takes the path of 9.0 and older .runs run_sm90_fp8_bmm[^.]*\\.$"
    run_sm100_fp8_bmm();
  } else {
    run_sm90_fp8_bmm();
  }
}

// BLACKWELL names 12.x as much as 10.x: no family.
int blackwell_flag(int sm) {
  return sm == 100 ? cfg::BLACKWELL : cfg::NONE; // want "AL201 host-side capability check admits 10.0 and shuts out .*12.x: .*newer than 10.0\\.$"
}
