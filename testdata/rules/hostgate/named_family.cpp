// Rule fixture: a host check inside a function whose name names one
// architecture family from Hopper on keeps to that family by design: its
// finding is a note. Written for archlint.
#include <stdexcept>
#include <vector>

int getSMVersion();
void add_config(std::vector<int>& out, int tile);
void run_sm90_kernel();

// The caller calls this for 10.x alone; 10.0 gets a tile of its own.
std::vector<int> get_configs_sm100_cluster(int sm, bool fp4) {
  std::vector<int> out;
  if (fp4) {
    if (sm == 100) { // want "AL201 host-side capability check admits 10.0 and shuts out 10.3, 11.x, 12.x: .* It is inside get_configs_sm100_cluster, which is named for sm_100 \\(the 10.x GPUs\\): keeping to that range is its contract, so shutting 12.0 \\(sm_120\\) out is by design, and a bug only where host code picks get_configs_sm100_cluster for 12.0 \\(sm_120\\)\\.$"
      add_config(out, 64);
    }
    add_config(out, 128);
  }
  return out;
}

// A refusal in camel case: the family check itself.
void CheckSm100Family() {
  int sm = getSMVersion();
  if (sm != 100 && sm != 103) { // want "AL201 .*on 12.0 .sm_120.: throws.* It is inside CheckSm100Family, which is named for sm_100 \\(the 10.x GPUs\\)"
    throw std::runtime_error("needs a B200/B300 class device");
  }
}

// Hopper's launcher refuses every other GPU.
void launch_sm90a_logits() {
  int sm = getSMVersion();
  if (sm != 90) { // want "AL201 .*It is inside launch_sm90a_logits, which is named for sm_90a: keeping to that range"
    throw std::runtime_error("needs sm_90");
  }
  run_sm90_kernel();
}

// An explicit window in the name keeps to it too: a range up to, not
// including, the second architecture, as vllm's enable_sm89_to_sm90 is.
void tune_sm89_to_sm90(int sm, int* tile) {
  if (sm == 89) { // want "AL201 .*It is inside tune_sm89_to_sm90, which is named for sm_89 up to sm_90 \\(not included\\)"
    *tile = 0;
    run_sm90_kernel();
  }
}

// Ampere's and Ada's kernels run on later GPUs, sm_120 among them: a
// name for them is no window, and the finding stays a warning.
void get_configs_sm80(int sm, std::vector<int>& out) {
  if (sm == 80) { // want "AL201 host-side capability check admits 8.0 and shuts out 8.6, 8.7, 8.8, 8.9, 9.x, 10.x, 11.x, 12.x: 12.0 .sm_120. takes the path of 7.5.*newer than 8.0\\.$"
    add_config(out, 256);
  }
}

// Two families in one name: no one window.
void dispatch_sm90_sm100(int sm, std::vector<int>& out) {
  if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .*newer than 9.x\\.$"
    add_config(out, 192);
  }
}

// A check that admits none of the family named does not keep to it.
void pick_sm100_fallback(int sm, std::vector<int>& out) {
  if (sm == 80 || sm == 86) { // want "AL201 host-side capability check admits 8.0, 8.6 and shuts out .*12.x: .*12.0 .sm_120. takes the path of 7.5.*\\.$"
    add_config(out, 96);
  }
}

// A name that only holds the letters (prism90) names no architecture.
void prism90(int sm, std::vector<int>& out) {
  if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .*newer than 9.x\\.$"
    add_config(out, 48);
  }
}

// A function named for the target's own family is not kept from it.
void get_configs_sm120(int sm, std::vector<int>& out) {
  if (sm == 90) { // want "AL201 host-side capability check admits 9.x and shuts out 10.x, 11.x, 12.x: .*newer than 9.x\\.$"
    add_config(out, 32);
  }
}
