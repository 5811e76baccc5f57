package hostgate

import (
	"strings"
	"unicode"
)

// Verdicts and picks: capAnd reads an arm that returns as doing work only
// when what it returns picks a path. A return is a verdict when it says
// whether (or how badly) the caller may go on: `return;`, a bool, a number
// (0, 1, -1), nullptr, a name (a local, a flag), an error code
// (cudaErrorNotSupported, Status::kErrorNotSupported, cudnn-frontend's
// error_code_t::GRAPH_NOT_SUPPORTED). It picks a path when it returns the
// work done (`return run_sm80(cb);`) or one of several constants of an
// enum the function returns (FasterTransformer's getAttentionType:
// `return remove_padding ? AttentionType::FUSED_MHA :
// AttentionType::FUSED_PADDED_MHA;` against the UNFUSED ones at its end):
// the caller runs what the constant names.

// picksPath reports whether x, the value a return in the walked function
// returns, is one of several enum constants the function picks from
// (pickConsts), or a ternary (parentheses around either) choosing between
// such constants.
func (w *walker) picksPath(ret, x node) bool {
	if w.inLambda(ret) {
		return false
	}
	consts := w.pickConsts()
	if len(consts) < 2 {
		return false
	}
	vals, ok := w.constArms(x, nil)
	if !ok {
		return false
	}
	for _, v := range vals {
		if !consts[v] {
			return false
		}
	}
	return true
}

// pickConsts are the enum-like constants the walked function returns,
// when its declared return type is an enum-like named type (no bool, no
// number, no pointer, no template, no status or error type) and every
// value it returns is one of them (a call's result aside), or nil.
// Computed once per walker.
func (w *walker) pickConsts() map[string]bool {
	if w.picks != nil {
		return w.picks
	}
	w.picks = map[string]bool{}
	if !w.enumLikeReturn() {
		return w.picks
	}
	locals := w.localNames()
	consts := map[string]bool{}
	ok := true
	w.eachReturn(func(r node) {
		k := w.named(r)
		if !ok || len(k) == 0 || w.kind(k[0]) == "call_expression" {
			ok = ok && len(k) > 0
			return
		}
		vals, isConst := w.constArms(k[0], locals)
		if !isConst {
			ok = false
			return
		}
		for _, v := range vals {
			consts[v] = true
		}
	})
	if ok {
		w.picks = consts
	}
	return w.picks
}

// constArms lists the enum-like constants x is, or chooses between in a
// ternary: a qualified name (AttentionType::FUSED_MHA, ft::Kind::FUSED)
// or a plain name that is no local or parameter of the function (locals;
// nil when not known yet: the caller checks its names against
// pickConsts), whose words hold no verdict (verdictWord). ok is false
// for anything else.
func (w *walker) constArms(x node, locals map[string]bool) (vals []string, ok bool) {
	for range 32 {
		switch w.kind(x) {
		case "parenthesized_expression":
			k := w.named(x)
			if len(k) != 1 {
				return nil, false
			}
			x = k[0]
			continue
		case "conditional_expression":
			a, okA := w.constArms(w.field(x, fConsequence), locals)
			b, okB := w.constArms(w.field(x, fAlternative), locals)
			return append(a, b...), okA && okB
		case "qualified_identifier":
			name := w.text(x)
			last := name[strings.LastIndex(name, ":")+1:]
			if strings.HasPrefix(name, "std::") || hasVerdictWord(last) {
				return nil, false
			}
			return []string{strings.Join(strings.Fields(name), "")}, true
		case "identifier":
			name := w.text(x)
			if locals[name] || hasVerdictWord(name) {
				return nil, false
			}
			return []string{name}, true
		}
		return nil, false
	}
	return nil, false
}

// enumLikeReturn reports whether the walked function's declared return
// type may be an enum that names paths: a plain or qualified type name
// (or `enum Kind`) returned by value, whose words hold no verdict type
// (error, status, result, code, bool).
func (w *walker) enumLikeReturn() bool {
	if w.def == noNode {
		return false
	}
	// A pointer or reference declarator between the definition and its
	// function declarator: the function returns a pointer.
	if d := w.field(w.def, fDeclarator); d == noNode || w.kind(d) != "function_declarator" {
		return false
	}
	t := w.field(w.def, fType)
	var name string
	switch w.kind(t) {
	case "type_identifier":
		name = w.text(t)
	case "qualified_identifier":
		if n := w.field(t, fName); w.kind(n) == "type_identifier" {
			name = w.text(n)
		}
	case "enum_specifier":
		name = w.text(w.field(t, fName))
	}
	if name == "" {
		return false
	}
	for _, word := range words(name) {
		switch word {
		case "error", "err", "status", "result", "code", "bool":
			return false
		}
	}
	return true
}

// hasVerdictWord reports a constant whose name says it is a verdict:
// kErrorNotSupported, GRAPH_NOT_SUPPORTED, cudaSuccess, kNone.
func hasVerdictWord(name string) bool {
	for _, word := range words(name) {
		switch word {
		case "error", "err", "fail", "failed", "failure", "success", "ok", "supported", "unsupported",
			"invalid", "none", "null", "true", "false":
			return true
		}
	}
	return false
}

// words splits a name into lowercase words at underscores, digits and
// case changes: kErrorNotSupported is k, error, not, supported;
// GRAPH_NOT_SUPPORTED is graph, not, supported.
func words(name string) []string {
	var out []string
	rs := []rune(name)
	start := -1
	flush := func(i int) {
		if start >= 0 && i > start {
			out = append(out, strings.ToLower(string(rs[start:i])))
		}
		start = -1
	}
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r):
			flush(i)
		case start < 0:
			start = i
		case unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return out
}

// eachReturn calls f on every return statement of the walked function,
// not those of lambdas in it.
func (w *walker) eachReturn(f func(node)) {
	w.descend(w.field(w.def, fBody), func(n node) bool {
		switch w.kind(n) {
		case "return_statement":
			f(n)
			return false
		case "lambda_expression":
			return false
		}
		return true
	})
}

// localNames are the names the walked function declares: its parameters
// and the variables its body declares.
func (w *walker) localNames() map[string]bool {
	out := map[string]bool{}
	if d := w.funcDeclarator(w.def); d != noNode {
		for _, p := range w.named(w.field(d, fParameters)) {
			if name := w.e.declName(w.field(p, fDeclarator)); name != "" {
				out[name] = true
			}
		}
	}
	w.descend(w.field(w.def, fBody), func(n node) bool {
		if k := w.kind(n); k == "declaration" || k == "condition_clause" || k == "for_range_loop" {
			for _, d := range w.named(n) {
				if w.t.FieldOf(d) == fDeclarator {
					if name := w.e.declName(d); name != "" {
						out[name] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// descend calls visit on n and its named descendants, depth first; visit
// says whether to look inside the node it is given.
func (w *walker) descend(n node, visit func(node) bool) {
	stack := []node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !visit(n) {
			continue
		}
		for c := w.t.FirstChild(n); c != noNode; c = w.t.NextSibling(c) {
			if w.t.IsNamed(c) {
				stack = append(stack, c)
			}
		}
	}
}

// inLambda reports whether n lies in a lambda of the walked function: its
// return is the lambda's.
func (w *walker) inLambda(n node) bool {
	for p := w.t.Parent(n); p != noNode && p != w.def; p = w.t.Parent(p) {
		if w.kind(p) == "lambda_expression" {
			return true
		}
	}
	return false
}
