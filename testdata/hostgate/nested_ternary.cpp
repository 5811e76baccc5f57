// A ternary nested in another's arm is met only by the GPUs the outer
// condition sends to that arm.
int getSMVersion();
int pick(int);

int block_m(int bm_h, int bm_ada, int bm_amp) {
  int arch = getSMVersion();
  int bm = arch >= 90 ? bm_h  // gate: admits all; branch 1 1 1 1 1 0 0 0 0 0 0
                      : (arch == 86 || arch == 89 ? bm_ada : bm_amp);  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9; branch 1 1 0 1 0 -2 -2 -2 -2 -2 -2
  return pick(bm);
}

int block_n() {
  int arch = getSMVersion();
  return arch < 90 ?  // gate: admits all; branch 0 0 0 0 0 1 1 1 1 1 1
      (arch == 80 ? 128 : 64)  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9; branch 1 0 1 1 1 -2 -2 -2 -2 -2 -2
      : 176;
}
