// Rule fixture: the capability in a parameter or local named plain sm,
// compared with architecture numbers. Written for archlint.
#include <stdexcept>

void run_turing_fused();
void run_ampere_fused();
void run_generic();

void window_attention(const int* params) {
  const int sm = params[5];
  if (sm == 75) { // want "AL201 host-side capability check admits 7.x, 8.0, 8.6 and shuts out 8.7, 8.8, 8.9, 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws"
    run_turing_fused();
  } else if (sm == 80 || sm == 86) {
    run_ampere_fused();
  } else {
    throw std::runtime_error("no fused attention for this GPU");
  }
}

// A shared-memory size in KiB: no architecture number, no check.
void pick_tiles(int sm) {
  if (sm >= 164) { // want: none
    run_ampere_fused();
  } else {
    throw std::runtime_error("not enough shared memory");
  }
}

struct LaunchParams {
  bool use_granular_tiling;
};

void pick_tiling(LaunchParams& launch_params, int sm, bool e4m3) {
  // The arm turns a feature off for one GPU: the others, the target among
  // them, keep it.
  if (launch_params.use_granular_tiling && (e4m3 && sm == 80)) {  // want: none
    printf("no tiled e4m3 kernels on this GPU\n");
    launch_params.use_granular_tiling = false;
  }
}
