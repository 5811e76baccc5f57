package python

import (
	"maps"
	"reflect"
	"unsafe"
)

// Module top levels run once per capability, and most of them come out the
// same in every capability worker: a top level that reads no capability
// computes what it computes from the state it finds (the globals of the
// modules it imports, class attributes, memoized helper results, ...), and
// that state is mostly the same in every worker. The capability workers
// other than the probes (evaluate) re-ran every top level all the same: a
// seventh of their steps on flashinfer, most of them on sglang.
//
// A probe now logs what each top-level run of a module reads from outside
// the run and what it leaves behind (topLog). Another worker about to run
// the same module checks the log against its own state, and where every
// outside read would give what it gave the probe, the run would go exactly
// as the probe's did (the interpreter is deterministic, and the capability
// is the one input that differs between workers): the worker takes the
// probe's results (adopt) instead of running it. A run that read the
// capability, that walked another root's run order, or that evaluated
// something only the collecting worker evaluates (sideEval) is never
// adopted; its imports may still be.
//
// What a top-level run reads from outside itself, and how the log records
// it, the first time each thing is read in the run (what the run does with
// it afterwards follows from its own steps):
//   - another module's state (not started, running, or done with its
//     globals): topEvent evModule. A done module's globals are final; a
//     running one's (an import cycle) are what it had bound when the run
//     began, and stay so while the run runs (only its own top level
//     binds them, and that waits on the run): the log keeps a copy;
//   - a class's attributes (execClass, classAttrs): evClass;
//   - memoized call results (callFunc): evMemo, the entry of either memo;
//   - the calls in progress (busy) and the NaN flag (env.join): at the
//     run's start (topSpan).
//
// Its step budget and call depth start afresh (moduleGlobals). What it
// leaves behind: the modules it ran (evStart; their final globals), class
// attributes (evClassSet), memo entries (evMemoSet), recorded sites
// (evSite), main guards reached (evMain), the NaN flag and the counts of
// cut calls (topSpan).

// topLog is a probe's log of its module top-level runs.
type topLog struct {
	events eventLog
	// snaps are the last globals logged of each module read while it
	// ran (snapshot).
	snaps map[*module]map[string]Value
	spans map[*module]*topSpan
	// run numbers the runs in progress, innermost last; seen[m.idx] is
	// the run that last logged module m, so a module read again and
	// again (every attribute of a module value) is logged once a run.
	runs []int32
	next int32
	seen []int32
}

// topSpan is one module's top-level run in the log.
type topSpan struct {
	from, to int // its events
	// adoptable: the run read no capability, walked no other root's run
	// order and evaluated nothing for the collected facts alone.
	adoptable bool
	busy      map[*funcDef]bool // the calls in progress at its start, when any
	nanBefore bool
	nanAfter  bool
	hardCuts  int // cut calls during the run
	depthCuts int
	mod       *modState // the run's module state, done
}

type topEventKind uint8

const (
	evModule   topEventKind = iota // a module's state read: mod, state, globals
	evStart                        // a module's top level started: mod
	evClass                        // a class's attributes read: cls, attrs (nil: none yet)
	evClassSet                     // a class's attributes set: cls, attrs
	evMemo                         // a memo lookup: key, found, v; else foundAtDepth, room, v
	evMemoSet                      // a memo entry stored: key, v (atDepth: room)
	evSite                         // a site recorded: site, rec, fn, script
	evMain                         // a main guard reached: main
)

// Module states as a run saw them.
const (
	modAbsent uint8 = iota
	modRunning
	modDone
)

// topEvent is one logged event, 40 bytes: the probes log about a hundred
// thousand of them on a large set and keep them to the end of the
// interpretation, so what only memo, site and main-guard events carry is
// behind x (136 bytes an event when it was inline).
type topEvent struct {
	kind    topEventKind
	state   uint8
	found   bool // evMemo: in memo; evMemoSet: stored in memoAtDepth
	atDepth bool // evMemo: in memoAtDepth (when not in memo)
	room    byte
	mod     *module
	cls     *classDef
	attrs   map[string]Value // a done module's globals, a class's attributes
	x       *topExtra
}

// topExtra is what an evMemo, evMemoSet, evSite or evMain event carries.
type topExtra struct {
	fn   *funcDef // evSite
	key  string   // evMemo, evMemoSet
	v    Value    // evMemo, evMemoSet
	site siteKey  // evSite
	rec  *siteRec // evSite
	main mainRun  // evMain
}

// eventLog is a topLog's events in fixed-size chunks: appending to one
// slice left up to as much again in spare capacity at the peak, and
// copied it all at each growth.
type eventLog struct {
	chunks [][]topEvent
	n      int
}

