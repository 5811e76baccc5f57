package python

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// selectionRoots are the scan roots of every Python fixture: each
// directory under testdata/ (two levels deep) that holds .py files, and
// the selection fixture.
func selectionRoots(t *testing.T) []string {
	t.Helper()
	roots := []string{"testdata/select"}
	for _, pattern := range []string{"../../testdata/*", "../../testdata/*/*", "../../testdata/*/*/*"} {
		dirs, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			if st, err := os.Stat(d); err == nil && st.IsDir() && hasPython(d) {
				roots = append(roots, d)
			}
		}
	}
	return roots
}

func hasPython(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found
}

// TestSelectionEqualsAllFiles is the differential test: with the byte-scan
// selection, the gates, JIT calls and notifications are those of analyzing
// every file, and so is every call edge analyzer/chain walks.
func TestSelectionEqualsAllFiles(t *testing.T) {
	for _, root := range selectionRoots(t) {
		t.Run(root, func(t *testing.T) {
			cfg := fixtureConfig()
			cfg.JITFuncs = []string{"mylib.build_ext"}
			cfg.alwaysSelect = true
			selectionMatchesAllFiles(t, loadRoot(t, root), cfg)
		})
	}
}

// multiRoot is the fixture of two scan roots: lib (a fifth or more of its
// files are seeds) and app, which imports lib's modules by name and has
// files that mention lib's names without reaching them.
func multiRoot(t *testing.T) []Source {
	return append(loadRoot(t, "testdata/roots/lib"), loadRoot(t, "testdata/roots/app")...)
}

// TestSelectionEqualsAllFilesRoots is the differential test on two roots
// scanned together, with the selection forced on and as analyze decides.
func TestSelectionEqualsAllFilesRoots(t *testing.T) {
	srcs := multiRoot(t)
	for _, force := range []bool{true, false} {
		cfg := fixtureConfig()
		cfg.alwaysSelect = force
		want := selectionMatchesAllFiles(t, srcs, cfg)
		if len(want.JIT) == 0 || len(chainEdges(want)) < 2 {
			t.Errorf("fixture lost its chain: %d JIT calls, edges %v", len(want.JIT), chainEdges(want))
		}
	}
}

// TestSelectionAcrossRoots: a file joins another root's module only when
// a name it spells resolves there; this root's own topk and a get/choose
// on an unknown object stay out.
func TestSelectionAcrossRoots(t *testing.T) {
	in, _ := selectedPaths(multiRoot(t))
	for _, p := range []string{"app/real.py", "app/model.py", "fused/topk.py", "fused/norm.py", "fused/tuner.py"} {
		if !slices.Contains(in, p) {
			t.Errorf("%s not selected: %v", p, in)
		}
	}
	for _, p := range []string{"app/fake.py", "app/other.py", "app/plain1.py", "fused/shapes.py"} {
		if slices.Contains(in, p) {
			t.Errorf("%s selected: %v", p, in)
		}
	}
}

// selectionMatchesAllFiles analyzes srcs with cfg, checking every join of
// the selection against a scan, and with every file analyzed, compares the
// two, and returns the all-files result.
func selectionMatchesAllFiles(t *testing.T, srcs []Source, cfg Config) *Program {
	t.Helper()
	cfg.checkJoin = true
	all := cfg
	all.AllFiles = true
	want, wantNotes := AnalyzeProgram(srcs, all)
	got, gotNotes := AnalyzeProgram(srcs, cfg)
	compareSelection(t, want, got, wantNotes, gotNotes)
	return want
}

func compareSelection(t *testing.T, want, got *Program, wantNotes, gotNotes []Notification) {
	t.Helper()
	if !reflect.DeepEqual(want.Gates, got.Gates) {
		t.Errorf("gates differ:\nall:      %+v\nselected: %+v", want.Gates, got.Gates)
	}
	if !reflect.DeepEqual(want.JIT, got.JIT) {
		t.Errorf("JIT calls differ:\nall:      %+v\nselected: %+v", want.JIT, got.JIT)
	}
	if !reflect.DeepEqual(wantNotes, gotNotes) {
		t.Errorf("notifications differ:\nall:      %+v\nselected: %+v", wantNotes, gotNotes)
	}
	have := map[Call]bool{}
	for _, c := range want.Calls {
		have[c] = true
	}
	for _, c := range got.Calls {
		if !have[c] {
			t.Errorf("edge %+v only with the selection", c)
		}
	}
	sel := map[Call]bool{}
	for _, c := range got.Calls {
		sel[c] = true
	}
	for _, c := range chainEdges(want) {
		if !sel[c] {
			t.Errorf("chain edge %s -> %s (%s:%d) missing with the selection", c.Caller, c.Callee, c.Path, c.Line)
		}
	}
	funcs := map[FuncDef]bool{}
	for _, f := range want.Funcs {
		funcs[f] = true
	}
	for _, f := range got.Funcs {
		if !funcs[f] {
			t.Errorf("function %+v only with the selection", f)
		}
	}
}

