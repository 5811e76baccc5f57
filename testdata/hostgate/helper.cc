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
