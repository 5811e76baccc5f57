package cst

import (
	"cmp"
	"slices"
)

// frame is one ancestor of the node being visited.
type frame struct {
	node int32
	kind kind
}

// call is one call site: where it is and the callee's name.
type call struct {
	at   uint
	name string
}

// extractor holds the state of one walk over one tree.
type extractor struct {
	t     *Tree
	facts Facts
	stack []frame // ancestors of the current node, the node itself on top
	calls []call  // call sites in source order
	funcs []Function
	// prev is the previous sibling of the node on top of the stack, or
	// none.
	prev int32
	// braceErrors are the offsets of braces error recovery could not
	// pair: a '{' or '}' directly in an ERROR node, or a MISSING '}'.
	// One inside a body means the body's extent is a guess.
	braceErrors []uint
}

// Facts extracts the structure facts of the file t holds.
func (t *Tree) Facts() *Facts { return extract(t) }

// extract visits the records of t in order (pre-order, see
// archlint_cst_walk) with an explicit ancestor stack: no recursion, so
// nesting depth is bounded by memory, not by the Go stack. The
// descendants of an opaque node without errors are passed over: nothing
// the facts need lies there.
func extract(t *Tree) *Facts {
	x := &extractor{t: t}
	// skip is the opaque node whose descendants are being passed over,
	// or none. In pre-order its descendants are the records right after
	// it, and exactly those have a parent at or after it.
	skip := none
	for i := range t.recs {
		r := &t.recs[i]
		if skip >= 0 {
			if r.parent >= skip {
				continue
			}
			skip = none
		}
		// Pop to the parent; the last node popped above it is the
		// previous sibling.
		x.prev = none
		for len(x.stack) > 0 && x.stack[len(x.stack)-1].node != r.parent {
			x.prev = x.stack[len(x.stack)-1].node
			x.stack = x.stack[:len(x.stack)-1]
		}
		if x.prev >= 0 && t.recs[x.prev].parent != r.parent {
			x.prev = none // popped a deeper node: no sibling before this one
		}
		x.stack = append(x.stack, frame{node: int32(i), kind: t.kinds.of(r.sym)})
		// Every ancestor of a MISSING node has an error below it, as the
		// Go walk required before looking at one.
		if r.flags&(fMissing|fHasError) == fMissing|fHasError {
			x.missing()
		}
		x.visit()
		if r.first >= 0 && r.flags&fHasError == 0 && t.kinds.of(r.sym) == kOpaque {
			skip = int32(i)
		}
	}
	return x.finish()
}

// missing accounts for the MISSING node on top of the stack. It is a
// placeholder, not source: a missing #endif must not count as a directive,
// so the node is demoted to kOther after being noted.
func (x *extractor) missing() {
	top := &x.stack[len(x.stack)-1]
	x.facts.ErrorNodes++
	if top.kind == kCloseBrace {
		x.braceErrors = append(x.braceErrors, uint(x.t.recs[top.node].sb))
	}
	top.kind = kOther
}

// visit records what the node on top of the stack contributes.
func (x *extractor) visit() {
	top := &x.stack[len(x.stack)-1]
	n := top.node
	t := x.t
	parent := kOther
	if len(x.stack) >= 2 {
		parent = x.stack[len(x.stack)-2].kind
	}
	switch top.kind {
	case kError:
		x.facts.ErrorNodes++
		if len(x.facts.ErrorLines) < MaxErrorLines {
			x.facts.ErrorLines = append(x.facts.ErrorLines, t.startLine(n))
		}
	case kPreprocConditional:
		x.facts.DirectiveLines = append(x.facts.DirectiveLines, t.startLine(n))
	case kEndif:
		// A bare #endif token also turns up inside ERROR nodes, unpaired;
		// only the one closing a recognized conditional counts.
		if parent == kPreprocConditional {
			x.facts.DirectiveLines = append(x.facts.DirectiveLines, t.startLine(n))
		}
	case kOpenBrace, kCloseBrace:
		if parent == kError {
			x.braceErrors = append(x.braceErrors, uint(t.recs[n].sb))
		}
	case kCallExpression:
		if name := t.calleeName(t.childByField(n, t.kinds.fFunction)); name != "" {
			x.calls = append(x.calls, call{at: uint(t.recs[n].sb), name: name})
		}
	case kFunctionDefinition:
		if fn, ok := t.function(x.stack, x.prev); ok {
			x.funcs = append(x.funcs, fn)
		}
	}
}

// finish completes the facts once the walk is over.
func (x *extractor) finish() *Facts {
	f := &x.facts
	for i := range x.funcs {
		fn := &x.funcs[i]
		fn.Calls = callsWithin(x.calls, fn.BodyStart, fn.BodyEnd)
		// Inclusive end: a MISSING '}' sits exactly at BodyEnd.
		if len(positionsWithin(x.braceErrors, fn.BodyStart, fn.BodyEnd+1)) > 0 {
			fn.Recovered = true
		}
	}
	f.Functions = x.funcs
	for _, fn := range f.Functions {
		if fn.Global {
			fn.Calls = slices.Clone(fn.Calls)
			f.Kernels = append(f.Kernels, fn)
		}
	}
	slices.Sort(f.DirectiveLines)
	f.DirectiveLines = slices.Compact(f.DirectiveLines)
	return f
}

// callsWithin returns the sorted, unique names of the calls in [from, to).
// calls are in source order (pre-order visits nodes by increasing start),
// so a body's calls are one contiguous run found by binary search.
func callsWithin(calls []call, from, to int) []string {
	lo, _ := slices.BinarySearchFunc(calls, uint(from), func(c call, at uint) int {
		return cmp.Compare(c.at, at)
	})
	var names []string
	for _, c := range calls[lo:] {
		if c.at >= uint(to) {
			break
		}
		names = append(names, c.name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// positionsWithin returns the run of sorted offsets in [from, to).
func positionsWithin(offsets []uint, from, to int) []uint {
	lo, _ := slices.BinarySearch(offsets, uint(from))
	hi, _ := slices.BinarySearch(offsets, uint(to))
	return offsets[lo:max(lo, hi)]
}
