// Rule fixture: host code that picks tile sizes by capability (AL105) or
// picks a path (AL201). Written for archlint.
#include <cuda_runtime.h>

template <int MT>
void launch_tile();

int tile_rows(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  int mt = (prop.major == 10) ? 128 : 64;  // want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this host-side capability check gives 10.x its own .takes 128. and 12.0 .sm_120. takes the path of 9.0 and older .takes 64."
  return mt;
}

int stages(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  int n;
  if (prop.major == 9) {  // want "AL105 .*gives 9.x its own .runs n = 4;. and 12.0 .sm_120. takes the path of 8.9 and older .runs n = 2;."
    n = 4;
  } else {
    n = 2;
  }
  return n;
}

bool use_wgmma(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  int sm_mma = (prop.major == 9) ? 90 : 80;  // want "AL201 This host-side capability check admits 9.x"
  return sm_mma == 90;
}

// A switch whose labels only return launch shapes: tuning.
int cta_rows(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  switch (prop.major * 10 + prop.minor) {  // want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this host-side capability check gives 8.0, 8.9 their own .case 89: returns 8. and 12.0 .sm_120. takes the path of 8.6 to 8.8 .default: returns 4."
    case 80:
    case 89:
      return 8;
    default:
      return 4;
  }
}

// Returning a value computed from other names picks a result, and a
// function named for the architecture returns a GPU's number: AL201 both.
int scaled(int device, int x) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  switch (prop.major) {  // want "AL201 This host-side capability check admits 9.x"
    case 9:
      return x * 2;
    default:
      return x;
  }
}

int get_sm_version(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  if (prop.major == 9) {  // want "AL201 This host-side capability check admits 9.x"
    return 90;
  } else {
    return 80;
  }
}

template <int Headdim, int kBlockM, int kBlockN, int kNWarps>
struct Kernel_traits {};
template <typename Traits, bool Is_causal>
void run_fwd(int stream);
template <int Arch>
void run_arch(int stream);

// Arms that launch one template with other tile sizes: tuning, however
// the arms nest.
template <bool Is_causal>
void run_hdim96(int stream) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  bool is_sm8x = prop.major == 8 && prop.minor > 0;
  if (is_sm8x) {  // want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: this host-side capability check gives 8.6, 8.7, 8.8, 8.9 their own"
    if constexpr (!Is_causal) {
      run_fwd<Kernel_traits<96, 128, 64, 4>, Is_causal>(stream);
    } else {
      run_fwd<Kernel_traits<96, 64, 64, 4>, Is_causal>(stream);
    }
  } else {
    run_fwd<Kernel_traits<96, 128, 32, 4>, Is_causal>(stream);
  }
}

// The numbers name an architecture: a path, not tuning.
void run_by_arch(int stream) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major == 9) {  // want "AL201 This host-side capability check admits 9.x"
    run_arch<90>(stream);
  } else {
    run_arch<80>(stream);
  }
}

// No else: the arm only resizes what was set just before (mscclpp's block
// count for GB200); 12.0 keeps the default size.
struct Ctx { int worldSize; };
void launch_blocks(const Ctx* ctx, int ccMajor) {
  int nblocks = 32;
  if (ccMajor == 10) {  // want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here"
    nblocks = max(1, min(128 / ctx->worldSize, 64));
  }
  run(nblocks);
}

// A switch set to 1 picks a path: not tuning.
void pick_path(int ccMajor) {
  int use_fast = 0;
  if (ccMajor == 10) {  // want "AL201 host-side capability check admits 10.x"
    use_fast = 1;
  }
  run(use_fast);
}

// Arms that return numbers, then a count for every other GPU: the
// function picks a number (FBGEMM's default pipeline SMs).
int multiprocessor_count(int device);
int default_pipeline_sms(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  if (prop.major == 8) {  // want "AL105 12.0 .sm_120. runs with numbers chosen for other GPUs here: .*takes the path of 7.5 and older .returns div_round_up.multiprocessor_count.device., kRatio.."
    return 4;
  } else if (prop.major == 9) {
    return 16;
  }
  constexpr int kRatio = 8;
  return div_round_up(multiprocessor_count(device), kRatio);
}

// The same arms before a call that does work: a path, not a number.
int run_kernel(int device);
int dispatch_or_run(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  if (prop.major == 9) {  // want "AL201 host-side capability check admits 9.x"
    return 16;
  }
  launch_default(device);
  return run_kernel(device);
}
