// A variable, parameter or member named plain sm (sm_, SM) is the
// capability only where it is compared with an architecture number: the
// same name often holds a shared-memory size or an SM count.
#include <stdexcept>

void run_a();
void run_b();
void run_fused();
void run_unfused();

void by_param(const int sm) {
  if (sm == 80 || sm == 86) {  // gate: admits all; branch 1 0 0 1 1 1 1 1 1 1 1
    run_a();
  } else {
    run_b();
  }
}

void by_local(const int* params, int head_size) {
  const int sm = params[5];
  if (sm == 75 || sm == 80) {  // gate: admits 7.5, 8.0; refusal throws std::runtime_error(...)
    run_fused();
  } else {
    throw std::runtime_error("no fused kernel");
  }
  const int max_stages = sm >= 80 ? 4 : 2;  // gate: admits 7.5, 8.0; branch 1 0 -2 -2 -2 -2 -2 -2 -2 -2 -2
}

struct Runner {
  int sm_;
  void run() {
    if (sm_ >= 90) {  // gate: admits all; branch 1 1 1 1 1 0 0 0 0 0 0
      run_a();
    } else {
      run_b();
    }
  }
};

// Not architecture numbers: a shared-memory size and a count.
void smem_size(int sm, int blocks) {
  if (sm > 48) {  // gate: none
    run_a();
  }
  if (sm == 64 || sm >= 227) {  // gate: none
    run_b();
  }
  switch (sm) {  // gate: none
    case 0: run_a(); break;
    case 1: run_b(); break;
  }
  int x = sm ? 1 : 2;  // gate: none
}
