package python

import (
	"slices"
	"sync/atomic"
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
// So, in a function (analyzed on its own or called) and in a main guard
// run as a script, a call is followed only when its node is in the slice
// (followsCall); otherwise it returns unknown, tainted as its callee and
// arguments are. An expression statement outside the slice is not run
// (skipsStmt). The worker that collects call edges and JIT calls runs a
// wider facts slice in its own analyses, counting no step for what only
// the facts read: every call's callee too (an object a cut call returns
// may be what a later call's method is found on) and a JIT builder's
// arguments (read whole). Skipped work spends no steps,
// so where a function's step budget ran out before, it now gets further
// (the only way the slice changes what is found; the budget runs out at
// the same place in every worker). Module top levels and class bodies run
// whole: their bindings are globals that any function may read. The
// slice depends only on the function's source, never on the path to it,
// so a call's result is still the function's for its arguments and
// memoized as such.

// deciding is a function's deciding slice: one bit per node of the
// definition, set for the nodes inside a decision or inside a value that
// flows into one.
type deciding struct {
	first nodeID
	bits  []uint64
	// freeLoops are the for statements whose target binds no deciding
	// name, in node order: the value of the target (unknown, tainted
	// when the iterable depends on the capability) reaches no decision,
	// so their iterable need not be evaluated (frame.unread).
	freeLoops []nodeID
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

// sliceSet holds a def's or main guard's deciding slice and facts slice.
type sliceSet [2]atomic.Pointer[deciding]

// sliceOf is the deciding slice f runs: its function's, or its main
// guard's when it runs one as a script (whose bindings stay in its own
// scope); nil for a module's top level or a class body, which run whole.
func (f *frame) sliceOf() *deciding {
	if f.dec == nil {
		f.dec = f.markedSlice(0)
	}
	return f.dec
}

// factsSliceOf is the collecting worker's wider slice: the deciding
// slice, and what call edges and JIT calls read (markDeciding with jit).
func (f *frame) factsSliceOf() *deciding {
	if f.facts == nil {
		f.facts = f.markedSlice(1)
	}
	return f.facts
}

// markedSlice is the slice of f's function or main guard (which 0: the
// deciding slice, 1: the facts slice), marked on first use with the
// worker's scratch space. Two workers may mark the same slice at once:
// both get the same bits, and the first one stored is kept.
func (f *frame) markedSlice(which int) *deciding {
	var held *atomic.Pointer[deciding]
	root, self := noNode, ""
	switch {
	case f.fn != nil:
		set := f.fn.slices.Load()
		if set == nil {
			set = new(sliceSet)
			if !f.fn.slices.CompareAndSwap(nil, set) {
				set = f.fn.slices.Load()
			}
		}
		held, root = &set[which], f.fn.node
		if f.fn.class != nil && f.fn.name == "__init__" && len(f.fn.params) > 0 {
			// What __init__ leaves bound to self's attributes is read
			// by initAttrs, for every method's self.
			self = f.fn.params[0].name
		}
	case f.script && f.ms == nil && f.outer == nil && f.mod.main != noNode:
		held, root = &f.mod.mainSlices[which], f.mod.main
	default:
		return nil
	}
	if d := held.Load(); d != nil {
		return d
	}
	var jit map[string]bool
	if which == 1 {
		jit = f.w.prog.jitLast
	}
	d := &deciding{}
	f.mod.markDeciding(root, self, jit, d, &f.w.slice)
	if !held.CompareAndSwap(nil, d) {
		d = held.Load()
	}
	return d
}

// unread says whether the nodes [from, to) of an expression whose value
// reaches nothing that decides (a raise's exception, a with item's
// context, a free loop's iterable) can go unevaluated: f runs a slice,
// none of them is in it, and none is in the facts slice where f collects
// the facts. Like a skipped expression statement, what they would have
// evaluated records nothing, binds nothing that decides and spends no
// step.
func (f *frame) unread(from, to nodeID) bool {
	d := f.sliceOf()
	if d == nil || f.w.prog.cfg.allStmts || d.any(from, to) {
		return false
	}
	return !f.collecting() || !f.factsSliceOf().any(from, to)
}

// freeLoop says whether the for statement s binds no deciding name with
// its target (deciding.freeLoops), in f's slice and, where f collects the
// facts, in the facts slice.
func (f *frame) freeLoop(s nodeID) bool {
	d := f.sliceOf()
	if d == nil || f.w.prog.cfg.allStmts {
		return false
	}
	if _, ok := slices.BinarySearch(d.freeLoops, s); !ok {
		return false
	}
	if f.collecting() {
		_, ok := slices.BinarySearch(f.factsSliceOf().freeLoops, s)
		return ok
	}
	return true
}

// callRule is what is done with a call (followsCall).
type callRule uint8

const (
	followCall callRule = iota // its value can reach a decision or the return value
	cutCall                    // it returns unknown
	factsCall                  // followed for the call edges and JIT calls alone
)

// followsCall says what is done with the call at node n: followed when
// its value can reach one of the frame's decisions or its return value,
// else cut; but in the frames that collect call edges and JIT calls, a
// call whose value reaches what those read (a later call's receiver or
// callee, a JIT builder's arguments) is followed all the same, counting
// no step.
func (f *frame) followsCall(n nodeID) callRule {
	switch d := f.sliceOf(); {
	case d == nil || d.has(n) || f.w.prog.cfg.allCalls:
		return followCall
	case f.collecting() && f.factsSliceOf().has(n):
		return factsCall
	}
	return cutCall
}

// stmtRule is what is done with an expression statement (skipsStmt).
type stmtRule uint8

const (
	runStmt   stmtRule = iota // something in it decides
	skipStmt                  // it is not run
	factsStmt                 // run for the call edges and JIT calls alone
)

// skipsStmt says what is done with the expression statement s: run when
// something in it decides or flows into a decision, else skipped; but
// run, counting no step, where the collecting worker's facts read it.
func (f *frame) skipsStmt(s nodeID) stmtRule {
	d := f.sliceOf()
	switch end := f.mod.next(s); {
	case d == nil || f.w.prog.cfg.allStmts || d.any(s, end):
		return runStmt
	case f.collecting() && f.factsSliceOf().any(s, end):
		return factsStmt
	}
	return skipStmt
}

// sliceWork is markDeciding's scratch space: each worker keeps one and
// lends it to the slices it marks (a slice is marked once per function,
// by whichever worker asks first, on that worker's goroutine).
type sliceWork struct {
	names map[string]bool
	flows []flow
	done  []bool
	kids  []nodeID
	loops []nodeID
}

// flow is an assignment-like binding: the names in its targets get the
// value.
type flow struct{ target, value nodeID }

// markDeciding sets d's bits for the decisions under root (a def, or a
// main guard) and the values that flow into them, with self's attributes
// deciding when self is given, and, with jit (the JIT builders' last
// names), what the collected facts read too: a backward slice by name
// over the subtree (nested defs, lambdas and comprehensions included). Decisions are what
// the interpreter records gates at, and what steers it: if, elif and
// while conditions, asserts, ternary conditions, comprehension filters,
// match subjects, returns and yields (a caller may decide on them),
// subscript keys and, when a key is not a constant, the table (a table
// looked up by the capability), decorators, the arguments of
// skipif/skipUnless and of obj.get (and obj, as a table), and
// supported_major_versions. A name is deciding when it appears in a
// decision or in the target of a binding that binds a deciding name
// (bindsName): an assignment, a walrus, a with-as, a comprehension's for,
// a list's or set's mutator called on a name. Not a for statement's: the
// interpreter binds its target unknown whatever it iterates (execStmt;
// tainted when the iterable depends on the capability, and an unknown
// value decides no gate), so the iterable's value decides nothing. Names
// declared global or nonlocal always decide (another function may read
// them).
func (m *module) markDeciding(root nodeID, self string, jit map[string]bool, d *deciding, sc *sliceWork) {
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
	flows, loops := sc.flows[:0], sc.loops[:0]
	defer func() { sc.flows, sc.loops = flows[:0], loops[:0] }()
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
	// [written, writtenEnd) is the target of the latest plain
	// assignment: the nodes come in order, a target before its value.
	written, writtenEnd := noNode, noNode
	for n := first + 1; n < end; n++ {
		switch m.op(n) {
		case opIfStatement, opWhileStatement:
			decide(m.child(n, fCondition))
		case opAssertStatement, opReturnStatement:
			decide(n)
		case opSubscript:
			if n >= written && n < writtenEnd {
				// x[k] = v writes the entry: no lookup.
				break
			}
			// A table lookup is a gate when the capability picks the
			// entry, and the table must be known: the key, and the table
			// too when the key is not a constant (out[0] indexes outputs
			// everywhere in tests, and a constant picks the same entry
			// for every capability). A lone slice (x[:n]) slices a
			// sequence and never looks a table up (evalSubscript).
			sc.kids = m.appendChildrenBy(sc.kids[:0], n, fSubscript)
			keys := sc.kids
			if len(keys) == 1 && m.kind(keys[0]) == "slice" {
				break
			}
			varies := false
			for _, k := range keys {
				decide(k)
				varies = varies || m.holdsVariable(k)
			}
			if varies {
				decide(m.child(n, fValue))
			}
		case opConditionalExpression:
			if sc.kids = m.appendNamed(sc.kids[:0], n); len(sc.kids) == 3 {
				decide(sc.kids[1])
			}
		case opMatchStatement:
			decide(m.child(n, fSubject))
		case opForStatement:
			loops = append(loops, n)
		case opAssignment, opAugmentedAssignment:
			l := m.child(n, fLeft)
			if r := m.child(n, fRight); r != noNode {
				flows = append(flows, flow{l, r})
			}
			if m.op(n) == opAssignment && l != noNode {
				// (x[k] += v reads the entry too.)
				written, writtenEnd = l, m.next(l)
			}
		case opNamedExpression:
			flows = append(flows, flow{m.child(n, fName), m.child(n, fValue)})
		case opKeywordArgument:
			if m.ident(m.child(n, fName)) == "supported_major_versions" {
				decide(m.child(n, fValue))
			}
		case opCall:
			callee := m.child(n, fFunction)
			if jit != nil {
				// The facts slice: a call edge reads the callee (a
				// method's object), a JIT call its arguments (under a
				// builder's name, or a bare name that may alias one).
				decide(callee)
				if m.op(callee) == opIdentifier || jit[lastName(m.ident(callee))] {
					decide(m.child(n, fArguments))
				}
			}
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
				// table.get(key): as for a subscript, the key, and the
				// table when the key is not a constant.
				if m.op(callee) == opAttribute {
					args := m.child(n, fArguments)
					decide(args)
					if m.holdsVariable(args) {
						decide(m.child(callee, fObject))
					}
				}
			}
		case opOther:
			// (The kinds below have no op of their own: the other ops,
			// identifiers most of all, need no look at the kind.)
			switch m.kind(n) {
			case "elif_clause":
				decide(m.child(n, fCondition))
			case "if_clause", "yield", "decorator":
				decide(n)
			case "for_in_clause":
				flows = append(flows, flow{m.child(n, fLeft), m.child(n, fRight)})
			case "as_pattern":
				if sc.kids = m.appendNamed(sc.kids[:0], n); len(sc.kids) == 2 {
					flows = append(flows, flow{sc.kids[1], sc.kids[0]})
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
			break
		}
	}
	for _, n := range loops {
		if t := m.child(n, fLeft); t != noNode && !m.bindsName(t, names) {
			d.freeLoops = append(d.freeLoops, n)
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

// holdsVariable says whether the expression n reads a name or makes a
// call: whether its value can differ between capabilities.
func (m *module) holdsVariable(n nodeID) bool {
	for k := n; k < m.next(n); k++ {
		if op := m.op(k); op == opIdentifier || op == opCall {
			return true
		}
	}
	return false
}
