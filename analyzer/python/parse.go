package python

// #include "parse_c.h"
import "C"

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/archlint/archlint/grammars"
)

// nodeID indexes module.nodes. The tree-sitter tree is copied into this flat,
// pointer-free form right after parsing so that the C tree can be closed at
// once and the modules can be read by every capability worker at the same
// time (a tree-sitter tree must not be shared between goroutines).
type nodeID int32

const noNode nodeID = -1

// pnode is one syntax node, 8 bytes (the six real trees scanned together
// load twelve million, and the trees are the largest thing the Python
// phase holds). Nodes are in pre-order, so a node's first child is the
// node after it, and its subtree ends at next: the children of n are n+1,
// then the next of each child while it is below n's next (module.kids). A
// list of every node's children took 4 more bytes a node, and named
// children (anonymous tokens left out) are the children whose
// kind keepNamed says so, found as the children are. A node keeps no
// parent: the few readers of one (gates, arch lists, enclosing functions)
// find it from the root (parsed.parentOf). Kind and field share 16 bits
// (the grammar has 276 kinds and 33 fields), and the end is kept as the
// length, which is under 64 KiB for all but a handful of nodes a file
// (those are in parsed.longEnds). Next is kept as the distance from the
// node, which is under 64 Ki nodes for all but the few largest subtrees
// of a file (the module, large classes and functions: parsed.longNexts).
// Kinds nothing reads are not kept at all (langTable.drop).
// The start is kept as the distance from the least start of its block of
// startBlock nodes (parsed.bases): nodes in pre-order start close to one
// another, so that fits 16 bits in all but the blocks around a string of
// 64 KiB or more (whose starts are in parsed.longStarts). With the start
// in 4 bytes the node was 10 bytes (23 MB more on the six-tree set), and
// with a 4-byte next too, 12.
type pnode struct {
	kf    uint16 // kind (kindMask bits: index into langTable.names), then field (index into langTable.fields; 0 = none)
	span  uint16 // eb-sb, or spanLong: the end is in parsed.longEnds
	soff  uint16 // start minus its block's base (parsed.start)
	dnext uint16 // next-n, or 0: next is in parsed.longNexts
}

const (
	kindBits = 9
	kindMask = 1<<kindBits - 1
	// maxFields is how many fields fit above the kind in pnode.kf.
	maxFields = 1 << (16 - kindBits)
	// spanLong marks a node whose length does not fit pnode.span.
	spanLong = 0xFFFF
	// startBits: the nodes of a block of 1<<startBits share a base
	// (parsed.bases), a 4-byte word per 32 nodes.
	startBits  = 5
	startBlock = 1 << startBits
	// longBlock marks a base that is an index into parsed.longStarts:
	// the block's starts span 64 KiB or more. Sources are under 2 GiB
	// (maxSource), so no start has the bit.
	longBlock = 1 << 31
	// maxSource is the largest source either parser reads.
	maxSource = 1<<31 - 1
)

// longEnd is the end of a node whose length does not fit pnode.span.
type longEnd struct {
	n  nodeID
	eb uint32
}

// longNext is the next of a node whose subtree is too large for pnode.dnext.
type longNext struct {
	n, next nodeID
}

// langTable names the grammar's node kinds and fields once per parser, so
// that the copy does not allocate a Go string per node.
type langTable struct {
	names  []string
	named  []bool
	keep   []bool // keepNamed of each kind
	drop   []bool // the kinds no tree keeps (dropKinds)
	fields []string
	ops    []op     // opOf each name
	fkeys  []field  // fieldOf each field's name
	py     *pyKinds // the hand-written parser's kinds and fields
}

func newLangTable(lang *sitter.Language) (*langTable, error) {
	t := &langTable{}
	n := lang.NodeKindCount()
	t.names = make([]string, n)
	t.named = make([]bool, n)
	for i := uint32(0); i < n; i++ {
		t.names[i] = lang.NodeKindForId(uint16(i))
		t.named[i] = lang.NodeKindIsNamed(uint16(i))
	}
	// tree-sitter's ERROR symbol (0xFFFF) is outside the kind table.
	t.names = append(t.names, "ERROR")
	t.named = append(t.named, true)
	t.keep = make([]bool, len(t.names))
	t.drop = make([]bool, len(t.names))
	for i, name := range t.names {
		t.drop[i] = slices.Contains(dropKinds, name)
		t.keep[i] = t.named[i] && !t.drop[i]
	}
	t.ops = make([]op, len(t.names))
	for i, name := range t.names {
		t.ops[i] = opOf(name)
	}
	fc := lang.FieldCount()
	t.fields = make([]string, fc+1)
	for i := uint32(1); i <= fc; i++ {
		t.fields[i] = lang.FieldNameForId(uint16(i))
	}
	t.fkeys = make([]field, len(t.fields))
	for i, name := range t.fields {
		if i > 0 {
			t.fkeys[i] = fieldOf(name)
		}
	}
	t.py = newPyKinds(t)
	if len(t.names) > kindMask+1 || len(t.fields) > maxFields {
		return nil, fmt.Errorf("python: the grammar's %d kinds and %d fields do not fit a syntax node's %d bits", len(t.names), len(t.fields), 16)
	}
	return t, nil
}