// chainEdges are the edges analyzer/chain can walk: callers outside tests
// of the functions that make JIT calls, and of their callers, up.
func chainEdges(p *Program) []Call {
	callers := map[string][]Call{}
	for _, c := range p.Calls {
		if !chainTestPath(c.Path) {
			callers[c.Callee] = append(callers[c.Callee], c)
		}
	}
	seen := map[string]bool{}
	var queue []string
	for _, j := range p.JIT {
		if !seen[j.Function] {
			seen[j.Function] = true
			queue = append(queue, j.Function)
		}
	}
	var out []Call
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, c := range callers[fn] {
			out = append(out, c)
			if !seen[c.Caller] {
				seen[c.Caller] = true
				queue = append(queue, c.Caller)
			}
		}
	}
	return out
}

// TestSelectionLeavesOut checks that the selection is one: generic helpers
// and files that mention nothing capability- or JIT-related stay out, and
// the chain's callers come in.
func TestSelectionLeavesOut(t *testing.T) {
	in, prog := selectedPaths(loadRoot(t, "testdata/select"))
	for _, p := range []string{"pkg/plain.py", "pkg/shapes.py", "pkg/archs.py", "tests/test_api.py", "pkg/decorators.py"} {
		if slices.Contains(in, p) {
			t.Errorf("%s selected: %v", p, in)
		}
	}
	// pkg/boot.py joins only through a JIT-reaching method called on an
	// object of unknown type (compile_kernels makes a JIT call, returns
	// nothing that brings the capability, and is defined once): its
	// name is known once the functions of pkg/jit/engine.py, which
	// joined the round before, are indexed, and not before (grow's toJR).
	for _, p := range []string{"pkg/utils.py", "pkg/flags.py", "pkg/layer.py", "pkg/wrap.py", "pkg/user.py", "pkg/jit/core.py",
		"pkg/jit/mod.py", "pkg/api.py", "pkg/app.py", "pkg/duck.py", "tests/test_skip.py", "pkg/capparam.py", "pkg/deco.py",
		"pkg/jit/engine.py", "pkg/boot.py"} {
		if !slices.Contains(in, p) {
			t.Errorf("%s not selected: %v", p, in)
		}
	}
	archs := map[string]bool{}
	for _, m := range prog.mods {
		archs[m.path] = m.dig.ArchList
	}
	if !archs["pkg/archs.py"] || archs["pkg/shapes.py"] {
		t.Errorf("arch-list candidates: %v", archs)
	}
}

func sortedSources(srcs []Source) []Source {
	out := slices.Clone(srcs)
	slices.SortFunc(out, func(a, b Source) int { return strings.Compare(a.Root+"\x00"+a.Path, b.Root+"\x00"+b.Path) })
	var py []Source
	for _, s := range out {
		if strings.HasSuffix(s.Path, ".py") {
			py = append(py, s)
		}
	}
	return py
}

// TestSelectionLazySources: sources given only as a Digest and a loader
// are read when needed, with the same result.
func TestSelectionLazySources(t *testing.T) {
	srcs := loadRoot(t, "testdata/select")
	cfg := fixtureConfig()
	cfg.alwaysSelect = true
	cfg.checkJoin = true
	lx := NewLexer(cfg)
	var mu sync.Mutex
	reads := map[string]int{}
	var lazy []Source
	for _, s := range srcs {
		b := s.Src
		path := s.Path
		lazy = append(lazy, Source{Root: s.Root, Path: s.Path, Digest: lx.Digest(b), Load: func() ([]byte, error) {
			mu.Lock()
			defer mu.Unlock()
			reads[path]++
			return b, nil
		}})
	}
	want, wantNotes := AnalyzeProgram(srcs, cfg)
	got, gotNotes := AnalyzeProgram(lazy, cfg)
	compareSelection(t, want, got, wantNotes, gotNotes)
	if reads["pkg/plain.py"] != 0 || reads["pkg/utils.py"] != 1 {
		t.Errorf("reads %v", reads)
	}
}

