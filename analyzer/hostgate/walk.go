package hostgate

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// walker evaluates one function body in source order.
type walker struct {
	*file
	e    *evaluator
	name string
	emit bool // record gates (the summary pass only tracks values)
	// consumed are the else-if statements already part of a ladder.
	consumed map[uintptr]bool
	// beforeError are the statements an ERROR sibling follows (found
	// while walking: asking tree-sitter for a sibling costs the depth).
	beforeError map[uintptr]bool
	// next maps a statement to the statement after it (comments left out).
	next map[uintptr]*sitter.Node
	// checked are the check calls recorded with their streamed message.
	checked map[uintptr]bool
	// reach maps the body of each arm of a capability-dependent ladder
	// to the capabilities that may reach it (unknown ones included): a
	// decision nested there is not one the others ever meet. cur is the
	// mask of the node being visited (nil: every capability), carried
	// down the walk so that nesting depth costs nothing per gate.
	reach    map[uintptr][]bool
	cur      []bool
	returns  []*val
	nReturns int
}

func (f *file) newWalker(def *sitter.Node, emit bool) *walker {
	w := &walker{file: f, name: f.funcName(def), emit: emit, consumed: map[uintptr]bool{}, beforeError: map[uintptr]bool{}, checked: map[uintptr]bool{}, next: map[uintptr]*sitter.Node{}, reach: map[uintptr][]bool{},
		e: &evaluator{src: f.src, caps: f.caps, env: map[string]*val{}, helpers: f.helpers, members: f.members}}
	// Parameters: a cudaDeviceProp reference reads the capability; a
	// capability-named one (sm_version) is the capability while gates are
	// evaluated, as in the Python analyzer.
	if d := funcDeclarator(def); d != nil {
		for _, p := range named(d.ChildByFieldName("parameters")) {
			if p.Kind() != "parameter_declaration" {
				continue
			}
			name := w.e.declName(p.ChildByFieldName("declarator"))
			switch {
			case name == "":
			case isPropsType(w.e.text(p.ChildByFieldName("type"))):
				w.e.set(name, &val{props: true})
			case !emit:
				// A helper's summary must not depend on its arguments:
				// supports(int sm_version) called with 80 is no
				// capability read.
				w.e.set(name, nil)
			}
		}
	}
	return w
}

// summarize records fn as a helper when its single return value depends
// on the capability (bool is_sm90() { return getSMVersion() == 90; }).
func (f *file) summarize(def *sitter.Node) {
	w := f.newWalker(def, false)
	w.walk(def.ChildByFieldName("body"))
	name := ""
	if d := funcDeclarator(def); d != nil {
		name = w.e.callee2(d.ChildByFieldName("declarator"))
	}
	if name == "" || isCapHelper(name) || w.nReturns != 1 || len(w.returns) != 1 || w.returns[0] == nil || !w.returns[0].taint {
		return
	}
	v := *w.returns[0]
	v.helper, v.helperLine = name, int(def.StartPosition().Row)+1
	f.helpers[name] = &v
}

// callee2 is the unqualified name of a declarator: f in ns::C::f.
func (e *evaluator) callee2(d *sitter.Node) string {
	for range 16 {
		if d == nil {
			return ""
		}
		switch d.Kind() {
		case "identifier", "field_identifier":
			return e.text(d)
		case "qualified_identifier":
			d = d.ChildByFieldName("name")
		default:
			return ""
		}
	}
	return ""
}

func (f *file) gatesOf(def *sitter.Node) {
	w := f.newWalker(def, true)
	w.walk(def.ChildByFieldName("body"))
}

// walk visits body in pre-order with an explicit stack: nesting depth is
// bounded by memory, not by the Go stack. Nested function definitions
// are walked on their own.
func (w *walker) walk(body *sitter.Node) {
	if body == nil {
		return
	}
	stack := []*sitter.Node{body}
	masks := [][]bool{nil}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		w.cur = masks[len(masks)-1]
		masks = masks[:len(masks)-1]
		w.visit(n)
		mask := w.cur
		var after *sitter.Node // the next sibling of c
		for i := int(n.NamedChildCount()) - 1; i >= 0; i-- {
			c := n.NamedChild(uint(i))
			if c == nil {
				continue
			}
			if c.Kind() == "comment" {
				continue
			}
			if after != nil && after.IsError() {
				w.beforeError[c.Id()] = true
			}
			if after != nil {
				w.next[c.Id()] = after
			}
			after = c
			if c.Kind() == "function_definition" || c.NamedChildCount() == 0 {
				continue
			}
			stack = append(stack, c)
			if m, ok := w.reach[c.Id()]; ok {
				masks = append(masks, m)
			} else {
				masks = append(masks, mask)
			}
		}
	}
}

