package cst

import (
	"bytes"
	"strings"
)

// function describes the function_definition on top of stack, or reports
// false when it has no body (= default, = delete, or a body lost to error
// recovery). prev is the definition's previous sibling, or none.
func (t *Tree) function(stack []frame, prev int32) (Function, bool) {
	def := stack[len(stack)-1].node
	body := t.childByField(def, t.kinds.fBody)
	if body < 0 {
		return Function{}, false
	}
	var fn Function
	fn.Global, fn.Device = t.specifiers(def)

	// The definition starts at the outermost template<...> header that
	// directly wraps it, so that a finding points at the whole kernel.
	start := def
	for i := len(stack) - 2; i >= 0 && stack[i].kind == kTemplateDeclaration; i-- {
		start = stack[i].node
	}
	if split := t.splitDeclaration(def, prev); split >= 0 {
		g, d := t.specifiers(split)
		fn.Global = fn.Global || g
		fn.Device = fn.Device || d
		start = prev // the declaration, or the template<...> around it
		fn.Recovered = true
	}
	fn.StartLine = t.startLine(start)
	fn.EndLine = t.endLine(def)

	open, end := body, body
	if t.kind(body) == "try_statement" {
		// Function-try-block: the body proper is the try's block, and
		// the definition runs on to the last handler.
		if block := t.childByField(body, t.kinds.fBody); block >= 0 {
			open = block
		}
	}
	fn.BodyStart, fn.BodyEnd = int(t.recs[open].sb), int(t.recs[end].eb)
	fn.BodyStartLine, fn.BodyEndLine = t.startLine(open), t.endLine(end)

	if name := t.declaredName(t.childByField(def, t.kinds.fDeclarator)); name >= 0 {
		fn.Name = t.unqualifiedName(name)
		fn.QualifiedName = t.qualifiedText(name)
	}
	return fn, true
}

// specifiers reports whether n (a function_definition or declaration) has
// __global__ and __device__ among its own children. The CUDA grammar puts
// them there as anonymous tokens through _declaration_modifiers, and
// __global__ may also come as a type_qualifier. When a macro the grammar
// does not know sits in front (MACRO __global__ void k()), error recovery
// can tuck the tokens into an ERROR child, so those are looked into too.
func (t *Tree) specifiers(n int32) (global, device bool) {
	for c := t.recs[n].first; c >= 0; c = t.recs[c].next {
		switch t.kind(c) {
		case "__global__":
			global = true
		case "__device__":
			device = true
		case "type_qualifier", "ERROR":
			for g := t.recs[c].first; g >= 0; g = t.recs[g].next {
				switch t.kind(g) {
				case "__global__":
					global = true
				case "__device__":
					device = true
				}
			}
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
// or __device__ the definition lacks, or none.
func (t *Tree) splitDeclaration(def, prev int32) int32 {
	if prev < 0 || !onlySpace(t.src[t.recs[prev].eb:t.recs[def].sb]) {
		return none
	}
	decl := prev
	for decl >= 0 && t.kind(decl) == "template_declaration" {
		decl = t.lastNamedChild(decl)
	}
	if decl < 0 || t.kind(decl) != "declaration" {
		return none
	}
	semi := t.lastChild(decl)
	if semi < 0 || t.recs[semi].flags&fMissing == 0 || t.kind(semi) != ";" {
		return none
	}
	if g, d := t.specifiers(def); g || d {
		return none
	}
	if g, d := t.specifiers(decl); !g && !d {
		return none
	}
	return decl
}

// declaredName unwraps the declarator of a function definition down to the
// node naming the function, through function, pointer, reference,
// parenthesized and attributed declarators. For int (*pick(int))(int) that
// is the inner "pick", not the outer parenthesized declarator.
func (t *Tree) declaredName(d int32) int32 {
	// A bound instead of recursion: declarators nest only a few levels in
	// real code, and hostile input must not run away.
	for range 64 {
		if d < 0 {
			return none
		}
		switch t.kind(d) {
		case "identifier", "field_identifier", "qualified_identifier", "template_function",
			"destructor_name", "operator_name", "operator_cast":
			return d
		case "function_declarator", "pointer_declarator", "attributed_declarator":
			d = t.childByField(d, t.kinds.fDeclarator)
		case "reference_declarator", "parenthesized_declarator":
			// Their inner declarator has no field name.
			d = t.lastNamedChild(d)
		default:
			return none
		}
	}
	return none
}

// qualifiedText is the source text of a declarator name with runs of white
// space collapsed. For conversion operators the grammar folds the
// parameter list into the name node (operator_cast), so the text stops
// where that list starts: "Box::operator bool", not "...bool() const".
func (t *Tree) qualifiedText(name int32) string {
	end := t.recs[name].eb
	n := name
	for range 64 {
		if n < 0 {
			break
		}
		if t.kind(n) == "operator_cast" {
			if d := t.childByField(n, t.kinds.fDeclarator); d >= 0 {
				end = t.recs[d].sb
			}
			break
		}
		n = t.childByField(n, t.kinds.fName)
	}
	return collapseSpace(string(t.src[t.recs[name].sb:end]))
}

// unqualifiedName strips scopes and template arguments from a declarator
// name: ns::Foo<T>::bar -> bar, foo<int> -> foo.
func (t *Tree) unqualifiedName(n int32) string {
	for range 64 {
		switch t.kind(n) {
		case "qualified_identifier", "template_function", "template_method":
			next := t.childByField(n, t.kinds.fName)
			if next < 0 {
				return collapseSpace(t.text(n))
			}
			n = next
		case "operator_cast":
			if ty := t.childByField(n, t.kinds.fType); ty >= 0 {
				return "operator " + collapseSpace(t.text(ty))
			}
			return "operator"
		default:
			return collapseSpace(t.text(n))
		}
	}
	return collapseSpace(t.text(n))
}

// collapseSpace turns runs of white space (including line breaks of a name
// split across lines) into one space.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func onlySpace(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }
