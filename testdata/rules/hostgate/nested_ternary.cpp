// Rule fixture: a tile size picked by nested ternaries; 12.0 takes the
// outer arm, so the inner choice among older GPUs is none of its business.
// Written for archlint.
int getSMVersion();
void launch(int block_m);

void run_attention(int bm_hopper, int bm_ada, int bm_ampere) {
  int arch = getSMVersion();
  int bm = arch >= 90 ? bm_hopper : (arch == 86 || arch == 89 ? bm_ada : bm_ampere); // want: none
  launch(bm);
}
