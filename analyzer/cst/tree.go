package cst

// #include "parse_c.h"
import "C"

import "unsafe"

// rec is C's archlint_cst_rec: one node of the flat tree the C walk
// fills (parse_c.c), in pre-order. init checks that the layouts agree.
type rec struct {
	sym, field uint16
	flags      uint32
	sb, eb     uint32
	sr, sc     uint32 // start row and column
	er, ec     uint32 // end row and column
	parent     int32  // -1 = none, as first and next
	first      int32  // first child
	next       int32  // next sibling
}

const (
	fMissing  = C.ARCHLINT_CST_MISSING
	fHasError = C.ARCHLINT_CST_HAS_ERROR
	fNamed    = C.ARCHLINT_CST_NAMED
)

func init() {
	if unsafe.Sizeof(rec{}) != unsafe.Sizeof(C.archlint_cst_rec{}) {
		panic("cst: rec and archlint_cst_rec differ")
	}
}

// none is the absent node.
const none int32 = -1

// Node is a node of a Tree, the index of its record; NoNode is the absent
// node, which every accessor accepts and answers with zero values.
type Node int32

// NoNode is the absent node (a missing child or sibling).
const NoNode Node = -1

// Field is a field id of the grammar (FieldID); 0 is no field.
type Field uint16

// FieldID is the grammar's id for the field called name, 0 when it has
// none.
func FieldID(name string) Field { return Field(kinds().fieldID(name)) }

// Tree is a parsed file: every node tree-sitter gives, as flat records in
// pre-order (a node's subtree is the run of records after it), with the
// source. It is plain Go data, so it needs no closing, but a Tree from
// Parser.ParseTree shares the parser's buffer and is valid only until that
// parser's next parse. Accessors mirror go-tree-sitter's Node methods
// (ChildByField = ChildByFieldName, and so on); positions are 0-based.
type Tree struct {
	recs  []rec
	src   []byte
	kinds *kindTable
}

// Root is the root node (translation_unit).
func (t *Tree) Root() Node { return 0 }

// Len is the number of nodes; a Node is an index below it.
func (t *Tree) Len() int { return len(t.recs) }

// Src is the parsed source.
func (t *Tree) Src() []byte { return t.src }

// Kind is the node's type name, as Node.Kind gives it ("" for NoNode).
func (t *Tree) Kind(n Node) string {
	if n < 0 {
		return ""
	}
	return t.kinds.name(t.recs[n].sym)
}

// IsNamed, IsMissing, IsError and HasError are go-tree-sitter's.
func (t *Tree) IsNamed(n Node) bool   { return n >= 0 && t.recs[n].flags&fNamed != 0 }
func (t *Tree) IsMissing(n Node) bool { return n >= 0 && t.recs[n].flags&fMissing != 0 }
func (t *Tree) IsError(n Node) bool   { return n >= 0 && t.recs[n].sym == errorSymbol }
func (t *Tree) HasError(n Node) bool  { return n >= 0 && t.recs[n].flags&fHasError != 0 }

// StartByte and EndByte are the node's byte range.
func (t *Tree) StartByte(n Node) int {
	if n < 0 {
		return 0
	}
	return int(t.recs[n].sb)
}

func (t *Tree) EndByte(n Node) int {
	if n < 0 {
		return 0
	}
	return int(t.recs[n].eb)
}

// Text is the node's source text.
func (t *Tree) Text(n Node) string {
	if n < 0 {
		return ""
	}
	return string(t.src[t.recs[n].sb:t.recs[n].eb])
}

// Start and End are the node's first and end positions: row and byte
// column, 0-based.
func (t *Tree) Start(n Node) (row, col int) {
	if n < 0 {
		return 0, 0
	}
	return int(t.recs[n].sr), int(t.recs[n].sc)
}

func (t *Tree) End(n Node) (row, col int) {
	if n < 0 {
		return 0, 0
	}
	return int(t.recs[n].er), int(t.recs[n].ec)
}

// Parent, FirstChild and NextSibling link the tree; every child counts,
// named or not, comments included.
func (t *Tree) Parent(n Node) Node {
	if n < 0 {
		return NoNode
	}
	return Node(t.recs[n].parent)
}

func (t *Tree) FirstChild(n Node) Node {
	if n < 0 {
		return NoNode
	}
	return Node(t.recs[n].first)
}

func (t *Tree) NextSibling(n Node) Node {
	if n < 0 {
		return NoNode
	}
	return Node(t.recs[n].next)
}

// FieldOf is the field n fills in its parent, 0 for none.
func (t *Tree) FieldOf(n Node) Field {
	if n < 0 {
		return 0
	}
	return Field(t.recs[n].field)
}

// ChildByField is n's first child in field f, like Node.ChildByFieldName.
func (t *Tree) ChildByField(n Node, f Field) Node {
	if n < 0 {
		return NoNode
	}
	return Node(t.childByField(int32(n), uint16(f)))
}

func (t *Tree) kind(n int32) string { return t.kinds.name(t.recs[n].sym) }

func (t *Tree) text(n int32) string { return string(t.src[t.recs[n].sb:t.recs[n].eb]) }

// childByField is the first child of n in field f, like
// Node.ChildByFieldName. The C walk labels a child with the field the
// cursor gives it, which may come from a hidden node between it and n;
// an ERROR node has no fields of its own, so ChildByFieldName finds none
// there, and neither does this.
func (t *Tree) childByField(n int32, f uint16) int32 {
	if f == 0 || t.recs[n].sym == errorSymbol {
		return none
	}
	for c := t.recs[n].first; c >= 0; c = t.recs[c].next {
		if t.recs[c].field == f {
			return c
		}
	}
	return none
}

// lastNamedChild is n's last named child, or none.
func (t *Tree) lastNamedChild(n int32) int32 {
	last := none
	for c := t.recs[n].first; c >= 0; c = t.recs[c].next {
		if t.recs[c].flags&fNamed != 0 {
			last = c
		}
	}
	return last
}

// lastChild is n's last child, or none.
func (t *Tree) lastChild(n int32) int32 {
	last := none
	for c := t.recs[n].first; c >= 0; c = t.recs[c].next {
		last = c
	}
	return last
}

// startLine is the 1-based line where n begins.
func (t *Tree) startLine(n int32) int { return int(t.recs[n].sr) + 1 }

// endLine is the 1-based line of n's last byte. A node ending right after a
// newline reports its end on the next row, column 0; that row holds none of
// its bytes.
func (t *Tree) endLine(n int32) int {
	r := &t.recs[n]
	if r.ec == 0 && r.er > 0 && r.eb > r.sb {
		return int(r.er)
	}
	return int(r.er) + 1
}
