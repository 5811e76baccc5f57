// Decisions that do not depend on the capability are no gates.
int getSMCount();
int get_num_sms(int);
void work(int);

void counts(int n) {
  int sms = getSMCount();
  if (sms >= 132) {  // gate: none
    work(n);
  } else {
    TORCH_CHECK(false, "too few SMs");
  }
  if (n > 1024) {  // gate: none
    throw std::invalid_argument("n too large");
  }
  TORCH_CHECK(n % 8 == 0, "n must be a multiple of 8");  // gate: none
  int version = 90;
  if (version == 90) work(n);  // gate: none
}

// The same branch for everyone: not a decision.
void same(int n) {
  int sm = getSMVersion();
  if (sm > 0 || sm <= 0) {  // gate: none
    work(n);
  }
}

// A local that shadows a capability-named member with a plain value.
void shadow(int n) {
  int sm_version = n * 2;
  if (sm_version == 90) {  // gate: none
    work(n);
  }
}
