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
	srcs := []Source{
		{Root: "r", Path: "app/__init__.py", Src: []byte("")},
		{Root: "r", Path: "app/main.py", Src: []byte(
			"import torch\nimport app.lazy\nfrom app.used import LIMIT\n\n" +
				"def check():\n    major, _ = torch.cuda.get_device_capability()\n" +
				"    if major not in [9, 10]:\n        raise RuntimeError('unsupported')\n")},
		{Root: "r", Path: "app/lazy.py", Src: []byte("def broken(:\n    pass\n")},
		{Root: "r", Path: "app/used.py", Src: []byte("LIMIT = 3\ndef broken(:\n    pass\n")},
	}
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