// dropKinds are the leaves that neither parser keeps in a tree: nothing
// reads them, and they were 1.5 M of the six real trees' 20.8 M nodes
// (string_start 613 k, string_end 613 k, comment 289 k, line_continuation
// 774). A string's prefix (r, f, b) is read from the source at the
// string's start (evalString), the suppression comments from the source
// too (commentAbout). A line continuation was a named child: a
// conditional expression continued with a backslash had four, and the
// readers that take its three (slice, guards) passed it by (DeepGEMM's
// `a if get_arch_major() == 9 \ else b`). What they still count for,
// parsed.dropped keeps until the module is indexed.
var dropKinds = []string{"string_start", "string_end", "comment", "line_continuation"}

// keepNamed says whether a node of the kind is one of module.named's
// children: named (the kinds dropped are never in a tree).
func (t *langTable) keepNamed(kind uint16) bool {
	return t.keep[kind]
}

// parser is one tree-sitter parser for Python; one per goroutine.
type parser struct {
	ts     *C.TSParser
	tab    *langTable
	buf    []C.archlint_py_rec // reused between files
	bufs   buildBufs           // build's working slices, reused between files
	goBufs goBufs              // and the Go parser's
	// traceBail keeps the stack where the Go parser last gave up, in
	// bailStack (tests use it to find what to implement next).
	traceBail bool
	bailStack []byte
	goPanic   any // the last panic of the Go parser other than its bail-out
}

// nodeRec is one node of a syntax tree as the C walk (archlint_py_rec,
// the same layout) and the Go parser give it: kind, field (0 = none),
// byte range, and the index of its parent record (-1 for the root).
type nodeRec struct {
	kind, field uint16
	sb, eb      uint32
	parent      int32
}

// The C records are read as nodeRecs in place.
var _ [unsafe.Sizeof(nodeRec{}) - unsafe.Sizeof(C.archlint_py_rec{})]struct{}
var _ [unsafe.Sizeof(C.archlint_py_rec{}) - unsafe.Sizeof(nodeRec{})]struct{}

func newParser() (*parser, error) {
	lang := grammars.Python()
	ts := C.ts_parser_new()
	if !C.ts_parser_set_language(ts, (*C.TSLanguage)(unsafe.Pointer(lang.Inner))) {
		C.ts_parser_delete(ts)
		return nil, errors.New("python: load grammar: incompatible language version")
	}
	tab, err := newLangTable(lang)
	if err != nil {
		C.ts_parser_delete(ts)
		return nil, err
	}
	return &parser{ts: ts, tab: tab}, nil
}

func (p *parser) close() {
	if p.ts != nil {
		C.ts_parser_delete(p.ts)
		p.ts = nil
	}
}

// parsed is a flat syntax tree: its nodes in pre-order (see pnode).
type parsed struct {
	nodes []pnode
	// bases[b] is the least start of the nodes of block b (pnode.soff),
	// or longBlock and where the block's starts are in longStarts.
	bases      []uint32
	longStarts []uint32
	longEnds   []longEnd  // by node, the ends of the nodes with span spanLong
	longNexts  []longNext // by node, the nexts of the nodes with dnext 0
	syntaxErr  int        // 1-based line of the first ERROR/MISSING node, 0 if none
	// dropped holds the parent of each node of a dropKinds kind, in the
	// order they came: a def's size counts them (module.newFunc), and
	// module.index lets go of them.
	dropped []nodeID
}

// kindID is node n's index into langTable.names.
func (p *parsed) kindID(n nodeID) uint16 { return p.nodes[n].kf & kindMask }

// fieldID is node n's index into langTable.fields (0: in none).
func (p *parsed) fieldID(n nodeID) uint16 { return p.nodes[n].kf >> kindBits }

