package hostgate

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// maxExprDepth bounds the recursive expression evaluator: deeper
// expressions are unknown, so no input can exhaust the stack.
const maxExprDepth = 200

func (e *evaluator) text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	return n.Utf8Text(e.src)
}

// named returns n's named children, comments left out.
func named(n *sitter.Node) []*sitter.Node {
	if n == nil {
		return nil
	}
	var out []*sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c != nil && c.Kind() != "comment" {
			out = append(out, c)
		}
	}
	return out
}

// callee is the unqualified name a call_expression calls: f, ns::f,
// obj.f, p->f, f<T>.
func (e *evaluator) callee(call *sitter.Node) string {
	fn := call.ChildByFieldName("function")
	for range 16 {
		if fn == nil {
			return ""
		}
		switch fn.Kind() {
		case "identifier", "field_identifier":
			return e.text(fn)
		case "field_expression":
			fn = fn.ChildByFieldName("field")
		case "qualified_identifier", "template_function", "template_method":
			fn = fn.ChildByFieldName("name")
		default:
			return ""
		}
	}
	return ""
}

// args are the argument expressions of a call.
func args(call *sitter.Node) []*sitter.Node {
	return named(call.ChildByFieldName("arguments"))
}

// eval evaluates an expression per capability; nil is unknown. Results
// are memoized until the environment changes, so visiting every nested
// expression of a long chain stays linear; a result cut short by the
// depth bound is not memoized, since the same node nearer the top of a
// later evaluation can do better.
func (e *evaluator) eval(n *sitter.Node, depth int) *val {
	if n == nil {
		return nil
	}
	if depth > maxExprDepth {
		e.cuts++
		return nil
	}
	if v, ok := e.memo[n.Id()]; ok {
		return v
	}
	cuts := e.cuts
	v := e.eval1(n, depth)
	if e.cuts == cuts {
		if e.memo == nil {
			e.memo = map[uintptr]*val{}
		}
		e.memo[n.Id()] = v
	}
	return v
}

// set binds a variable and forgets memoized results that may read it.
func (e *evaluator) set(key string, v *val) {
	e.env[key] = v
	clear(e.memo)
}

func (e *evaluator) eval1(n *sitter.Node, depth int) *val {
	if n.IsError() || n.IsMissing() {
		return nil
	}
	switch n.Kind() {
	case "number_literal":
		if k, ok := parseInt(e.text(n)); ok {
			return e.konst(k)
		}
	case "true":
		return e.konst(1)
	case "false", "null", "nullptr":
		return e.konst(0)
	case "string_literal", "concatenated_string":
		// assert(cond && "message"): a string is a true pointer.
		return e.konst(1)
	case "identifier":
		name := e.text(n)
		if v, ok := e.env[name]; ok {
			return v
		}
		if v, ok := e.members[name]; ok {
			return v
		}
		if isCapName(name) {
			return e.capVal(smScale, true)
		}
	case "field_expression":
		if v, ok := e.env[e.text(n)]; ok {
			return v
		}
		field := e.text(n.ChildByFieldName("field"))
		if arg := n.ChildByFieldName("argument"); arg != nil && arg.Kind() == "this" {
			if v, ok := e.members[field]; ok {
				return v
			}
		}
		if obj := e.eval(n.ChildByFieldName("argument"), depth+1); obj != nil && obj.props {
			switch field {
			case "major":
				return e.capVal(majorOf, false)
			case "minor":
				return e.capVal(minorOf, false)
			}
			return nil
		}
		if isCapName(field) {
			return e.capVal(smScale, true)
		}
	case "parenthesized_expression":
		if k := named(n); len(k) == 1 {
			return e.eval(k[0], depth+1)
		}
	case "cast_expression":
		return e.eval(n.ChildByFieldName("value"), depth+1)
	case "pointer_expression":
		// *props where props points to a cudaDeviceProp.
		if e.text(n.ChildByFieldName("operator")) == "*" {
			if v := e.eval(n.ChildByFieldName("argument"), depth+1); v != nil && v.props {
				return v
			}
		}
	case "unary_expression":
		return e.unop(e.text(n.ChildByFieldName("operator")), e.eval(n.ChildByFieldName("argument"), depth+1))
	case "binary_expression":
		op := e.text(n.ChildByFieldName("operator"))
		switch op {
		case "and":
			op = "&&"
		case "or":
			op = "||"
		}
		return e.binop(op, e.eval(n.ChildByFieldName("left"), depth+1), e.eval(n.ChildByFieldName("right"), depth+1))
	case "conditional_expression":
		return e.choose(e.eval(n.ChildByFieldName("condition"), depth+1),
			e.eval(n.ChildByFieldName("consequence"), depth+1), e.eval(n.ChildByFieldName("alternative"), depth+1))
	case "call_expression":
		return e.evalCall(n, depth)
	}
	return nil
}

func (e *evaluator) evalCall(n *sitter.Node, depth int) *val {
	name := e.callee(n)
	a := args(n)
	switch {
	case name == "static_cast" || name == "int" || name == "int32_t" || name == "int64_t" || name == "unsigned":
		if len(a) == 1 {
			return e.eval(a[0], depth+1)
		}
		return nil
	case isCapHelper(name):
		return e.capVal(smScale, true)
	case isPropsFunc(name):
		return &val{props: true}
	}
	if v, ok := e.helpers[name]; ok {
		return v
	}
	return nil
}

// declName is the variable a declarator declares: x in x, *x, &x, x[4],
// x = ..., x(...), x{...}.
func (e *evaluator) declName(d *sitter.Node) string {
	for range 32 {
		if d == nil {
			return ""
		}
		switch d.Kind() {
		case "identifier", "field_identifier":
			return e.text(d)
		}
		if next := d.ChildByFieldName("declarator"); next != nil {
			d = next
			continue
		}
		// reference_declarator has no declarator field: its last named child.
		k := named(d)
		if len(k) == 0 {
			return ""
		}
		d = k[len(k)-1]
	}
	return ""
}

// isFalse reports an expression that is literally false: false, 0, !"msg".
func (e *evaluator) isFalse(n *sitter.Node) bool {
	v := e.eval(n, 0)
	k, ok := v.constant()
	return ok && k == 0
}
