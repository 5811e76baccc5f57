package python

import (
	"bytes"
	"encoding/binary"
	"slices"
	"sort"
	"strings"
)

// callArgs are a call's evaluated arguments.
type callArgs struct {
	pos   []Value
	posN  []nodeID
	kws   []kwArg // in call order
	capOK bool    // some argument depends on the capability
}

// kwArg is a keyword argument; name is a view of the source.
type kwArg struct {
	name string
	v    Value
	n    nodeID // the value's node
}

// after is a call's arguments with those functools.partial bound ahead of
// them: bound's positional ones first, and its keywords unless the call
// gives the same name (the last of a repeated name wins, as kw reads).
func (a callArgs) after(bound callArgs) callArgs {
	out := callArgs{capOK: a.capOK || bound.capOK}
	out.pos = append(append(make([]Value, 0, len(bound.pos)+len(a.pos)), bound.pos...), a.pos...)
	if a.posN != nil {
		out.posN = append(make([]nodeID, len(bound.pos), len(bound.pos)+len(a.posN)), a.posN...)
		for i := range bound.pos {
			out.posN[i] = noNode
		}
	}
	out.kws = append(append(make([]kwArg, 0, len(bound.kws)+len(a.kws)), bound.kws...), a.kws...)
	return out
}

// kw is the keyword argument name (the last one, should it be repeated).
func (a *callArgs) kw(name string) (Value, nodeID, bool) {
	for i := len(a.kws) - 1; i >= 0; i-- {
		if a.kws[i].name == name {
			return a.kws[i].v, a.kws[i].n, true
		}
	}
	return Value{}, noNode, false
}

// argMark is where a call's arguments begin on the worker's stacks.
type argMark struct{ pos, kw int }

// evalArgs evaluates a call's arguments. The positional ones are kept on
// the worker's argument stack (worker.argv) from base up, so that a call
// allocates nothing for them (a Value is large and calls are most of the
// interpreter's work): evalCall pops them when the call is done. Nothing
// keeps callArgs.pos past the call (callees copy the values), and calls
// made while the arguments are evaluated push and pop above them.
func (f *frame) evalArgs(n nodeID) (a callArgs, base argMark) {
	m := f.mod
	w := f.w
	base = argMark{len(w.argv), len(w.kwv)}
	if n == noNode {
		return a, base
	}
	if m.op(n) == opGeneratorExpression {
		// any(x in name for x in ...): the generator is the one
		// argument.
		v := f.eval(n)
		w.argv = append(w.argv, v)
		w.argN = append(w.argN, n)
		a.capOK = v.Cap
		a.pos = w.argv[base.pos:len(w.argv):len(w.argv)]
		a.posN = w.argN[base.pos:len(w.argN):len(w.argN)]
		return a, base
	}
	for k := range m.named(n) {
		switch m.op(k) {
		case opKeywordArgument:
			name := m.ident(m.child(k, fName))
			v := f.eval(m.child(k, fValue))
			w.kwv = append(w.kwv, kwArg{name: name, v: v, n: m.child(k, fValue)})
			a.capOK = a.capOK || v.Cap
		case opListSplat, opDictionarySplat:
			f.eval(m.firstNamed(k))
			w.argv = append(w.argv, unknown)
			w.argN = append(w.argN, k)
		default:
			v := f.eval(k)
			w.argv = append(w.argv, v)
			w.argN = append(w.argN, k)
			a.capOK = a.capOK || v.Cap
		}
	}
	if len(w.argv) > base.pos {
		// Full slice expressions: an append to pos could not reach
		// the stack above it.
		a.pos = w.argv[base.pos:len(w.argv):len(w.argv)]
		a.posN = w.argN[base.pos:len(w.argN):len(w.argN)]
	}
	if len(w.kwv) > base.kw {
		a.kws = w.kwv[base.kw:len(w.kwv):len(w.kwv)]
	}
	return a, base
}

// popArgs drops the arguments evalArgs pushed from base.
func (w *worker) popArgs(base argMark) {
	clear(w.argv[base.pos:]) // no stale references for the collector
	w.argv = w.argv[:base.pos]
	w.argN = w.argN[:base.pos]
	clear(w.kwv[base.kw:])
	w.kwv = w.kwv[:base.kw]
}

