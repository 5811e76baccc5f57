// Rule fixture: capability checks in C++ host code. Written for archlint.
#include <stdexcept>

int getSMVersion();
void run_hopper();
void run_blackwell();
void run_generic();

void launch_gemm() {
  int sm_version = getSMVersion();
  if (sm_version == 90) { // want "AL201 host-side capability check admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.:"
    run_hopper();
  } else if (sm_version == 100) {
    run_blackwell();
  } else {
    throw std::runtime_error("unsupported GPU architecture");
  }
}

void launch_norm() {
  int sm_version = getSMVersion();
  if (sm_version >= 90) {  // no finding: an open lower bound admits 12.0
    run_hopper();
  } else {
    run_generic();
  }
}

// The 8.x arm's own check never meets 12.0: only the outer ladder, whose
// else refuses every GPU newer than 9.0, shuts it out.
void int8_gemm() {
  int sm_version = getSMVersion();
  if (sm_version >= 80 && sm_version < 90) { // want "AL201 host-side capability check admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: fails TORCH_CHECK_NOT_IMPLEMENTED: no int8 kernel for this GPU"
    if (sm_version == 86 || sm_version == 89) {
      run_generic();
    } else {
      run_hopper();
    }
  } else if (sm_version == 90) {
    run_hopper();
  } else {
    TORCH_CHECK_NOT_IMPLEMENTED(false, "no int8 kernel for this GPU.");
  }
}

// One GPU singled out: 12.0 takes the general path with 10.x and 11.x.
size_t workspace_size() {
  int sm_version = getSMVersion();
  if (sm_version == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 8.9 and older .returns 1 << 20., as 10.x and 11.x do: only 9.x gets the other path"
    return 1 << 30;
  }
  return 1 << 20;
}

void mla_decode() {
  int sm_version = getSMVersion();
  /* The SM100 kernels only: on SM103 half of the accuracy tests fail, and
   * consumer Blackwell has no tcgen05. */
  if (sm_version != 100) { // want "AL201 host-side capability check admits 10.0 and shuts out 10.3, 11.x, 12.x: .* The code's comment there: .The SM100 kernels only: on SM103 half of the accuracy tests fail, and consumer Blackwell has no tcgen05.. The path it keeps 12.0 .sm_120. from is another family's: the arm for 10.0 names `run_sm100`, datacenter Blackwell kernels .tcgen05/UMMA., which sm_120 cannot run. Opening the check would not help: 12.0 .sm_120. needs kernels of its own there, so this is a note.$"
    TORCH_CHECK_NOT_IMPLEMENTED(false, "SM100 only");
  }
  run_sm100();
}

// A GPU a TORCH_CHECK throws for reaches none of the statements after it:
// the bf16 check repeats the test, and 12.0 never gets there.
void blocked_attention(bool use_bf16) {
  int sm_version = getSMVersion();
  TORCH_CHECK(sm_version == 90 || sm_version / 10 == 8, "blocked attention needs Ampere or Hopper"); // want "AL201 host-side capability check admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: fails TORCH_CHECK: blocked attention needs Ampere or Hopper"
  if (use_bf16) {
    TORCH_CHECK(sm_version == 90 || sm_version / 10 == 8, "bf16 needs Ampere or Hopper");  // no finding: 12.0 threw above
  }
  run_generic();
}

// Arms that only add checks that may refuse: 12.0 skips the head-size
// limits older GPUs validate, which shuts it out of nothing.
int validate_sdpa(int d_qk) {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major == 8) {  // no finding
    RETURN_FRONTEND_ERROR_IF(d_qk > 128, GRAPH_NOT_SUPPORTED, "head_dim at most 128 on Ampere");
  }
  if (prop.major == 9) {  // no finding
    TORCH_CHECK(d_qk <= 256, "head_dim at most 256 on Hopper");
  }
  return 0;
}

// The capability handed in as a parameter named for it (ppl.llm's
// xformers dispatch, called with major * 10 + minor).
template <class T>
int dispatch_fmha(T cb, int cc) {
  if (80 <= cc && cc < 100) { // want "AL201 host-side capability check admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 7.5 and older"
    return run_sm80(cb);
  }
  return -1;
}

// The capability ANDed with a compile-time type test: 8.x and 9.x take
// the kernel when the type holds, 12.0 never does.
template <class DT, class T>
int dispatch_typed(T cb, int cc) {
  if (std::is_same<DT, bf16>::value && 80 <= cc && cc < 100) { // want "AL201 host-side capability check admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x: .* On 8.x, 9.x the rest of the condition decides"
    return run_sm80(cb);
  }
  return -1;
}

// An arm that leaves serves no GPU that takes it: no finding.
bool supported_by_library(int library_version) {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  if (library_version < 8600 && prop.major == 9) {  // no finding
    return false;
  }
  return true;
}

// Only the oldest GPUs may take the arm (an exception handler's message
// for them): a legacy path, no finding, though the others then fail.
void on_error(int status) {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major < 8 && status == 7) {  // no finding
    print_message("only supported on Ampere and newer");
  } else {
    TORCH_CHECK(false, "unexpected error");
  }
}

// A nested jump filters: no finding.
int pick_config(int sm_version, bool patch, int n) {
  int chosen = 0;
  for (int i = 0; i < n; ++i) {
    if (patch && sm_version == 103) {  // no finding
      if (i % 2) continue;
    }
    chosen = i;
  }
  return chosen;
}