func TestDigest(t *testing.T) {
	lx := NewLexer(Config{CapabilityFuncs: []string{"mylib.get_sm"}, JITFuncs: []string{"build_ext"}})
	cases := []struct {
		src        string
		seed, arch bool
	}{
		{"x = torch.cuda.get_device_capability()\n", true, false},
		{"# get_device_capability in a comment\nx = 1\n", false, false},
		{"def f(Major):\n    pass\n", true, false},
		{"y = mylib.get_sm()\n", true, false},
		{"build_ext(name, srcs)\n", true, false},
		{"@supported_compute_capability([80])\ndef f(): pass\n", true, true},
		{"major, minor = v.split('.')\n", false, false},
		{"def f(x,\n      cc=None):\n    pass\n", true, false},
		{"@pytest.mark.parametrize('n', [32, 64])\ndef f(): pass\n", false, false},
		{"f(supported_major_versions=[9])\n", true, false},
		{"ARCHS = ['8.0', '9.0']\n", false, true},
		{"VERSIONS = ['8.0', '9.0']\n", false, false},
		{"x = ['sm_90a']\n", false, true},
		{"flags = '-gencode=arch=compute_90a,code=sm_90a'\n", false, true},
		{"sm_list = [\n  90,\n  100,\n]\n", false, true},
		{"sizes = [90, 100]\n", false, false},
		{"s = f\"{d['sm']}\" + 'x'\narchs = [1, 2]\n", false, false},
		{"s = '''sm_90\n'''\ncc = \"8.0\"\n", false, true},
	}
	for _, c := range cases {
		d := lx.Digest([]byte(c.src))
		if d.Seed != c.seed || d.ArchList != c.arch {
			t.Errorf("%q: seed %v arch %v, want %v %v", c.src, d.Seed, d.ArchList, c.seed, c.arch)
		}
	}
	d := lx.Digest([]byte("def alpha(): pass\nclass C:\n    def beta(self): s = 'def gamma'\n"))
	for _, w := range []string{"alpha", "beta", "gamma", "C", "self"} {
		if !d.mentions(wordHashString(w)) {
			t.Errorf("%s not mentioned", w)
		}
	}
	if len(d.defs) != 2 {
		t.Errorf("defs %v", d.defs)
	}
}

// TestDigestWordsUnique: the words of a file are its words' hashes,
// sorted, each once, however often they repeat and however many there
// are (the set of seen hashes grows several times here), and the hash 0
// is kept like any other.
func TestDigestWordsUnique(t *testing.T) {
	lx := NewLexer(Config{})
	var sb strings.Builder
	want := map[uint64]bool{}
	for rep := range 3 {
		for i := range 5000 {
			w := fmt.Sprintf("w%d", (i*7919+rep)%5000)
			fmt.Fprintf(&sb, "%s = 'x%d'\n", w, i%10)
			want[wordHashString(w)] = true
			want[wordHashString(fmt.Sprintf("x%d", i%10))] = true
		}
	}
	d := lx.Digest([]byte(sb.String()))
	if len(d.words) != len(want) || !slices.IsSorted(d.words) {
		t.Fatalf("%d words (sorted %v), want %d", len(d.words), slices.IsSorted(d.words), len(want))
	}
	for _, h := range d.words {
		if !want[h] {
			t.Fatalf("word %x was never written", h)
		}
	}
	s := &lexState{lx: lx, sc: &lexScratch{}}
	for _, h := range []uint64{0, 5, 0, 5, 1 << 63} {
		s.addWord(h)
	}
	if !slices.Equal(s.words, []uint64{0, 5, 1 << 63}) {
		t.Errorf("addWord kept %v", s.words)
	}
}

// selectedPaths runs the selection on srcs (however many seeds there are)
// and lists the paths it selects, in order, with the program it ran.
func selectedPaths(srcs []Source) ([]string, *program) {
	prog := newProgram(stubModules(sortedSources(srcs)), fixtureConfig())
	defer prog.parsers.close()
	prog.digestAll()
	prog.selectFiles()
	var in []string
	for _, m := range prog.order {
		in = append(in, m.path)
	}
	return in, prog
}

// TestSummarySets: a summary's functions and classes are sets, however
// often a value holds them and however summaries are merged.
func TestSummarySets(t *testing.T) {
	f, g := &funcDef{name: "f"}, &funcDef{name: "g"}
	c := &classDef{name: "C"}
	lx := NewLexer(Config{})
	var sum summary
	summarize(lx, vtuple(vfunc(f), vfunc(g), vfunc(f), vtuple(vclass(c), vfunc(g))), &sum)
	summarize(lx, vfunc(g), &sum)
	other := summary{fns: []*funcDef{f}, classes: []*classDef{c}}
	sum.merge(&other)
	if len(sum.fns) != 2 || !slices.Contains(sum.fns, f) || !slices.Contains(sum.fns, g) {
		t.Errorf("fns %v", sum.fns)
	}
	if len(sum.classes) != 1 || sum.classes[0] != c {
		t.Errorf("classes %v", sum.classes)
	}
}