func (f *frame) evalCall(n nodeID) Value {
	m := f.mod
	fnNode := m.child(n, fFunction)
	args, base := f.evalArgs(m.child(n, fArguments))
	defer f.w.popArgs(base)
	if f.record {
		if v, vn, ok := args.kw("supported_major_versions"); ok {
			f.recordMajors(n, vn, v)
		}
		switch lastName(m.ident(fnNode)) {
		case "skipif", "skipIf":
			if len(args.pos) > 0 {
				f.recordSkipif(n, args.pos[0])
			}
		case "skipUnless":
			if len(args.pos) > 0 {
				c := args.pos[0]
				switch {
				case c.names() != nil:
					c = notName(c)
				case c.truth() == triTrue:
					c = vbool(false).tainted(c.Cap)
				case c.truth() == triFalse:
					c = vbool(true).tainted(c.Cap)
				}
				f.recordSkipif(n, c)
			}
		}
	}
	if fnNode != noNode && m.op(fnNode) == opAttribute {
		objN := m.child(fnNode, fObject)
		obj := f.eval(objN)
		// A view of the source: method and attr keep no name they are
		// given; the call graph does, so it gets a copy.
		name := m.view(m.child(fnNode, fAttribute))
		if v, ok := f.method(obj, objN, name, args); ok {
			return v
		}
		callee := f.attr(obj, name)
		if f.collecting() {
			f.noteCall(n, callee, obj, strings.Clone(name), args)
		}
		return f.call(callee, args, n)
	}
	callee := f.eval(fnNode)
	if f.collecting() {
		f.noteCall(n, callee, unknown, "", args)
	}
	return f.call(callee, args, n)
}

// declaredCapability says whether fn is one the user declared a capability
// source (--capability-func: its qualified name, a dotted tail of it, or
// its name): its calls return the capability, whatever its body does to
// get it (an override from the environment, a cache, a parse of a
// string), as a declared function outside the scanned files does
// (callExt).
func (f *frame) declaredCapability(fn *funcDef) bool {
	caps := f.w.prog.capFuncs
	if len(caps) == 0 {
		return false
	}
	if caps[fn.qual] || caps[fn.name] {
		return true
	}
	for c := range caps {
		if strings.HasSuffix(fn.qual, "."+c) {
			return true
		}
	}
	return false
}

// call applies a callee value.
func (f *frame) call(callee Value, args callArgs, n nodeID) Value {
	switch callee.k {
	case vFunc:
		if f.declaredCapability(callee.fn()) {
			return f.w.capSM()
		}
		if callee.fn().name == "nvmlDeviceGetName" {
			// A vendored pynvml (vllm/third_party/pynvml.py) reads the
			// name through ctypes: it is the GPU's product name.
			return f.w.devName()
		}
		switch f.followsCall(n) {
		case cutCall:
			return unknownIf(callee.Cap || args.capOK)
		case factsCall:
			// Followed for the facts alone: what it costs counts no
			// step, so the budget runs out where it does elsewhere.
			defer func(steps int) { f.w.steps = steps }(f.w.steps)
		}
		if b := callee.bound(); b != nil {
			args = args.after(*b)
		}
		var self *Value
		if callee.attrs() != nil {
			s := vobj(callee.fn().class, callee.attrs())
			self = &s
		}
		return f.callFunc(callee.fn(), self, args)
	case vClass:
		return vobj(callee.cls(), map[string]Value{})
	case vExt:
		return f.callExt(callee.text(), args)
	}
	return unknownIf(callee.Cap || args.capOK)
}

