// Rule fixture: a dispatch ladder whose first arm is not the one that
// leaves the target out. The finding stays at the first arm (the ladder's
// start) and names the arm nearest the target: the bound to look at is
// there. Written for archlint.
#include <stdexcept>

void run70();
void run75();
void run80();
void run90();
void run100();

void dispatch(int sm) {
  if (sm >= 70 && sm < 75) { // want "AL201 host-side capability check admits 7.x, 8.x and shuts out 9.x, 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws std::runtime_error.*\\. The arm nearest 12.0 .sm_120., for 8.x, is at line 18: `sm >= 80 && sm < 90`\\.$"
    run70();
  } else if (sm >= 75 && sm < 80) {
    run75();
  } else if (sm >= 80 && sm < 90) {
    run80();
  } else {
    throw std::runtime_error("Arch unsupported");
  }
}

// The first arm is the nearest one: nothing to add.
void dispatch_newest_first(int sm_version) {
  if (sm_version >= 90 && sm_version < 100) { // want "AL201 host-side capability check admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: throws std::runtime_error\\(\\.\\.\\.\\)\\.$"
    run90();
  } else if (sm_version >= 80 && sm_version < 90) {
    run80();
  } else {
    throw std::runtime_error("Arch unsupported");
  }
}

// Equality arms: the newest GPU admitted, 10.0, has the last one.
void dispatch_equal(int sm_version) {
  if (sm_version == 90) { // want "AL201 host-side capability check admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: .* The arm nearest 12.0 .sm_120., for 10.0, is at line 40: `sm_version == 100`\\.$"
    run90();
  } else if (sm_version == 100) {
    run100();
  } else {
    throw std::runtime_error("Arch unsupported");
  }
}
