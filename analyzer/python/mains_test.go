package python

import (
	"fmt"
	"slices"
	"testing"
)

// mainsFixture: scripts whose `if __name__ == "__main__":` blocks hold
// gates of their own, call functions that do, import lazily, define a
// class, run after a top-level gate that leaves the module (7.5 reaches
// the block in the shadow, the others with the capability in control:
// mode's value depends on it), and one that another module imports.
var mainsFixture = map[string]string{
	"kernels/__init__.py": ``,
	"kernels/caps.py": `import torch


def sm():
    major, minor = torch.cuda.get_device_capability()
    return major * 10 + minor


def is_hopper():
    return sm() == 90
`,
	"kernels/gemm.py": `from kernels.caps import sm


def pick_tile():
    if sm() >= 100:
        return 256
    return 128


if __name__ == "__main__":
    tile = pick_tile()
    if tile == 256:
        run_big_tiles()
`,
	"bench/run_gemm.py": `import sys

import torch

from kernels.gemm import pick_tile

if torch.cuda.get_device_capability()[0] < 8:
    raise RuntimeError("needs Ampere")


def setup(n):
    from kernels.caps import is_hopper

    if is_hopper():
        return n * 2
    return n


def main():
    for n in [1, 2, 3]:
        setup(n)
    return pick_tile()


if __name__ == "__main__":
    mode = "tuned"
    if mode == "tuned":
        print("past the capability check")

    class Opts:
        fast = torch.cuda.get_device_capability()[0] >= 9

    if not Opts.fast:
        sys.exit(1)
    sys.exit(main() == 256)
`,
}

func mainsSources() []Source {
	var srcs []Source
	for _, p := range []string{"bench/run_gemm.py", "kernels/__init__.py", "kernels/caps.py", "kernels/gemm.py"} {
		srcs = append(srcs, Source{Root: "r", Path: p, Src: []byte(mainsFixture[p])})
	}
	return srcs
}

// TestMainGuardsAsScripts is the differential test of runMain: running
// each main guard's block as a script after its module's top level finds
// what running it inside the top level did, on every Python fixture and
// on mainsFixture, with the selection forced and as decided (the
// fixtures' main blocks bind no name an importer or a function reads:
// TestMainBlockNotImported is the case where that differs).
func TestMainGuardsAsScripts(t *testing.T) {
	sameOnFixtures(t, map[string][]Source{"mains": mainsSources()},
		func(c *Config) { c.inlineMains = true }, "main blocks run as scripts")
}

// TestMainsFixtureGates: the gates of mainsFixture's main blocks and of
// the functions they call are decided for every capability: the
// capability workers other than the probes run a main block only where a
// probe found a site in it (units.mains).
func TestMainsFixtureGates(t *testing.T) {
	gates, _ := Analyze(mainsSources(), fixtureConfig())
	want := map[string][]int{
		"bench/run_gemm.py:14": {1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1}, // is_hopper() in setup, called from main
		"kernels/caps.py:10":   {-1, -1, -1, -1, -1, 0, -1, -1, -1, -1, -1},
		"kernels/gemm.py:5":    {1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0}, // pick_tile, called from both main blocks
		"kernels/gemm.py:12":   {1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0}, // the main block's own gate, in a module others import
	}
	got := map[string][]int{}
	for _, g := range gates {
		got[fmt.Sprintf("%s:%d", g.Path, g.Line)] = g.Branch
	}
	for k, b := range want {
		if !slices.Equal(got[k], b) {
			t.Errorf("%s: branches %v, want %v\n%s", k, got[k], b, dump(gates))
		}
	}
}

// TestMainBlockNotImported: what a main block binds is not a global an
// importer sees (Python runs the block only in the script). Run inside
// the top level, the block's assignment made TILE the join of 128 and 256
// (unknown), and left pick's gate undecided where the capability is new
// enough for TILE to matter.
func TestMainBlockNotImported(t *testing.T) {
	srcs := []Source{
		{Root: "r", Path: "a.py", Src: []byte(`TILE = 128

if __name__ == "__main__":
    TILE = 256
`)},
		{Root: "r", Path: "b.py", Src: []byte(`import torch

from a import TILE


def pick():
    if torch.cuda.get_device_capability()[0] >= 9 and TILE == 128:
        return "wgmma"
    return "mma"
`)},
	}
	for _, inline := range []bool{false, true} {
		cfg := fixtureConfig()
		cfg.inlineMains = inline
		gates, _ := Analyze(srcs, cfg)
		want := []int{1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0}
		if inline {
			want = []int{1, 1, 1, 1, 1, -2, -2, -2, -2, -2, -2}
		}
		if len(gates) != 1 || !slices.Equal(gates[0].Branch, want) {
			t.Errorf("inline=%v: want one gate in b.py with branches %v:\n%s", inline, want, dump(gates))
		}
	}
}
