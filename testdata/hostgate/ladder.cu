// A dispatch ladder over the SM version that refuses everything it does
// not list, and one that only special-cases a single new arch.
#include <torch/extension.h>

namespace demo {

int getSMVersion();
void launch_hopper(int);
void launch_blackwell(int);
void launch_consumer(int);

void run_gemm(int n) {
  int sm_version = getSMVersion();
  if (sm_version == 90) {  // gate: admits 9.0, 10.0; refusal fails TORCH_CHECK: run_gemm: unsupported SM 
    launch_hopper(n);
  } else if (sm_version == 100) {
    launch_blackwell(n);
  } else {
    TORCH_CHECK(false, "run_gemm: unsupported SM ", sm_version);
  }
}

// Only 12.0 gets the consumer kernel; 12.1 silently continues.
void pick_consumer(int n) {
  auto sm = getSMVersion();
  if (sm == 120) {  // gate: admits all; branch 1 1 1 1 1 1 1 1 1 0 1
    launch_consumer(n);
    return;
  }
  launch_hopper(n);
}

// A fallback for every older GPU: all capabilities run something.
void fast_or_slow(int n) {
  const int sm_version = getSMVersion();
  if (sm_version >= 90) launch_hopper(n);  // gate: admits all; branch 1 1 1 1 1 0 0 0 0 0 0
  else launch_consumer(n);
}

// Window checked with throw.
void windowed(int n) {
  int v = get_sm_version();
  if (v < 90 || v >= 120) {  // gate: admits 9.0, 10.0, 10.3, 11.0; refusal throws std::runtime_error(...)
    throw std::runtime_error("needs sm90 to sm11x");
  }
  launch_hopper(n);
}

}  // namespace demo
