// Engine fixture: the names of architectures each outcome's code holds
// (Gate.ArmNames), in source order, each once; comments and strings are
// not read. Written for archlint.
#include <vector>

int getSMVersion();
namespace cfg {
enum Flags { NONE, HOPPER };
enum class TileSM90 { A, B };
}
void log(const char*);
void push(std::vector<int>& v, cfg::TileSM90 t);
std::vector<int> get(int sm);

std::vector<int> MoeRunner::configs(int sm) {
  int const f = sm == 90 ? cfg::HOPPER : cfg::NONE; // gate: admits all; names HOPPER -; def configs:15
  std::vector<int> out;
  if (sm == 103) { // gate: admits all; names sm100_configs,TileSM90 -
    auto sm100_configs = get(100);
    push(sm100_configs, cfg::TileSM90::A);
    push(sm100_configs, cfg::TileSM90::B);
  }
  if (sm == 90) { // gate: admits all; names - -
    // SM90 only: the Hopper path.
    log("Hopper configs, sm90 tiles");
  }
  return out;
}