// TestOwnDefsNotNoted: leaving a module's own function defs out of the
// noted values (ownDef) gives the selection every name, carrier and
// JIT-reaching name that noting them gives, on every Python fixture.
func TestOwnDefsNotNoted(t *testing.T) {
	roots := selectionRoots(t)
	roots = append(roots, "testdata/roots/lib", "testdata/roots/app")
	for _, root := range roots {
		t.Run(root, func(t *testing.T) {
			var srcs []Source
			if root == "testdata/roots/app" {
				srcs = multiRoot(t)
			} else {
				srcs = loadRoot(t, root)
			}
			want := selectionState(srcs, true)
			got := selectionState(srcs, false)
			if !reflect.DeepEqual(want, got) {
				for k, v := range want {
					if !reflect.DeepEqual(v, got[k]) {
						t.Errorf("%s: noting every value %v, own defs left out %v", k, v, got[k])
					}
				}
			}
		})
	}
}

// selectionState runs the selection on srcs (noting every value or not)
// and returns what it learnt, by module path and qualified name.
func selectionState(srcs []Source, noteEvery bool) map[string][]string {
	cfg := fixtureConfig()
	cfg.JITFuncs = []string{"mylib.build_ext"}
	prog := newProgram(stubModules(sortedSources(srcs)), cfg)
	defer prog.parsers.close()
	prog.digestAll()
	prog.rankRoots()
	s := prog.sel
	s.noteEvery, s.keep = noteEvery, true
	prog.selectFiles()
	out := map[string][]string{}
	add := func(k, v string) { out[k] = append(out[k], v) }
	hashes := func(set map[uint64]bool) string {
		var hs []string
		for h := range set {
			hs = append(hs, fmt.Sprint(h))
		}
		slices.Sort(hs)
		return strings.Join(hs, ",")
	}
	for _, m := range prog.order {
		add("order", m.root+"/"+m.path)
	}
	for k, sets := range map[string]map[*module]map[uint64]bool{"dangerGlobals": s.dangerGlobals, "jrGlobals": s.jrGlobals, "modAliases": s.modAliases} {
		for m, set := range sets {
			add(k, m.root+"/"+m.path+":"+hashes(set))
		}
	}
	for k, sets := range map[string]map[*classDef]map[uint64]bool{"dangerMembers": s.dangerMembers, "jrMembers": s.jrMembers, "aliases": s.aliases} {
		for c, set := range sets {
			add(k, c.mod.root+"/"+c.qual+":"+hashes(set))
		}
	}
	add("jr", hashes(s.jr))
	for fn := range s.carrier {
		add("carrier", fn.mod.root+"/"+fn.qual)
	}
	for q := range s.jrQuals {
		add("jrQuals", q)
	}
	for c := range s.jrClasses {
		add("jrClasses", c.mod.root+"/"+c.qual)
	}
	for _, v := range out {
		slices.Sort(v)
	}
	return out
}

// TestWaitList: the values waiting on a key come back in the order they
// came, once, apart from those of other keys.
func TestWaitList(t *testing.T) {
	l := newWaitList[string]()
	vs := make([]*notedValue, 5)
	for i := range vs {
		vs[i] = &notedValue{name: fmt.Sprint(i)}
	}
	l.add("a", vs[0])
	l.add("b", vs[1])
	l.add("a", vs[2])
	l.add("a", vs[3])
	l.add("b", vs[4])
	took := func(k string) string {
		var got []string
		l.take(k, func(e *notedValue) bool { got = append(got, e.name); return true })
		return strings.Join(got, ",")
	}
	if got := took("a"); got != "0,2,3" {
		t.Errorf("a: %q, want 0,2,3", got)
	}
	if got := took("a"); got != "" {
		t.Errorf("a again: %q, want none", got)
	}
	l.add("a", vs[1])
	if got := took("b"); got != "1,4" {
		t.Errorf("b: %q, want 1,4", got)
	}
	if got := took("a"); got != "1" {
		t.Errorf("a after adding again: %q, want 1", got)
	}
	if got := took("c"); got != "" {
		t.Errorf("c: %q, want none", got)
	}
}
