// The scale of a raw capability comes from the literal compared with it.
int get_compute_capability();
int getSMVersion();
void run();

void majors() {
  int cap = get_compute_capability();
  if (cap >= 10) {  // gate: admits all; branch 1 1 1 1 1 1 0 0 0 0 0
    run();
  }
}

void arch_scale() {
  if (getSMVersion() >= 1000) run();  // gate: admits all; branch 1 1 1 1 1 1 0 0 0 0 0
}

void divided() {
  static int const smMajor = getSMVersion() / 10;
  TORCH_CHECK(smMajor == 9 || smMajor == 10, "routing kernel needs sm9x/sm10x");  // gate: admits 9.0, 10.0, 10.3
  run();
}

void ternary_tile() {
  int sm = getSMVersion();
  int tile = sm >= 100 ? 256 : 128;  // gate: admits all; branch 1 1 1 1 1 1 0 0 0 0 0
  (void)tile;
}

void parameter_named(int sm_version) {
  if (sm_version < 100) {  // gate: admits 10.0, 10.3, 11.0, 12.0, 12.1
    TORCH_CHECK_NOT_IMPLEMENTED(false, "needs sm100+");
  }
  run();
}

struct Config {
  int sm_version;
};

void member_named(Config const& cfg) {
  TORCH_CHECK_EQ(cfg.sm_version / 10, 9);  // gate: admits 9.0
  run();
}
