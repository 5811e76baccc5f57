package python

import (
	"slices"
	"testing"
)

// TestPrefetchInvisible: the selection loads imported modules ahead, but
// a module the analysis never asks for stays unsaid. app.lazy is imported
// and never touched (an import binds a module lazily), so its syntax
// error is no notification; app.used is read, so its syntax error is.
func TestPrefetchInvisible(t *testing.T) {
	srcs := lazyApp("def broken(:\n    pass\n", "LIMIT = 3\ndef broken(:\n    pass\n")
	for i := range 20 {
		srcs = append(srcs, Source{Root: "r", Path: "app/plain" + string(rune('a'+i)) + ".py", Src: []byte("X = 1\n")})
	}
	cfg := fixtureConfig()
	cfg.alwaysSelect = true
	_, notes := AnalyzeProgram(srcs, cfg)
	var paths []string
	for _, n := range notes {
		paths = append(paths, n.Path)
	}
	if !slices.Contains(paths, "app/used.py") || slices.Contains(paths, "app/lazy.py") {
		t.Errorf("notifications for %v, want app/used.py and not app/lazy.py", paths)
	}
}

// lazyApp is a package whose main module imports app.lazy and never reads
// it, and reads LIMIT from app.used: the modules prefetch loads ahead,
// one of them never asked for.
func lazyApp(lazy, used string) []Source {
	return []Source{
		{Root: "r", Path: "app/__init__.py", Src: []byte("")},
		{Root: "r", Path: "app/main.py", Src: []byte(
			"import torch\nimport app.lazy\nfrom app.used import LIMIT\n\n" +
				"def check():\n    major, _ = torch.cuda.get_device_capability()\n" +
				"    if major not in [9, 10]:\n        raise RuntimeError('unsupported')\n")},
		{Root: "r", Path: "app/lazy.py", Src: []byte(lazy)},
		{Root: "r", Path: "app/used.py", Src: []byte(used)},
	}
}

// selectedProgram is the program of srcs with every file selected, its
// selection made (keep: the selection's state kept, as tests that read it
// ask).
func selectedProgram(t *testing.T, srcs []Source, keep bool) *program {
	t.Helper()
	cfg := fixtureConfig()
	cfg.alwaysSelect = true
	p := newProgram(stubModules(sortedSources(srcs)), cfg)
	t.Cleanup(p.parsers.close)
	p.digestAll()
	p.rankRoots()
	p.sel.keep = keep
	p.selectFiles()
	return p
}
