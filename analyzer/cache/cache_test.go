package cache

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/scan"
	"github.com/archlint/archlint/analyzer/target"
)

// writeTree creates files (slash paths relative to dir) with contents.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fixture is a tree with a derived arch macro in one header and its use in
// another, a Python JIT gate and CMake, plus files of kinds nobody reads.
var fixture = map[string]string{
	"include/arch.h":   "#pragma once\n#define MY_ARCH_OK (__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200)\n",
	"include/kern.cuh": "#pragma once\n#include \"arch.h\"\n__global__ void k(float* x) {\n#if MY_ARCH_OK\n  x[0] = 1;\n#endif\n}\n",
	"csrc/k.cu":        "#include \"../include/kern.cuh\"\nvoid launch(float* x) { k<<<1, 1>>>(x); }\n",
	"pkg/gate.py": "import torch\n\ndef ok():\n    major, minor = torch.cuda.get_device_capability()\n" +
		"    if major not in (9, 10):\n        raise RuntimeError('unsupported')\n    return True\n",
	"pkg/stub.pyi":   "def ok() -> bool: ...\n",
	"CMakeLists.txt": "set(CMAKE_CUDA_ARCHITECTURES 90 100)\n",
	"cmake/x.cmake":  "# nothing\n",
	"README.md":      "not scanned\n",
	"data.json":      "{}\n",
	"bin/blob.cu":    "\x00\x01binary",
	"bom.h":          "\xef\xbb\xbf#define BOM 1\n",
	"bad.h":          "#define BAD \xff\n",
}

func options(t *testing.T, roots ...string) scan.Options {
	t.Helper()
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cv := target.DefaultCUDA()
	tgs, err := tb.ParseTargets("sm_120", cv)
	if err != nil {
		t.Fatal(err)
	}
	return scan.Options{Roots: roots, Targets: tgs, CUDA: cv, Table: tb, Jobs: 2}
}

func key(t *testing.T, opt scan.Options) Key {
	t.Helper()
	c, err := Compute(opt, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	return c.Key
}

// TestKeyCoversOptions makes adding a scan.Options field a decision: it
// either changes the result (then writeOptions must key it) or not.
func TestKeyCoversOptions(t *testing.T) {
	keyed := []string{"Roots", "Targets", "CUDA", "BuildList", "Exclude", "NoGitignore", "MaxFileSize",
		"CapabilityFuncs", "JITFuncs", "IncludeDirs"}
	unkeyed := []string{"Jobs", "Progress", "Table", "Probe"} // no effect on the result; Table is built in; Probe: unencoded
	typ := reflect.TypeFor[scan.Options]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		if !slices.Contains(keyed, f.Name) && !slices.Contains(unkeyed, f.Name) {
			t.Errorf("scan.Options.%s is new: key it in writeOptions (or list it as unkeyed here)", f.Name)
		}
	}
}

func TestKeyFollowsContentAndOptions(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, fixture)
	opt := options(t, dir)
	base := key(t, opt)
	if key(t, opt) != base {
		t.Fatal("the key of an unchanged tree changed")
	}
	jobs := opt
	jobs.Jobs = 1
	jobs.Progress = func(string, int, int) {}
	if key(t, jobs) != base {
		t.Error("--jobs or progress changed the key; the result does not depend on them")
	}
	changes := map[string]func(o *scan.Options){
		"cuda":        func(o *scan.Options) { o.CUDA = target.CUDAVersion{Major: 12, Minor: 8} },
		"targets":     func(o *scan.Options) { o.Targets = append(o.Targets, o.Targets[0]) },
		"build list":  func(o *scan.Options) { o.BuildList = []target.Arch{o.Targets[0].Arch} },
		"exclude":     func(o *scan.Options) { o.Exclude = []string{"pkg/"} },
		"gitignore":   func(o *scan.Options) { o.NoGitignore = true },
		"max size":    func(o *scan.Options) { o.MaxFileSize = 10 },
		"cap funcs":   func(o *scan.Options) { o.CapabilityFuncs = []string{"m.f"} },
		"jit funcs":   func(o *scan.Options) { o.JITFuncs = []string{"m.f"} },
		"includes":    func(o *scan.Options) { o.IncludeDirs = []string{"include"} },
		"other roots": func(o *scan.Options) { o.Roots = []string{dir, t.TempDir()} },
	}
	for name, change := range changes {
		o := opt
		change(&o)
		if key(t, o) == base {
			t.Errorf("%s: the key did not change", name)
		}
	}
	if k, err := Compute(opt, "another build", nil); err != nil || k.Key == base {
		t.Error("another build identity kept the key")
	}
	edits := map[string]string{
		"include/arch.h":      "#pragma once\n#define MY_ARCH_OK (__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1300)\n",
		"pkg/new.py":          "x = 1\n",
		"cmake/x.cmake":       "# changed\n",
		".gitignore":          "pkg/\n",
		"include/.gitignore":  "arch.h\n",
		"docs/y.cu":           "",
		"bin/blob.cu":         "now text\n",
		"include/kern.cuh~":   "not scanned either\n", // neither kind: no change expected
		"README.md":           "edited, not scanned\n",
		"pkg/sub/__init__.py": "",
	}
	unchanged := map[string]bool{"include/kern.cuh~": true, "README.md": true}
	for name, content := range edits {
		d := t.TempDir()
		writeTree(t, d, fixture)
		o := opt
		o.Roots = []string{d}
		before := key(t, o)
		writeTree(t, d, map[string]string{name: content})
		if got := key(t, o) == before; got != unchanged[name] {
			t.Errorf("writing %s: key unchanged = %v, want %v", name, got, unchanged[name])
		}
	}
}

