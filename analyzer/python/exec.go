package python

import "slices"

// execBlock runs the statements of a block (or module); it reports whether
// every path through it ended (return, raise).
func (f *frame) execBlock(b nodeID) bool {
	if b == noNode {
		return false
	}
	for s := range f.mod.named(b) {
		if f.execStmt(s) {
			// The rest is unreachable for this capability; explore it
			// for the gates inside, as a shadow.
			if f.record && !f.shadow {
				f.shadowRest(b, s)
			}
			return true
		}
	}
	return false
}

// shadowRest explores the statements of block b after s, as a shadow
// (none after s: nothing runs, and the savepoint leaves nothing).
func (f *frame) shadowRest(b, s nodeID) {
	sh, ctrl, rs, r := f.shadow, f.ctrl, f.retSeen, f.ret
	mark := f.env.save()
	f.shadow = true
	for s := range f.mod.namedAfter(b, s) {
		if f.execStmt(s) {
			break
		}
	}
	f.env.restore(mark)
	f.shadow, f.ctrl, f.retSeen, f.ret = sh, ctrl, rs, r
}

func (f *frame) execStmt(s nodeID) bool {
	m := f.mod
	if m.op(s) == opExpressionStatement {
		switch f.skipsStmt(s) {
		case skipStmt:
			return false
		case factsStmt:
			// Only the facts read it: run, counting no step, so
			// that every worker's budget runs out at the same point
			// (as a call followed for them, frame.call).
			defer func(steps int) { f.w.steps = steps }(f.w.steps)
		}
	}
	if !f.tick() {
		return false
	}
	switch m.op(s) {
	case opExpressionStatement:
		for e := range m.named(s) {
			f.execExpr(e)
		}
	case opIfStatement:
		if s == f.mod.main && f.ms != nil && !f.shadow && !f.w.prog.cfg.inlineMains {
			f.deferMain()
			return false
		}
		return f.execIf(s)
	case opReturnStatement:
		var v Value
		vn := m.firstNamed(s)
		if vn != noNode {
			v = f.eval(vn)
		} else {
			v = Value{k: vNone}
		}
		if f.record && vn != noNode {
			f.recordReturn(s, vn, v)
		}
		f.addReturn(v)
		return true
	case opRaiseStatement:
		// What is raised goes nowhere (a callee's raise does not end
		// its caller, frame.result).
		if !f.unread(s, m.next(s)) {
			for e := range m.named(s) {
				f.eval(e)
			}
		}
		if !f.shadow {
			f.raised = true
		}
		return true
	case opAssertStatement:
		e := m.firstNamed(s)
		if e == noNode {
			return false
		}
		v := f.eval(e)
		if f.record {
			f.recordAssert(s, e, v)
		}
		if v.Cap && v.truth() != triUnknown {
			f.ctrl = true
		}
		if v.truth() == triFalse && !f.shadow {
			f.raised = true
		}
		return v.truth() == triFalse
	case opForStatement:
		it := unknown
		if r := m.child(s, fRight); !f.freeLoop(s) || !f.unread(r, m.next(r)) {
			it = f.eval(r)
		}
		f.loopBody(m.child(s, fBody), func(g *frame) { g.bindTarget(m.child(s, fLeft), unknownIf(it.Cap)) })
		f.execElse(m.child(s, fAlternative))
	case opWhileStatement:
		f.eval(m.child(s, fCondition))
		f.loopBody(m.child(s, fBody), nil)
		f.execElse(m.child(s, fAlternative))
	case opTryStatement:
		return f.execTry(s)
	case opWithStatement:
		for k := range m.named(s) {
			if m.kind(k) == "with_clause" {
				for item := range m.named(k) {
					f.execWithItem(item)
				}
			}
		}
		return f.execBlock(m.child(s, fBody))
	case opFunctionDefinition:
		f.bindDef(s)
	case opDecoratedDefinition:
		def := m.child(s, fDefinition)
		for d := range m.named(s) {
			if m.kind(d) == "decorator" {
				f.evalDecorator(d, def)
			}
		}
		if m.kind(def) == "class_definition" {
			f.execClass(def)
		} else {
			f.bindDef(def)
		}
	case opClassDefinition:
		f.execClass(s)
	case opImportStatement, opImportFromStatement, opFutureImportStatement:
		f.execImport(s)
	case opMatchStatement:
		// Cases are explored but not decided.
		f.eval(m.child(s, fSubject))
		var envs []envDiff
		for _, c := range m.descendantsOfKind(s, "case_clause") {
			mark := f.env.save()
			if !f.execBlock(m.child(c, fConsequence)) {
				envs = append(envs, f.env.diff(mark))
			}
			f.env.restore(mark)
		}
		envs = append(envs, nil)
		f.joinEnv(envs)
	case opBlock, opError:
		// tree-sitter wraps what it could not parse in ERROR nodes;
		// the statements inside still run.
		return f.execBlock(s)
	}
	return false
}

