package cst

import (
	"bytes"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// function describes the function_definition on top of stack, or reports
// false when it has no body (= default, = delete, or a body lost to error
// recovery). prev is the definition's previous sibling, or nil; the walk
// knows it for free, whereas Node.PrevSibling rescans the parent's children.
func function(stack []frame, prev *sitter.Node, src []byte) (Function, bool) {
	def := &stack[len(stack)-1].node
	body := def.ChildByFieldName("body")
	if body == nil {
		return Function{}, false
	}
	var fn Function
	fn.Global, fn.Device = specifiers(def)

	// The definition starts at the outermost template<...> header that
	// directly wraps it, so that a finding points at the whole kernel.
	start := def
	for i := len(stack) - 2; i >= 0 && stack[i].kind == kTemplateDeclaration; i-- {
		start = &stack[i].node
	}
	if split := splitDeclaration(def, prev, src); split != nil {
		g, d := specifiers(split)
		fn.Global = fn.Global || g
		fn.Device = fn.Device || d
		start = prev // the declaration, or the template<...> around it
		fn.Recovered = true
	}
	fn.StartLine = startLine(start)
	fn.EndLine = endLine(def)

	open, end := body, body
	if body.Kind() == "try_statement" {
		// Function-try-block: the body proper is the try's block, and
		// the definition runs on to the last handler.
		if block := body.ChildByFieldName("body"); block != nil {
			open = block
		}
	}
	fn.BodyStart, fn.BodyEnd = int(open.StartByte()), int(end.EndByte())
	fn.BodyStartLine, fn.BodyEndLine = startLine(open), endLine(end)

	if name := declaredName(def.ChildByFieldName("declarator")); name != nil {
		fn.Name = unqualifiedName(name, src)
		fn.QualifiedName = qualifiedText(name, src)
	}
	return fn, true
}

// specifiers reports whether n (a function_definition or declaration) has
// __global__ and __device__ among its own children. The CUDA grammar puts
// them there as anonymous tokens through _declaration_modifiers, and
// __global__ may also come as a type_qualifier. When a macro the grammar
// does not know sits in front (MACRO __global__ void k()), error recovery
// can tuck the tokens into an ERROR child, so those are looked into too.
func specifiers(n *sitter.Node) (global, device bool) {
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

// splitDeclaration recognizes a definition that error recovery cut in two
// because an attribute-like macro the grammar does not know sits among the
// specifiers:
//
//	__global__ void __cluster_dims__(2, 1, 1) k() { ... }
//	__global__ LAUNCH_BOUNDS_MACRO(256) void k() { ... }
//
// parse as a declaration ("__global__ void __cluster_dims__(2, 1, 1)",
// possibly inside template<...>) ended by a MISSING ';', directly followed
// by a definition without the specifiers. Given the definition and its
// previous sibling, it returns that declaration when it carries __global__
// or __device__ the definition lacks, or nil.
func splitDeclaration(def, prev *sitter.Node, src []byte) *sitter.Node {
	if prev == nil || !onlySpace(src[prev.EndByte():def.StartByte()]) {
		return nil
	}
	decl := prev
	for decl != nil && decl.Kind() == "template_declaration" {
		decl = lastNamedChild(decl)
	}
	if decl == nil || decl.Kind() != "declaration" || decl.ChildCount() == 0 {
		return nil
	}
	semi := decl.Child(decl.ChildCount() - 1)
	if !semi.IsMissing() || semi.Kind() != ";" {
		return nil
	}
	if g, d := specifiers(def); g || d {
		return nil
	}
	if g, d := specifiers(decl); !g && !d {
		return nil
	}
	return decl
}

// declaredName unwraps the declarator of a function definition down to the
// node naming the function, through function, pointer, reference,
// parenthesized and attributed declarators. For int (*pick(int))(int) that
// is the inner "pick", not the outer parenthesized declarator.
func declaredName(d *sitter.Node) *sitter.Node {
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
			d = lastNamedChild(d)
		default:
			return nil
		}
	}
	return nil
}

// qualifiedText is the source text of a declarator name with runs of white
// space collapsed. For conversion operators the grammar folds the
// parameter list into the name node (operator_cast), so the text stops
// where that list starts: "Box::operator bool", not "...bool() const".
func qualifiedText(name *sitter.Node, src []byte) string {
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

// unqualifiedName strips scopes and template arguments from a declarator
// name: ns::Foo<T>::bar -> bar, foo<int> -> foo.
func unqualifiedName(n *sitter.Node, src []byte) string {
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

// collapseSpace turns runs of white space (including line breaks of a name
// split across lines) into one space.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// lastNamedChild is n's last named child, or nil when it has none.
func lastNamedChild(n *sitter.Node) *sitter.Node {
	c := n.NamedChildCount()
	if c == 0 {
		return nil
	}
	return n.NamedChild(c - 1)
}

func onlySpace(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }
