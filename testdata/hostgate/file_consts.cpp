// Architecture constants declared at file or namespace scope are read by
// their values, as a function's own constants are; the names say nothing.
#include <stdexcept>
void run_a();
void run_b();
int getSMVersion();

constexpr int kSM_80 = 80;
static const int kSM_86 = 86;
namespace arch {
constexpr int kHopper = 90;
}  // namespace arch
constexpr int kNotConst = 48;  // a size, compared with nothing here
int kMutable = 100;            // not const: may change before the check

struct Layer {
  int sm_;
  void dispatch() {
    if (sm_ == kSM_80 || sm_ == kSM_86) {  // gate: admits all; branch 1 0 0 1 1 1 1 1 1 1 1
      run_a();
    } else {
      run_b();
    }
  }
};

void hopper_only() {
  if (getSMVersion() != arch::kHopper) {  // gate: admits 9.0; refusal throws std::runtime_error(...)
    throw std::runtime_error("Hopper only");
  }
  run_a();
}

void by_name() {
  int sm = getSMVersion();
  if (sm >= kSM_86) {  // gate: admits all; branch 1 1 0 0 0 0 0 0 0 0 0
    run_a();
  } else {
    run_b();
  }
  if (sm == kMutable) {  // gate: none
    run_a();
  }
}

// A comment (with parentheses) = before a constant used below.
constexpr int kSM_100 = 100;
/* (block) */ static constexpr int kSM_120 = 120;

void blackwell_only() {
  if (getSMVersion() == kSM_100 || getSMVersion() == kSM_120) {  // gate: admits 10.0, 12.0; refusal throws std::runtime_error(...)
    run_a();
  } else {
    throw std::runtime_error("needs 10.0 or 12.0");
  }
}
