// Preprocessor branches inside a ladder: tree-sitter keeps both sides and
// the analyzer must neither panic nor guess.
int getSMVersion();
void a();
void b();

void split_ladder() {
  int sm = getSMVersion();
#if defined(ENABLE_SM120)
  if (sm == 120) {  // gate: admits 12.0; branch -2 -2 -2 -2 -2 -2 -2 -2 -2 0 -2
    a();
  } else
#endif
  if (sm == 90) {  // gate: admits all; branch 1 1 1 1 1 0 1 1 1 1 1
    b();
  }
}

void broken_arm() {
  int sm = getSMVersion();
  if (sm >= 100) {  // gate: none
#ifdef FOO
    a(
#else
    b(
#endif
    );
  } else {
    TORCH_CHECK(false, "old");
  }
}
