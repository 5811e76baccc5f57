package python

import (
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
