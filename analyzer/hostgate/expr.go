package hostgate

// maxExprDepth bounds the recursive expression evaluator: deeper
// expressions are unknown, so no input can exhaust the stack.
const maxExprDepth = 200

// callee is the unqualified name a call_expression calls: f, ns::f,
// obj.f, p->f, f<T>.
func (t tree) callee(call node) string {
	fn := t.field(call, fFunction)
	for range 16 {
		if fn == noNode {
			return ""
		}
		switch t.kind(fn) {
		case "identifier", "field_identifier":
			return t.text(fn)
		case "field_expression":
			fn = t.field(fn, fField)
		case "qualified_identifier", "template_function", "template_method":
			fn = t.field(fn, fName)
		default:
			return ""
		}
	}
	return ""
}

// args are the argument expressions of a call.
func (t tree) args(call node) []node {
	return t.named(t.field(call, fArguments))
}

// eval evaluates an expression per capability; nil is unknown. Results
// are memoized until the environment changes, so visiting every nested
// expression of a long chain stays linear; a result cut short by the
// depth bound is not memoized, since the same node nearer the top of a
// later evaluation can do better.
func (e *evaluator) eval(n node, depth int) *val {
	if n == noNode {
		return nil
	}
	if depth > maxExprDepth {
		e.cuts++
		return nil
	}
	if v, ok := e.memo[n]; ok {
		return v
	}
	cuts := e.cuts
	v := e.eval1(n, depth)
	if e.cuts == cuts {
		if e.memo == nil {
			e.memo = map[node]*val{}
		}
		e.memo[n] = v
	}
	return v
}

// set binds a variable and forgets memoized results that may read it.
func (e *evaluator) set(key string, v *val) {
	e.env[key] = v
	clear(e.memo)
}

func (e *evaluator) eval1(n node, depth int) *val {
	if e.t.IsError(n) || e.t.IsMissing(n) {
		return nil
	}
	switch e.kind(n) {
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
		if v, ok := e.consts[name]; ok {
			return v
		}
		if isCapName(name) {
			return e.capVal(smScale, true)
		}
		if isWeakCapName(name) && !e.conflicted[name] {
			// A member sm also assigned a plain number is not one.
			return e.weakCap()
		}
	case "field_expression":
		if v, ok := e.env[e.text(n)]; ok {
			return v
		}
		field := e.text(e.field(n, fField))
		if arg := e.field(n, fArgument); arg != noNode && e.kind(arg) == "this" {
			if v, ok := e.members[field]; ok {
				return v
			}
		}
		if obj := e.eval(e.field(n, fArgument), depth+1); obj != nil && obj.props {
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
		if isWeakCapName(field) {
			return e.weakCap()
		}
	case "qualified_identifier":
		// arch::kHopper: a file-scope constant by its unqualified name.
		if name := e.field(n, fName); name != noNode && e.kind(name) == "identifier" {
			if v, ok := e.consts[e.text(name)]; ok {
				return v
			}
		}
	case "parenthesized_expression":
		if k := e.named(n); len(k) == 1 {
			return e.eval(k[0], depth+1)
		}
	case "cast_expression":
		return e.eval(e.field(n, fValue), depth+1)
	case "pointer_expression":
		// *props where props points to a cudaDeviceProp.
		if e.text(e.field(n, fOperator)) == "*" {
			if v := e.eval(e.field(n, fArgument), depth+1); v != nil && v.props {
				return v
			}
		}
	case "unary_expression":
		return e.unop(e.text(e.field(n, fOperator)), e.eval(e.field(n, fArgument), depth+1))
	case "binary_expression":
		op := e.text(e.field(n, fOperator))
		switch op {
		case "and":
			op = "&&"
		case "or":
			op = "||"
		}
		return e.binop(op, e.eval(e.field(n, fLeft), depth+1), e.eval(e.field(n, fRight), depth+1))
	case "conditional_expression":
		return e.choose(e.eval(e.field(n, fCondition), depth+1),
			e.eval(e.field(n, fConsequence), depth+1), e.eval(e.field(n, fAlternative), depth+1))
	case "call_expression":
		return e.evalCall(n, depth)
	}
	return nil
}

func (e *evaluator) evalCall(n node, depth int) *val {
	name := e.callee(n)
	a := e.args(n)
	switch {
	case name == "static_cast" || name == "int" || name == "int32_t" || name == "int64_t" || name == "unsigned":
		if len(a) == 1 {
			return e.eval(a[0], depth+1)
		}
		return nil
	case isCapHelper(name):
		return e.capVal(smScale, true)
	case isCapMajorHelper(name):
		return e.capVal(majorOf, false)
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
func (e *evaluator) declName(d node) string {
	for range 32 {
		if d == noNode {
			return ""
		}
		switch e.kind(d) {
		case "identifier", "field_identifier":
			return e.text(d)
		}
		if next := e.field(d, fDeclarator); next != noNode {
			d = next
			continue
		}
		// reference_declarator has no declarator field: its last named child.
		k := e.named(d)
		if len(k) == 0 {
			return ""
		}
		d = k[len(k)-1]
	}
	return ""
}

// isFalse reports an expression that is literally false: false, 0, !"msg".
func (e *evaluator) isFalse(n node) bool {
	v := e.eval(n, 0)
	k, ok := v.constant()
	return ok && k == 0
}
