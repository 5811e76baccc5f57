// Rule fixture: the same refusal outside such a directory stays a warning.
// Written for archlint.
#include <stdexcept>

int getSMVersion();
void compile_fc2();

void build_fc2() {
  int const sm_version = getSMVersion();
  if (sm_version != 90) { // want "AL201 .*on 12.0 .sm_120.: throws std::runtime_error\\(\\.\\.\\.\\)\\.$"
    throw std::runtime_error("the MoE GEMM needs sm_90");
  }
  compile_fc2();
}
