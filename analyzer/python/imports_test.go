package python

import "testing"

// TestLookupAcrossRoots checks which module an absolute import resolves to
// when several repositories are scanned side by side: the importer's own
// root first, then another root's module only by its exact name under a
// package that root installs, never a stray module or a suite's package
// that happens to carry a standard library's name.
func TestLookupAcrossRoots(t *testing.T) {
	var srcs []Source
	for _, n := range [][2]string{
		{"aaa", "deep/a/b/c/lib/__init__.py"}, // a stray "lib" in a root listed first
		{"lib", "lib/__init__.py"}, {"lib", "lib/utils.py"},
		{"lib", "python/pkg/__init__.py"}, {"lib", "python/pkg/mod.py"},
		{"lib", ".tool/ext/builtins.py"},                      // a top-level name only because nothing above is a package
		{"lib", "examples/deep/struct/__init__.py"},           // likewise, a package
		{"lib", "kernels/a/b/c/common/__init__.py"},           // a package four levels down
		{"lib", "tests/__init__.py"}, {"lib", "tests/moe.py"}, // a suite
		{"app", "app/__init__.py"}, {"app", "app/main.py"}, {"app", "app/utils.py"},
	} {
		srcs = append(srcs, Source{Root: n[0], Path: n[1]})
	}
	p := newProgram(stubModules(srcs), Config{})
	from := p.byPath[rootPath{"app", "app/main.py"}]
	for _, tc := range []struct{ name, want string }{
		{"lib", "lib/__init__.py"},
		{"lib.utils", "lib/utils.py"},
		{"pkg.mod", "python/pkg/mod.py"},
		{"app.utils", "app/utils.py"},
		{"builtins", ""},
		{"struct", ""},
		{"common", ""},
		{"tests.moe", ""},
		{"utils", "app/utils.py"}, // a suffix in the importer's root
	} {
		got := ""
		if m := p.lookup(tc.name, from); m != nil {
			got = m.path
		}
		if got != tc.want {
			t.Errorf("import %s from app/main.py = %q, want %q", tc.name, got, tc.want)
		}
	}
	// Inside its own root a module keeps every name it has.
	own := p.byPath[rootPath{"lib", "lib/utils.py"}]
	if m := p.lookup("builtins", own); m == nil || m.path != ".tool/ext/builtins.py" {
		t.Errorf("import builtins from lib: %v", m)
	}
}

// TestBareImportSkipsNestedPackages: a bare `import torch` is the installed
// torch, not a package of that name inside the project (lightning-thunder's
// thunder/torch/); a sibling file of a script still is (`import utils`).
func TestBareImportSkipsNestedPackages(t *testing.T) {
	var srcs []Source
	for _, p := range []string{"thunder/__init__.py", "thunder/torch/__init__.py", "thunder/core/__init__.py",
		"thunder/core/transforms.py", "thunder/core/utils.py"} {
		srcs = append(srcs, Source{Root: "thu", Path: p})
	}
	p := newProgram(stubModules(srcs), Config{})
	from := p.byPath[rootPath{"thu", "thunder/core/transforms.py"}]
	for name, want := range map[string]string{"torch": "", "utils": "thunder/core/utils.py", "thunder.torch": "thunder/torch/__init__.py"} {
		got := ""
		if m := p.lookup(name, from); m != nil {
			got = m.path
		}
		if got != want {
			t.Errorf("import %s from thunder/core/transforms.py = %q, want %q", name, got, want)
		}
	}
}

// TestModuleNameThroughNamespaces: the dotted name goes up the packages
// above a file, on through directories without __init__.py that lie
// between packages (PEP 420 namespace packages: sglang's srt/), and stops
// at the last package, or at a directory that is no Python name.
func TestModuleNameThroughNamespaces(t *testing.T) {
	pkgs := func(dirs ...string) map[string]bool {
		m := map[string]bool{}
		for _, d := range dirs {
			m[d] = true
		}
		return m
	}
	for _, c := range []struct {
		path string
		pkgs map[string]bool
		want string
	}{
		{"python/sglang/srt/utils/common.py", pkgs("python/sglang", "python/sglang/srt/utils"), "sglang.srt.utils.common"},
		{"python/sglang/srt/utils/__init__.py", pkgs("python/sglang", "python/sglang/srt/utils"), "sglang.srt.utils"},
		{"python/sglang/srt/layers/moe/fused.py", pkgs("python/sglang", "python/sglang/srt/layers/moe"), "sglang.srt.layers.moe.fused"},
		{"flashinfer/jit/core.py", pkgs("flashinfer", "flashinfer/jit"), "flashinfer.jit.core"},
		{"tests/attention/test_x.py", pkgs("flashinfer"), "tests.attention.test_x"},
		{"pkg/third-party/lib/x.py", pkgs("pkg", "pkg/third-party/lib"), "lib.x"},
		{"a/b/c.py", pkgs("a/b"), "b.c"},
	} {
		if got, _, _ := moduleName(c.path, c.pkgs); got != c.want {
			t.Errorf("moduleName(%s) = %s, want %s", c.path, got, c.want)
		}
	}
}
