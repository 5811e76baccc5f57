package python

import (
	"slices"
	"strings"
	"sync"
)

// stepBudget bounds the work of one top-level evaluation (a module body or
// one function analyzed on its own, with the helpers it calls), so that a
// pathological file costs a bounded time; past it every value is unknown.
const stepBudget = 50_000

// maxCallDepth bounds helper calls followed from one evaluation.
const maxCallDepth = 5

// maxHelperNodes bounds the size of a function followed at a call: simple
// helpers are small, and big functions rarely compute a capability value.
const maxHelperNodes = 1500

// worker evaluates every module for one capability. Workers share only the
// read-only program, so capabilities run in parallel and each worker's
// result depends only on its inputs.
type worker struct {
	prog *program
	ci   int
	cap  Capability
	cuda string
	rec  *recorder
	mods map[*module]*modState
	cls  map[*classDef]map[string]Value // class body attributes
	init map[*classDef]map[string]Value // attributes __init__ sets on self
	memo map[string]Value
	busy map[*funcDef]bool
	// parentFirst are the modules whose packages are being run ahead of
	// them (moduleGlobals).
	parentFirst map[*module]bool
	depth       int
	steps       int
	// hardCuts counts the calls not followed for recursion or the step
	// budget, depthCuts those not followed for the depth bound: they
	// decide how a call result is memoized (callFunc). memoAtDepth holds
	// the results that met the depth bound.
	hardCuts, depthCuts int
	memoAtDepth         map[string]cutResult
	// runList, prefixRun and curRoot: see moduleGlobals.
	runList   []*module
	prefixRun map[string]int
	curRoot   string
	// hits are the functions whose own analysis recorded a site, and
	// mainHits the modules whose main guard's script run did (runMain).
	hits     map[*funcDef]bool
	mainHits map[*module]bool
	// mains are the main guards whose module's top level reached them,
	// not yet run as scripts (runMains).
	mains []mainRun
	// closures are, for each def nested in a function, the values that
	// function's own analysis bound to the names the def reads
	// (captureClosure): what the def sees of its enclosing scope when it
	// is analyzed on its own.
	closures map[*funcDef]*env
	// facts collects JIT calls and call edges (the first worker only,
	// when the program asks for them).
	facts *facts
	share factsShare
	// spent counts every step the worker took (steps is per run, and
	// reset), for ARCHLINT_PY_DEBUG=steps.
	spent int
	// slice is the scratch space of the deciding slices this worker
	// marks (slice.go).
	slice sliceWork
	// track, on the selection's own workers, learns what functions return.
	track *tracker
	selfs map[selfKey]Value
	// nan: this worker made a float NaN (see env.join).
	nan bool
	// argv and argN are the argument stack (evalArgs).
	argv []Value
	argN []nodeID
	kwv  []kwArg
	// envs are the environments of calls that returned (getEnv).
	envs []*env
	// frames are the frames of calls that returned (getFrame).
	frames []*frame
	// cl is the stack of if chains being run (execIf).
	cl []clause
	js joinScratch
	// br holds the paths of the branches being joined (branchStack).
	br branchStack
	// subs remembers program.submodule, which builds paths and looks
	// them up at every attribute of a module and every import.
	subs map[subKey]*module
	// key is scratch space for the names env.getDotted looks up, and
	// memoBuf for memo keys (memoKey).
	key, memoBuf []byte
	// shared, on the capability workers, holds the module globals they
	// finished with (sharedGlobals).
	shared *sharedGlobals
	// log, on the probes, logs every module top-level run; from, on the
	// other capability workers, are the probes' logs, whose runs they
	// adopt where they would go alike (adopt.go). localReads counts the
	// reads that make the runs in progress the worker's own: the
	// capability, another root's run order, evaluations for the
	// collected facts alone.
	log        *topLog
	from       []*topLog
	localReads int
	// calls are the call results the workers share (sharedcalls.go);
	// deps, what each memoizable call in progress read, innermost last;
	// memoDeps, what each memo entry's call read (when known);
	// sharedHits counts the results taken (ARCHLINT_PY_DEBUG=steps);
	// publishes: the worker publishes its results (the probes' first
	// phase), takes: it takes published ones (the other workers).
	publishes, takes bool
	calls            *sharedCalls
	deps             []*callDeps
	memoDeps         map[string]*callDeps
	sharedHits       int
	// adopted counts the top-level runs adopted (tests).
	adopted int
}