const eventChunk = 1024

func (el *eventLog) len() int { return el.n }

func (el *eventLog) at(i int) *topEvent { return &el.chunks[i/eventChunk][i%eventChunk] }

func (el *eventLog) add(e topEvent) {
	if el.n%eventChunk == 0 {
		el.chunks = append(el.chunks, make([]topEvent, 0, eventChunk))
	}
	c := &el.chunks[len(el.chunks)-1]
	*c = append(*c, e)
	el.n++
}

func newTopLog(p *program) *topLog {
	return &topLog{spans: map[*module]*topSpan{}, seen: make([]int32, len(p.mods))}
}

// logging says whether w is logging a top-level run now.
func (w *worker) logging() bool { return w.log != nil && len(w.log.runs) > 0 }

// capability is the worker's capability; reading it makes every top-level
// run in progress one that no other worker can adopt.
func (w *worker) capability() Capability {
	w.localReads++
	return w.cap
}

// logModule logs the state of module x as a run reads it.
func (w *worker) logModule(x *module, ms *modState) {
	w.noteModuleRead(x)
	if !w.logging() {
		return
	}
	l := w.log
	run := l.runs[len(l.runs)-1]
	if l.seen[x.idx] == run {
		return
	}
	l.seen[x.idx] = run
	e := topEvent{kind: evModule, mod: x, state: modAbsent}
	switch {
	case ms != nil && ms.done:
		e.state, e.attrs = modDone, ms.globals.m
	case ms != nil:
		// The run reads the globals bound so far: they change no more
		// while it runs (only the module's own top level binds them,
		// and it waits on the run), but they will afterwards.
		e.state, e.attrs = modRunning, l.snapshot(x, ms.globals.m)
	}
	l.events.add(e)
}

// snapshot is a copy of the globals g of running module x, shared with
// the last one taken in this log when nothing was bound since: a package
// running its submodules is read by each of them, and seven in ten of
// the copies on the six-tree set were the one before (15 MB of its
// peak). The copies are only compared (sameModule), never written.
func (l *topLog) snapshot(x *module, g map[string]Value) map[string]Value {
	if prev, ok := l.snaps[x]; ok && len(prev) == len(g) && sameBindings(prev, g) {
		return prev
	}
	c := maps.Clone(g)
	if l.snaps == nil {
		l.snaps = map[*module]map[string]Value{}
	}
	l.snaps[x] = c
	return c
}

func (w *worker) logEvent(e topEvent) {
	if w.logging() {
		w.log.events.add(e)
	}
}

// logMemo logs a memo lookup of key as callFunc makes it.
func (w *worker) logMemo(key []byte) {
	if !w.logging() {
		return
	}
	e := topEvent{kind: evMemo, x: &topExtra{key: string(key)}}
	if v, ok := w.memo[e.x.key]; ok {
		e.found, e.x.v = true, v
	} else if c, ok := w.memoAtDepth[e.x.key]; ok {
		e.atDepth, e.room, e.x.v = true, c.room, c.v
	}
	w.log.events.add(e)
}

// topRun is a top-level run being logged (beginTop, endTop).
type topRun struct {
	span       *topSpan
	localReads int
	hard, dcut int
}

// beginTop starts logging the run of m's top level.
func (w *worker) beginTop(m *module, ms *modState) topRun {
	if w.log == nil {
		return topRun{}
	}
	l := w.log
	l.next++
	l.runs = append(l.runs, l.next)
	l.seen[m.idx] = l.next
	sp := &topSpan{from: l.events.len(), nanBefore: w.nan, mod: ms}
	l.events.add(topEvent{kind: evStart, mod: m})
	if len(w.busy) > 0 {
		sp.busy = maps.Clone(w.busy)
	}
	l.spans[m] = sp
	return topRun{span: sp, localReads: w.localReads, hard: w.hardCuts, dcut: w.depthCuts}
}

// endTop ends the run begun by beginTop.
func (w *worker) endTop(r topRun) {
	if r.span == nil {
		return
	}
	l := w.log
	l.runs = l.runs[:len(l.runs)-1]
	sp := r.span
	sp.to = l.events.len()
	sp.adoptable = w.localReads == r.localReads
	sp.nanAfter = w.nan
	sp.hardCuts, sp.depthCuts = w.hardCuts-r.hard, w.depthCuts-r.dcut
}