// end is where node n's byte range ends.
func (p *parsed) end(n nodeID) uint32 {
	nd := &p.nodes[n]
	if nd.span != spanLong {
		return p.start(n) + uint32(nd.span)
	}
	i := sort.Search(len(p.longEnds), func(i int) bool { return p.longEnds[i].n >= n })
	return p.longEnds[i].eb
}

// start is where node n's byte range starts.
func (p *parsed) start(n nodeID) uint32 {
	b := p.bases[n>>startBits]
	if b&longBlock == 0 {
		return b + uint32(p.nodes[n].soff)
	}
	return p.longStarts[int(b&^longBlock)+int(n&(startBlock-1))]
}

// setStarts sets the nodes' starts (pnode.soff, bases, longStarts) from
// starts, the start of each node.
func (p *parsed) setStarts(starts []uint32) {
	p.bases = make([]uint32, (len(starts)+startBlock-1)>>startBits)
	for b := range p.bases {
		lo := b << startBits
		blk := starts[lo:min(len(starts), lo+startBlock)]
		base, top := slices.Min(blk), slices.Max(blk)
		if top-base > 0xFFFF {
			p.bases[b] = longBlock | uint32(len(p.longStarts))
			p.longStarts = append(p.longStarts, blk...)
			continue
		}
		p.bases[b] = base
		for i, s := range blk {
			p.nodes[lo+i].soff = uint16(s - base)
		}
	}
}

// next is the node after n's subtree.
func (p *parsed) next(n nodeID) nodeID {
	if d := p.nodes[n].dnext; d != 0 {
		return n + nodeID(d)
	}
	return p.longNext(n)
}

// longNext is the next of a node whose dnext is 0.
func (p *parsed) longNext(n nodeID) nodeID {
	i := sort.Search(len(p.longNexts), func(i int) bool { return p.longNexts[i].n >= n })
	return p.longNexts[i].next
}

// parentOf is node n's parent, noNode for the root: found from the root
// down, at each level the child whose subtree holds n (childHolding).
func (p *parsed) parentOf(n nodeID) nodeID {
	if n <= 0 {
		return noNode
	}
	cur := nodeID(0)
	for {
		k := p.childHolding(cur, n)
		if k == n {
			return cur
		}
		cur = k
	}
}

// childHolding is the child of cur whose subtree holds n, a node below
// cur: the walk over the children before it jumps a subtree at a time.
func (p *parsed) childHolding(cur, n nodeID) nodeID {
	k := cur + 1
	for {
		next := p.next(k)
		if next > n {
			return k
		}
		k = next
	}
}

// parse copies the syntax tree of src. Anonymous tokens are kept only when
// they sit in a field (operators: "<", "not in", "and"), which is all the
// interpreter needs of them.
//
// The parse and the walk run in C (parse_c.go), in two calls per file:
// go-tree-sitter's Parse hands tree-sitter the rest of the file as a fresh
// C string at every read (copying it each time), and a walk through its
// Go cursor costs several cgo calls per node; together they were a third
// of a flashinfer scan. The C walk fills a flat array in the same pre-order
// the interpreter's node IDs follow.
func (p *parser) parse(src []byte) (*parsed, error) {
	if p.ts == nil {
		return nil, errors.New("python: parser is closed")
	}
	if uint64(len(src)) > maxSource {
		return nil, errors.New("python: file too large")
	}
	var cs *C.char
	if len(src) > 0 {
		cs = (*C.char)(unsafe.Pointer(&src[0]))
	}
	var errLine C.int
	tree := C.archlint_py_parse(p.ts, cs, C.uint32_t(len(src)), &errLine)
	if tree == nil {
		C.ts_parser_reset(p.ts)
		return nil, errors.New("python: tree-sitter returned no tree")
	}
	defer C.ts_tree_delete(tree)
	// Python runs about 8 bytes a node; a second walk when the guess was
	// short.
	if want := len(src)/7 + 16; cap(p.buf) < want {
		p.buf = make([]C.archlint_py_rec, want)
	}
	p.buf = p.buf[:cap(p.buf)]
	n := int(C.archlint_py_walk(tree, &p.buf[0], C.uint32_t(len(p.buf))))
	if n > len(p.buf) {
		p.buf = make([]C.archlint_py_rec, n)
		n = int(C.archlint_py_walk(tree, &p.buf[0], C.uint32_t(len(p.buf))))
	}
	if n < 0 {
		return nil, errors.New("python: out of memory walking the syntax tree")
	}
	out := &parsed{syntaxErr: int(errLine)}
	out.build(unsafe.Slice((*nodeRec)(unsafe.Pointer(&p.buf[0])), n), p.tab, &p.bufs)
	return out, nil
}

