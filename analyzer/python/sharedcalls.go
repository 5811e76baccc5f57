package python

import (
	"sync"
	"unsafe"
)

// A call's result is the function's for its arguments and the state the
// call reads: the globals of the modules it reads, the attributes of the
// classes it reads, and the memoized results it uses (which were computed
// from state in turn). The capability workers memoize calls each on its
// own, and most of them recompute what another worker already has: of
// the ten workers' steps on flashinfer fb28d7242 (392 k each), 105 k go
// to calls that read no capability, and 97 k of those read module globals
// and class attributes that are the very maps the oldest probe holds
// (sharedGlobals keeps one copy of what comes out alike).
//
// So a probe that memoizes a call publishes it (sharedCalls) with what it
// read, when the call read no capability (nor anything else that makes a
// run a worker's own: localReads), made no NaN, and used no memoized result
// whose reads are not known; and the other workers, about to compute a
// call, first look for a published result whose reads they hold too, the
// same maps: then their computation would go as the publisher's did (the
// interpreter is deterministic, and the state it reads is the same), and
// they take the result and the steps it cost (so that the step budget
// runs out where it would have). The reads of a call include those of the
// memoized results it used (callDeps), so a memo entry keeps its call's
// reads (worker.memoDeps).
//
// Only the probes publish, and only before the other workers start (the
// probes' first phase): what a worker finds does not depend on how the
// workers interleave, and where both probes published a key, the oldest
// probe's result is the one taken when both would do. So the output is the
// same whatever the timing (the steps a taken result costs are the
// publisher's, which may differ from what the worker's own memo would
// have made them; both are fixed for a given input).
//
// Not shared: results cut by the depth bound (memoAtDepth: they depend on
// where the call was made), calls with self (not memoized at all), and
// anything while a probe logs a top-level run (the log must hold every
// memo entry the run sets: adopt.go) or on the selection's own workers.

// callDeps is what a call read: modules and classes, each once.
type callDeps struct {
	mods    []*module
	classes []*classDef
	// unknown: the call used something whose reads are not known (a
	// memoized result without them, a result cut by the depth bound).
	unknown bool
}

func (d *callDeps) addMod(m *module) {
	for _, x := range d.mods {
		if x == m {
			return
		}
	}
	d.mods = append(d.mods, m)
}

func (d *callDeps) addClass(c *classDef) {
	for _, x := range d.classes {
		if x == c {
			return
		}
	}
	d.classes = append(d.classes, c)
}

// merge adds what o read.
func (d *callDeps) merge(o *callDeps) {
	if o == nil || o.unknown {
		d.unknown = true
		return
	}
	for _, m := range o.mods {
		d.addMod(m)
	}
	for _, c := range o.classes {
		d.addClass(c)
	}
}

// sharedCalls holds the published call results, by memo key.
type sharedCalls struct {
	mu    sync.Mutex
	calls map[string][]*sharedCall
}

func newSharedCalls() *sharedCalls { return &sharedCalls{calls: map[string][]*sharedCall{}} }

// maxCallVariants bounds the results kept per key (workers whose state
// differs publish different ones).
const maxCallVariants = 2

// sharedCall is a published result with the state it was computed from:
// for each module read, its globals map, and for each class read, its
// attributes map, as the publisher held them.
type sharedCall struct {
	ci      int // the publishing worker's capability
	v       Value
	deps    *callDeps
	globals []unsafe.Pointer // of deps.mods
	attrs   []unsafe.Pointer // of deps.classes
	steps   int
}

// statePtr is the identity of a map of state: an empty one is any other
// (sharedGlobals keeps no copy of those).
func statePtr(m map[string]Value) unsafe.Pointer {
	if len(m) == 0 {
		return nil
	}
	return mapPtr(m)
}

// recording says whether w records what its calls read: only a worker
// that publishes needs to (the others never read what they would record).
func (w *worker) recording() bool { return w.publishes && w.calls != nil && len(w.deps) > 0 }

// noteModuleRead and noteClassRead record a read for the call in progress.
func (w *worker) noteModuleRead(m *module) {
	if w.recording() {
		w.deps[len(w.deps)-1].addMod(m)
	}
}

func (w *worker) noteClassRead(c *classDef) {
	if w.recording() {
		w.deps[len(w.deps)-1].addClass(c)
	}
}

// noteUse records that the call in progress used a result computed from
// what d lists (nil: not known).
func (w *worker) noteUse(d *callDeps) {
	if w.recording() {
		w.deps[len(w.deps)-1].merge(d)
	}
}

// taking says whether w looks up published results now (never while it
// logs a top-level run: the log must hold every memo entry the run sets).
func (w *worker) taking() bool {
	return w.takes && w.calls != nil && w.track == nil && !w.nan && !w.logging()
}

// publishing says whether w publishes the results it computes.
func (w *worker) publishing() bool {
	return w.publishes && w.calls != nil && w.track == nil && !w.nan
}

// sharedResult is a published result of the call with key that w's own
// state would compute alike, and the steps it cost.
func (w *worker) sharedResult(key []byte) (*sharedCall, bool) {
	s := w.calls
	s.mu.Lock()
	cs := s.calls[string(key)]
	s.mu.Unlock()
	var best *sharedCall
	for _, c := range cs {
		if (best == nil || c.ci < best.ci) && w.holds(c) {
			best = c
		}
	}
	return best, best != nil
}

// holds says whether w's state is the one c was computed from.
func (w *worker) holds(c *sharedCall) bool {
	for i, m := range c.deps.mods {
		if p, ok := w.moduleState(m); !ok || p != c.globals[i] {
			return false
		}
	}
	for i, cl := range c.deps.classes {
		if p, ok := w.classState(cl); !ok || p != c.attrs[i] {
			return false
		}
	}
	return true
}

// moduleState is the identity of module m's globals in w, when its top
// level is done (its globals are then final).
func (w *worker) moduleState(m *module) (unsafe.Pointer, bool) {
	ms := w.mods[m]
	if ms == nil || !ms.done {
		return nil, false
	}
	return statePtr(ms.globals.m), true
}

// classState is the identity of class c's attributes in w, when set.
func (w *worker) classState(c *classDef) (unsafe.Pointer, bool) {
	a, ok := w.cls[c]
	return statePtr(a), ok
}

// publish shares the result v of the call with key, computed from what
// deps lists in steps, when w's state for it is final (every module read
// done).
func (w *worker) publish(key string, v Value, deps *callDeps, steps int) {
	c := &sharedCall{ci: w.ci, v: v, deps: deps, steps: steps,
		globals: make([]unsafe.Pointer, len(deps.mods)), attrs: make([]unsafe.Pointer, len(deps.classes))}
	var ok bool
	for i, m := range deps.mods {
		if c.globals[i], ok = w.moduleState(m); !ok {
			return
		}
	}
	for i, cl := range deps.classes {
		if c.attrs[i], ok = w.classState(cl); !ok {
			return
		}
	}
	s := w.calls
	s.mu.Lock()
	defer s.mu.Unlock()
	if cs := s.calls[key]; len(cs) < maxCallVariants {
		s.calls[key] = append(cs, c)
	}
}
