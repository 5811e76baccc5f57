package grammars

import (
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

func TestForPath(t *testing.T) {
	cases := map[string]Kind{
		"a/b/kernel.cu":        KindCUDA,
		"x.cuh":                KindCUDA,
		"x.cuinl":              KindCUDA,
		"x.h":                  KindCUDA,
		"x.hh":                 KindCUDA,
		"x.hpp":                KindCUDA,
		"x.hxx":                KindCUDA,
		"x.inl":                KindCUDA,
		"x.ipp":                KindCUDA,
		"x.c":                  KindCUDA,
		"x.cc":                 KindCUDA,
		"x.cpp":                KindCUDA,
		"x.cxx":                KindCUDA,
		"UPPER.CU":             KindCUDA,
		"pkg/mod.py":           KindPython,
		"stubs.pyi":            KindPython,
		"README.md":            KindNone,
		"Makefile":             KindNone,
		"setup.cfg":            KindNone,
		"dir.cu/noext":         KindNone,
		"archive.cu.tar":       KindNone,
		"":                     KindNone,
		"weird.py.bak":         KindNone,
		"/abs/path/to/file.cc": KindCUDA,
	}
	for path, want := range cases {
		if got := KindForPath(path); got != want {
			t.Errorf("KindForPath(%q) = %v, want %v", path, got, want)
		}
		lang := ForPath(path)
		switch want {
		case KindCUDA:
			if lang != CUDA() {
				t.Errorf("ForPath(%q) is not the CUDA language", path)
			}
		case KindPython:
			if lang != Python() {
				t.Errorf("ForPath(%q) is not the Python language", path)
			}
		default:
			if lang != nil {
				t.Errorf("ForPath(%q) = non-nil, want nil", path)
			}
		}
	}
}

// TestLanguagesLoad checks that the runtime accepts both grammars' ABI and
// that they actually parse: a failure here means a version mismatch between
// go-tree-sitter and a grammar module.
func TestLanguagesLoad(t *testing.T) {
	for name, tc := range map[string]struct {
		lang *sitter.Language
		src  string
		root string
	}{
		"cuda":   {CUDA(), "__global__ void k(int *p) { p[0] = 1; }\n", "translation_unit"},
		"python": {Python(), "def f(x):\n    return x\n", "module"},
	} {
		t.Run(name, func(t *testing.T) {
			p := sitter.NewParser()
			defer p.Close()
			if err := p.SetLanguage(tc.lang); err != nil {
				t.Fatalf("SetLanguage: %v", err)
			}
			tree := p.Parse([]byte(tc.src), nil)
			if tree == nil {
				t.Fatal("Parse returned nil tree")
			}
			defer tree.Close()
			root := tree.RootNode()
			if root.Kind() != tc.root || root.HasError() {
				t.Fatalf("root = %s, HasError=%v: %s", root.Kind(), root.HasError(), root.ToSexp())
			}
		})
	}
}
