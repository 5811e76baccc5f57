// A same-file predicate hides the capability read; its call sites are gates.
int getSMVersion();
void kernel();

static bool is_datacenter_blackwell() {
  int sm = getSMVersion();
  return sm == 100 || sm == 103;  // gate: none
}

void guarded() {
  if (!is_datacenter_blackwell()) {  // gate: admits 10.0, 10.3; refusal calls abort(); helper is_datacenter_blackwell
    abort();
  }
  kernel();
}

bool uses_helper_later() { return is_datacenter_blackwell(); }

void chained() {
  if (uses_helper_later()) kernel();  // gate: admits all; branch 1 1 1 1 1 1 0 0 1 1 1
}

// A predicate over its argument is no capability read of its own: its
// body decides on the parameter, but a call with a constant is no gate.
static bool supports(int sm_version) {
  return sm_version >= 90;  // gate: none
}

void constant_call() {
  if (supports(80)) kernel();  // gate: none
}
