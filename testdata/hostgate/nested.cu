// A ladder whose 8.x arm holds a check of its own, as in an int8 GEMM entry
// point: the inner check only tells 8.x GPUs apart, and capabilities the
// outer ladder sends elsewhere have no outcome there (-2).
#include <torch/extension.h>

int getSMVersion();
void run75(int);
void run80(int);
void run89(int);
void run90(int);

void int8_mm(int n) {
  auto sm_version = getSMVersion();
  if (sm_version >= 75 && sm_version < 80) {  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9, 9.0; branch 0 1 1 1 1 2 -1 -1 -1 -1 -1
    run75(n);
  } else if (sm_version >= 80 && sm_version < 90) {
    if (sm_version == 86 || sm_version == 89) {  // gate: admits 8.0, 8.6, 8.7, 8.9; branch -2 1 0 1 0 -2 -2 -2 -2 -2 -2
      run89(n);
    } else {
      run80(n);
    }
  } else if (sm_version == 90) {
    run90(n);
  } else {
    TORCH_CHECK_NOT_IMPLEMENTED(false, "no int8 kernel for this GPU");
  }
}

// The else arm is nested too: only 9.0 and newer meet the inner check.
void else_nested(int n) {
  int sm = getSMVersion();
  if (sm < 90) {  // gate: admits all; branch 0 0 0 0 0 1 1 1 1 1 1
    run80(n);
  } else {
    if (sm == 90) {  // gate: admits 9.0; branch -2 -2 -2 -2 -2 0 -1 -1 -1 -1 -1; refusal fails TORCH_CHECK: only sm90
      run90(n);
    } else {
      TORCH_CHECK(false, "only sm90");
    }
  }
}
