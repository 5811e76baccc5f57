package cpp

import (
	"slices"

	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// Condition memo: the pass groups of one unit differ in a few arch macros,
// and most conditions (compiler and configuration detection: CCCL's
// _CCCL_COMPILER(...) ladders) never read them, yet each group expanded
// them again. An evaluation's value depends only on the answers its macro
// lookups got, so it is stored with those answers and reused by a later
// group whose lookups answer alike. Evaluation was 42% of a CCCL scan.

// condLookup is one answer an evaluation got.
type condLookup struct {
	id int32
	m  *expr.Macro
	t  Tri
}

// condEntry is one stored evaluation of a directive.
type condEntry struct {
	lookups   []condLookup
	res       expr.Result
	err       error
	modelUsed bool
}

// condKey names a directive of a file.
type condKey struct{ file, dir int }

// condMemo holds a unit's stored evaluations, shared by its pass groups
// (they run one after another on one goroutine).
type condMemo map[condKey][]*condEntry

// maxCondEntries bounds the evaluations kept per directive: a directive
// read under many different states is not worth remembering.
const maxCondEntries = 4

// evalCond evaluates a condition through the memo.
func (ps *passState) evalCond(f *File, di int, args string) (expr.Result, error) {
	if ps.conds == nil {
		return ps.ev.Eval(args, ps)
	}
	k := condKey{f.ID, di}
	for _, ce := range ps.conds[k] {
		if ps.answersAlike(ce.lookups) {
			ps.modelUsed = ce.modelUsed
			return ce.res, ce.err
		}
	}
	ps.lookups = ps.lookups[:0]
	ps.modelUsed = false // the checks above may have asked the CUTLASS model
	ps.logLookups = true
	r, err := ps.ev.Eval(args, ps)
	ps.logLookups = false
	if len(ps.conds[k]) < maxCondEntries {
		r.Used = slices.Clone(r.Used)
		r.Unknowns = slices.Clone(r.Unknowns)
		ps.conds[k] = append(ps.conds[k], &condEntry{lookups: slices.Clone(ps.lookups), res: r, err: err, modelUsed: ps.modelUsed})
	}
	return r, err
}

// answersAlike reports whether every lookup answers now as it did.
func (ps *passState) answersAlike(ls []condLookup) bool {
	for _, l := range ls {
		m, t := ps.lookup(l.id)
		if t != l.t || !sameMacro(m, l.m) {
			return false
		}
	}
	return true
}

// sameMacro compares definitions by content: predefined macros are
// separate objects per pass with the same text.
func sameMacro(a, b *expr.Macro) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return a.Name == b.Name && a.Body == b.Body && a.FuncLike == b.FuncLike && a.Variadic == b.Variadic &&
		slices.Equal(a.Params, b.Params)
}
