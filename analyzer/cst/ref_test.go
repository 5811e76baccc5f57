package cst

import (
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// The extractor the C walk replaced, reading the tree through
// go-tree-sitter's cursor and nodes: TestExtractLikeCursor checks that
// both find the same facts.

// refFrame is one ancestor of the node being visited.
type refFrame struct {
	node sitter.Node
	kind kind
}

// refExtractor holds the state of one walk over one tree.
type refExtractor struct {
	src   []byte
	kinds kindTable
	facts Facts
	stack []refFrame // ancestors of the current node, the node itself on top
	calls []call     // call sites in source order
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

// refExtract walks tree once, in pre-order, with a TreeCursor and an explicit
// ancestor stack: no recursion, so nesting depth is bounded by memory, not
// by the Go stack.
func refExtract(tree *sitter.Tree, src []byte, kinds kindTable) *Facts {
	x := &refExtractor{src: src, kinds: kinds}
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
		x.stack = append(x.stack[:depth], refFrame{node: *n, kind: kinds.of(n.KindId())})
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
func (x *refExtractor) missing() {
	top := &x.stack[len(x.stack)-1]
	x.facts.ErrorNodes++
	if top.kind == kCloseBrace {
		x.braceErrors = append(x.braceErrors, top.node.StartByte())
	}
	top.kind = kOther
}

// visit records what the node on top of the stack contributes.
func (x *refExtractor) visit() {
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
			x.facts.ErrorLines = append(x.facts.ErrorLines, refStartLine(n))
		}
	case kPreprocConditional:
		x.facts.DirectiveLines = append(x.facts.DirectiveLines, refStartLine(n))
	case kEndif:
		// A bare #endif token also turns up inside ERROR nodes, unpaired;
		// only the one closing a recognized conditional counts.
		if parent == kPreprocConditional {
			x.facts.DirectiveLines = append(x.facts.DirectiveLines, refStartLine(n))
		}
	case kOpenBrace, kCloseBrace:
		if parent == kError {
			x.braceErrors = append(x.braceErrors, n.StartByte())
		}
	case kCallExpression:
		if name := refCalleeName(n.ChildByFieldName("function"), x.src); name != "" {
			x.calls = append(x.calls, call{at: n.StartByte(), name: name})
		}
	case kFunctionDefinition:
		var prev *sitter.Node
		if x.hasPrev {
			prev = &x.prev
		}
		if fn, ok := refFunction(x.stack, prev, x.src); ok {
			x.funcs = append(x.funcs, fn)
		}
	}
}

// finish completes the facts once the walk is over.
func (x *refExtractor) finish() *Facts {
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

// refStartLine is the 1-based line where n begins.
func refStartLine(n *sitter.Node) int { return int(n.StartPosition().Row) + 1 }

// refEndLine is the 1-based line of n's last byte. A node ending right after a
// newline reports its end on the next row, column 0; that row holds none of
// its bytes.
func refEndLine(n *sitter.Node) int {
	end := n.EndPosition()
	if end.Column == 0 && end.Row > 0 && n.EndByte() > n.StartByte() {
		return int(end.Row)
	}
	return int(end.Row) + 1
}

// refFunction describes the function_definition on top of stack, or reports
// false when it has no body (= default, = delete, or a body lost to error
// recovery). prev is the definition's previous sibling, or nil; the walk
// knows it for free, whereas Node.PrevSibling rescans the parent's children.
func refFunction(stack []refFrame, prev *sitter.Node, src []byte) (Function, bool) {
	def := &stack[len(stack)-1].node
	body := def.ChildByFieldName("body")
	if body == nil {
		return Function{}, false
	}
	var fn Function
	fn.Global, fn.Device = refSpecifiers(def)

	// The definition starts at the outermost template<...> header that
	// directly wraps it, so that a finding points at the whole kernel.
	start := def
	for i := len(stack) - 2; i >= 0 && stack[i].kind == kTemplateDeclaration; i-- {
		start = &stack[i].node
	}
	if split := refSplitDeclaration(def, prev, src); split != nil {
		g, d := refSpecifiers(split)
		fn.Global = fn.Global || g
		fn.Device = fn.Device || d
		start = prev // the declaration, or the template<...> around it
		fn.Recovered = true
	}
	fn.StartLine = refStartLine(start)
	fn.EndLine = refEndLine(def)

	open, end := body, body
	if body.Kind() == "try_statement" {
		// Function-try-block: the body proper is the try's block, and
		// the definition runs on to the last handler.
		if block := body.ChildByFieldName("body"); block != nil {
			open = block
		}
	}
	fn.BodyStart, fn.BodyEnd = int(open.StartByte()), int(end.EndByte())
	fn.BodyStartLine, fn.BodyEndLine = refStartLine(open), refEndLine(end)

	if name := refDeclaredName(def.ChildByFieldName("declarator")); name != nil {
		fn.Name = refUnqualifiedName(name, src)
		fn.QualifiedName = refQualifiedText(name, src)
	}
	return fn, true
}

// refSpecifiers reports whether n (a function_definition or declaration) has
// __global__ and __device__ among its own children. The CUDA grammar puts
// them there as anonymous tokens through _declaration_modifiers, and
// __global__ may also come as a type_qualifier. When a macro the grammar
// does not know sits in front (MACRO __global__ void k()), error recovery
// can tuck the tokens into an ERROR child, so those are looked into too.
func refSpecifiers(n *sitter.Node) (global, device bool) {
	// A cursor rather than Node.Child(i), which walks from the first
	// child on every call: an ERROR child can have very many children.
	c := n.Walk()
	defer c.Close()
	for ok := c.GotoFirstChild(); ok; ok = c.GotoNextSibling() {
		switch c.Node().Kind() {
		case "__global__":
			global = true
		case "__device__":
			device = true
		case "type_qualifier", "ERROR":
			for ok := c.GotoFirstChild(); ok; ok = c.GotoNextSibling() {
				switch c.Node().Kind() {
				case "__global__":
					global = true
				case "__device__":
					device = true
				}
			}
			c.GotoParent()
		}
	}
	return global, device
}

// refSplitDeclaration recognizes a definition that error recovery cut in two
// because an attribute-like macro the grammar does not know sits among the
// refSpecifiers:
//
//	__global__ void __cluster_dims__(2, 1, 1) k() { ... }
//	__global__ LAUNCH_BOUNDS_MACRO(256) void k() { ... }
//
// parse as a declaration ("__global__ void __cluster_dims__(2, 1, 1)",
// possibly inside template<...>) ended by a MISSING ';', directly followed
// by a definition without the refSpecifiers. Given the definition and its
// previous sibling, it returns that declaration when it carries __global__
// or __device__ the definition lacks, or nil.
func refSplitDeclaration(def, prev *sitter.Node, src []byte) *sitter.Node {
	if prev == nil || !onlySpace(src[prev.EndByte():def.StartByte()]) {
		return nil
	}
	decl := prev
	for decl != nil && decl.Kind() == "template_declaration" {
		decl = refLastNamedChild(decl)
	}
	if decl == nil || decl.Kind() != "declaration" || decl.ChildCount() == 0 {
		return nil
	}
	semi := decl.Child(decl.ChildCount() - 1)
	if !semi.IsMissing() || semi.Kind() != ";" {
		return nil
	}
	if g, d := refSpecifiers(def); g || d {
		return nil
	}
	if g, d := refSpecifiers(decl); !g && !d {
		return nil
	}
	return decl
}

// refDeclaredName unwraps the declarator of a refFunction definition down to the
// node naming the refFunction, through refFunction, pointer, reference,
// parenthesized and attributed declarators. For int (*pick(int))(int) that
// is the inner "pick", not the outer parenthesized declarator.
func refDeclaredName(d *sitter.Node) *sitter.Node {
	// A bound instead of recursion: declarators nest only a few levels in
	// real code, and hostile input must not run away.
	for range 64 {
		if d == nil {
			return nil
		}
		switch d.Kind() {
		case "identifier", "field_identifier", "qualified_identifier", "template_function",
			"destructor_name", "operator_name", "operator_cast":
			return d
		case "function_declarator", "pointer_declarator", "attributed_declarator":
			d = d.ChildByFieldName("declarator")
		case "reference_declarator", "parenthesized_declarator":
			// Their inner declarator has no field name.
			d = refLastNamedChild(d)
		default:
			return nil
		}
	}
	return nil
}

// refQualifiedText is the source text of a declarator name with runs of white
// space collapsed. For conversion operators the grammar folds the
// parameter list into the name node (operator_cast), so the text stops
// where that list starts: "Box::operator bool", not "...bool() const".
func refQualifiedText(name *sitter.Node, src []byte) string {
	end := name.EndByte()
	n := name
	for range 64 {
		if n == nil {
			break
		}
		if n.Kind() == "operator_cast" {
			if d := n.ChildByFieldName("declarator"); d != nil {
				end = d.StartByte()
			}
			break
		}
		n = n.ChildByFieldName("name")
	}
	return collapseSpace(string(src[name.StartByte():end]))
}

// refUnqualifiedName strips scopes and template arguments from a declarator
// name: ns::Foo<T>::bar -> bar, foo<int> -> foo.
func refUnqualifiedName(n *sitter.Node, src []byte) string {
	for range 64 {
		switch n.Kind() {
		case "qualified_identifier", "template_function", "template_method":
			next := n.ChildByFieldName("name")
			if next == nil {
				return collapseSpace(n.Utf8Text(src))
			}
			n = next
		case "operator_cast":
			if t := n.ChildByFieldName("type"); t != nil {
				return "operator " + collapseSpace(t.Utf8Text(src))
			}
			return "operator"
		default:
			return collapseSpace(n.Utf8Text(src))
		}
	}
	return collapseSpace(n.Utf8Text(src))
}

// refLastNamedChild is n's last named child, or nil when it has none.
func refLastNamedChild(n *sitter.Node) *sitter.Node {
	c := n.NamedChildCount()
	if c == 0 {
		return nil
	}
	return n.NamedChild(c - 1)
}

// refCalleeName is the unqualified name of the function a call_expression's
// "function" child designates:
//
//	f(x)              f
//	ns::T<int>::f(x)  f
//	g<T>(x)           g
//	p->m(), s.m()     m
//	s.template m<T>() m
//	k<<<g, b>>>(x)    k (the grammar makes launches call_expressions)
//
// Calls through expressions ((*fp)(x), table[i](x), lambda()) have no
// name and give "".
func refCalleeName(fn *sitter.Node, src []byte) string {
	// Bounded loop rather than recursion; each step goes one level down.
	for range 64 {
		if fn == nil {
			return ""
		}
		switch fn.Kind() {
		case "identifier":
			name := fn.Utf8Text(src)
			if isCast(name) {
				return ""
			}
			return name
		case "field_identifier", "destructor_name", "operator_name":
			return fn.Utf8Text(src)
		case "field_expression":
			fn = fn.ChildByFieldName("field")
		case "dependent_name":
			// obj.template m<T>(): the template keyword, then the name.
			fn = refLastNamedChild(fn)
		case "qualified_identifier", "template_function", "template_method":
			fn = fn.ChildByFieldName("name")
		default:
			return ""
		}
	}
	return ""
}
