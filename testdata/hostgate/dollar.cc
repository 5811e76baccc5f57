// Helpers named with '$' or a universal character name are one identifier
// to tree-sitter (and to GCC, Clang and nvcc): their callers are found by
// the whole name, not by the runs of letters around the '$' or the '\'.
int getSMVersion();
void kernel();

static bool is$sm90() { return getSMVersion() >= 90; }

void dollar() {
  if (!is$sm90()) {  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; refusal calls abort(); helper is$sm90
    abort();
  }
  kernel();
}

static bool is\u00e9sm90() { return getSMVersion() >= 90; }

void universal() {
  if (!is\u00e9sm90()) {  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; refusal calls abort(); helper is\u00e9sm90
    abort();
  }
  kernel();
}
