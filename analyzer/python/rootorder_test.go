package python

import (
	"reflect"
	"sort"
	"testing"
)

// TestRootRank: app imports lib's packages, so lib's modules run first
// although "app" sorts before "lib"; within a root, module order stays.
func TestRootRank(t *testing.T) {
	srcs := append(loadRoot(t, "testdata/roots/app"), loadRoot(t, "testdata/roots/lib")...)
	sort.SliceStable(srcs, func(i, j int) bool { return srcs[i].Root < srcs[j].Root })
	p := newProgram(stubModules(srcs), fixtureConfig())
	defer p.parsers.close()
	p.digestAll()
	p.rankRoots()
	const app, lib = "testdata/roots/app", "testdata/roots/lib"
	if p.rootDeps[app][lib] == 0 || p.rootDeps[lib][app] != 0 {
		t.Errorf("root imports %v, want app -> lib only", p.rootDeps)
	}
	got := p.byRootRank(p.mods)
	if len(got) != len(p.mods) || got[0].root != lib {
		t.Fatalf("order starts with %s (%d modules), want %s first", got[0].root, len(got), lib)
	}
	last := map[string]int{}
	for _, m := range got {
		if i, ok := last[m.root]; ok && m.idx < i {
			t.Errorf("%s/%s out of module order", m.root, m.path)
		}
		last[m.root] = m.idx
	}
}

// TestDigestImports: the words after import and from are kept.
func TestDigestImports(t *testing.T) {
	d := NewLexer(fixtureConfig()).Digest([]byte("import os, sys\nfrom vllm.platforms import current_platform\nif x:\n    import flashinfer.norm as n\ny = 'import torch'\n"))
	for _, w := range []string{"os", "vllm", "flashinfer"} {
		if !containsHash(d.imports, wordHashString(w)) {
			t.Errorf("import %s not kept: %v", w, d.imports)
		}
	}
	if containsHash(d.imports, wordHashString("torch")) {
		t.Error("a word in a string was kept as an import")
	}
}

func containsHash(hs []uint64, h uint64) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

// TestCrossRootCycle: bench's benchmark imports lib.plat, and bench runs
// first (lib imports bench's package from more files). lib's own order
// enters the plat/user cycle at user.py, which then sees plat fully bound;
// entered from the benchmark at plat.py, user.py would see current unbound
// and its capability check would vanish. A root's cycles must start where
// they do when the root is scanned alone.
func TestCrossRootCycle(t *testing.T) {
	const bench, lib = "testdata/cycleroots/bench", "testdata/cycleroots/lib"
	userGates := func(srcs []Source) []Gate {
		prog, _ := AnalyzeProgram(srcs, fixtureConfig())
		var out []Gate
		for _, g := range prog.Gates {
			if g.Root == lib && g.Path == "lib/user.py" {
				out = append(out, g)
			}
		}
		return out
	}
	alone := userGates(loadRoot(t, lib))
	if len(alone) != 1 || alone[0].Line != 9 {
		t.Fatalf("lib alone: gates %+v, want the check on line 9", alone)
	}
	srcs := append(loadRoot(t, bench), loadRoot(t, lib)...)
	p := newProgram(stubModules(srcs), fixtureConfig())
	p.digestAll()
	p.rankRoots()
	p.parsers.close()
	if p.rootRank[bench] != 0 {
		t.Fatalf("root ranks %v: the fixture needs bench to run first", p.rootRank)
	}
	together := userGates(srcs)
	if len(together) != 1 || !reflect.DeepEqual(together[0], alone[0]) {
		t.Errorf("with bench: gates %+v, want %+v as alone", together, alone)
	}
}