// TestKeyFollowsSkippedFiles: a file the scan skips as too large still
// changes the result (its notification names its size), so the key follows.
func TestKeyFollowsSkippedFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"big.h": strings.Repeat("x", 20)})
	opt := options(t, dir)
	opt.MaxFileSize = 10
	before := key(t, opt)
	writeTree(t, dir, map[string]string{"big.h": strings.Repeat("x", 30)})
	if key(t, opt) == before {
		t.Error("the size of a skipped file changed its notification but not the key")
	}
}

// TestKeyReadsWhatTheScanReads: every file a scan reads is hashed into the
// key (the key walks scan.Walks, the scan's own groups).
func TestKeyReadsWhatTheScanReads(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, fixture)
	// A symlink that gives a Python file a C++ name: listed once per walk.
	if err := os.Symlink("gate.py", filepath.Join(dir, "pkg", "alias.cu")); err != nil {
		t.Fatal(err)
	}
	opt := options(t, dir)
	c, err := Compute(opt, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Run(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Scanned) == 0 || !c.Covers(res.Scanned) {
		t.Errorf("the key does not cover the %d files the scan read", len(res.Scanned))
	}
	if c.Covers(append(res.Scanned, filter.FileRef{Root: dir, Path: "README.md"})) {
		t.Error("Covers accepted a file the key never read")
	}
}

