package cpp

import (
	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// Interned macro names: every identifier a directive of the file set
// mentions gets an integer ID when the engine is made, and the macro state
// of a pass is a slice indexed by ID instead of three string-keyed maps.
// Looking a name up was the common cost of conditions, #defines, the
// re-read keys and the memos; now a lookup hashes the name once (or not
// at all, when the caller has the ID) and the rest is indexing. Names met
// only while evaluating (a token pasted with ##) get IDs from the worker.

// nameState is the state of one macro name in a pass.
type nameState struct {
	def     *macroDef // nil: not defined
	undef   bool      // #undef'd: known undefined from here on
	unknown bool      // may or may not be defined (set under an unknown branch)
	dirty   bool      // changed in this pass (reset before the next)
}

// staticAnswer is how a name reads in the current engine when no #define
// of the unit has touched it, if that is the same in every pass and does
// not depend on the unit's includes (dep is set otherwise).
type staticAnswer struct {
	done, dep bool
	m         *expr.Macro
	t         Tri
}

// id returns the ID of a name, giving a new one to a name no directive
// spells.
func (w *worker) id(name string) int32 {
	if id, ok := w.e.names[name]; ok {
		return id
	}
	id, known := w.e.extra.id(name, len(w.e.nameList))
	w.growNames(known)
	return id
}

// syncNames makes the worker's state cover the names other workers met
// first, which entries they stored may read.
func (w *worker) syncNames() {
	if int(w.e.extra.count.Load()) > len(w.extraNames) {
		w.growNames(w.e.extra.known())
	}
}

// growNames extends the state by name ID to the extra names known.
func (w *worker) growNames(known []string) {
	if len(known) <= len(w.extraNames) {
		return
	}
	w.extraNames = known
	n := len(w.e.nameList) + len(known)
	w.st = extendTo(w.st, n)
	w.vals = extendTo(w.vals, n)
	w.static = extendTo(w.static, n)
	w.mark, w.lmark = extendTo(w.mark, n), extendTo(w.lmark, n)
	w.skip = extendTo(w.skip, n)
}

// extendTo appends zero values to s until it has n elements.
func extendTo[T any](s []T, n int) []T { return append(s, make([]T, n-len(s))...) }

// name returns the name of an ID.
func (w *worker) name(id int32) string {
	if n := len(w.e.nameList); int(id) >= n {
		return w.extraNames[int(id)-n]
	}
	return w.e.nameList[id]
}

// reset clears the state a pass left.
func (w *worker) reset() {
	for _, id := range w.dirtyNames {
		w.st[id] = nameState{}
		w.vals[id] = 0
	}
	for _, id := range w.dirtyFiles {
		w.seen[id], w.once[id] = false, false
	}
	w.dirtyNames, w.dirtyFiles = w.dirtyNames[:0], w.dirtyFiles[:0]
}

// set changes a name's state.
func (ps *passState) set(id int32, def *macroDef, undef, unknown bool) {
	ps.setVal(id, def, stateVal(def, undef, unknown))
}

// setVal changes a name's state to a definition and the stateVal it
// makes with the flags (a replayed write).
func (ps *passState) setVal(id int32, def *macroDef, val int32) {
	s := &ps.w.st[id]
	if !s.dirty {
		s.dirty = true
		ps.w.dirtyNames = append(ps.w.dirtyNames, id)
	}
	s.def, s.undef, s.unknown = def, val&2 != 0, val&1 != 0
	ps.w.vals[id] = val
}

// stateVal encodes a name's state as one comparable number: the
// canonical definition's ID and the two flags (0: untouched). Equal
// states give equal numbers, so a stored visit's input reads are checked
// by comparing them with worker.vals.
func stateVal(def *macroDef, undef, unknown bool) int32 {
	v := int32(0)
	if def != nil {
		v = def.id << 2
	}
	if undef {
		v |= 2
	}
	if unknown {
		v |= 1
	}
	return v
}

// setSeen and setOnce mark a file.
func (ps *passState) setSeen(id int) {
	ps.w.seen[id] = true
	ps.w.dirtyFiles = append(ps.w.dirtyFiles, int32(id))
}

func (ps *passState) setOnce(id int) {
	ps.w.once[id] = true
	ps.w.dirtyFiles = append(ps.w.dirtyFiles, int32(id))
}

// ToolkitVersionMacro says whether name is a version macro of the CUDA
// toolkit's headers (CUDA_VERSION from cuda.h, CUDART_VERSION from
// cuda_runtime.h): defined in a pass once the unit includes the header,
// undecided where it cannot be told whether it did, and never a build flag.
func ToolkitVersionMacro(name string) bool {
	return name == "CUDA_VERSION" || name == "CUDART_VERSION"
}

// staticAnswer returns, computing it once per worker, how a name reads
// before any #define.
func (ps *passState) staticAnswer(id int32) *staticAnswer {
	a := &ps.w.static[id]
	if a.done {
		return a
	}
	a.done = true
	e := ps.e
	name := ps.w.name(id)
	if ToolkitVersionMacro(name) {
		a.dep = true // toolkit headers decide
		return a
	}
	for pi := range e.pass {
		if _, _, ok := e.cutlass.lookup(name, e.cfg.Passes[pi]); ok {
			a.dep = true // the CUTLASS model answers once cutlass/ is included
			return a
		}
		m, t := e.restAnswer(name, pi)
		if pi == 0 {
			a.m, a.t = m, t
		} else if t != a.t || !sameMacro(m, a.m) {
			a.dep = true
			return a
		}
	}
	return a
}

// restAnswer is lookup's answer for a name the unit has not touched, in
// pass pi, for names neither the toolkit headers nor the CUTLASS model
// answer.
func (e *Engine) restAnswer(name string, pi int) (*expr.Macro, Tri) {
	if m, ok := e.predefined[pi][name]; ok {
		return m, expr.True
	}
	if e.pass[pi].IsKnownUndefined(name) {
		return nil, expr.False
	}
	if e.projectMacros[name] {
		return nil, expr.False
	}
	if m, ok := e.cfg.Assume[name]; ok {
		if m == nil {
			return nil, expr.False
		}
		return m, expr.True
	}
	return nil, expr.Unknown
}
