package python

import (
	"sort"
	"testing"
)

// TestOrderByRoots: app imports lib's packages, so lib's modules run first
// although "app" sorts before "lib"; within a root, module order stays.
func TestOrderByRoots(t *testing.T) {
	srcs := append(loadRoot(t, "testdata/roots/app"), loadRoot(t, "testdata/roots/lib")...)
	sort.SliceStable(srcs, func(i, j int) bool { return srcs[i].Root < srcs[j].Root })
	p := newProgram(stubModules(srcs), fixtureConfig())
	defer p.parsers.close()
	p.loadAll(p.mods)
	got := p.orderByRoots(p.mods)
	if len(got) != len(p.mods) {
		t.Fatalf("%d modules, want %d", len(got), len(p.mods))
	}
	first := got[0].root
	if first != "testdata/roots/lib" {
		t.Errorf("first root %s, want testdata/roots/lib", first)
	}
	deps := p.rootImports(p.mods)
	if !deps["testdata/roots/app"]["testdata/roots/lib"] || deps["testdata/roots/lib"]["testdata/roots/app"] {
		t.Errorf("root imports %v, want app -> lib only", deps)
	}
	// Module order within each root is kept.
	last := map[string]int{}
	for _, m := range got {
		if i, ok := last[m.root]; ok && m.idx < i {
			t.Errorf("%s/%s out of module order", m.root, m.path)
		}
		last[m.root] = m.idx
	}
}