// buildBufs are build's working slices, reused between files.
type buildBufs struct {
	ids, nexts []nodeID
	starts     []uint32
}

// build turns the walk's records (pre-order, each with its parent) into
// nodes, leaving out the records of the kinds dropped (leaves: the
// others' pre-order and subtrees stay whole).
func (out *parsed) build(recs []nodeRec, tab *langTable, b *buildBufs) {
	// ids[i] is record i's node, noNode for a record dropped.
	ids := slices.Grow(b.ids[:0], len(recs))[:len(recs)]
	n := 0
	for i := range recs {
		if tab.drop[min(int(recs[i].kind), len(tab.names)-1)] {
			ids[i] = noNode
			out.dropped = append(out.dropped, ids[recs[i].parent])
			continue
		}
		ids[i] = nodeID(n)
		n++
	}
	out.nodes = make([]pnode, n)
	// A subtree ends where the last of its nodes' subtrees does: from the
	// last node back, each node's end carries to its parent (children
	// come after their parent, so a node's end is final when reached).
	nexts := slices.Grow(b.nexts[:0], n)[:n]
	for i := range nexts {
		nexts[i] = nodeID(i + 1)
	}
	for i := len(recs) - 1; i > 0; i-- {
		if id := ids[i]; id != noNode {
			p := ids[recs[i].parent]
			nexts[p] = max(nexts[p], nexts[id])
		}
	}
	starts := slices.Grow(b.starts[:0], n)[:n]
	for i := range recs {
		id := ids[i]
		if id == noNode {
			continue
		}
		r := &recs[i]
		k := uint16(r.kind)
		if int(k) >= len(tab.names)-1 {
			k = uint16(len(tab.names) - 1) // ERROR
		}
		span := uint16(spanLong)
		if l := r.eb - r.sb; l < spanLong {
			span = uint16(l)
		} else {
			out.longEnds = append(out.longEnds, longEnd{id, r.eb})
		}
		var dnext uint16
		if d := nexts[id] - id; d <= 0xFFFF {
			dnext = uint16(d)
		} else {
			out.longNexts = append(out.longNexts, longNext{id, nexts[id]})
		}
		out.nodes[id] = pnode{kf: k | r.field<<kindBits, span: span, dnext: dnext}
		starts[id] = r.sb
	}
	out.setStarts(starts)
	b.ids, b.nexts, b.starts = ids, nexts, starts
}

// lineIndex maps byte offsets to 1-based lines and columns. It is held for
// every loaded file through the analysis, and a table of every line's
// start was 4 bytes a line (13 MB on the six real trees scanned
// together), while lines are asked for rarely (definitions, gates, call
// sites): so it keeps, every lineStride bytes, the line there and where
// that line starts, and counts the newlines from there to the offset.
type lineIndex struct {
	src []byte // the module's source, not a copy
	// marks[i] is the line (0-based) of byte i*lineStride and the start
	// of that line.
	marks []lineMark
}

type lineMark struct{ line, start uint32 }

// lineStride is the bytes between two marks: a position counts at most
// this many bytes (bytes.Count runs at several bytes a cycle).
const lineStride = 4096

func newLineIndex(src []byte) lineIndex {
	li := lineIndex{src: src, marks: make([]lineMark, len(src)/lineStride+1)}
	var line, start uint32
	for i := 1; i < len(li.marks); i++ {
		from, to := (i-1)*lineStride, i*lineStride
		seg := src[from:to]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			line += uint32(n)
			start = uint32(from + bytes.LastIndexByte(seg, '\n') + 1)
		}
		li.marks[i] = lineMark{line, start}
	}
	return li
}

// pos is the line and column of byte off: a newline is on the line it
// ends, and an offset past the end is on the last line.
func (li lineIndex) pos(off uint32) (line, col int) {
	n := min(int(off), len(li.src))
	mk := li.marks[n/lineStride]
	from := n / lineStride * lineStride
	seg := li.src[from:n]
	start := int(mk.start)
	if i := bytes.LastIndexByte(seg, '\n'); i >= 0 {
		start = from + i + 1
	}
	return int(mk.line) + bytes.Count(seg, []byte{'\n'}) + 1, int(off) - start + 1
}