// sharedGlobals lets the capability workers hold one copy of module
// globals that come out alike. Every worker runs every top level, and
// most modules' globals do not depend on the capability: each worker
// kept its own copy of the same values (about 40 MB a worker on the six
// real trees, two workers at a time). A module's globals are not written
// once its top level is done, and values are never changed in place
// (an operation builds a new one), so a worker whose finished globals
// equal a copy another worker finished with reads that copy instead and
// drops its own: the same names and values, so the same results whichever
// worker got there first. Modules whose globals depend on the capability
// keep a few variants.
//
// Class attributes are held once the same way: a class body's attributes
// and those its __init__ sets on self are not written once made either
// (the probes' logs already lend them to the workers that adopt a run),
// and each worker kept its own copy (18 MB of the six-tree set's
// selection, two workers).
type sharedGlobals struct {
	mu       sync.Mutex
	variants map[sharedKey][]map[string]Value
}

// sharedKey names what a shared map holds: a module's globals (m), or a
// class's (c) attributes of one kind.
type sharedKey struct {
	m    *module
	c    *classDef
	kind attrsKind
}

// attrsKind tells a class's attribute maps apart: its body's, those its
// __init__ sets on self, and self's, both merged (buildSelf).
type attrsKind uint8

const (
	attrsBody attrsKind = iota
	attrsInit
	attrsSelf
)

// maxGlobalsVariants bounds the copies kept per module: a capability
// check at a module's top level splits the workers two or three ways.
const maxGlobalsVariants = 4

func newSharedGlobals() *sharedGlobals {
	return &sharedGlobals{variants: map[sharedKey][]map[string]Value{}}
}

// sizeHint is how many globals a finished copy of m's has (0: none yet):
// a worker starting m's top level makes its map that large at once,
// instead of growing it name by name (the growth was an eighth of the
// bytes the interpreter allocated).
func (s *sharedGlobals) sizeHint(m *module) int {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if vs := s.variants[sharedKey{m: m}]; len(vs) > 0 {
		return len(vs[0])
	}
	return 0
}

// share returns the kept copy of m's finished globals g equals, or keeps
// g and returns it.
func (s *sharedGlobals) share(m *module, g map[string]Value) map[string]Value {
	return s.shareAt(sharedKey{m: m}, g)
}

// shareClass returns the kept copy of class c's attributes of kind k that
// a equals, or keeps a and returns it; with no sharedGlobals, a.
func (s *sharedGlobals) shareClass(c *classDef, k attrsKind, a map[string]Value) map[string]Value {
	if s == nil || len(a) == 0 {
		return a
	}
	return s.shareAt(sharedKey{c: c, kind: k}, a)
}

func (s *sharedGlobals) shareAt(k sharedKey, g map[string]Value) map[string]Value {
	s.mu.Lock()
	vs := s.variants[k]
	s.mu.Unlock()
	// The kept maps are never written: they are compared unlocked, and a
	// variant added meanwhile is at worst missed (g is kept as one more).
	for _, v := range vs {
		if sameBindings(v, g) {
			return v
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.variants[k]) < maxGlobalsVariants {
		s.variants[k] = append(s.variants[k], g)
	}
	return g
}

// sameBindings says whether two environments bind the same names to the
// same values (sameValue).
func sameBindings(a, b map[string]Value) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !sameValue(v, w) {
			return false
		}
	}
	return true
}

type subKey struct {
	pkg  *module
	name string
}

// submodule is program.submodule (a function of the paths alone).
func (w *worker) submodule(pkg *module, name string) *module {
	k := subKey{pkg, name}
	if m, ok := w.subs[k]; ok {
		return m
	}
	m := w.prog.submodule(pkg, name)
	if w.subs == nil {
		w.subs = map[subKey]*module{}
	}
	// name may be a view of a source (module.ident): the key keeps a copy.
	w.subs[subKey{pkg, strings.Clone(name)}] = m
	return m
}