// attr is obj.name.
func (f *frame) attr(obj Value, name string) Value {
	switch obj.k {
	case vModule:
		if sub := f.w.submodule(obj.mod(), name); sub != nil && !f.definesName(obj.mod(), name) {
			return vmodule(sub)
		}
		if v, ok := f.w.moduleGlobals(obj.mod()).get(name); ok {
			return v
		}
		if sub := f.w.submodule(obj.mod(), name); sub != nil {
			return vmodule(sub)
		}
		return vext(obj.mod().name + "." + name)
	case vExt:
		p := obj.text() + "." + name
		switch {
		case strings.HasSuffix(p, "version.cuda"):
			return vstr(f.w.cuda)
		case strings.HasSuffix(p, "version.hip"):
			return Value{k: vNone}
		}
		return vext(p)
	case vObj:
		if v, ok := obj.attrs()[name]; ok {
			return v.tainted(obj.Cap)
		}
		if c := obj.cls(); c != nil {
			if fn := findMethod(c, name); fn != nil {
				return vmethod(fn, obj.attrs())
			}
			if v, ok := f.w.classAttrs(c)[name]; ok {
				return v
			}
		}
		return unknownIf(obj.Cap)
	case vClass:
		if v, ok := f.w.classAttrs(obj.cls())[name]; ok {
			return v
		}
		if fn := findMethod(obj.cls(), name); fn != nil {
			return vfunc(fn)
		}
	case vTuple:
		if obj.capObj && len(obj.elems()) == 2 {
			switch name {
			case "major":
				return obj.elems()[0].tainted(true)
			case "minor":
				return obj.elems()[1].tainted(true)
			}
		}
	case vPath:
		if v, ok := pathAttr(obj, name); ok {
			return v
		}
	case vCap:
		switch name {
		case "major":
			major, _ := capParts(obj)
			return major
		case "minor":
			_, minor := capParts(obj)
			return minor
		case "sm_version", "sm", "compute_capability", "capability", "cc":
			// A parameter read as the capability is often a target
			// object carrying it (BitBLAS's `arch.sm_version == 90`).
			return obj
		}
	}
	return unknownIf(obj.Cap)
}

func findMethod(c *classDef, name string) *funcDef { return c.methods[name] }

// definesName reports whether a module binds name at top level (so that
// "pkg.name" is the global, not a submodule of the same name).
func (f *frame) definesName(m *module, name string) bool {
	_, ok := f.w.moduleGlobals(m).get(name)
	return ok
}

