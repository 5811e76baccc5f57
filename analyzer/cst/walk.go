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

// extract walks tree once, in pre-order, with a TreeCursor and an explicit
// ancestor stack: no recursion, so nesting depth is bounded by memory, not
// by the Go stack.
func extract(tree *sitter.Tree, src []byte, kinds kindTable) *Facts {
	f := &Facts{}
	var (
		stack []frame
		calls []call
		funcs []Function
		// cleanDepth is the depth of the shallowest ancestor without
		// errors below it, or -1. Inside such a subtree the per-node
		// IsError/IsMissing cgo calls are skipped, which makes clean
		// files (the common case) cheaper to walk.
		cleanDepth = -1
	)

	c := tree.Walk()
	defer c.Close()
	depth := 0
	for {
		n := c.Node()
		stack = append(stack[:depth], frame{node: *n, kind: kinds.of(n.KindId())})
		if cleanDepth >= depth {
			cleanDepth = -1
		}
		if cleanDepth < 0 {
			if !n.HasError() {
				cleanDepth = depth
			} else if n.IsMissing() {
				f.ErrorNodes++
				// A MISSING node is a placeholder, not source:
				// a missing #endif must not count as a directive.
				stack[depth].kind = kOther
			}
		}
		visit(f, stack, src, &calls, &funcs)

		opaque := stack[depth].kind == kOpaque && cleanDepth >= 0
		if !opaque && c.GotoFirstChild() {
			depth++
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				f.Functions = attachCalls(funcs, calls)
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
			depth--
		}
	}
}

// visit records what the top of stack contributes to the facts.
func visit(f *Facts, stack []frame, src []byte, calls *[]call, funcs *[]Function) {
	top := &stack[len(stack)-1]
	n := &top.node
	switch top.kind {
	case kError:
		f.ErrorNodes++
		if len(f.ErrorLines) < MaxErrorLines {
			f.ErrorLines = append(f.ErrorLines, startLine(n))
		}
	case kPreprocConditional:
		f.DirectiveLines = append(f.DirectiveLines, startLine(n))
	case kEndif:
		// A bare #endif token also turns up inside ERROR nodes, unpaired;
		// only the one closing a recognized conditional counts.
		if len(stack) >= 2 && stack[len(stack)-2].kind == kPreprocConditional {
			f.DirectiveLines = append(f.DirectiveLines, startLine(n))
		}
	case kCallExpression:
		if name := calleeName(n.ChildByFieldName("function"), src); name != "" {
			*calls = append(*calls, call{at: n.StartByte(), name: name})
		}
	case kFunctionDefinition:
		if fn, ok := function(stack, src); ok {
			*funcs = append(*funcs, fn)
		}
	}
}

// attachCalls gives every function the calls made inside its body. calls
// are in source order (pre-order visits nodes by increasing start), so each
// body's calls are one contiguous run found by binary search.
func attachCalls(funcs []Function, calls []call) []Function {
	for i := range funcs {
		fn := &funcs[i]
		lo, _ := slices.BinarySearchFunc(calls, uint(fn.BodyStart), func(c call, at uint) int {
			return cmp.Compare(c.at, at)
		})
		var names []string
		for _, c := range calls[lo:] {
			if c.at >= uint(fn.BodyEnd) {
				break
			}
			names = append(names, c.name)
		}
		slices.Sort(names)
		fn.Calls = slices.Compact(names)
	}
	return funcs
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
