// Rule fixture: a capability helper spelled getSmVersion (camel case with a
// lower-case m), as plugin libraries write it, and a local named smVersion.
// Written for archlint.
#include <stdexcept>

int getSmVersion();
void run_turing();
void run_ampere();
void run_hopper();

void enqueue_attention() {
  int const smVersion = getSmVersion();
  if (smVersion == 75) { // want "AL201 host-side capability check admits 7.x, 8.0, 8.6 and shuts out 8.7, 8.8, 8.9, 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws"
    run_turing();
  } else if (smVersion == 80 || smVersion == 86) {
    run_ampere();
  } else {
    throw std::runtime_error("unsupported SM version");
  }
}

void enqueue_gemm() {
  if (getSmVersion() >= 90 && getSmVersion() < 100) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws"
    run_hopper();
  } else {
    throw std::runtime_error("needs Hopper");
  }
}
