package python

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestFuncDefCompact: a def is held for every def of every loaded module,
// so its size class matters; its name is the tail of its qualified name
// (one allocation), and a class's name is its qual's tail too.
func TestFuncDefCompact(t *testing.T) {
	if s := unsafe.Sizeof(funcDef{}); s > 128 {
		t.Errorf("funcDef is %d bytes, want at most 128", s)
	}
	m := loadFixture(t, "class A:\n    def f(self, x, y=2, *a, **k):\n        def g(z): pass\n\ndef h(): pass\n")
	var got []string
	for _, f := range m.funcs {
		got = append(got, fmt.Sprintf("%s %s %d %d", f.qual, f.name, f.line, len(f.params)))
		if unsafe.StringData(f.name) != unsafe.StringData(f.qual[len(f.qual)-len(f.name):]) {
			t.Errorf("%s: name is not the tail of qual", f.qual)
		}
	}
	want := []string{"app.mod.A.f f 2 5", "app.mod.A.f.g g 3 1", "app.mod.h h 5 0"}
	if !slices.Equal(got, want) {
		t.Errorf("defs %q, want %q", got, want)
	}
	for _, c := range m.classes {
		if c.name != "A" || c.qual != "app.mod.A" {
			t.Errorf("class %s %s, want A app.mod.A", c.name, c.qual)
		}
	}
	var params []string
	for _, p := range m.funcs[0].params {
		params = append(params, fmt.Sprintf("%s/%v/%v", p.name, p.def != noNode, p.star))
	}
	if want := []string{"self/false/false", "x/false/false", "y/true/false", "/true/true", "/true/true"}; !slices.Equal(params, want) {
		t.Errorf("params %q, want %q", params, want)
	}
}

func loadFixture(t *testing.T, src string) *module {
	t.Helper()
	srcs := []Source{{Root: "r", Path: "app/__init__.py", Src: []byte("")}, {Root: "r", Path: "app/mod.py", Src: []byte(src)}}
	prog := newProgram(stubModules(srcs), fixtureConfig())
	t.Cleanup(prog.parsers.close)
	m := prog.mods[1]
	if !prog.ensure(m) {
		t.Fatalf("app/mod.py did not load")
	}
	return m
}

// TestUnloadUnused: once the selection is made, the modules prefetch
// loaded ahead that nothing asked for are dropped (app.lazy is imported
// and never read), the used ones kept; a dropped module asked for later
// loads again, to the same defs and the same syntax error.
func TestUnloadUnused(t *testing.T) {
	srcs := lazyApp("def ok(a):\n    return a\ndef broken(:\n    pass\n", "LIMIT = 3\n")
	load := func(unload bool) (*program, map[string]*module) {
		prog := selectedProgram(t, srcs, !unload)
		byPath := map[string]*module{}
		for _, m := range prog.mods {
			byPath[m.path] = m
		}
		return prog, byPath
	}
	kept, keptMods := load(false)
	prog, mods := load(true)
	lazy := mods["app/lazy.py"]
	if keptMods["app/lazy.py"].parsed == nil {
		t.Fatalf("app/lazy.py was not loaded ahead: the fixture tests nothing")
	}
	if lazy.parsed != nil || lazy.funcs != nil || lazy.note != nil {
		t.Errorf("app/lazy.py still loaded after the selection")
	}
	for _, p := range []string{"app/main.py", "app/used.py"} {
		if mods[p].parsed == nil {
			t.Errorf("%s was dropped, but it is used", p)
		}
	}
	if !prog.ensure(lazy) {
		t.Fatalf("app/lazy.py does not load again")
	}
	if !kept.ensure(keptMods["app/lazy.py"]) {
		t.Fatalf("app/lazy.py does not load")
	}
	defs := func(m *module) string {
		s := fmt.Sprint(m.note)
		for _, f := range m.funcs {
			s += fmt.Sprintf(" %s:%d:%d", f.qual, f.line, f.size)
		}
		return s
	}
	if got, want := defs(lazy), defs(keptMods["app/lazy.py"]); got != want {
		t.Errorf("app/lazy.py loaded again: %s, want %s", got, want)
	}
	if !slices.EqualFunc(prog.notes(), kept.notes(), func(a, b Notification) bool { return a == b }) {
		t.Errorf("notes %v, want %v", prog.notes(), kept.notes())
	}
}

// TestSuffixesAreTails: the program's index by dotted suffix holds the
// same keys as splitting and joining each name did, the keys being tails
// of the names.
func TestSuffixesAreTails(t *testing.T) {
	var srcs []Source
	for _, p := range []string{"a/b/c.py", "a/b/__init__.py", "a/__init__.py", "x.py", "a/d/e/f.py", "b/c.py"} {
		srcs = append(srcs, Source{Root: "r", Path: p, Src: []byte("")})
	}
	p := newProgram(stubModules(srcs), fixtureConfig())
	t.Cleanup(p.parsers.close)
	want := map[string][]string{}
	for _, m := range p.mods {
		parts := strings.Split(m.name, ".")
		for i := 1; i < len(parts); i++ {
			s := strings.Join(parts[i:], ".")
			want[s] = append(want[s], m.path)
		}
	}
	got := map[string][]string{}
	for s, ms := range p.bySuffix {
		for _, m := range ms {
			got[s] = append(got[s], m.path)
			if !strings.HasSuffix(m.name, "."+s) {
				t.Errorf("suffix %q of %q", s, m.name)
			}
		}
	}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("suffixes %v, want %v", got, want)
	}
}

// TestParsersGoAfterSelection: the selection leaves no pooled parser (and
// no working slices) behind, and loading still works after it.
func TestParsersGoAfterSelection(t *testing.T) {
	srcs := []Source{
		{Root: "r", Path: "app/__init__.py", Src: []byte("")},
		{Root: "r", Path: "app/main.py", Src: []byte("import torch\nimport app.other\nmajor, _ = torch.cuda.get_device_capability()\n")},
		{Root: "r", Path: "app/other.py", Src: []byte("def f():\n    return 1\n")},
		{Root: "r", Path: "app/late.py", Src: []byte("def g():\n    return 2\n")},
	}
	p := selectedProgram(t, srcs, false)
	if n := len(p.parsers.ch); n != 0 {
		t.Errorf("%d parsers pooled after the selection, want 0", n)
	}
	for _, m := range p.mods {
		if m.path == "app/late.py" && (!p.ensure(m) || len(m.funcs) != 1) {
			t.Errorf("app/late.py does not load after the selection")
		}
	}
}
