package python

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"unsafe"
)

// TestLineIndex: lines and columns are 1-based; an offset at a newline is
// on the line the newline ends, and one past the end on the last line.
func TestLineIndex(t *testing.T) {
	src := []byte("ab\n\ncd\n")
	li := newLineIndex(src)
	for _, c := range []struct {
		off       uint32
		line, col int
	}{{0, 1, 1}, {1, 1, 2}, {2, 1, 3}, {3, 2, 1}, {4, 3, 1}, {6, 3, 3}, {7, 4, 1}, {9, 4, 3}} {
		if l, col := li.pos(c.off); l != c.line || col != c.col {
			t.Errorf("pos(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
	if l, col := newLineIndex(nil).pos(0); l != 1 || col != 1 {
		t.Errorf("empty source: %d:%d", l, col)
	}
}

// TestLineIndexSparse: the index keeps a mark every lineStride bytes and
// counts from there; every offset of sources with long and short lines,
// newlines on and around the marks, and lines spanning several marks
// must be where a table of every line start puts them.
func TestLineIndexSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 40 {
		var src []byte
		size := rng.IntN(5 * lineStride)
		for len(src) < size {
			switch r := rng.IntN(10); {
			case r < 6:
				src = append(src, "abc = 1\n"...)
			case r < 8:
				src = append(src, '\n')
			case iter%4 == 0:
				src = append(src, bytes.Repeat([]byte{'x'}, rng.IntN(3*lineStride))...)
			default:
				src = append(src, bytes.Repeat([]byte{'y'}, rng.IntN(200))...)
			}
		}
		if iter == 1 {
			src = bytes.Repeat([]byte{'\n'}, 2*lineStride+1)
		}
		li := newLineIndex(src)
		starts := []int{0}
		for i, c := range src {
			if c == '\n' {
				starts = append(starts, i+1)
			}
		}
		for off := 0; off <= len(src)+2; off++ {
			i := sort.SearchInts(starts, off+1) - 1
			wantLine, wantCol := i+1, off-starts[i]+1
			if l, c := li.pos(uint32(off)); l != wantLine || c != wantCol {
				t.Fatalf("source %d (%d bytes): pos(%d) = %d:%d, want %d:%d", iter, len(src), off, l, c, wantLine, wantCol)
			}
		}
	}
}

// TestChildrenFromRecords: a node's children are found from the nodes
// alone (pnode.next); they must be the records whose parent it is, in
// order, and its named children those less the anonymous ones and
// comments, for every node of a file with comments and operators among
// the children, nested blocks, and subtrees of every size.
func TestChildrenFromRecords(t *testing.T) {
	var src []byte
	for i := range 200 {
		src = fmt.Appendf(src, "x%d = (a + b) * c  # note %d\nif a < b and not c:\n    # inside\n    y = -a\n    def g(q=[1, 2, {3: 4}]):\n        return q[0] if q else None\n", i, i)
	}
	ps, pr := parseForTest(t, src)
	recs := keptRecords(t, ps, pr)
	kids := make([][]nodeID, len(recs))
	size := make([]int, len(recs))
	for i := len(recs) - 1; i >= 0; i-- {
		size[i]++
		if p := recs[i].parent; p >= 0 {
			kids[p] = append([]nodeID{nodeID(i)}, kids[p]...)
			size[p] += size[i]
		}
	}
	m := &module{src: src, tab: ps.tab, parsed: pr}
	mixed := 0
	for i := range pr.nodes {
		n := nodeID(i)
		var named []nodeID
		for _, k := range kids[n] {
			if ps.tab.keepNamed(pr.kindID(k)) {
				named = append(named, k)
			}
		}
		if len(named) < len(kids[n]) {
			mixed++
		}
		if got := slices.Collect(m.kids(n)); !slices.Equal(got, kids[n]) {
			t.Fatalf("node %d (%s): kids %v, want %v", i, m.kind(n), got, kids[n])
		}
		if got := slices.Collect(m.named(n)); !slices.Equal(got, named) {
			t.Fatalf("node %d (%s): named %v, want %v", i, m.kind(n), got, named)
		}
		first, only := noNode, noNode
		if len(named) > 0 {
			first = named[0]
		}
		if len(named) == 1 {
			only = named[0]
		}
		if m.firstNamed(n) != first || m.onlyNamed(n) != only || m.namedCount(n) != len(named) {
			t.Fatalf("node %d: first %d only %d count %d, want %d %d %d", i, m.firstNamed(n), m.onlyNamed(n), m.namedCount(n), first, only, len(named))
		}
		for j, k := range kids[n] {
			var after []nodeID
			for _, l := range kids[n][j+1:] {
				if ps.tab.keepNamed(pr.kindID(l)) {
					after = append(after, l)
				}
			}
			if got := slices.Collect(m.namedAfter(n, k)); !slices.Equal(got, after) {
				t.Fatalf("node %d after %d: %v, want %v", i, k, got, after)
			}
		}
		if m.subtreeSize(n) != size[n] {
			t.Fatalf("node %d: subtree of %d, want %d", i, m.subtreeSize(n), size[n])
		}
		if p := pr.parentOf(n); p != nodeID(recs[i].parent) {
			t.Fatalf("node %d: parent %d, want %d", i, p, recs[i].parent)
		}
	}
	if mixed < 1000 {
		t.Errorf("only %d nodes with an anonymous child or a comment", mixed)
	}
}

// TestCompactNodes: the 10-byte nodes give back the walk's records, kind,
// field, byte range and parent, also for nodes longer than 64 KiB (whose
// ends are kept apart), subtrees of more than 64 Ki nodes (whose nexts
// are kept apart) and in a file of many of them; the hand-written
// parser's nodes are the same.
func TestCompactNodes(t *testing.T) {
	var src []byte
	for i := range 3 {
		src = fmt.Appendf(src, "class C%d:\n    def f(self, x: int = 1) -> int:\n", i)
		for j := range 2500 + 1000*i {
			src = fmt.Appendf(src, "        y%d = self.g(x, k=[%d, 'a'])  # c\n", j, j)
		}
		src = fmt.Appendf(src, "z%d = C%d().f(2)\n", i, i)
	}
	// A string and a comment of 64 KiB or more: the starts of the nodes
	// around them do not fit a block's 16 bits (longStarts).
	src = fmt.Appendf(src, "s = [1, %q, 2]\n# %s\nt = (3, 4)\n", strings.Repeat("a", 70000), strings.Repeat("b", 70000))
	ps, pr := parseForTest(t, src)
	recs := keptRecords(t, ps, pr)
	// Each node's parent, from the children of every node (parentOf,
	// from the root, walks the thousands of statements of a body for
	// each node of it; TestChildrenFromRecords checks it).
	m := &module{src: src, tab: ps.tab, parsed: pr}
	parent := make([]nodeID, len(recs))
	parent[0] = noNode
	for i := range recs {
		for k := range m.kids(nodeID(i)) {
			parent[k] = nodeID(i)
		}
	}
	long := 0
	for i, r := range recs {
		n := nodeID(i)
		k := r.kind
		if int(k) >= len(ps.tab.names)-1 {
			k = uint16(len(ps.tab.names) - 1)
		}
		if pr.kindID(n) != k || pr.fieldID(n) != r.field || pr.start(nodeID(i)) != r.sb || pr.end(n) != r.eb || parent[n] != nodeID(r.parent) {
			t.Fatalf("node %d: kind %d field %d [%d,%d] parent %d, want %+v", i, pr.kindID(n), pr.fieldID(n), pr.start(nodeID(i)), pr.end(n), parent[n], r)
		}
		if r.eb-r.sb >= spanLong {
			long++
		}
	}
	if long < 9 || len(pr.longEnds) != long {
		t.Errorf("%d nodes of 64 KiB or more, %d kept apart", long, len(pr.longEnds))
	}
	if len(pr.longStarts) == 0 || len(pr.longStarts)%startBlock != 0 && len(pr.nodes)%startBlock == 0 {
		t.Errorf("%d starts kept apart: the blocks around the long string are not", len(pr.longStarts))
	}
	// Each subtree's size from the records: a node's next is past it.
	size := make([]nodeID, len(recs))
	for i := len(recs) - 1; i >= 0; i-- {
		size[i]++
		if p := recs[i].parent; p >= 0 {
			size[p] += size[i]
		}
	}
	big := 0
	for i := range recs {
		n := nodeID(i)
		if pr.next(n) != n+size[i] {
			t.Fatalf("node %d: next %d, want %d", i, pr.next(n), n+size[i])
		}
		if size[i] > 0xFFFF {
			big++
		}
	}
	// The module, the largest class and its method.
	if big < 3 || len(pr.longNexts) != big {
		t.Errorf("%d subtrees of more than 64 Ki nodes, %d nexts kept apart", big, len(pr.longNexts))
	}
	if s := unsafe.Sizeof(pnode{}); s != 8 {
		t.Errorf("a syntax node takes %d bytes, want 8", s)
	}
	gp, ok := ps.parseGo(src)
	if !ok {
		t.Fatal("the hand-written parser refused the file")
	}
	if len(gp.nodes) != len(pr.nodes) || len(gp.longNexts) != len(pr.longNexts) || len(gp.longEnds) != len(pr.longEnds) ||
		!slices.Equal(gp.bases, pr.bases) || !slices.Equal(gp.longStarts, pr.longStarts) || !slices.Equal(gp.dropped, pr.dropped) {
		t.Fatalf("hand-written parser: %d nodes, %d long nexts, %d long ends; tree-sitter %d, %d, %d",
			len(gp.nodes), len(gp.longNexts), len(gp.longEnds), len(pr.nodes), len(pr.longNexts), len(pr.longEnds))
	}
	for i := range pr.nodes {
		n := nodeID(i)
		// The same kind may have two ids (an alias): compared by name.
		if ps.tab.names[gp.kindID(n)] != ps.tab.names[pr.kindID(n)] || gp.fieldID(n) != pr.fieldID(n) ||
			gp.start(n) != pr.start(n) || gp.next(n) != pr.next(n) || gp.end(n) != pr.end(n) {
			t.Fatalf("node %d: hand-written parser %+v, tree-sitter %+v", i, gp.nodes[i], pr.nodes[i])
		}
	}
}

// TestEnclosingFromTheRoot: the enclosing def and decorated definition,
// found going down from the root, are the innermost around a node, and
// noNode has none.
func TestEnclosingFromTheRoot(t *testing.T) {
	src := []byte("x = 1\n@dec\ndef outer(a):\n    def inner(b):\n        return b + 1\n    return inner\nclass C:\n    def m(self):\n        return [1, 2]\n")
	m, pr := indexedModuleForTest(t, src)
	find := func(text string) nodeID {
		for i := range pr.nodes {
			if m.text(nodeID(i)) == text {
				return nodeID(i)
			}
		}
		t.Fatalf("no node %q", text)
		return noNode
	}
	for _, c := range []struct{ text, want string }{
		{"b + 1", "mod.outer.inner"}, {"return inner", "mod.outer"}, {"[1, 2]", "mod.C.m"}, {"1", "mod"},
	} {
		if got := m.enclosing(find(c.text)); got != c.want {
			t.Errorf("enclosing(%q) = %s, want %s", c.text, got, c.want)
		}
	}
	if f := m.enclosingDecorated(find("b + 1")); f == nil || f.qual != "mod.outer" {
		t.Errorf("enclosingDecorated = %v, want mod.outer", f)
	}
	if !m.enclosingKind(find("[1, 2]"), "class_definition") || m.enclosingKind(find("b + 1"), "class_definition") {
		t.Errorf("enclosingKind wrong")
	}
	if m.enclosingFunc(noNode) != nil || m.enclosing(noNode) != "mod" {
		t.Errorf("noNode has an enclosing function")
	}
}

// TestEnclosingFuncByOrder: enclosingFunc finds the def around a node from
// the defs' order and their outer chain; it must be the last def on the
// path from the root (descend, the long way) for every node of a file
// with nested defs, classes in defs, defs after blocks, lambdas and
// decorators.
func TestEnclosingFuncByOrder(t *testing.T) {
	src := []byte(`import os
x = [1, 2]
@dec(3)
def a(p=lambda q: q + 1):
    def b():
        class K:
            def m(self):
                return 1
            y = 2
        def c():
            return K
        z = 3
        return c
    w = b()
    return w
class C:
    def f(self):
        if self:
            def g():
                pass
            return g
        return 4
    v = f
def d(*args, **kw):
    pass
tail = d()
`)
	m, pr := indexedModuleForTest(t, src)
	if len(m.funcs) != 7 {
		t.Fatalf("%d defs, want 7", len(m.funcs))
	}
	for i := range pr.nodes {
		n := nodeID(i)
		var want *funcDef
		m.descend(n, func(p nodeID) {
			if f := m.defAt(p); f != nil {
				want = f
			}
		})
		// The searches find each def and class at its node, and
		// nothing at any other.
		if f := m.defAt(n); (f != nil) != (m.kind(n) == "function_definition") || f != nil && f.node != n {
			t.Fatalf("node %d (%s): defAt %v", i, m.kind(n), f)
		}
		if c := m.classAt(n); (c != nil) != (m.kind(n) == "class_definition") || c != nil && c.node != n {
			t.Fatalf("node %d (%s): classAt %v", i, m.kind(n), c)
		}
		if got := m.enclosingFunc(n); got != want {
			t.Fatalf("node %d (%s %q): enclosingFunc %v, want %v", i, m.kind(n), m.text(n), got, want)
		}
	}
}

// keptRecords are the walk's records that parse left in its buffer,
// those of the kinds dropped left out and the parents renumbered: the
// nodes build must have made. Each record dropped must be a leaf, and
// its parent noted in pr.dropped.
func keptRecords(t *testing.T, ps *parser, pr *parsed) []nodeRec {
	t.Helper()
	all := unsafe.Slice((*nodeRec)(unsafe.Pointer(&ps.buf[0])), len(pr.nodes)+len(pr.dropped))
	id := make([]int32, len(all))
	var out []nodeRec
	var dropped []nodeID
	for i, r := range all {
		if r.parent >= 0 && id[r.parent] < 0 {
			t.Fatalf("record %d: a child of dropped record %d", i, r.parent)
		}
		if ps.tab.drop[min(int(r.kind), len(ps.tab.names)-1)] {
			id[i] = -1
			dropped = append(dropped, nodeID(id[r.parent]))
			continue
		}
		id[i] = int32(len(out))
		if r.parent >= 0 {
			r.parent = id[r.parent]
		}
		out = append(out, r)
	}
	if !slices.Equal(dropped, pr.dropped) {
		t.Fatalf("dropped under %v, want %v", pr.dropped, dropped)
	}
	return out
}

// parseForTest parses src with a parser of its own, closed when the test
// ends (the parse's records stay in its buffer until then).
func parseForTest(t *testing.T, src []byte) (*parser, *parsed) {
	t.Helper()
	ps, err := newParser()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ps.close)
	pr, err := ps.parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return ps, pr
}

// indexedModuleForTest is src parsed and indexed as module "mod".
func indexedModuleForTest(t *testing.T, src []byte) (*module, *parsed) {
	t.Helper()
	ps, pr := parseForTest(t, src)
	m := &module{name: "mod", src: src, tab: ps.tab, parsed: pr, lines: newLineIndex(src)}
	m.index()
	return m, pr
}
