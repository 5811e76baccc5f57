package cst

import (
	"reflect"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/archlint/archlint/grammars"
)

// refParser is a go-tree-sitter parser for the reference extractor.
func refParser(t testing.TB) *sitter.Parser {
	t.Helper()
	ref := sitter.NewParser()
	if err := ref.SetLanguage(grammars.CUDA()); err != nil {
		t.Fatal(err)
	}
	return ref
}

// sameFacts checks that Parse (C parse, C walk, flat extractor) finds the
// facts the go-tree-sitter parse and cursor extractor find.
func sameFacts(t *testing.T, p *Parser, ref *sitter.Parser, name string, src []byte) {
	t.Helper()
	got, err := p.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tree := ref.Parse(src, nil)
	defer tree.Close()
	want := refExtract(tree, src, *p.kinds)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: facts differ\n got %+v\nwant %+v", name, got, want)
	}
}

// TestExtractLikeCursor compares the C walk and flat extractor with the
// cursor extractor they replaced on the fixtures, damaged inputs and, when
// ARCHLINT_CST_CORPUS names a source tree, every C/C++/CUDA file in it.
func TestExtractLikeCursor(t *testing.T) {
	p := NewParser()
	defer p.Close()
	ref := refParser(t)
	defer ref.Close()
	eachFixture(t, func(f string, src []byte) {
		sameFacts(t, p, ref, f, src)
		// Damaged: cut in the middle, and with a stray brace.
		sameFacts(t, p, ref, f+" cut", src[:len(src)/2])
		sameFacts(t, p, ref, f+" brace", append([]byte("}\n"), src...))
	})
	for _, s := range []string{"", "\xff\xfe", "__global__ void k(", "}}}{{{", "MACRO __global__ void k() { f(); }",
		"__global__ void __cluster_dims__(2, 1, 1) k() { g(); }", "template <int N> __global__ LB(256) void k() { a.template m<N>(); }",
		"#if X\nvoid f() {\n#else\nvoid f() {\n#endif\n}\n", "struct B { operator bool() const { return x(); } };",
		"void f() try { g(); } catch (...) { h(); }"} {
		sameFacts(t, p, ref, s, []byte(s))
	}
	eachCorpusFile(t, func(path string, src []byte) { sameFacts(t, p, ref, path, src) })
}

// FuzzParseLikeCursor: on any input the C walk and flat extractor find
// what the cursor extractor finds.
func FuzzParseLikeCursor(f *testing.F) {
	eachFixture(f, func(_ string, src []byte) { f.Add(src) })
	f.Add([]byte("__global__ void __cluster_dims__(2, 1, 1) k() { g(); }"))
	p := NewParser()
	defer p.Close()
	ref := sitter.NewParser()
	defer ref.Close()
	if err := ref.SetLanguage(grammars.CUDA()); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		sameFacts(t, p, ref, "fuzz", src)
	})
}
