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
	sr, er, ec uint32 // start row, end row and column
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

// tree is a parsed file as the extractor reads it: the records, the
// source, and the grammar's names. Children of opaque nodes without
// errors are not in it (see archlint_cst_walk).
type tree struct {
	recs  []rec
	src   []byte
	kinds *kindTable
}

func (t *tree) kind(n int32) string { return t.kinds.name(t.recs[n].sym) }

func (t *tree) text(n int32) string { return string(t.src[t.recs[n].sb:t.recs[n].eb]) }

// childByField is the first child of n in field f, like
// Node.ChildByFieldName.
func (t *tree) childByField(n int32, f uint16) int32 {
	if f == 0 {
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
func (t *tree) lastNamedChild(n int32) int32 {
	last := none
	for c := t.recs[n].first; c >= 0; c = t.recs[c].next {
		if t.recs[c].flags&fNamed != 0 {
			last = c
		}
	}
	return last
}

// lastChild is n's last child, or none.
func (t *tree) lastChild(n int32) int32 {
	last := none
	for c := t.recs[n].first; c >= 0; c = t.recs[c].next {
		last = c
	}
	return last
}

// startLine is the 1-based line where n begins.
func (t *tree) startLine(n int32) int { return int(t.recs[n].sr) + 1 }

// endLine is the 1-based line of n's last byte. A node ending right after a
// newline reports its end on the next row, column 0; that row holds none of
// its bytes.
func (t *tree) endLine(n int32) int {
	r := &t.recs[n]
	if r.ec == 0 && r.er > 0 && r.eb > r.sb {
		return int(r.er)
	}
	return int(r.er) + 1
}