func (w *walker) visit(n *sitter.Node) {
	switch n.Kind() {
	case "declaration":
		w.declare(n)
	case "assignment_expression":
		left := n.ChildByFieldName("left")
		key := w.e.text(left)
		var v *val
		if w.e.text(n.ChildByFieldName("operator")) == "=" {
			v = w.e.eval(n.ChildByFieldName("right"), 0)
		}
		if !w.emit {
			w.member(left, v)
		}
		w.e.set(key, v)
	case "expression_statement":
		// A check with a streamed message: record it here, where the
		// message is visible, and not again at the call.
		if k := named(n); len(k) == 1 && w.emit {
			if head := streamHead(k[0]); head != nil && head != k[0] && head.Kind() == "call_expression" {
				w.checked[head.Id()] = true
				w.checkGate(head, w.e.callee(head), args(head), w.e.streamed(k[0]))
			}
		}
	case "call_expression":
		w.call(n)
	case "return_statement":
		w.nReturns++
		if k := named(n); len(k) == 1 {
			w.returns = append(w.returns, w.e.eval(k[0], 0))
		}
	case "if_statement":
		if w.emit && !w.consumed[n.Id()] {
			w.ladder(n)
		}
	case "switch_statement":
		if w.emit {
			w.switchGate(n)
		}
	case "conditional_expression":
		if w.emit {
			w.ternary(n)
		}
	}
}

// member records an assignment to a data member (X or this->X, not a
// local of this function) for the other functions of the file: a member
// assigned a capability everywhere it is assigned is that capability.
func (w *walker) member(left *sitter.Node, v *val) {
	name := ""
	switch left.Kind() {
	case "identifier":
		name = w.e.text(left)
		if _, local := w.e.env[name]; local {
			return
		}
	case "field_expression":
		if arg := left.ChildByFieldName("argument"); arg != nil && arg.Kind() == "this" {
			name = w.e.text(left.ChildByFieldName("field"))
		}
	}
	switch {
	case name == "" || w.conflicted[name]:
	case v == nil || !v.taint:
		w.conflicted[name] = true
		delete(w.members, name)
	case w.members[name] == nil:
		w.members[name] = v
	}
}

// declare binds the variables of a declaration.
func (w *walker) declare(n *sitter.Node) {
	props := isPropsType(w.e.text(n.ChildByFieldName("type")))
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if n.FieldNameForNamedChild(uint32(i)) != "declarator" {
			continue
		}
		d := n.NamedChild(i)
		var v *val
		if d.Kind() == "init_declarator" {
			value := d.ChildByFieldName("value")
			if value != nil && (value.Kind() == "argument_list" || value.Kind() == "initializer_list") {
				if k := named(value); len(k) == 1 {
					value = k[0]
				} else {
					value = nil
				}
			}
			if sb := d.ChildByFieldName("declarator"); sb != nil && sb.Kind() == "structured_binding_declarator" {
				w.bindPair(sb, value)
				continue
			}
			v = w.e.eval(value, 0)
		}
		if props {
			v = &val{props: true}
		}
		if name := w.e.declName(d); name != "" {
			w.e.set(name, v)
		}
	}
}

// bindPair is auto [major, minor] = get_compute_capability().
func (w *walker) bindPair(sb, value *sitter.Node) {
	names := named(sb)
	pair := value != nil && value.Kind() == "call_expression" && isCapHelper(w.e.callee(value)) && len(names) == 2
	for i, id := range names {
		var v *val
		if pair {
			f := majorOf
			if i == 1 {
				f = minorOf
			}
			v = w.e.capVal(f, false)
		}
		w.e.set(w.e.text(id), v)
	}
}

// call handles the calls that write a capability into a variable, and
// TORCH_CHECK-style assertions on one.
func (w *walker) call(n *sitter.Node) {
	name := w.e.callee(n)
	a := args(n)
	switch name {
	case "cudaDeviceGetAttribute", "cuDeviceGetAttribute", "hipDeviceGetAttribute":
		if len(a) >= 2 && a[0].Kind() == "pointer_expression" {
			key := w.e.text(a[0].ChildByFieldName("argument"))
			switch attrField(w.e.text(a[1])) {
			case "major":
				w.e.set(key, w.e.capVal(majorOf, false))
			case "minor":
				w.e.set(key, w.e.capVal(minorOf, false))
			}
		}
		return
	case "cudaGetDeviceProperties", "hipGetDeviceProperties":
		if len(a) >= 1 && a[0].Kind() == "pointer_expression" {
			w.e.set(w.e.text(a[0].ChildByFieldName("argument")), &val{props: true})
		}
		return
	}
	if w.emit && !w.checked[n.Id()] {
		w.checkGate(n, name, a, "")
	}
}
