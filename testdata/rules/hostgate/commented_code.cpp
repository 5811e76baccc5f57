// Rule fixture: commented-out code above a check is no explanation of it;
// the authors' prose above such code is. Written for archlint.
#include <stdexcept>

void run70();
void run75();
void run80();

void int8_gemm(int sm_) {
  /* if (sm_ >= 70 && sm_ < 75) { */
  /*     run70( */
  /*         a, b, c);
   */
  /* } */
  if (sm_ >= 80 && sm_ < 90) { // want "AL201 host-side capability check admits 8.x and shuts out 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws std::runtime_error\\(\\.\\.\\.\\)\\.$"
    run80();
  } else {
    throw std::runtime_error("Arch unsupported for CUTLASS int8 GEMM");
  }
}

void int4_gemm(int sm_) {
  // Ampere only: the int4 layouts are SM80's.
  // if (sm_ >= 75) { run75(); }
  // else { run70(); }
  if (sm_ >= 80 && sm_ < 90) { // want "AL201 host-side capability check admits 8.x and shuts out 9.x, 10.x, 11.x, 12.x: .* The code's comment there: .Ampere only: the int4 layouts are SM80's..$"
    run80();
  } else {
    throw std::runtime_error("Arch unsupported for CUTLASS int4 GEMM");
  }
}