func (m *module) descendantsOfKind(n nodeID, kind string) []nodeID {
	var out []nodeID
	for k := range m.kids(n) {
		if m.kind(k) == kind {
			out = append(out, k)
		} else if m.kind(k) == "block" {
			out = append(out, m.descendantsOfKind(k, kind)...)
		}
	}
	return out
}

func (f *frame) addReturn(v Value) {
	if f.shadow {
		return
	}
	if f.ctrl {
		v.Cap = true
	}
	if !f.retSeen {
		f.retSeen, f.ret = true, v
		return
	}
	f.ret = join(f.ret, v)
}

// loopBody runs a loop body once, as if it might not run at all.
func (f *frame) loopBody(body nodeID, bind func(*frame)) {
	mark := f.env.save()
	if bind != nil {
		bind(f)
	}
	f.loop++
	done := f.execBlock(body)
	f.loop--
	if done {
		f.env.restore(mark)
		return
	}
	br := &f.w.br
	at := br.mark()
	br.paths = append(br.paths, nil)
	br.push(f.env, mark)
	f.env.restore(mark)
	f.joinEnv(br.since(at))
	br.pop(at)
}

func (f *frame) execElse(n nodeID) {
	if n != noNode {
		f.execBlock(f.mod.child(n, fBody))
	}
}

func (f *frame) execWithItem(item nodeID) {
	m := f.mod
	v := m.child(item, fValue)
	if v == noNode {
		return
	}
	if f.unread(v, m.next(v)) {
		// The context's value decides nothing, nor does what it is
		// bound to as (a with-as is a binding of the slice: had its
		// target decided, its value would).
		if m.kind(v) == "as_pattern" {
			if t := m.child(v, fAlias); t != noNode {
				f.bindTarget(t, unknown)
			}
		}
		return
	}
	if m.kind(v) == "as_pattern" {
		if e := m.firstNamed(v); e != noNode {
			val := f.eval(e)
			if t := m.child(v, fAlias); t != noNode {
				f.bindTarget(t, unknownIf(val.Cap))
			}
		}
		return
	}
	f.eval(v)
}