// method handles methods of known values: strings, sequences, dicts,
// capability objects. ok is false when the callee is something else.
func (f *frame) method(obj Value, objN nodeID, name string, a callArgs) (Value, bool) {
	capDep := obj.Cap || a.capOK
	arg := func(i int) Value {
		if i < len(a.pos) {
			return a.pos[i]
		}
		return unknown
	}
	switch obj.k {
	case vName:
		call := f.mod.parent(f.mod.parent(objN))
		return nameMethod(obj, name, a, strings.Clone(f.mod.text(call))), true
	case vStr:
		s := obj.text()
		switch name {
		case "startswith", "endswith":
			x := arg(0)
			var cands []string
			switch x.k {
			case vStr:
				cands = []string{x.text()}
			case vTuple:
				for _, e := range x.elems() {
					if e.k != vStr {
						return unknownIf(capDep), true
					}
					cands = append(cands, e.text())
				}
			default:
				return unknownIf(capDep), true
			}
			for _, c := range cands {
				if (name == "startswith" && strings.HasPrefix(s, c)) || (name == "endswith" && strings.HasSuffix(s, c)) {
					return vbool(true).tainted(capDep), true
				}
			}
			return vbool(false).tainted(capDep), true
		case "lower":
			return vstr(strings.ToLower(s)).tainted(capDep), true
		case "upper":
			return vstr(strings.ToUpper(s)).tainted(capDep), true
		case "strip", "lstrip", "rstrip":
			if len(a.pos) == 0 {
				switch name {
				case "strip":
					return vstr(strings.TrimSpace(s)).tainted(capDep), true
				case "lstrip":
					return vstr(strings.TrimLeft(s, " \t\n")).tainted(capDep), true
				}
				return vstr(strings.TrimRight(s, " \t\n")).tainted(capDep), true
			}
		case "replace":
			if x, y := arg(0), arg(1); x.k == vStr && y.k == vStr {
				return vstr(strings.ReplaceAll(s, x.text(), y.text())).tainted(capDep), true
			}
		case "split":
			var parts []string
			switch x := arg(0); {
			case len(a.pos) == 0:
				parts = strings.Fields(s)
			case x.k == vStr && x.text() != "":
				parts = strings.Split(s, x.text())
			default:
				return unknownIf(capDep), true
			}
			var elems []Value
			for _, p := range parts {
				elems = append(elems, vstr(p))
			}
			return seqValue(vList, elems, capDep), true
		case "join":
			x := arg(0)
			if x.k != vList && x.k != vTuple {
				return unknownIf(capDep), true
			}
			var parts []string
			for _, e := range x.elems() {
				if e.k != vStr {
					return unknownIf(capDep), true
				}
				parts = append(parts, e.text())
			}
			return vstr(strings.Join(parts, s)).tainted(capDep), true
		case "format":
			return formatMethod(s, a).tainted(capDep), true
		case "isdigit":
			for _, c := range s {
				if c < '0' || c > '9' {
					return vbool(false).tainted(capDep), true
				}
			}
			return vbool(s != "").tainted(capDep), true
		}
		return unknownIf(capDep), true
	case vDict:
		switch name {
		case "get":
			key := arg(0)
			def := Value{k: vNone}
			if len(a.pos) > 1 {
				def = a.pos[1]
			}
			idx, res := -1, triFalse
			for i, k := range obj.elems() {
				if e := equal(k, key); e == triTrue {
					idx, res = i, triTrue
					break
				} else if e == triUnknown {
					res = triUnknown
				}
			}
			if f.record && key.Cap && def.k == vNone {
				b := idx
				if res == triUnknown {
					b = -2
				}
				// The site is the call, table.get(key): what the
				// gate quotes, and what says a missing key gets None
				// (buildGate), not a KeyError.
				f.recordLookup(f.mod.parent(f.mod.parent(objN)), obj, b)
			}
			switch res {
			case triTrue:
				return obj.vals()[idx].tainted(capDep), true
			case triFalse:
				return def.tainted(capDep), true
			}
			return unknownIf(capDep), true
		case "keys":
			return seqValue(vList, obj.elems(), obj.Cap), true
		case "values":
			return seqValue(vList, obj.vals(), obj.Cap), true
		}
		return unknownIf(capDep), true
	case vList, vSet:
		// Mutation: the container changes under its name.
		if m := f.mod; objN != noNode && m.op(objN) == opIdentifier {
			name2 := m.ident(objN) // a view, as bindTarget binds names
			// elems() has no room past its length: appending copies, and
			// obj's elements stay as they are.
			nv := obj
			switch name {
			case "append", "add":
				nv = nv.withElems(append(obj.elems(), arg(0)))
				nv.Cap = nv.Cap || arg(0).Cap || f.ctrl
				f.assign(name2, nv)
				return Value{k: vNone}, true
			case "extend", "update":
				x := arg(0)
				if x.k == vList || x.k == vTuple || x.k == vSet {
					nv = nv.withElems(append(obj.elems(), x.elems()...))
					nv.Cap = nv.Cap || x.Cap || f.ctrl
					f.assign(name2, nv)
					return Value{k: vNone}, true
				}
				f.assign(name2, unknownIf(capDep || f.ctrl))
				return Value{k: vNone}, true
			case "insert", "remove", "pop", "clear", "discard", "sort", "reverse":
				f.assign(name2, unknownIf(capDep || f.ctrl))
				return unknownIf(capDep), true
			}
		}
		switch name {
		case "index", "count", "copy":
			return unknownIf(capDep), true
		}
	case vTuple:
		if obj.capObj && len(obj.elems()) == 2 {
			switch name {
			case "to_int":
				return f.binop("+", f.binop("*", obj.elems()[0], vint(10)), obj.elems()[1]).tainted(true), true
			case "as_version_str":
				a, _ := obj.elems()[0].str()
				b, _ := obj.elems()[1].str()
				return vstr(a + "." + b).tainted(true), true
			}
		}
	case vObj:
		if obj.capObj {
			if v, ok := obj.attrs()[name]; ok && v.k == vFunc {
				return v, false
			}
		}
	case vPath:
		if v, ok := pathMethod(obj, name, a); ok {
			return v, true
		}
	}
	return Value{}, false
}

// formatMethod handles "{}{}".format(a, b) and "{0}".format(a).
func formatMethod(s string, a callArgs) Value {
	var sb strings.Builder
	next := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '{' && i+1 < len(s) && s[i+1] == '{' {
			sb.WriteByte('{')
			i++
			continue
		}
		if c == '}' && i+1 < len(s) && s[i+1] == '}' {
			sb.WriteByte('}')
			i++
			continue
		}
		if c != '{' {
			sb.WriteByte(c)
			continue
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return unknown
		}
		field := s[i+1 : i+j]
		if k := strings.IndexAny(field, ":!"); k >= 0 {
			field = field[:k]
		}
		var v Value
		switch {
		case field == "":
			if next >= len(a.pos) {
				return unknown
			}
			v = a.pos[next]
			next++
		case field[0] >= '0' && field[0] <= '9':
			k := int(parseIntLit(field).i)
			if k >= len(a.pos) {
				return unknown
			}
			v = a.pos[k]
		default:
			var ok bool
			if v, _, ok = a.kw(field); !ok {
				return unknown
			}
		}
		str, ok := v.str()
		if !ok {
			return unknown
		}
		sb.WriteString(str)
		i += j
	}
	return vstr(sb.String())
}

