package python

import (
	"slices"
	"sync"
)

// A function's analysis records gates only at its own decisions: a
// call's frame records nothing (callFunc: the helpers a function calls
// are analyzed on their own, as every function is), a callee's raise does
// not end its caller (frame.result), and a function writes no global. So
// what a function's analysis needs to run is its deciding slice: its
// decisions, and the statements and calls whose values can reach one.
// The rest binds values nothing decides on. Skipping it changes no gate
// and saves most of the work in code that drives kernels rather than
// choosing them: a test builds tensors, plans a wrapper, runs it and
// compares the output with a reference, and every one of those calls,
// followed, ran the library again with the test's arguments (72% of the
// capability workers' time on flashinfer went to tests/ and benchmarks/).
//
// So, in a function (analyzed on its own or called), a call is followed
// only when its node is in the slice (followsCall); otherwise it returns
// unknown, tainted as its callee and arguments are. An expression
// statement outside the slice is not run (skipsStmt); the worker that
// collects call edges and JIT calls runs it for them, counting no step,
// so that every worker's step budget runs out at the same place. Module
// top levels, class bodies and main guards run whole: their bindings are
// globals that any function may read. The slice depends only on the
// function's source, never on the path to it, so a call's result is
// still the function's for its arguments and memoized as such.

// deciding is a function's deciding slice: one bit per node of the
// definition, set for the nodes inside a decision or inside a value that
// flows into one.
type deciding struct {
	once  sync.Once
	first nodeID
	bits  []uint64
}

func (d *deciding) mark(from, to nodeID) {
	for n := from; n < to; n++ {
		i := n - d.first
		d.bits[i/64] |= 1 << (i % 64)
	}
}

// any says whether a node in [from, to) is set.
func (d *deciding) any(from, to nodeID) bool {
	for n := from; n < to; {
		i := n - d.first
		if i < 0 || int(i/64) >= len(d.bits) {
			return false
		}
		if i%64 == 0 && to-n >= 64 {
			if d.bits[i/64] != 0 {
				return true
			}
			n += 64
			continue
		}
		if d.bits[i/64]&(1<<(i%64)) != 0 {
			return true
		}
		n++
	}
	return false
}

func (d *deciding) has(n nodeID) bool {
	i := n - d.first
	if i < 0 || int(i/64) >= len(d.bits) {
		return false
	}
	return d.bits[i/64]&(1<<(i%64)) != 0
}

// mainKey keys a module's main guard's slice in module.deciding.
type mainKey struct{}

// sliceOf is the deciding slice f runs, marked on first use with the
// worker's scratch space: its function's, or its main guard's when it
// runs one as a script (whose bindings stay in its own scope); nil for a
// module's top level or a class body, which run whole.
func (f *frame) sliceOf() *deciding {
	if f.dec != nil {
		return f.dec
	}
	var key any
	root, self := noNode, ""
	switch {
	case f.fn != nil:
		key, root = f.fn, f.fn.node
		if f.fn.class != nil && f.fn.name == "__init__" && len(f.fn.params) > 0 {
			// What __init__ leaves bound to self's attributes is read
			// by initAttrs, for every method's self.
			self = f.fn.params[0].name
		}
	case f.script && f.ms == nil && f.outer == nil && f.mod.main != noNode:
		key, root = mainKey{}, f.mod.main
	default:
		return nil
	}
	m := f.mod
	v, ok := m.deciding.Load(key)
	if !ok {
		v, _ = m.deciding.LoadOrStore(key, &deciding{})
	}
	d := v.(*deciding)
	d.once.Do(func() { m.markDeciding(root, self, d, &f.w.slice) })
	f.dec = d
	return d
}

// followsCall says whether the call at node n is followed: its value can
// reach one of the frame's decisions or its return value.
func (f *frame) followsCall(n nodeID) bool {
	d := f.sliceOf()
	return d == nil || d.has(n)
}

// skipsStmt says whether the expression statement s is left unrun:
// nothing in it decides or flows into a decision.
func (f *frame) skipsStmt(s nodeID) bool {
	d := f.sliceOf()
	return d != nil && !f.w.prog.cfg.allStmts && !d.any(s, f.mod.next(s))
}

// sliceWork is markDeciding's scratch space: each worker keeps one and
// lends it to the slices it marks (a slice is marked once per function,
// by whichever worker asks first, on that worker's goroutine).
type sliceWork struct {
	names map[string]bool
	flows []flow
	done  []bool
	kids  []nodeID
}

// flow is an assignment-like binding: the names in its targets get the
// value.
type flow struct{ target, value nodeID }