func TestLacks(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.py": "x = 1  # archlint: ignore[AL201] reason\n", "b.py": "y = 2\n"})
	c, err := Compute(options(t, dir), "test", []byte("archlint"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Lacks(filter.FileRef{Root: dir, Path: "a.py"}) || !c.Lacks(filter.FileRef{Root: dir, Path: "b.py"}) ||
		c.Lacks(filter.FileRef{Root: dir, Path: "unknown.py"}) {
		t.Error("Lacks: want false for the file with the probe and for unknown files, true for b.py")
	}
}

func sampleResult(dir string) *scan.Result {
	tb, _ := target.LoadTable()
	tgs, _ := tb.ParseTargets("sm_120", target.DefaultCUDA())
	return &scan.Result{
		Targets: []scan.TargetResult{{Target: tgs[0], Findings: []finding.Finding{{
			RuleID: "AL101", Level: finding.LevelWarning, Message: "m",
			Location:   finding.Location{Root: dir, Path: "a.cuh", Line: 3, Col: 1},
			Admits:     []string{"sm_90"},
			Flows:      [][]finding.Location{{{Root: dir, Path: "a.py", Line: 1}}},
			Properties: map[string]any{"verdict": "arbitrary", "excludedBehind": 2},
			Fixes:      []finding.Fix{{Description: "d", Edits: []finding.Edit{{Root: dir, Path: "a.cuh", Line: 3, EndLine: 3, Old: "a", New: "b"}}}},
			Target:     "sm_120",
		}}}},
		Notifications: []finding.Notification{{Level: finding.LevelWarning, Message: "n", Where: finding.Location{Root: dir, Path: "b.h"}}},
		Files:         2, Units: 1,
		Scanned: []filter.FileRef{{Root: dir, Path: "a.cuh"}},
	}
}

func store(t *testing.T, c *Cache, k Key, res *scan.Result) {
	t.Helper()
	data, err := Encode(k, res)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Store(k, data); err != nil {
		t.Fatal(err)
	}
}

func TestStoreLoad(t *testing.T) {
	c := &Cache{Dir: filepath.Join(t.TempDir(), "nested", "cache")}
	k := Key{1, 2, 3}
	if _, st := c.Load(k); st != Miss {
		t.Fatal("hit in an empty cache")
	}
	want := sampleResult("/src")
	store(t, c, k, want)
	got, st := c.Load(k)
	if st != Hit {
		t.Fatal("miss right after a store")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("replayed result differs:\n got %#v\nwant %#v", got, want)
	}
	if _, st := c.Load(Key{9}); st != Miss {
		t.Error("hit for another key")
	}
	// An entry renamed to another key's name is not replayed for it.
	other := Key{4}
	if err := os.Rename(c.path(k), c.path(other)); err != nil {
		t.Fatal(err)
	}
	if _, st := c.Load(other); st != Miss {
		t.Error("an entry stored for one key was replayed for another")
	}
}

func TestCorruptEntryIsMiss(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	k := Key{7}
	good, err := Encode(k, sampleResult("/src"))
	if err != nil {
		t.Fatal(err)
	}
	flipped := slices.Clone(good)
	flipped[len(flipped)-12] ^= 0xff
	damages := map[string][]byte{
		"empty":       nil,
		"garbage":     []byte("not an entry at all"),
		"header only": good[:len(magic)+2+len(k)],
		"truncated":   good[:len(good)-9],
		"flipped":     flipped,
		"old format":  append([]byte(strings.Replace(string(good[:len(magic)+1]), "1", "0", 1)), good[len(magic)+1:]...),
	}
	for name, data := range damages {
		if err := os.WriteFile(c.path(k), data, 0o600); err != nil {
			t.Fatal(err)
		}
		if res, st := c.Load(k); st != Miss || res != nil {
			t.Errorf("%s entry: want a miss", name)
		}
		if _, err := os.Stat(c.path(k)); !os.IsNotExist(err) {
			t.Errorf("%s entry was not removed", name)
		}
	}
}

func TestUsable(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	link := filepath.Join(outside, "link")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		dir  string
		want bool
	}{
		{filepath.Join(outside, "cache"), true},
		{root, false},
		{filepath.Join(root, ".cache", "archlint"), false},
		{filepath.Join(link, "cache"), false}, // through a symlink into the root
		{root + "-sibling", true},
	}
	for _, tc := range cases {
		got, err := (&Cache{Dir: tc.dir}).Usable([]string{outside + "/nonexistent-is-fine", root})
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("cache dir %s: usable = %v, want %v", tc.dir, got, tc.want)
		}
	}
}

func TestEvictKeepsNewest(t *testing.T) {
	c := &Cache{Dir: t.TempDir(), MaxEntries: 2}
	base := time.Now().Add(-time.Hour)
	for i := range 3 {
		k := Key{byte(i)}
		store(t, c, k, sampleResult("/src"))
		// Distinct, increasing mtimes, whatever the file system's clock
		// resolution.
		mt := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(c.path(k), mt, mt); err != nil {
			t.Fatal(err)
		}
	}
	// A hit refreshes entry 1: the next store evicts 0 and 2 is kept.
	if _, st := c.Load(Key{1}); st != Hit {
		t.Fatal("entry 1 missing")
	}
	store(t, c, Key{3}, sampleResult("/src"))
	for i, want := range []bool{false, true, false, true} {
		_, err := os.Stat(c.path(Key{byte(i)}))
		if got := err == nil; got != want {
			t.Errorf("entry %d present = %v, want %v", i, got, want)
		}
	}
	stray := filepath.Join(c.Dir, "unrelated.txt")
	if err := os.WriteFile(stray, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	small := &Cache{Dir: c.Dir, MaxBytes: 1}
	store(t, small, Key{5}, sampleResult("/src"))
	if ents, _ := filepath.Glob(filepath.Join(c.Dir, "*"+entrySuffix)); len(ents) != 0 {
		t.Errorf("a 1-byte bound kept %d entries", len(ents))
	}
	if _, err := os.Stat(stray); err != nil {
		t.Error("eviction removed a file that is not an entry")
	}
}

func TestIdentity(t *testing.T) {
	a, b := Identity("1.0"), Identity("1.0")
	if a != b || a == Identity("1.1") {
		t.Errorf("identity not stable or ignores the version: %q %q", a, b)
	}
	if !strings.Contains(a, "buildid=") && !strings.Contains(a, "exe=") && !strings.Contains(a, "rev=") {
		t.Errorf("identity %q names no build", a)
	}
}