// callFunc evaluates a scanned function's body for this capability with
// the given arguments. Results are memoized per arguments once the
// function's module is fully evaluated.
func (f *frame) callFunc(fn *funcDef, self *Value, a callArgs) Value {
	w := f.w
	taint := a.capOK
	if fn.size > maxHelperNodes {
		return unknownIf(taint)
	}
	// Cuts depend on where a call is made, so a result computed above
	// one is not the function's for these arguments: memoized as such,
	// it would answer a later call made with room to spare (a test's
	// direct call of is_sm90a_supported got the capability-free value
	// that a call five deep had left, and its skip was no gate). A
	// result that met only the depth bound answers calls made as deep or
	// deeper (they would be cut as much or more); one that met recursion
	// or the step budget is not memoized.
	if w.busy[fn] || w.steps > stepBudget {
		w.hardCuts++
		return unknownIf(taint)
	}
	if w.depth >= maxCallDepth {
		w.depthCuts++
		return unknownIf(taint)
	}
	hardSeen, depthSeen := w.hardCuts, w.depthCuts
	room := byte(maxCallDepth - w.depth)
	ms := w.mods[fn.mod]
	w.logModule(fn.mod, ms)
	cacheable := ms != nil && ms.done && self == nil
	var key []byte
	if cacheable {
		// The key is built in the worker's scratch space (it is copied
		// into a string only when stored): lookups make no string.
		key, cacheable = memoKey(w.memoBuf[:0], fn, a)
		w.memoBuf = key
	}
	if cacheable {
		w.logMemo(key)
		if v, ok := w.memo[string(key)]; ok {
			if w.recording() {
				w.noteUse(w.memoDeps[string(key)])
			}
			return v
		}
		if e, ok := w.memoAtDepth[string(key)]; ok && e.room >= room {
			w.noteUse(nil)
			return e.v
		}
		if w.taking() {
			if c, ok := w.sharedResult(key); ok {
				// Computed here, it would come out as it did there,
				// at the same cost (sharedcalls.go).
				w.memo[string(key)] = c.v
				w.steps += c.steps
				w.sharedHits++
				return c.v
			}
		}
		// Calls made below reuse the scratch space.
		key = bytes.Clone(key)
	}
	var deps *callDeps
	reads, steps := w.localReads, w.steps
	if cacheable && w.publishes && w.calls != nil {
		deps = &callDeps{unknown: w.nan}
		w.deps = append(w.deps, deps)
	}
	g := w.getFrame()
	g.w, g.mod, g.env, g.fn = w, fn.mod, w.getEnv(), fn
	params := fn.params
	if fn.class != nil && len(params) > 0 && (params[0].name == "self" || params[0].name == "cls") && !isStatic(fn) {
		if self != nil {
			g.env.set(params[0].name, *self)
		} else {
			g.env.set(params[0].name, unknown)
		}
		params = params[1:]
	}
	for i, p := range params {
		if p.star || p.name == "" {
			continue
		}
		switch v, _, ok := a.kw(p.name); {
		case ok:
			g.env.set(p.name, v)
		case i < len(a.pos):
			g.env.set(p.name, a.pos[i])
		case p.def != noNode:
			df := w.getFrame()
			df.w, df.mod, df.env = w, fn.mod, w.getEnv()
			g.env.set(p.name, df.eval(p.def))
			w.putEnv(df.env)
			w.putFrame(df)
		default:
			g.env.set(p.name, unknown)
		}
	}
	if self != nil && len(fn.params) > 0 && len(self.attrs()) > 0 {
		// self.x reads go through the env, as in analyzeFunc: its
		// attributes read as bound names (env.selfAttrs).
		g.env.selfName, g.env.selfAttrs = fn.params[0].name, self.attrs()
	}
	w.busy[fn] = true
	w.depth++
	done := g.execBlock(fn.body)
	w.depth--
	delete(w.busy, fn)
	if deps != nil {
		w.deps = w.deps[:len(w.deps)-1]
		if w.localReads != reads || w.nan {
			// The capability, another root's run order, a NaN: the
			// result is this worker's own.
			deps.unknown = true
		}
		w.noteUse(deps)
	}
	out := g.result(done)
	w.putEnv(g.env)
	w.putFrame(g)
	if out.Cap && (out.k == vBool || out.k == vUnknown && predicateName(fn.name)) {
		out = out.withVia(fn)
	}
	if w.track != nil && !taint {
		w.track.observe(fn, out)
	}
	if cacheable && w.steps <= stepBudget && w.hardCuts == hardSeen {
		if w.depthCuts == depthSeen {
			k := string(key)
			w.memo[k] = out
			if deps != nil && !deps.unknown {
				w.memoDeps[k] = deps
				if w.publishing() {
					w.publish(k, out, deps, w.steps-steps)
				}
			}
			if w.logging() {
				w.logEvent(topEvent{kind: evMemoSet, x: &topExtra{key: k, v: out}})
			}
		} else if e, ok := w.memoAtDepth[string(key)]; !ok || e.room < room {
			k := string(key)
			w.memoAtDepth[k] = cutResult{room: room, v: out}
			if w.logging() {
				w.logEvent(topEvent{kind: evMemoSet, x: &topExtra{key: k, v: out}, found: true, room: room})
			}
		}
	}
	return out
}

