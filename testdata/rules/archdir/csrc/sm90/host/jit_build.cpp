// Rule fixture: host code under a directory named for one architecture
// refuses the others by design. Written for archlint.
#include <stdexcept>

int getSMVersion();
void compile_fc1();

void build_fc1() {
  int const sm_version = getSMVersion();
  if (sm_version != 90) { // want "AL201 .*on 12.0 .sm_120.: throws.* Its file is under csrc/sm90/, which is named for sm_90: the code there is that architecture's, so shutting 12.0 .sm_120. out is by design"
    throw std::runtime_error("the push-style MoE GEMM needs sm_90");
  }
  compile_fc1();
}
