package hostgate

import "regexp"

// walker evaluates one function body in source order.
type walker struct {
	*file
	e    *evaluator
	def  node // the function_definition walked
	name string
	// defName is the function's unqualified name (callee2).
	defName string
	emit    bool // record gates (the summary pass only tracks values)
	// consumed are the else-if statements already part of a ladder.
	consumed map[node]bool
	// beforeError are the statements an ERROR sibling follows (found
	// while walking, with next).
	beforeError map[node]bool
	// next maps a statement to the statement after it (comments left
	// out); nextOf reads it.
	next map[node]node
	// checked are the check calls recorded with their streamed message.
	checked map[node]bool
	// reach maps the body of each arm of a capability-dependent ladder
	// to the capabilities that may reach it (unknown ones included): a
	// decision nested there is not one the others ever meet. cur is the
	// mask of the node being visited (nil: every capability), carried
	// down the walk so that nesting depth costs nothing per gate.
	reach    map[node][]bool
	cur      []bool
	returns  []*val
	nReturns int
	// picks are the enum constants the function picks paths by
	// (pickConsts), once asked for.
	picks map[string]bool
}

func (f *file) newWalker(def node, emit bool) *walker {
	w := &walker{file: f, def: def, name: f.funcName(def), defName: f.defName(def), emit: emit, consumed: map[node]bool{}, beforeError: map[node]bool{}, checked: map[node]bool{}, next: map[node]node{}, reach: map[node][]bool{},
		e: &evaluator{tree: f.tree, caps: f.caps, groups: f.groups, env: map[string]*val{}, helpers: f.helpers, members: f.members, conflicted: f.conflicted, consts: f.consts}}
	// Parameters: a cudaDeviceProp reference reads the capability; a
	// capability-named one (sm_version) is the capability while gates are
	// evaluated, as in the Python analyzer.
	if d := f.funcDeclarator(def); d != noNode {
		for _, p := range f.named(f.field(d, fParameters)) {
			if f.kind(p) != "parameter_declaration" {
				continue
			}
			name := w.e.declName(f.field(p, fDeclarator))
			switch {
			case name == "":
			case isPropsType(f.text(f.field(p, fType))):
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
func (f *file) summarize(def node) {
	w := f.newWalker(def, false)
	w.walk(f.field(def, fBody))
	name := ""
	if d := f.funcDeclarator(def); d != noNode {
		name = w.e.callee2(f.field(d, fDeclarator))
	}
	if name == "" || isCapHelper(name) || isCapMajorHelper(name) || f.lostHelper[name] {
		return
	}
	if w.nReturns != 1 || len(w.returns) != 1 || w.returns[0] == nil || !w.returns[0].taint {
		if d, ok := f.helperDef[name]; ok && d == def {
			// Summarized again, the helper's own definition returns
			// no capability any more (a member it returns was found
			// conflicted): not a helper. Another definition of the
			// name (an overload, a method of another class) does not
			// undo it.
			delete(f.helpers, name)
			f.lostHelper[name] = true
		}
		return
	}
	v := *w.returns[0]
	v.helper, v.helperLine = name, f.startLine(def)
	f.helpers[name] = &v
	if _, ok := f.helperDef[name]; !ok {
		f.helperDef[name] = def
	}
	f.shared = true
}

// callee2 is the unqualified name of a declarator: f in ns::C::f.
func (e *evaluator) callee2(d node) string {
	for range 16 {
		if d == noNode {
			return ""
		}
		switch e.kind(d) {
		case "identifier", "field_identifier":
			return e.text(d)
		case "qualified_identifier":
			d = e.field(d, fName)
		default:
			return ""
		}
	}
	return ""
}

func (f *file) gatesOf(def node) {
	w := f.newWalker(def, true)
	w.walk(f.field(def, fBody))
}

// nextOf is the statement after n, or noNode.
func (w *walker) nextOf(n node) node {
	if nx, ok := w.next[n]; ok {
		return nx
	}
	return noNode
}

// walk visits body in pre-order with an explicit stack: nesting depth is
// bounded by memory, not by the Go stack. Nested function definitions
// are walked on their own. A decided preprocessor group is walked as its
// compiled branch's statements in its place (groups), so that the
// statement after the last of them is the one after the group.
func (w *walker) walk(body node) {
	if body == noNode {
		return
	}
	stack := []node{body}
	masks := [][]bool{nil}
	var kids []node
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// The mask is read when the node is, not when it was stacked:
		// a ladder before it may have sent capabilities away since
		// (markAfter).
		w.cur = masks[len(masks)-1]
		masks = masks[:len(masks)-1]
		if m, ok := w.reach[n]; ok {
			w.cur = m
		}
		w.visit(n)
		mask := w.cur
		after := noNode // the next sibling of c
		kids = w.groups.appendCompiled(kids[:0], n)
		for i := len(kids) - 1; i >= 0; i-- {
			c := kids[i]
			if w.kind(c) == "comment" {
				continue
			}
			if after != noNode && w.t.IsError(after) {
				w.beforeError[c] = true
			}
			if after != noNode {
				w.next[c] = after
			}
			after = c
			if w.kind(c) == "function_definition" || !w.hasNamedChild(c) {
				continue
			}
			stack = append(stack, c)
			masks = append(masks, mask)
		}
	}
}

func (w *walker) visit(n node) {
	switch w.kind(n) {
	case "declaration":
		w.declare(n)
	case "assignment_expression":
		left := w.field(n, fLeft)
		key := w.text(left)
		var v *val
		if w.text(w.field(n, fOperator)) == "=" {
			v = w.e.eval(w.field(n, fRight), 0)
		}
		if !w.emit {
			w.member(left, v)
		}
		w.e.set(key, v)
	case "expression_statement":
		// A check with a streamed message: record it here, where the
		// message is visible, and not again at the call.
		if k := w.named(n); len(k) == 1 && w.emit {
			if head := w.streamHead(k[0]); head != noNode && head != k[0] && w.kind(head) == "call_expression" {
				w.checked[head] = true
				w.checkGate(head, w.e.callee(head), w.args(head), w.e.streamed(k[0]))
			}
		}
	case "call_expression":
		w.call(n)
	case "return_statement":
		w.nReturns++
		if k := w.named(n); len(k) == 1 {
			w.returns = append(w.returns, w.e.eval(k[0], 0))
		}
	case "if_statement":
		if w.emit && !w.consumed[n] {
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
func (w *walker) member(left node, v *val) {
	name := ""
	switch w.kind(left) {
	case "identifier":
		name = w.text(left)
		if _, local := w.e.env[name]; local {
			return
		}
	case "field_expression":
		if arg := w.field(left, fArgument); arg != noNode && w.kind(arg) == "this" {
			name = w.text(w.field(left, fField))
		}
	}
	switch {
	case name == "" || w.conflicted[name]:
	case v == nil || !v.taint:
		w.conflicted[name] = true
		delete(w.members, name)
	case w.members[name] == nil:
		w.members[name] = v
		w.wasMember[name] = true
		w.shared = true
	}
}

// declare binds the variables of a declaration.
func (w *walker) declare(n node) {
	props := isPropsType(w.text(w.field(n, fType)))
	for d := w.t.FirstChild(n); d != noNode; d = w.t.NextSibling(d) {
		if !w.t.IsNamed(d) || w.t.FieldOf(d) != fDeclarator {
			continue
		}
		var v *val
		if w.kind(d) == "init_declarator" {
			value := w.field(d, fValue)
			if value != noNode && (w.kind(value) == "argument_list" || w.kind(value) == "initializer_list") {
				if k := w.named(value); len(k) == 1 {
					value = k[0]
				} else {
					value = noNode
				}
			}
			if sb := w.field(d, fDeclarator); sb != noNode && w.kind(sb) == "structured_binding_declarator" {
				w.bindPair(sb, value)
				continue
			}
			v = w.e.eval(value, 0)
			if v == nil && value != noNode && w.emit && w.kind(value) != "identifier" && !fixedArchRE.MatchString(w.text(value)) {
				// A capability-named local set from what the walk
				// cannot read (FasterTransformer's `const int sm =
				// additional_params[5];`) is taken by its name, as a
				// parameter so named is: left unbound, the name reads.
				// A copy of another name (int sm = n) is that name's,
				// and one built from a named architecture (CCCL's
				// `cuda::compute_capability cc{cuda::arch_id::sm_89}`)
				// is no device's.
				if name := w.e.declName(d); isCapName(name) || isWeakCapName(name) {
					delete(w.e.env, name)
					clear(w.e.memo)
					continue
				}
			}
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
func (w *walker) bindPair(sb, value node) {
	names := w.named(sb)
	pair := value != noNode && w.kind(value) == "call_expression" && isCapHelper(w.e.callee(value)) && len(names) == 2
	for i, id := range names {
		var v *val
		if pair {
			f := majorOf
			if i == 1 {
				f = minorOf
			}
			v = w.e.capVal(f, false)
		}
		w.e.set(w.text(id), v)
	}
}

// call handles the calls that write a capability into a variable, and
// TORCH_CHECK-style assertions on one.
func (w *walker) call(n node) {
	name := w.e.callee(n)
	a := w.args(n)
	switch name {
	case "cudaDeviceGetAttribute", "cuDeviceGetAttribute", "hipDeviceGetAttribute":
		if len(a) >= 2 && w.kind(a[0]) == "pointer_expression" {
			key := w.text(w.field(a[0], fArgument))
			switch attrField(w.text(a[1])) {
			case "major":
				w.e.set(key, w.e.capVal(majorOf, false))
			case "minor":
				w.e.set(key, w.e.capVal(minorOf, false))
			}
		}
		return
	case "cudaGetDeviceProperties", "hipGetDeviceProperties":
		if len(a) >= 1 && w.kind(a[0]) == "pointer_expression" {
			w.e.set(w.text(w.field(a[0], fArgument)), &val{props: true})
		}
		return
	}
	if w.emit && !w.checked[n] {
		w.checkGate(n, name, a, "")
	}
}

// fixedArchRE finds a named architecture (sm_89, arch_id::sm_90a) in an
// initializer: the value is that architecture, not the device's.
var fixedArchRE = regexp.MustCompile(`\bsm_?\d{2,3}[af]?\b`)