// rebinds says whether a method of that name, called on a name holding a
// list or a set, binds the name anew: the mutators method's list and set
// case handles (the deciding slice follows them, slice.go).
func rebinds(method string) bool {
	switch method {
	case "append", "add", "extend", "update", "insert", "remove", "pop", "clear", "discard", "sort", "reverse":
		return true
	}
	return false
}

func isStatic(fn *funcDef) bool {
	for _, d := range fn.decorators {
		if strings.Contains(fn.mod.ident(d), "staticmethod") {
			return true
		}
	}
	return false
}

// memoKey appends a call's key to buf: the function and its arguments;
// calls with composite or opaque arguments are not memoized. The function
// is its qualified name, a 0 (no name holds one) and its module's index,
// which names the module as its root and path did: the two were most of
// a key's bytes (the selection's workers' memos were 9.6 MB of the
// six-tree set's selection end).
func memoKey(buf []byte, fn *funcDef, a callArgs) ([]byte, bool) {
	buf = append(buf, fn.qual...)
	buf = append(buf, 0)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(fn.mod.idx))
	scalar := func(v Value) bool {
		switch v.k {
		case vUnknown, vNone, vBool, vInt, vStr, vCap, vFloat:
			if v.via() != nil || v.names() != nil {
				return false
			}
			buf = append(buf, byte('A'+v.k))
			if v.Cap {
				buf = append(buf, 'c')
			}
			buf = v.appendStr(buf)
			buf = append(buf, 0)
			return true
		}
		return false
	}
	for _, v := range a.pos {
		if !scalar(v) {
			return buf, false
		}
	}
	if len(a.kws) == 0 {
		return buf, true
	}
	var names [8]string
	keys := names[:0]
	for _, k := range a.kws {
		keys = append(keys, k.name)
	}
	sort.Strings(keys)
	keys = slices.Compact(keys)
	for _, k := range keys {
		buf = append(buf, k...)
		buf = append(buf, '=')
		if v, _, _ := a.kw(k); !scalar(v) {
			return buf, false
		}
	}
	return buf, true
}

// predicateName says whether a function's name reads as a yes/no question.
func predicateName(name string) bool {
	name = strings.TrimLeft(name, "_")
	for _, p := range []string{"is_", "has_", "can_", "use_", "should_", "supports", "support_", "enable"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// result is what a call of the frame's function returns; done says that
// every path through the body ended.
func (g *frame) result(done bool) Value {
	switch {
	case g.retSeen && done:
		return g.ret
	case g.retSeen:
		return join(g.ret, Value{k: vNone, Cap: g.ctrl})
	case done:
		return unknownIf(g.ctrl) // raised
	}
	return Value{k: vNone, Cap: g.ctrl}
}

// cutResult is a call result that met the depth bound, with the depth
// that was left (maxCallDepth less the caller's depth) when it was made.
type cutResult struct {
	room byte
	v    Value
}