// getEnv lends an empty environment to a call's frame, and putEnv takes
// it back when the call returns: nothing keeps a call's environment past
// the call (values are copied out of it; class bodies and module globals
// have environments of their own), and a fresh map per call was a quarter
// of the interpreter's allocations.
func (w *worker) getEnv() *env {
	if n := len(w.envs); n > 0 {
		e := w.envs[n-1]
		w.envs = w.envs[:n-1]
		return e
	}
	return newEnv()
}

func (w *worker) putEnv(e *env) {
	if e.reset() {
		w.envs = append(w.envs, e)
	}
}

// getFrame lends a zeroed frame to a call, and putFrame takes it back
// when the call returns: nothing keeps a frame past its call, and one
// allocated per call was a twentieth of the bytes the interpreter
// allocated.
func (w *worker) getFrame() *frame {
	if n := len(w.frames); n > 0 {
		g := w.frames[n-1]
		w.frames = w.frames[:n-1]
		return g
	}
	return &frame{}
}

func (w *worker) putFrame(g *frame) {
	*g = frame{}
	w.frames = append(w.frames, g)
}

type modState struct {
	globals *env
	running bool
	done    bool
}

// frame is one function (or module, or class body) being executed.
type frame struct {
	w      *worker
	mod    *module
	env    *env
	ms     *modState // set for a module's own top level: env is its globals
	outer  *env      // a class body's enclosing scope
	glob   *env      // the module's globals, once looked up (globals)
	fn     *funcDef
	record bool
	ctrl   bool // a capability-dependent condition decided how we got here
	shadow bool // exploring a branch this capability does not take
	// raised: a raise (or failing assert) ended a path of this frame
	// (execTry: the handlers catch it).
	raised bool
	loop   int
	// side evaluates what this capability skips (the other side of a
	// short circuit) for its calls only: no gates are recorded.
	side bool
	// script: the frame runs a main guard's block (runMain), or a class
	// body inside one; the sites it records mark the guard's hit.
	script  bool
	retSeen bool
	ret     Value
	// dec is the deciding slice the frame runs (sliceOf), once looked
	// up; facts the collecting worker's wider one (factsSliceOf).
	dec, facts *deciding
}

func newWorker(p *program, ci int) *worker {
	var fx *facts
	if p.collect && ci == 0 {
		fx = newFacts()
	}
	return &worker{facts: fx, prog: p, ci: ci, cap: p.cfg.Caps[ci], cuda: cudaString(p.cfg.CUDAVersion), rec: newRecorder(),
		mods: map[*module]*modState{}, cls: map[*classDef]map[string]Value{}, init: map[*classDef]map[string]Value{},
		memo: map[string]Value{}, memoAtDepth: map[string]cutResult{}, busy: map[*funcDef]bool{}, parentFirst: map[*module]bool{}, hits: map[*funcDef]bool{},
		mainHits: map[*module]bool{}, selfs: map[selfKey]Value{}, memoDeps: map[string]*callDeps{}, closures: map[*funcDef]*env{}}
}

