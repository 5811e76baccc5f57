package cst

import (
	"cmp"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// frame is one ancestor of the node being visited.
type frame struct {
	node sitter.Node
	kind kind
}

// call is one call site: where it is and the callee's name.
type call struct {
	at   uint
	name string
}

// extractor holds the state of one walk over one tree.
type extractor struct {
	src   []byte
	kinds kindTable
	facts Facts
	stack []frame // ancestors of the current node, the node itself on top
	calls []call  // call sites in source order
	funcs []Function
	// prev is the previous sibling of the node on top of the stack, valid
	// when hasPrev is set.
	prev    sitter.Node
	hasPrev bool
	// braceErrors are the offsets of braces error recovery could not
	// pair: a '{' or '}' directly in an ERROR node, or a MISSING '}'.
	// One inside a body means the body's extent is a guess.
	braceErrors []uint
}

// extract walks tree once, in pre-order, with a TreeCursor and an explicit
// ancestor stack: no recursion, so nesting depth is bounded by memory, not
// by the Go stack.
func extract(tree *sitter.Tree, src []byte, kinds kindTable) *Facts {
	x := &extractor{src: src, kinds: kinds}
	// cleanDepth is the depth of the shallowest ancestor without errors
	// below it, or -1. Inside such a subtree the per-node error checks
	// (cgo calls, the walk's main cost) are skipped and opaque nodes are
	// not descended into.
	cleanDepth := -1

	c := tree.Walk()
	defer c.Close()
	depth := 0
	bySibling := false // whether the cursor reached this node from its previous sibling
	for {
		n := c.Node()
		// Arriving from the previous sibling, stack[depth] still holds it.
		x.hasPrev = bySibling
		if bySibling {
			x.prev = x.stack[depth].node
		}
		x.stack = append(x.stack[:depth], frame{node: *n, kind: kinds.of(n.KindId())})
		if cleanDepth >= depth {
			cleanDepth = -1
		}
		if cleanDepth < 0 {
			if !n.HasError() {
				cleanDepth = depth
			} else if n.IsMissing() {
				x.missing()
			}
		}
		x.visit()

		opaque := x.stack[depth].kind == kOpaque && cleanDepth >= 0
		if !opaque && c.GotoFirstChild() {
			depth++
			bySibling = false
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return x.finish()
			}
			depth--
		}
		bySibling = true
	}
}

// missing accounts for the MISSING node on top of the stack. It is a
// placeholder, not source: a missing #endif must not count as a directive,
// so the node is demoted to kOther after being noted.
func (x *extractor) missing() {
	top := &x.stack[len(x.stack)-1]
	x.facts.ErrorNodes++
	if top.kind == kCloseBrace {
		x.braceErrors = append(x.braceErrors, top.node.StartByte())
	}
	top.kind = kOther
}

// visit records what the node on top of the stack contributes.
func (x *extractor) visit() {
	top := &x.stack[len(x.stack)-1]
	n := &top.node
	parent := kOther
	if len(x.stack) >= 2 {
		parent = x.stack[len(x.stack)-2].kind
	}
	switch top.kind {
	case kError:
		x.facts.ErrorNodes++
		if len(x.facts.ErrorLines) < MaxErrorLines {
			x.facts.ErrorLines = append(x.facts.ErrorLines, startLine(n))
		}
	case kPreprocConditional:
		x.facts.DirectiveLines = append(x.facts.DirectiveLines, startLine(n))
	case kEndif:
		// A bare #endif token also turns up inside ERROR nodes, unpaired;
		// only the one closing a recognized conditional counts.
		if parent == kPreprocConditional {
			x.facts.DirectiveLines = append(x.facts.DirectiveLines, startLine(n))
		}
	case kOpenBrace, kCloseBrace:
		if parent == kError {
			x.braceErrors = append(x.braceErrors, n.StartByte())
		}
	case kCallExpression:
		if name := calleeName(n.ChildByFieldName("function"), x.src); name != "" {
			x.calls = append(x.calls, call{at: n.StartByte(), name: name})
		}
	case kFunctionDefinition:
		var prev *sitter.Node
		if x.hasPrev {
			prev = &x.prev
		}
		if fn, ok := function(x.stack, prev, x.src); ok {
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

// startLine is the 1-based line where n begins.
func startLine(n *sitter.Node) int { return int(n.StartPosition().Row) + 1 }

// endLine is the 1-based line of n's last byte. A node ending right after a
// newline reports its end on the next row, column 0; that row holds none of
// its bytes.
func endLine(n *sitter.Node) int {
	end := n.EndPosition()
	if end.Column == 0 && end.Row > 0 && n.EndByte() > n.StartByte() {
		return int(end.Row)
	}
	return int(end.Row) + 1
}