// execTry runs the body, then each handler as a path that may have been
// taken instead (an exception can come from anywhere in the body).
//
// A body that reads the capability and raises nothing of its own is taken
// to succeed: the platform is CUDA with a GPU present (callExt), so a
// handler there only supplies a fallback for a machine without one
// (`except RuntimeError: major, minor = 0, 0`, `except Exception: return
// False`). Its path would blur the capability into what every GPU gets, so
// it is explored for its gates only and the body's bindings (or returns)
// stand. A body that raises for some GPU (`if major < 9: raise`) keeps its
// handlers, which catch that; so does one in a capability-dependent arm,
// whose every binding depends on the capability whether it reads it or not.
func (f *frame) execTry(s nodeID) bool {
	m := f.mod
	// Every path below begins where the try does.
	mark := f.env.save()
	raised, ctrl, rs, ret := f.raised, f.ctrl, f.retSeen, f.ret
	f.raised = false
	done := f.execBlock(m.child(s, fBody))
	var envs []envDiff
	allDone := done
	maybe := !f.raised && !ctrl && m.catches(s) // the handlers may be fallbacks
	if !done || maybe {
		envs = append(envs, f.env.diff(mark))
	}
	fallback := maybe && (readsCap(envs) || f.retSeen && f.ret.Cap && !(rs && ret.Cap))
	if done {
		envs = envs[:0]
	}
	// A raise in the body goes to the handlers, or on without one.
	f.raised = raised || f.raised && !m.catches(s)
	f.env.restore(mark)
	for k := range m.named(s) {
		switch m.kind(k) {
		case "except_clause", "except_group_clause":
			if fallback {
				for c := range m.named(k) {
					if m.kind(c) == "block" {
						f.shadowBlock(c)
					}
				}
				continue
			}
			mark := f.env.save()
			open := 0 // blocks of this clause that fell through
			for c := range m.named(k) {
				if m.kind(c) == "block" {
					if !f.execBlock(c) {
						open++
						allDone = false
					}
				}
			}
			// (A clause has one block; were there more, they ran in
			// one environment, and each path is its final state.)
			for range open {
				envs = append(envs, f.env.diff(mark))
			}
			f.env.restore(mark)
		case "else_clause":
			if !done && len(envs) > 0 {
				// The else runs on from the body's path.
				mark := f.env.save()
				for _, b := range envs[0] {
					f.env.set(b.name, b.v)
				}
				if f.execBlock(m.child(k, fBody)) {
					envs = envs[1:]
				} else {
					envs[0] = f.env.diff(mark)
				}
				f.env.restore(mark)
			}
		}
	}
	if len(envs) == 0 {
		envs = append(envs, nil)
	}
	f.joinEnv(envs)
	for k := range m.named(s) {
		if m.kind(k) == "finally_clause" {
			for c := range m.named(k) {
				if m.kind(c) == "block" {
					f.execBlock(c)
				}
			}
		}
	}
	return allDone
}

// catches says whether try statement s has an except clause.
func (m *module) catches(s nodeID) bool {
	for k := range m.named(s) {
		if k := m.kind(k); k == "except_clause" || k == "except_group_clause" {
			return true
		}
	}
	return false
}

// readsCap says whether a path bound a value that depends on the
// capability.
func readsCap(paths []envDiff) bool {
	for _, d := range paths {
		for _, b := range d {
			if b.v.Cap {
				return true
			}
		}
	}
	return false
}

// clause is one arm of an if/elif/else chain.
type clause struct {
	cond nodeID // noNode for else
	body nodeID
}

func (m *module) clauses(s nodeID) []clause { return m.appendClauses(nil, s) }

// appendClauses appends the arms of the chain at s to buf.
func (m *module) appendClauses(buf []clause, s nodeID) []clause {
	cl := append(buf, clause{m.child(s, fCondition), m.child(s, fConsequence)})
	for a := range m.kids(s) {
		if m.tab.fkeys[m.fieldID(a)] != fAlternative {
			continue
		}
		switch m.kind(a) {
		case "elif_clause":
			cl = append(cl, clause{m.child(a, fCondition), m.child(a, fConsequence)})
		case "else_clause":
			cl = append(cl, clause{noNode, m.child(a, fBody)})
		}
	}
	return cl
}

// execIf decides the chain for this capability when it can: the taken arm
// runs; the others are explored in the shadow so that the gates inside them
// are still seen. When a condition is unknown every remaining arm may run.
func (f *frame) execIf(s nodeID) bool {
	// The arms go on the worker's clause stack (as arguments do on its
	// argument stack): a slice per if was one in twenty of the
	// interpreter's allocations. Chains inside the arms push above them and pop.
	w := f.w
	base := len(w.cl)
	w.cl = f.mod.appendClauses(w.cl, s)
	done := f.execChain(s, w.cl[base:len(w.cl):len(w.cl)])
	w.cl = w.cl[:base]
	return done
}

