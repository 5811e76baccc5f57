package cst

import (
	"context"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/archlint/archlint/grammars"
)

// fieldNames are every field name of the grammar.
func fieldNames() []string {
	lang := grammars.CUDA()
	var out []string
	for id := uint16(1); uint32(id) <= lang.FieldCount(); id++ {
		out = append(out, lang.FieldNameForId(id))
	}
	return out
}

// grandchildFields are the fields where ChildByFieldName answers with a
// grandchild: it follows an inherited field into a child that the parse
// aliased to a visible node ((p = f()) gives the parenthesized_expression
// the assignment's left, operator and right). The flat tree keeps the
// field on the grandchild, where the cursor puts it; nothing reads these
// fields of these kinds. Found over every C/C++/CUDA file of six real
// trees (flashinfer, sglang, vllm, CUTLASS, CCCL, llama.cpp).
var grandchildFields = map[string]bool{
	"parenthesized_expression.left": true, "parenthesized_expression.operator": true,
	"parenthesized_expression.right": true,
}

// sameTree checks every node of ParseTree's flat tree against the
// go-tree-sitter node at the same place: what analyzer/hostgate reads
// through Tree is what it read through go-tree-sitter's Node.
func sameTree(t *testing.T, p *Parser, ref *sitter.Parser, name string, src []byte) {
	t.Helper()
	tr, err := p.ParseTree(context.Background(), src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	rt := ref.Parse(src, nil)
	defer rt.Close()
	fields := fieldNames()
	type pair struct {
		n Node
		r *sitter.Node
	}
	stack := []pair{{tr.Root(), rt.RootNode()}}
	visited := 0
	fail := func(n Node, format string, args ...any) {
		t.Helper()
		row, col := tr.Start(n)
		t.Fatalf("%s:%d:%d: %s: "+format, append([]any{name, row + 1, col + 1, tr.Kind(n)}, args...)...)
	}
	for len(stack) > 0 {
		n, r := stack[len(stack)-1].n, stack[len(stack)-1].r
		stack = stack[:len(stack)-1]
		visited++
		if tr.Kind(n) != r.Kind() || tr.IsNamed(n) != r.IsNamed() || tr.IsMissing(n) != r.IsMissing() ||
			tr.IsError(n) != r.IsError() || tr.HasError(n) != r.HasError() {
			fail(n, "kind or flags differ from %s", r.Kind())
		}
		if tr.StartByte(n) != int(r.StartByte()) || tr.EndByte(n) != int(r.EndByte()) {
			fail(n, "byte range differs")
		}
		sr, sc := tr.Start(n)
		er, ec := tr.End(n)
		if sr != int(r.StartPosition().Row) || sc != int(r.StartPosition().Column) ||
			er != int(r.EndPosition().Row) || ec != int(r.EndPosition().Column) {
			fail(n, "position differs")
		}
		var kids []Node
		for c := tr.FirstChild(n); c != NoNode; c = tr.NextSibling(c) {
			if tr.Parent(c) != n {
				fail(c, "parent is not the node listing it")
			}
			kids = append(kids, c)
		}
		if len(kids) != int(r.ChildCount()) {
			fail(n, "%d children, go-tree-sitter %d", len(kids), r.ChildCount())
		}
		byID := map[uintptr]Node{}
		named := 0
		for i, c := range kids {
			rc := r.Child(uint(i))
			byID[rc.Id()] = c
			if tr.IsNamed(c) {
				// hostgate tells a declaration's declarators by the field
				// of its named children.
				want := r.FieldNameForNamedChild(uint32(named))
				if got := tr.FieldOf(c); (want == "") != (got == 0) || (got != 0 && got != FieldID(want)) {
					fail(c, "field %d, go-tree-sitter %q", got, want)
				}
				named++
			}
			stack = append(stack, pair{c, rc})
		}
		for _, f := range fields {
			got := tr.ChildByField(n, FieldID(f))
			want := r.ChildByFieldName(f)
			if want != nil && grandchildFields[tr.Kind(n)+"."+f] {
				if _, child := byID[want.Id()]; !child {
					continue
				}
			}
			switch {
			case want == nil && got != NoNode:
				fail(n, "field %s: got a child, go-tree-sitter none", f)
			case want != nil && (got == NoNode || byID[want.Id()] != got):
				fail(n, "field %s: not go-tree-sitter's child", f)
			}
		}
	}
	if visited != len(tr.recs) {
		t.Fatalf("%s: %d records, %d nodes", name, len(tr.recs), visited)
	}
}

// TestTreeLikeNodes compares the flat tree with go-tree-sitter's nodes on
// the fixtures, damaged inputs and, when ARCHLINT_CST_CORPUS names a source
// tree, every C/C++/CUDA file in it.
func TestTreeLikeNodes(t *testing.T) {
	p := NewParser()
	defer p.Close()
	ref := refParser(t)
	defer ref.Close()
	eachFixture(t, func(f string, src []byte) {
		sameTree(t, p, ref, f, src)
		sameTree(t, p, ref, f+" cut", src[:len(src)/2])
		sameTree(t, p, ref, f+" brace", append([]byte("}\n"), src...))
	})
	for _, s := range []string{"", "\xff\xfe", "void f() { while ((p = s.find(1, p)) != n) {} }", "é = 1; void f() { int x = \"ü\"; }", "__global__ void k(", "}}}{{{",
		"void f() { int a = 1, *b, c[2] = {1}, &d = a; auto [x, y] = g(); }",
		"void f() { if (a) b(); else if (c) d(); else { e(); } switch (x) { case 1: break; default: ; } }",
		"int (*pick(int))(int) { return 0; }", "void f() try { g(); } catch (...) { h(); }"} {
		sameTree(t, p, ref, s, []byte(s))
	}
	eachCorpusFile(t, func(path string, src []byte) { sameTree(t, p, ref, path, src) })
}

// FuzzTreeLikeNodes: on any input the flat tree matches go-tree-sitter's.
func FuzzTreeLikeNodes(f *testing.F) {
	eachFixture(f, func(_ string, src []byte) { f.Add(src) })
	f.Add([]byte("void f() { int a = 1, *b; if (getSMVersion() >= 90) g(); }"))
	p := NewParser()
	defer p.Close()
	ref := refParser(f)
	defer ref.Close()
	f.Fuzz(func(t *testing.T, src []byte) {
		sameTree(t, p, ref, "fuzz", src)
	})
}

// TestFieldIDs: the field table gives go-tree-sitter's ids.
func TestFieldIDs(t *testing.T) {
	lang := grammars.CUDA()
	for _, f := range fieldNames() {
		if got, want := FieldID(f), lang.FieldIdForName(f); uint16(got) != want {
			t.Errorf("%s: %d, want %d", f, got, want)
		}
	}
	if FieldID("no such field") != 0 {
		t.Error("an unknown field has an id")
	}
}
