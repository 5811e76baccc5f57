package python

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/archlint/archlint/grammars"
)

// nodeID indexes module.nodes. The tree-sitter tree is copied into this flat,
// pointer-free form right after parsing so that the C tree can be closed at
// once and the modules can be read by every capability worker at the same
// time (a tree-sitter tree must not be shared between goroutines).
type nodeID int32

const noNode nodeID = -1

type pnode struct {
	kind   uint16 // index into langTable.names
	field  uint16 // index into langTable.fields; 0 = none
	sb, eb uint32 // byte range in the source
	parent nodeID
	kidOff int32 // first child in module.kids
	kidN   int32
	// namedOff/namedN: the named children but comments, in
	// module.namedKids (namedOff -1: they are the kids), so that
	// module.named need not allocate.
	namedOff int32
	namedN   int32
}

// langTable names the grammar's node kinds and fields once per parser, so
// that the copy does not allocate a Go string per node.
type langTable struct {
	names  []string
	named  []bool
	fields []string
}

func newLangTable(lang *sitter.Language) *langTable {
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
	fc := lang.FieldCount()
	t.fields = make([]string, fc+1)
	for i := uint32(1); i <= fc; i++ {
		t.fields[i] = lang.FieldNameForId(uint16(i))
	}
	return t
}

func (t *langTable) kindOf(n *sitter.Node) uint16 {
	k := n.KindId()
	if int(k) >= len(t.names)-1 {
		return uint16(len(t.names) - 1)
	}
	return k
}

// parser is one tree-sitter parser for Python; one per goroutine.
type parser struct {
	ts  *sitter.Parser
	tab *langTable
}

func newParser() (*parser, error) {
	lang := grammars.Python()
	ts := sitter.NewParser()
	if err := ts.SetLanguage(lang); err != nil {
		ts.Close()
		return nil, fmt.Errorf("python: load grammar: %w", err)
	}
	return &parser{ts: ts, tab: newLangTable(lang)}, nil
}

func (p *parser) close() {
	if p.ts != nil {
		p.ts.Close()
		p.ts = nil
	}
}

// syntaxError is where tree-sitter had to recover; 0 when the file parsed cleanly.
type parsed struct {
	nodes     []pnode
	kids      []nodeID
	namedKids []nodeID
	syntaxErr int // 1-based line of the first ERROR/MISSING node, 0 if none
}

// parse copies the syntax tree of src. Anonymous tokens are kept only when
// they sit in a field (operators: "<", "not in", "and"), which is all the
// interpreter needs of them.
func (p *parser) parse(src []byte) (*parsed, error) {
	if p.ts == nil {
		return nil, errors.New("python: parser is closed")
	}
	tree := p.ts.Parse(src, nil)
	if tree == nil {
		p.ts.Reset()
		return nil, errors.New("python: tree-sitter returned no tree")
	}
	defer tree.Close()
	root := tree.RootNode()
	out := &parsed{}
	if root.HasError() {
		out.syntaxErr = firstErrorLine(root)
	}
	cur := tree.Walk()
	defer cur.Close()
	// Python runs about 8 bytes a node; the slices are trimmed to size
	// once copied, since modules stay loaded for the whole analysis.
	out.nodes = make([]pnode, 0, len(src)/7+16)
	out.kids = make([]nodeID, 0, len(src)/8+16)
	// Iterative pre-order copy: a recursive one would overflow on deeply
	// nested generated code. stack holds the path from the root to the
	// cursor; an entry of noNode is a token that is not kept.
	type frame struct {
		id   nodeID
		kids []nodeID
	}
	var stack []frame
	push := func() {
		n := cur.Node()
		kid := p.tab.kindOf(n)
		fid := cur.FieldId()
		if len(stack) > 0 && !p.tab.named[kid] && fid == 0 {
			stack = append(stack, frame{id: noNode})
			return
		}
		parent := noNode
		if len(stack) > 0 {
			parent = stack[len(stack)-1].id
		}
		id := out.add(n, fid, parent)
		out.nodes[id].kind = kid
		if len(stack) > 0 {
			stack[len(stack)-1].kids = append(stack[len(stack)-1].kids, id)
		}
		stack = append(stack, frame{id: id})
	}
	push()
	for {
		if stack[len(stack)-1].id != noNode && cur.GotoFirstChild() {
			push()
			continue
		}
		for {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.id != noNode {
				out.finish(top.id, top.kids, p.tab)
			}
			if len(stack) == 0 {
				out.nodes = slices.Clone(out.nodes)
				out.kids = slices.Clone(out.kids)
				out.namedKids = slices.Clone(out.namedKids)
				return out, nil
			}
			if cur.GotoNextSibling() {
				push()
				break
			}
			cur.GotoParent()
		}
	}
}

func (out *parsed) add(n *sitter.Node, field uint16, parent nodeID) nodeID {
	sb, eb := n.ByteRange()
	out.nodes = append(out.nodes, pnode{kind: n.KindId(), field: field, sb: uint32(sb), eb: uint32(eb), parent: parent, kidOff: -1})
	return nodeID(len(out.nodes) - 1)
}

func (out *parsed) finish(id nodeID, kids []nodeID, tab *langTable) {
	nd := &out.nodes[id]
	nd.kidOff = int32(len(out.kids))
	nd.kidN = int32(len(kids))
	out.kids = append(out.kids, kids...)
	same := true
	for _, k := range kids {
		if kind := out.nodes[k].kind; !tab.named[kind] || tab.names[kind] == "comment" {
			same = false
			break
		}
	}
	if same {
		// Most nodes: every child is named; share the kids.
		nd.namedOff, nd.namedN = -1, nd.kidN
		return
	}
	nd.namedOff = int32(len(out.namedKids))
	for _, k := range kids {
		if kind := out.nodes[k].kind; tab.named[kind] && tab.names[kind] != "comment" {
			out.namedKids = append(out.namedKids, k)
		}
	}
	nd.namedN = int32(len(out.namedKids)) - nd.namedOff
}

func firstErrorLine(root *sitter.Node) int {
	// Descend towards the first damaged child; tree-sitter marks every
	// ancestor of an ERROR or MISSING node with HasError.
	n := root
	for {
		if n.IsError() || n.IsMissing() {
			return int(n.StartPosition().Row) + 1
		}
		next := (*sitter.Node)(nil)
		for i := uint(0); i < n.ChildCount(); i++ {
			c := n.Child(i)
			if c != nil && (c.HasError() || c.IsMissing()) {
				next = c
				break
			}
		}
		if next == nil {
			return int(n.StartPosition().Row) + 1
		}
		n = next
	}
}

// lineIndex maps byte offsets to 1-based lines and columns.
type lineIndex []int

func newLineIndex(src []byte) lineIndex {
	li := lineIndex{0}
	for i, b := range src {
		if b == '\n' {
			li = append(li, i+1)
		}
	}
	return li
}

func (li lineIndex) pos(off uint32) (line, col int) {
	i := sort.Search(len(li), func(i int) bool { return li[i] > int(off) }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, int(off) - li[i] + 1
}