func (f *frame) execChain(s nodeID, cl []clause) bool {
	taken, unknownAt := -1, -1
	anyCap := false
	var via *funcDef
	var names *nameBits
	for i, c := range cl {
		if c.cond == noNode {
			taken = i
			break
		}
		v := f.eval(c.cond)
		if v.Cap {
			anyCap = true
			if via == nil {
				via = v.via()
			}
			if names == nil {
				names = v.names()
			}
		}
		t := v.truth()
		if t == triTrue {
			taken = i
			break
		}
		if t == triUnknown {
			unknownAt = i
			break
		}
	}
	hasElse := cl[len(cl)-1].cond == noNode
	if taken < 0 && unknownAt < 0 {
		taken = len(cl) // falls through
	}
	if f.record && anyCap {
		b := taken
		if unknownAt >= 0 {
			b = -2
		}
		f.recordIf(s, cl, b, via, names)
	}
	prevCtrl := f.ctrl
	if anyCap {
		// What the arms assign depends on the capability.
		f.ctrl = true
	}
	if unknownAt >= 0 {
		// The arms' paths go on the worker's branch stack; the arms
		// and the shadows below push and pop above them.
		br := &f.w.br
		at := br.mark()
		allDone := true
		for _, c := range cl[unknownAt:] {
			mark := f.env.save()
			if !f.execBlock(c.body) {
				br.push(f.env, mark)
				allDone = false
			}
			f.env.restore(mark)
		}
		if !hasElse {
			br.paths = append(br.paths, nil)
			allDone = false
		}
		for _, c := range cl[:unknownAt] {
			f.shadowBlock(c.body)
		}
		f.ctrl = prevCtrl
		if allDone {
			br.pop(at)
			return true
		}
		if anyCap && f.mod.anyTerminates(cl) {
			f.ctrl = true
		}
		f.joinEnv(br.since(at))
		br.pop(at)
		return false
	}
	for i, c := range cl {
		if i != taken {
			f.shadowBlock(c.body)
		}
	}
	done := false
	if taken < len(cl) {
		done = f.execBlock(cl[taken].body)
	}
	// Past the chain, whether we are here at all depends on the
	// capability when some arm leaves the function.
	f.ctrl = prevCtrl || (anyCap && f.mod.anyTerminates(cl))
	return done
}

// anyTerminates says whether some arm of a chain leaves the function at
// its own level (return, raise, skip).
func (m *module) anyTerminates(cl []clause) bool {
	for _, c := range cl {
		for s := range m.named(c.body) {
			switch m.kind(s) {
			case "return_statement", "raise_statement", "continue_statement", "break_statement":
				return true
			}
		}
		if m.blockRefuses(c.body) {
			return true
		}
	}
	return false
}

// shadowBlock explores a block this capability does not take, for the
// gates inside; its effects are dropped.
func (f *frame) shadowBlock(b nodeID) {
	if !f.record {
		return
	}
	sh, ctrl, rs, r := f.shadow, f.ctrl, f.retSeen, f.ret
	mark := f.env.save()
	f.shadow = true
	f.execBlock(b)
	f.env.restore(mark)
	f.shadow, f.ctrl, f.retSeen, f.ret = sh, ctrl, rs, r
}

// bindDef binds a def's name to the function.
func (f *frame) bindDef(s nodeID) {
	fn := f.mod.defAt(s)
	if fn == nil {
		return
	}
	f.captureClosure(fn)
	f.assign(fn.name, vfunc(fn))
}

// captureClosure keeps what the def fn, nested in the function f analyzes
// on its own, reads of f's locals as they are where fn is defined: fn is
// analyzed on its own too, and a name it does not bind itself is its
// enclosing function's before it is a global (unsloth-zoo's loader sets
// `sm_cap` from the capability, then defines the helper that tests
// `sm_cap == 90`). Python reads a closure's names when it is called, most
// often after they are set, as here. Only the recording analysis of the
// def's own enclosing function captures: a call's frame has the caller's
// arguments, which are not the def's whenever it runs.
func (f *frame) captureClosure(fn *funcDef) {
	if !f.record || f.fn == nil || fn.outer != f.fn {
		return
	}
	m := f.mod
	var seen *env
	for k := fn.body; k < m.next(fn.node); k++ {
		if m.op(k) != opIdentifier {
			continue
		}
		name := m.ident(k)
		if _, done := seen.get(name); done || slices.ContainsFunc(fn.params, func(p param) bool { return p.name == name }) {
			continue
		}
		if v, ok := f.env.get(name); ok {
			if seen == nil {
				seen = newEnv()
			}
			seen.set(name, v)
		}
	}
	f.w.closures[fn] = seen
}

