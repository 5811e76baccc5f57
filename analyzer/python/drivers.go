package python

import (
	"path"
	"strings"
	"sync"
)

// Tests and benchmarks drive the library: a test builds tensors, plans a
// wrapper, runs it and compares the output with a reference, and every
// one of those calls, followed, ran the library's code again with the
// test's arguments (72% of the capability workers' time on flashinfer went
// to functions under tests/ and benchmarks/). What archlint reads in them
// is their own gates: skip conditions, asserts and branches on the
// capability, which read it through helpers (is_sm90a_supported(device),
// get_compute_capability(device), _match_sm_version(device, ["100"])).
// The library functions they call are analyzed on their own, as every
// function is, so the library's gates are found there.
//
// So in a driver's function, a call into a function defined outside the
// drivers is followed only when the value it returns can reach one of the
// function's decisions (decidingCalls): a call whose value is dropped, or
// only handed to other calls and compared by nothing, returns unknown. A
// callee's raise does not end its caller here (frame.result), so the value
// is all a caller gets from a call; what the callee records inside is the
// library's, found again when it is analyzed on its own. Calls between
// drivers (a parametrized test calling a test helper with a backend name)
// are followed as everywhere: the helper's skips depend on the arguments.
// The rule depends only on the caller's source, never on the path to it,
// so a result is still the function's for its arguments and memoized as
// such.

// isDriverPath says whether a file is a test or a benchmark: under a
// tests/, test/, benchmarks/, benchmark/ or bench/ directory, or named
// test_*.py, *_test.py, conftest.py, bench_*.py or benchmark_*.py. A
// package's own testing/ utilities (flashinfer.testing's timers) are
// library code that drivers call, not drivers.
func isDriverPath(p string) bool {
	for _, part := range strings.Split(path.Dir(p), "/") {
		switch part {
		case "tests", "test", "benchmarks", "benchmark", "bench":
			return true
		}
	}
	b := path.Base(p)
	for _, pre := range []string{"test_", "bench_", "benchmark_"} {
		if strings.HasPrefix(b, pre) {
			return true
		}
	}
	return strings.HasSuffix(b, "_test.py") || b == "conftest.py"
}

// deciding is the part of a driver function whose calls are followed:
// one bit per node of the definition, set for the nodes inside a
// decision or inside a value that flows into one.
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

// decidingOf is fn's deciding slice, marked on first use.
func (fn *funcDef) decidingOf() *deciding {
	v, ok := fn.mod.deciding.Load(fn)
	if !ok {
		v, _ = fn.mod.deciding.LoadOrStore(fn, &deciding{})
	}
	d := v.(*deciding)
	d.once.Do(func() { fn.mod.markDeciding(fn, d) })
	return d
}

// followsCall says whether a call at node n of fn, a driver's function,
// into callee is followed (see above).
func (fn *funcDef) followsCall(n nodeID, callee *funcDef, a callArgs) bool {
	if callee.mod.driver && a.informative() {
		return true
	}
	return fn.decidingOf().has(n)
}

// skipsStmt says whether the expression statement s of fn, a driver's
// function, is left unrun: nothing in it decides or flows into a
// decision, and a function's analysis records gates only at decisions
// of its own frame (calls record nothing: their frames do not record),
// so what it binds or returns can change no gate. A call between
// drivers in it goes unrun too: its value decides nothing here, and the
// helper's own analysis records its gates.
func (fn *funcDef) skipsStmt(s nodeID) bool {
	d := fn.decidingOf()
	return !d.any(s, fn.mod.next(s))
}

// flow is an assignment-like binding: the names in its targets get the
// value.
type flow struct{ target, value nodeID }

// markDeciding sets d's bits for fn's decisions and the values that flow
// into them: a backward slice by name over the definition (nested defs,
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
func (m *module) markDeciding(fn *funcDef, d *deciding) {
	first, end := fn.node, m.next(fn.node)
	d.first = first
	d.bits = make([]uint64, (end-first+63)/64)
	names := map[string]bool{}
	var flows []flow
	addNames := func(n nodeID) {
		for k := n; k < m.next(n); k++ {
			if m.op(k) == opIdentifier {
				names[m.ident(k)] = true
			}
		}
	}
	decide := func(n nodeID) {
		if n == noNode {
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
			for _, k := range m.childrenBy(n, fSubscript) {
				decide(k)
			}
			if v := m.child(n, fValue); m.op(v) == opCall {
				decide(v)
			}
		case opConditionalExpression:
			if kids := m.namedList(n); len(kids) == 3 {
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
			if m.op(callee) == opAttribute {
				// lst.append(x) binds lst anew (calls.go, method): a
				// method call is a binding of its object, by any name.
				flows = append(flows, flow{m.child(callee, fObject), n})
			}
			switch lastName(m.ident(callee)) {
			case "skipif", "skipIf", "skipUnless":
				decide(m.child(n, fArguments))
			case "get":
				// table.get(key): the key, and the table when a call
				// makes it, as for a subscript.
				decide(m.child(n, fArguments))
				if o := m.child(callee, fObject); m.op(o) == opCall {
					decide(o)
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
				if kids := m.namedList(n); len(kids) == 2 {
					flows = append(flows, flow{kids[1], kids[0]})
				}
			case "global_statement", "nonlocal_statement":
				addNames(n)
			}
		}
	}
	// Each round marks at least one more flow, so this ends.
	for done := make([]bool, len(flows)); ; {
		grew := false
		for i, f := range flows {
			if done[i] || f.target == noNode || f.value == noNode || !m.bindsName(f.target, names) {
				continue
			}
			done[i], grew = true, true
			decide(f.value)
		}
		if !grew {
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

// informative says whether a call passes anything its callee's own
// analysis, with its parameters unknown, does not already have: a
// constant, a name from outside (a dtype), a path, or a definition or
// object that depends on the capability.
func (a callArgs) informative() bool {
	for _, v := range a.pos {
		if v.informative() {
			return true
		}
	}
	for _, k := range a.kws {
		if k.v.informative() {
			return true
		}
	}
	return false
}

func (v Value) informative() bool {
	switch v.k {
	case vUnknown:
		// Even when it depends on the capability: unknown decides
		// nothing.
		return false
	case vFunc, vClass, vModule, vObj:
		return v.Cap
	case vTuple, vList, vSet:
		for _, e := range v.elems() {
			if e.informative() {
				return true
			}
		}
		return false
	case vDict:
		return v.n > 0
	}
	return true
}