func cudaString(v [2]int) string {
	return itoa(v[0]) + "." + itoa(v[1])
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// units are the functions and main guards a capability worker other than
// the probes analyzes: those whose analysis recorded a site in a probe
// (evaluate).
type units struct {
	funcs map[*funcDef]bool
	mains map[*module]bool // by the module whose main guard it is
	// allMains runs every main guard, whatever mains holds.
	allMains bool
}

// run evaluates every module's top level, then every main guard as a
// script and every function on its own; with only set, just those guards
// and functions (see Analyze).
func (w *worker) run(only *units) {
	w.runModules(w.prog.order, only)
}

// runModules runs the modules' top levels in order, then their main
// guards as scripts, then their functions. Modules outside the program's
// selection run only when imported.
func (w *worker) runModules(mods []*module, only *units) {
	w.runList, w.prefixRun = mods, map[string]int{}
	for _, m := range mods {
		w.steps = 0
		w.moduleGlobals(m)
	}
	w.runMains(only)
	for _, m := range mods {
		for _, fn := range m.funcs {
			if only != nil && !only.funcs[fn] {
				continue
			}
			w.steps = 0
			w.analyzeFunc(fn)
		}
	}
	// A function's import may have run another top level.
	w.runMains(only)
}

// analyzeMore analyzes fns on their own after a run, as run would have,
// and the main guards their imports reached.
func (w *worker) analyzeMore(fns []*funcDef) {
	for _, fn := range fns {
		w.steps = 0
		w.analyzeFunc(fn)
	}
	w.runMains(nil)
}

// mainRun is a main guard a module's top level reached, with the state
// its block would have run in there.
type mainRun struct {
	m     *module
	ctrl  bool
	steps int
}

// deferMain is what a module's top level does at its main guard (`if
// __name__ == "__main__":` as the last statement, module.main): Python
// runs the block only when the file is the script being run, never when
// it is imported, so the top level ends without it and importers never
// see what it binds. The block is run afterwards as a script (runMain),
// its gates recorded as they were at the top level. Run inside the top
// level, the block's calls (most often main()) were calls into a module
// still running: not memoized, made by every capability worker, and made
// again when the function was analyzed on its own (a sixth of
// flashinfer's interpreter steps). A guard reached in the shadow (the top
// level left earlier for this capability) still runs inside it: the
// shadow's bindings are dropped when it ends, so the finished globals are
// not the ones the block would see.
func (f *frame) deferMain() {
	r := mainRun{f.mod, f.ctrl, f.w.steps}
	f.w.mains = append(f.w.mains, r)
	if f.w.logging() {
		f.w.logEvent(topEvent{kind: evMain, x: &topExtra{main: r}})
	}
}

// runMains runs the main guards the top levels reached, in the order they
// were reached (a block's import may reach more); with only set, just
// those in only.mains.
func (w *worker) runMains(only *units) {
	for len(w.mains) > 0 {
		r := w.mains[0]
		w.mains = w.mains[1:]
		if only != nil && !only.allMains && !only.mains[r.m] {
			continue
		}
		w.runMain(r)
	}
	w.mains = nil
}

// runMain runs a main guard's block as the script view of its module:
// after the module's top level is done, so that its calls are ordinary
// calls into a finished module, with the finished globals (the guard is
// the last statement: the ones the block would have seen) under a scope
// of its own (what it binds stays there), and from where its top level
// left off (control and the step budget), so that its gates come out as
// they did when the block ran inside the top level.
func (w *worker) runMain(r mainRun) {
	m := r.m
	w.moduleGlobals(m)
	saved, depth := w.steps, w.depth
	w.steps, w.depth = r.steps, 0
	f := &frame{w: w, mod: m, env: w.getEnv(), record: true, ctrl: r.ctrl, script: true}
	f.execBlock(m.child(m.main, fConsequence))
	w.putEnv(f.env)
	w.steps, w.depth = saved, depth
}

// moduleGlobals executes a module's top level once (recording its gates)
// and returns its globals; a module imported while it runs (an import
// cycle) shows the globals bound so far.
func (w *worker) moduleGlobals(m *module) *env {
	ms := w.mods[m]
	w.logModule(m, ms)
	if ms != nil {
		return ms.globals
	}
	if w.curRoot != "" && w.curRoot != m.root && w.runList != nil {
		w.localReads++
		// Another root's module imports m: run m's root in its own
		// order up to m, so that its import cycles start where they do
		// when the root is scanned alone. prefixRun[root] is how far
		// into runList every module of the root has started, so each
		// root's prefix is walked once in all.
		i := w.prefixRun[m.root]
		for ; i < len(w.runList) && w.runList[i] != m; i++ {
			if o := w.runList[i]; o.root == m.root && w.mods[o] == nil {
				w.moduleGlobals(o)
			}
		}
		w.prefixRun[m.root] = max(w.prefixRun[m.root], i)
		if ms := w.mods[m]; ms != nil {
			return ms.globals
		}
	}
	if parent := w.prog.parentPackage(m); parent != nil && w.mods[parent] == nil && !w.parentFirst[m] && w.prog.reexports(parent, m) {
		// Python initializes a module's packages first: importing
		// sglang.srt.utils.common runs sglang/srt/utils/__init__.py,
		// whose `from .common import *` then runs common to its end
		// and re-exports all of it. (Only a package that imports from
		// m is run ahead: one that does not reads nothing of m, and
		// running every package first loaded half of sglang for its
		// sglang/__init__.py.) Run from common first, the package
		// re-exported what common had bound when its imports came back
		// to the package (an import cycle), which left out
		// is_sm100_supported and the rest of sglang's capability
		// helpers.
		// (A package that reaches m again before importing it, through
		// another root's run up to it, runs it there as it is.)
		w.parentFirst[m] = true
		w.moduleGlobals(parent)
		delete(w.parentFirst, m)
		if ms := w.mods[m]; ms != nil {
			return ms.globals
		}
	}
	if w.from != nil && w.adopt(m) {
		return w.mods[m].globals
	}
	ms = &modState{globals: &env{m: make(map[string]Value, w.shared.sizeHint(m))}, running: true}
	w.mods[m] = ms
	defer w.endTop(w.beginTop(m, ms))
	savedRoot := w.curRoot
	w.curRoot = m.root
	defer func() { w.curRoot = savedRoot }()
	if !w.prog.ensure(m) {
		ms.running, ms.done = false, true
		return ms.globals
	}
	saved := w.steps
	w.steps = 0
	depth := w.depth
	w.depth = 0
	f := &frame{w: w, mod: m, env: ms.globals, ms: ms, record: true}
	f.execBlock(0)
	ms.running, ms.done = false, true
	// Every savepoint is restored: the undo log is empty, and its
	// capacity (a top level of guarded imports logs hundreds of writes)
	// would stay with the globals for the worker's life.
	ms.globals.log = nil
	if w.shared != nil {
		ms.globals.m = w.shared.share(m, ms.globals.m)
	}
	w.steps, w.depth = saved, depth
	return ms.globals
}

func (f *frame) globals() *env {
	if f.ms != nil {
		return f.env
	}
	if f.glob == nil {
		// Asked for at the first name the frame does not bind, as
		// always: that may run the module's top level. A module's
		// globals stay one env, so the frame keeps it.
		f.glob = f.w.moduleGlobals(f.mod)
	}
	return f.glob
}

// lookup resolves a name: locals, then the module's globals, then a
// builtin or external name by itself.
func (f *frame) lookup(name string) Value {
	if v, ok := f.env.get(name); ok {
		return v
	}
	if v, ok := f.outer.get(name); ok {
		return v
	}
	if f.ms == nil {
		if v, ok := f.globals().get(name); ok {
			return v
		}
	}
	switch name {
	case "True":
		return vbool(true)
	case "False":
		return vbool(false)
	case "None":
		return Value{k: vNone}
	case "__file__":
		return vpathExact(f.mod.path)
	}
	// The name may be a view of the source (module.ident): the value
	// keeps a copy, or the builtin's name that needs none.
	if b, ok := builtinName(name); ok {
		return vext(b)
	}
	return vext(strings.Clone(name))
}

// builtinName is name when it is one of the builtins read most often, as
// a string of the program's own: nine in ten of the names no scope binds
// are builtins, and a copy of each at every read was a tenth of the
// interpreter's allocations.
func builtinName(name string) (string, bool) {
	if i, ok := slices.BinarySearch(builtinNames, name); ok {
		return builtinNames[i], true
	}
	return "", false
}

// builtinNames is sorted (builtinName searches it) and never written.
var builtinNames = []string{
	"AssertionError", "DeprecationWarning", "Exception", "ImportError", "KeyError",
	"NotImplementedError", "RuntimeError", "TypeError", "UserWarning", "ValueError", "all",
	"any", "bool", "dict", "enumerate", "float", "getattr", "hasattr", "int", "isinstance",
	"len", "list", "max", "min", "open", "print", "range", "set", "sorted", "str", "sum",
	"super", "tuple", "type", "zip",
}

func (f *frame) assign(name string, v Value) {
	if f.ctrl {
		v.Cap = true
	}
	if f.ms != nil && f.ms.globals != f.env {
		// A comprehension at a module's top level (evalComprehension).
		f.ms.globals.set(name, v)
	}
	f.env.set(name, v)
}

// branchStack holds the paths of the branches being run (if chains with
// an undecided condition, loops), and the bindings of each, as the
// argument stack holds arguments: a branch pushes a path per arm, joins
// them and pops back to where it began, and branches inside an arm push
// and pop above. A slice per path and per branch was a twentieth of the
// interpreter's allocations.
type branchStack struct {
	binds []binding
	paths []envDiff
}

// branchMark is where a branch's paths begin on the stack.
type branchMark struct{ binds, paths int }

func (b *branchStack) mark() branchMark { return branchMark{len(b.binds), len(b.paths)} }

// push adds the path env took since the savepoint mark.
func (b *branchStack) push(e *env, mark int) {
	b.paths = append(b.paths, e.diffOn(&b.binds, mark))
}

// since is the paths pushed from m (read it before pushing again).
func (b *branchStack) since(m branchMark) []envDiff {
	return b.paths[m.paths:len(b.paths):len(b.paths)]
}

// pop drops the paths from m, which the branch has joined.
func (b *branchStack) pop(m branchMark) {
	clear(b.binds[m.binds:]) // no stale references for the collector
	b.binds = b.binds[:m.binds]
	clear(b.paths[m.paths:])
	b.paths = b.paths[:m.paths]
}

// joinEnv sets the frame's environment to where paths meet (env.join).
func (f *frame) joinEnv(paths []envDiff) {
	f.env.joinIn(paths, f.w.nan || f.w.prog.cfg.joinAll, &f.w.js)
}

// binop is binop, noting a NaN (env.join).
func (f *frame) binop(op string, a, b Value) Value {
	v := binop(op, a, b)
	if x := v.float(); v.k == vFloat && x != x {
		f.w.nan = true
	}
	return v
}

// tick counts one evaluation step; false once the budget is spent.
func (f *frame) tick() bool {
	f.w.steps++
	f.w.spent++
	return f.w.steps <= stepBudget
}

// analyzeFunc runs one function on its own, with unknown arguments except
// for parameters whose names say they hold the capability, and self with
// what __init__ stored.
func (w *worker) analyzeFunc(fn *funcDef) {
	if fn.qual == w.prog.cfg.panicIn {
		panic("analyzing " + fn.qual + " (a test's injected fault)")
	}
	w.moduleGlobals(fn.mod)
	f, capNamed := w.funcFrame(fn, true)
	if fn.mod.mocksCapability(fn) {
		// A test of a helper on a capability of its choosing decides
		// nothing about the GPU it runs on.
		f.record = false
	}
	done := f.execBlock(fn.body)
	// The frame's values are copied out (result reads no binding):
	// its environment goes back to the pool, as a call's does.
	w.putEnv(f.env)
	if w.track == nil {
		return
	}
	if capNamed {
		// What callers get does not come from the parameters: run it
		// again with them unknown, recording nothing.
		w.steps = 0
		f, _ = w.funcFrame(fn, false)
		done = f.execBlock(fn.body)
		w.putEnv(f.env)
	}
	w.track.observe(fn, f.result(done))
}

// funcFrame is the frame a function is analyzed on its own in; with
// capParams, parameters named like a capability hold it (and capNamed says
// whether there were any), and the frame records.
func (w *worker) funcFrame(fn *funcDef, capParams bool) (f *frame, capNamed bool) {
	f = &frame{w: w, mod: fn.mod, env: w.getEnv(), outer: w.closures[fn], fn: fn, record: capParams}
	for i, p := range fn.params {
		if p.star || p.name == "" {
			continue
		}
		if i == 0 && fn.class != nil && (p.name == "self" || p.name == "cls") {
			f.env.set(p.name, w.selfValue(fn.class, p.name == "self" && fn.name != "__init__"))
			continue
		}
		v := unknown
		if capParams {
			v = w.capParam(p.name)
			if v.Cap && fn.name == "__init__" && fn.class != nil && fn.mod.storesOnSelf(fn, p.name) {
				// A constructor that keeps it (`self.sm = sm`) builds a
				// description of something for that architecture (natten's
				// KernelConfig(sm, ...) in a kernel generator), not a
				// check of the device.
				v = unknown
			}
		}
		capNamed = capNamed || v.Cap
		f.env.set(p.name, v)
	}
	return f, capNamed
}

// storesOnSelf says whether method fn assigns its parameter name to an
// attribute of self (`self.sm = sm`).
func (m *module) storesOnSelf(fn *funcDef, name string) bool {
	for k := fn.body; k < m.next(fn.body); k++ {
		if m.kind(k) != "assignment" {
			continue
		}
		left, right := m.child(k, fLeft), m.child(k, fRight)
		if m.kind(left) == "attribute" && m.view(m.child(left, fObject)) == "self" && m.kind(right) == "identifier" && m.view(right) == name {
			return true
		}
	}
	return false
}

// capParam is the value of a parameter named like a capability (sm_version,
// arch, major, ...; leading underscores aside: flash-attention's `_arch`
// overrides `_get_device_arch()`), read as the capability being evaluated.
func (w *worker) capParam(name string) Value {
	v := w.capSM()
	major, minor := capParts(v)
	switch strings.ToLower(strings.TrimLeft(name, "_")) {
	case "sm_version", "sm", "arch", "cuda_arch", "gpu_arch", "sm_arch", "compute_capability", "device_capability",
		"capability", "cc", "sm_ver", "arch_version", "device_sm", "target_cc", "target_sm", "device_cc", "gpu_cc", "cuda_cc":
		return v
	case "major", "sm_major", "cc_major", "arch_major", "capability_major":
		return major
	case "minor", "sm_minor", "cc_minor", "arch_minor", "capability_minor":
		return minor
	}
	// vllm's cutlass_group_gemm_supported(cuda_device_capability: int).
	if l := strings.ToLower(name); strings.HasSuffix(l, "_device_capability") || strings.HasSuffix(l, "_compute_capability") {
		return v
	}
	return unknown
}

// selfValue is self in a method: the class attributes, plus what __init__
// assigns when withInit.
func (w *worker) selfValue(c *classDef, withInit bool) Value {
	// Attribute maps are never written once built, so one per class
	// serves every method (they are only built after the module's top
	// level has run, when the class attributes are final).
	key := selfKey{c, withInit}
	if v, ok := w.selfs[key]; ok {
		return v
	}
	v := w.buildSelf(c, withInit)
	w.selfs[key] = v
	return v
}

type selfKey struct {
	c        *classDef
	withInit bool
}

func (w *worker) buildSelf(c *classDef, withInit bool) Value {
	ca := w.classAttrs(c)
	var ia map[string]Value
	if withInit {
		ia = w.initAttrs(c)
	}
	if len(ia) == 0 {
		// The class attributes alone: their map is final (classAttrs)
		// and nothing writes an object's attributes, so self shares it
		// instead of a copy per class and worker.
		return vobj(c, ca)
	}
	if len(ca) == 0 {
		// Likewise what __init__ sets, final once initAttrs returns.
		return vobj(c, ia)
	}
	attrs := make(map[string]Value, len(ca)+len(ia))
	for k, v := range ca {
		attrs[k] = v
	}
	for k, v := range ia {
		attrs[k] = v
	}
	// Equal across workers when both parts are (shareClass).
	return vobj(c, w.shared.shareClass(c, attrsSelf, attrs))
}

func (w *worker) classAttrs(c *classDef) map[string]Value {
	w.logClass(c)
	if a, ok := w.cls[c]; ok {
		return a
	}
	// The class body runs with its module's top level; a class defined
	// inside a function has no attributes known here.
	// No second logClass: what the class has now follows from the read
	// logged above and the run's own steps since (sameStart checks only
	// a class's first read in a run).
	w.moduleGlobals(c.mod)
	if a, ok := w.cls[c]; ok {
		return a
	}
	w.setClass(c, map[string]Value{})
	return w.cls[c]
}

func (w *worker) initAttrs(c *classDef) map[string]Value {
	if a, ok := w.init[c]; ok {
		return a
	}
	w.init[c] = map[string]Value{} // guards recursion through methods
	ini := c.methods["__init__"]
	if ini == nil || len(ini.params) == 0 {
		return w.init[c]
	}
	saved, depth := w.steps, w.depth
	w.steps, w.depth = 0, 0
	f := &frame{w: w, mod: c.mod, env: w.getEnv(), fn: ini}
	f.env.set(ini.params[0].name, w.selfValue(c, false))
	for _, p := range ini.params[1:] {
		if !p.star && p.name != "" {
			f.env.set(p.name, unknown)
		}
	}
	f.execBlock(ini.body)
	self := ini.params[0].name + "."
	out := map[string]Value{}
	for k, v := range f.env.all() {
		if rest, ok := strings.CutPrefix(k, self); ok && !strings.Contains(rest, ".") {
			out[rest] = v
		}
	}
	w.putEnv(f.env)
	w.steps, w.depth = saved, depth
	out = w.shared.shareClass(c, attrsInit, out)
	w.init[c] = out
	return out
}