// execClass runs a class body for its attributes and binds the class.
func (f *frame) execClass(s nodeID) {
	c := f.mod.classAt(s)
	if c == nil {
		return
	}
	f.w.logClass(c)
	if _, ok := f.w.cls[c]; !ok {
		// Class bodies see the enclosing names without owning them.
		g := &frame{w: f.w, mod: f.mod, env: newGlobals(), outer: f.env, record: f.record && f.fn == nil, shadow: f.shadow, script: f.script}
		f.w.setClass(c, map[string]Value{})
		g.execBlock(c.body)
		f.w.setClass(c, f.w.shared.shareClass(c, attrsBody, g.env.asMap()))
	}
	f.assign(c.name, vclass(c))
}

// bindTarget assigns v to an assignment target: a name, self.attr, or a
// tuple/list pattern (unpacked when v is a known sequence).
func (f *frame) bindTarget(t nodeID, v Value) {
	m := f.mod
	if t == noNode {
		return
	}
	switch m.op(t) {
	case opIdentifier:
		// A view of the source, no copy (a copy per assignment was a
		// seventh of the interpreter's allocations): environments are
		// the interpretation's and every loaded module's source outlives
		// it; nothing takes a name bound here into a result.
		f.assign(m.ident(t), v)
	case opAttribute:
		obj := m.child(t, fObject)
		if obj != noNode && m.op(obj) == opIdentifier {
			// The concatenation is a copy: views suffice.
			f.assign(m.view(obj)+"."+m.view(m.child(t, fAttribute)), v)
		}
	case opPatternList, opTuplePattern, opListPattern, opTuple, opList, opExpressionList, opParenthesizedExpression:
		var buf [8]nodeID
		kids := m.appendNamed(buf[:0], t)
		if m.op(t) == opParenthesizedExpression && len(kids) == 1 {
			f.bindTarget(kids[0], v)
			return
		}
		if v.k == vCap && len(kids) == 2 {
			// major, minor = a declared capability source's result.
			major, minor := capParts(v)
			v = seqValue(vTuple, []Value{major, minor}, true)
		}
		seq := v.k == vTuple || v.k == vList
		for i, k := range kids {
			e := unknownIf(v.Cap)
			if seq && len(v.elems()) == len(kids) {
				e = v.elems()[i].tainted(v.Cap)
			}
			f.bindTarget(k, e)
		}
	case opSubscript:
		// d[k] = v: the container is no longer known.
		obj := m.child(t, fValue)
		if obj != noNode && m.op(obj) == opIdentifier {
			old := f.lookup(m.view(obj))
			if old.k == vDict || old.k == vList {
				f.assign(m.text(obj), unknownIf(old.Cap || v.Cap))
			}
		}
	}
}

// evalAssign binds an assignment (a = b = c nests on the right) and
// returns the value.
func (f *frame) evalAssign(e nodeID) Value {
	m := f.mod
	right := m.child(e, fRight)
	if right == noNode {
		// `x: int` annotates and binds nothing.
		return unknown
	}
	v := f.eval(right)
	f.bindTarget(m.child(e, fLeft), v)
	return v
}

// execExpr runs an expression statement: assignments bind, calls are
// evaluated (recording their gates), mutating methods forget the container.
func (f *frame) execExpr(e nodeID) {
	m := f.mod
	if e == noNode {
		return
	}
	switch m.op(e) {
	case opAssignment:
		f.evalAssign(e)
	case opAugmentedAssignment:
		left := m.child(e, fLeft)
		cur := f.eval(left)
		r := f.eval(m.child(e, fRight))
		op := m.view(m.child(e, fOperator))
		f.bindTarget(left, f.binop(op[:len(op)-1], cur, r))
	case opString:
		if !m.interpolates(e) {
			// A docstring, or any literal standing alone: building it
			// (eval) would change nothing but the step it counts.
			f.tick()
			return
		}
		f.eval(e)
	default:
		f.eval(e)
	}
}

// interpolates says whether a string literal has f-string interpolations
// (which evaluate expressions).
func (m *module) interpolates(n nodeID) bool {
	for k := range m.kids(n) {
		if m.op(k) == opInterpolation {
			return true
		}
	}
	return false
}