// adopt takes a probe's run of m's top level instead of running it, when
// the run read from outside itself only what reads the same in w now.
func (w *worker) adopt(m *module) bool {
	for _, l := range w.from {
		if sp := l.spans[m]; sp != nil && sp.adoptable && w.sameStart(l, sp) {
			w.replay(l, sp)
			w.adopted++
			return true
		}
	}
	return false
}

// sameStart says whether every outside read of the logged run gives in w
// what it gave in the probe.
func (w *worker) sameStart(l *topLog, sp *topSpan) bool {
	if sp.nanBefore != w.nan || !maps.Equal(sp.busy, w.busy) {
		return false
	}
	var mods map[*module]bool
	var classes map[*classDef]bool
	var keys map[string]bool
	for i := sp.from; i < sp.to; i++ {
		e := l.events.at(i)
		switch e.kind {
		case evModule, evStart:
			if firstTime(&mods, e.mod) && e.kind == evModule && !w.sameModule(e) {
				return false
			}
		case evClass, evClassSet:
			if firstTime(&classes, e.cls) && e.kind == evClass && !w.sameClass(e) {
				return false
			}
		case evMemo, evMemoSet:
			if firstTime(&keys, e.x.key) && e.kind == evMemo && !w.sameMemo(e) {
				return false
			}
		}
	}
	return true
}

// firstTime says whether k is new to *seen, and adds it (making the set on
// first use): only the first event of a thing in a run is its outside read.
func firstTime[K comparable](seen *map[K]bool, k K) bool {
	if *seen == nil {
		*seen = map[K]bool{}
	}
	if (*seen)[k] {
		return false
	}
	(*seen)[k] = true
	return true
}

func (w *worker) sameModule(e *topEvent) bool {
	ms := w.mods[e.mod]
	if e.state == modAbsent {
		return ms == nil
	}
	return ms != nil && ms.done == (e.state == modDone) && sameMap(ms.globals.m, e.attrs)
}

func (w *worker) sameClass(e *topEvent) bool {
	a, ok := w.cls[e.cls]
	if e.attrs == nil {
		return !ok
	}
	return ok && sameMap(a, e.attrs)
}

func (w *worker) sameMemo(e *topEvent) bool {
	v, ok := w.memo[e.x.key]
	if ok != e.found {
		return false
	}
	if ok {
		return sameValue(v, e.x.v)
	}
	c, ok := w.memoAtDepth[e.x.key]
	if ok != e.atDepth {
		return false
	}
	return !ok || c.room == e.room && sameValue(c.v, e.x.v)
}

// sameMap is sameBindings, at once for the one map shared (sharedGlobals).
func sameMap(a, b map[string]Value) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || sameMapPtr(a, b) {
		return true
	}
	return sameBindings(a, b)
}

// replay leaves in w what the logged run left in the probe.
func (w *worker) replay(l *topLog, sp *topSpan) {
	for i := sp.from; i < sp.to; i++ {
		e := l.events.at(i)
		switch e.kind {
		case evStart:
			w.mods[e.mod] = &modState{globals: &env{m: l.spans[e.mod].mod.globals.m}, done: true}
		case evClassSet:
			w.cls[e.cls] = e.attrs
		case evMemoSet:
			if e.found {
				w.memoAtDepth[e.x.key] = cutResult{room: e.room, v: e.x.v}
			} else {
				w.memo[e.x.key] = e.x.v
			}
		case evSite:
			w.putSite(e.x.site, *e.x.rec, e.x.fn, e.mod)
		case evMain:
			w.mains = append(w.mains, e.x.main)
		}
	}
	w.nan = sp.nanAfter
	w.hardCuts += sp.hardCuts
	w.depthCuts += sp.depthCuts
}

// logClass logs the attributes of class c as a run reads them.
func (w *worker) logClass(c *classDef) {
	w.noteClassRead(c)
	if !w.logging() {
		return
	}
	a, ok := w.cls[c]
	if ok && a == nil {
		a = map[string]Value{}
	}
	w.log.events.add(topEvent{kind: evClass, cls: c, attrs: a})
}

// setClass sets the attributes of class c.
func (w *worker) setClass(c *classDef, a map[string]Value) {
	w.cls[c] = a
	w.logEvent(topEvent{kind: evClassSet, cls: c, attrs: a})
}

// sameMapPtr says whether a and b are the one map (as takeValues tells
// the globals it has noted).
func sameMapPtr(a, b map[string]Value) bool { return mapPtr(a) == mapPtr(b) }

// mapPtr is the identity of map a: two workers holding one shared map hold
// the same pointer.
func mapPtr(a map[string]Value) unsafe.Pointer { return reflect.ValueOf(a).UnsafePointer() }
