// Ifs that return one after the other form one ladder; what follows them
// is the outcome of every capability none of them selects.
int get_sm_version();
int tile_for_hopper();
int tile_for_blackwell();

int pick_tile() {
  int sm = get_sm_version();
  if (sm == 90) return tile_for_hopper();  // gate: admits 9.0, 10.0, 10.3; branch -1 -1 -1 -1 -1 0 1 1 -1 -1 -1; refusal fails TORCH_CHECK: no tile for this GPU
  if (sm >= 100 && sm < 110) {
    return tile_for_blackwell();
  }
  TORCH_CHECK(false, "no tile for this GPU");
  return 0;
}

// An unrelated early return ends the ladder: the rest is not a refusal.
int pick_with_guard(bool enabled) {
  int sm = get_sm_version();
  if (sm == 120) return 1;  // gate: admits all; branch 1 1 1 1 1 1 1 1 1 0 1
  if (!enabled) return 0;
  throw std::runtime_error("only the consumer path is wired");
}

// A trailing if with an else closes the ladder.
int closed(int n) {
  int sm = get_sm_version();
  if (sm < 80) return 0;  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9, 9.0; branch 0 1 1 1 1 2 -1 -1 -1 -1 -1
  if (sm < 90) {
    return n;
  }
  if (sm == 90) {
    return 2 * n;
  } else {
    FLASHINFER_ERROR("Blackwell and newer are not supported yet");
  }
}