// markDeciding sets d's bits for the decisions under root (a def, or a
// main guard) and the values that flow into them, with self's attributes
// deciding when self is given: a backward slice by name over the subtree (nested defs,
// lambdas and comprehensions included). Decisions are what the
// interpreter records gates at, and what steers it: if, elif and while
// conditions, asserts, ternary conditions, comprehension filters, match
// subjects, returns and yields (a caller may decide on them), subscript
// keys (a table looked up by the capability), decorators, the arguments
// of skipif/skipUnless/get calls and supported_major_versions. A name is
// deciding when it appears in a decision or in the target of a binding
// that binds a deciding name (bindsName): an assignment, a walrus, a
// with-as, a comprehension's for. Not a for statement's: the interpreter
// binds its target unknown whatever it iterates (execStmt), so the
// iterable's value decides nothing. Names declared global or nonlocal
// always decide (another function may read them).
func (m *module) markDeciding(root nodeID, self string, d *deciding, sc *sliceWork) {
	first, end := root, m.next(root)
	d.first = first
	d.bits = make([]uint64, (end-first+63)/64)
	if sc.names == nil {
		sc.names = map[string]bool{}
	}
	clear(sc.names)
	names := sc.names
	if self != "" {
		names[self] = true
	}
	flows := sc.flows[:0]
	defer func() { sc.flows = flows[:0] }()
	addNames := func(n nodeID) {
		for k := n; k < m.next(n); k++ {
			if m.op(k) == opIdentifier {
				names[m.ident(k)] = true
			}
		}
	}
	decide := func(n nodeID) {
		// A node already set was decided with its whole subtree.
		if n == noNode || d.has(n) {
			return
		}
		d.mark(n, m.next(n))
		addNames(n)
	}
	for n := first + 1; n < end; n++ {
		switch m.op(n) {
		case opIfStatement, opWhileStatement:
			decide(m.child(n, fCondition))
		case opAssertStatement, opReturnStatement:
			decide(n)
		case opSubscript:
			// The key: a table is a gate when the capability picks its
			// entry. Not the table: outputs are indexed everywhere in a
			// test (out[0]), and a table a test gets from a library call
			// rather than a literal or a global is rare.
			// A lone slice (x[:n]) slices a sequence, never looks a
			// table up (evalSubscript).
			if keys := m.childrenBy(n, fSubscript); len(keys) != 1 || m.kind(keys[0]) != "slice" {
				for _, k := range keys {
					decide(k)
				}
			}
			if v := m.child(n, fValue); m.op(v) == opCall {
				decide(v)
			}
		case opConditionalExpression:
			if kids := m.appendNamed(sc.kids[:0], n); len(kids) == 3 {
				decide(kids[1])
			}
		case opMatchStatement:
			decide(m.child(n, fSubject))
		case opAssignment, opAugmentedAssignment:
			if r := m.child(n, fRight); r != noNode {
				flows = append(flows, flow{m.child(n, fLeft), r})
			}
		case opNamedExpression:
			flows = append(flows, flow{m.child(n, fName), m.child(n, fValue)})
		case opKeywordArgument:
			if m.ident(m.child(n, fName)) == "supported_major_versions" {
				decide(m.child(n, fValue))
			}
		case opCall:
			callee := m.child(n, fFunction)
			if m.op(callee) == opAttribute && rebinds(m.ident(m.child(callee, fAttribute))) {
				// lst.append(x) binds lst anew (calls.go, method: a
				// list's or set's mutators, called on a name).
				if o := m.child(callee, fObject); m.op(o) == opIdentifier {
					flows = append(flows, flow{o, n})
				}
			}
			switch lastName(m.ident(callee)) {
			case "skipif", "skipIf", "skipUnless":
				decide(m.child(n, fArguments))
			case "get":
				// table.get(key): the key, and the table when a call
				// makes it, as for a subscript.
				if m.op(callee) == opAttribute {
					decide(m.child(n, fArguments))
					if o := m.child(callee, fObject); m.op(o) == opCall {
						decide(o)
					}
				}
			}
		default:
			switch m.kind(n) {
			case "elif_clause":
				decide(m.child(n, fCondition))
			case "if_clause", "yield", "decorator":
				decide(n)
			case "for_in_clause":
				flows = append(flows, flow{m.child(n, fLeft), m.child(n, fRight)})
			case "as_pattern":
				if kids := m.appendNamed(sc.kids[:0], n); len(kids) == 2 {
					flows = append(flows, flow{kids[1], kids[0]})
				}
			case "global_statement", "nonlocal_statement":
				addNames(n)
			}
		}
	}
	// Each round marks at least one more flow, so this ends.
	for done := slices.Grow(sc.done[:0], len(flows))[:len(flows)]; ; {
		grew := false
		for i, f := range flows {
			if done[i] || f.target == noNode || f.value == noNode || !m.bindsName(f.target, names) {
				continue
			}
			done[i], grew = true, true
			decide(f.value)
		}
		if !grew {
			clear(done)
			sc.done = done[:0]
			return
		}
	}
}

// bindsName says whether the target n of a binding binds a name in
// names: an identifier itself, an attribute by its object or its name
// (self.backend = ... binds for `self` and for `backend`), a subscript by
// its object alone (the key is read, not bound: backend_times[backend] =
// bench(...) does not make the timing decide because the backend does).
func (m *module) bindsName(n nodeID, names map[string]bool) bool {
	switch m.op(n) {
	case opIdentifier:
		return names[m.ident(n)]
	case opAttribute:
		return m.bindsName(m.child(n, fObject), names) || names[m.ident(m.child(n, fAttribute))]
	case opSubscript:
		return m.bindsName(m.child(n, fValue), names)
	}
	for k := range m.named(n) {
		if m.bindsName(k, names) {
			return true
		}
	}
	return false
}
