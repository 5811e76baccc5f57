package cpp

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

// maxIncludeDepth stops runaway include recursion (files without guards that
// include each other); gcc's own limit is 200.
const maxIncludeDepth = 200

// MaxReadsPerPass bounds the header readings of one unit in one pass. Two
// unguarded headers that each include the other twice make 2^200 readings
// within the depth limit: a fork could hang the scan with four lines. Real
// units stay far below (a CCCL test reads a few thousand, prologue.h
// included); a unit that reaches it is stopped and reported.
const MaxReadsPerPass = 100000

// Config is what the evaluator needs to know about the build.
type Config struct {
	Table     *target.Table
	CUDA      target.CUDAVersion
	BuildList []target.Arch // __CUDA_ARCH_LIST__ (default: the target)
	Passes    []target.Arch // the reference passes, host first
	// Assume settles configuration macros that are otherwise unknown (defined
	// nowhere in the scanned code): a *Macro defines it, nil undefines it.
	// Used to say "this holds when ENABLE_FP8 is defined".
	Assume map[string]*expr.Macro
	// EveryPass runs every unit through every pass separately instead of
	// once per group of passes that read it alike (passgroups.go), and
	// reads every repeated include instead of replaying it (rereads.go);
	// for tests that prove both change nothing.
	EveryPass bool
	// ReadBudget replaces MaxReadsPerPass when positive (fuzzing uses a
	// small one to stay fast on include bombs).
	ReadBudget int
	// readGuarded reads a guarded header met again with its guard defined
	// instead of skipping it (process), for the test that proves skipping
	// changes nothing.
	readGuarded bool
	// memoBytes replaces maxMemoBytes when positive, for the test that
	// proves evicting stored visits changes nothing.
	memoBytes int
}

// Engine evaluates translation units. Besides its immutable inputs it
// holds only what its Evaluate calls share to save work (the visit memo,
// sharedmemo.go), which never changes their results; Evaluate may be
// called from several goroutines at once.
type Engine struct {
	cfg Config
	fs  *FileSet
	// projectMacros are names #define'd somewhere in the scanned files: when
	// such a name is not defined at a test, it is undefined (closed world
	// for the project's own macros); names defined nowhere are build
	// configuration (-D flags) and stay unknown.
	projectMacros map[string]bool
	pass          []target.PassMacros
	// predefined holds each pass's predefined macros as expr values, built
	// once: the evaluator caches prepared macros by pointer.
	predefined []map[string]*expr.Macro
	cutlass    *cutlassModel
	deps       *passDeps // nil with Config.EveryPass
	rereads    *rereadInfo
	// Interned names (names.go): names and nameList map names to IDs and
	// back, identIDs[f] are the IDs of f.St.Idents, guardID[f] the ID of
	// f's include guard (-1: none).
	names    map[string]int32
	nameList []string
	identIDs [][]int32
	guardID  []int32
	cudartID int32
	dirArg   [][]int32 // fsShared.dirArg
	// cudart is CUDART_VERSION as cuda_runtime.h defines it.
	cudart *macroDef
	// The visit memo (nil with Config.EveryPass), the canonical
	// definitions and the IDs of names met only while evaluating, shared
	// by all Evaluate calls, which may run at once (sharedmemo.go).
	memo *visitMemo
	// condTexts are evaluations by condition text (condmemo.go), shared
	// with the engines derived from this one (nil with Config.EveryPass).
	condTexts *condTexts
	defs      *sharedDefs
	extra     *extraNames
	// assumed are the IDs of the names this engine answers differently
	// from the engine its memo's base table comes from (Assuming).
	assumed []int32
}

// NewEngine prepares an engine over a file set.
func NewEngine(cfg Config, fs *FileSet) *Engine {
	sh := fs.sharedInfo()
	e := &Engine{cfg: cfg, fs: fs, projectMacros: sh.projectMacros, cutlass: newCutlassModel(cfg.CUDA),
		names: sh.names, nameList: sh.nameList, identIDs: sh.identIDs, guardID: sh.guardID, cudartID: sh.cudartID, dirArg: sh.dirArg,
		defs: &sharedDefs{defs: map[defKey]*macroDef{}}, extra: &extraNames{ids: map[string]int32{}}}
	e.cudart = e.defs.get(&expr.Macro{Name: "CUDART_VERSION", Body: strconv.Itoa(cfg.CUDA.Number())}, nil, 0, false)
	for _, p := range cfg.Passes {
		pm := cfg.Table.Macros(p, cfg.CUDA, cfg.BuildList)
		e.pass = append(e.pass, pm)
		defs := map[string]*expr.Macro{}
		for k, v := range pm.Defined {
			defs[k] = &expr.Macro{Name: k, Body: v}
		}
		e.predefined = append(e.predefined, defs)
	}
	if !cfg.EveryPass {
		e.deps = fs.passDeps(cfg, e.newPassDeps)
		e.rereads = sh.rereads
		limit := int64(maxMemoBytes)
		if cfg.memoBytes > 0 {
			limit = int64(cfg.memoBytes)
		}
		e.memo = newVisitMemo(len(fs.Files), limit)
		e.condTexts = &condTexts{m: map[string][]*sharedCond{}}
	}
	return e
}

// Evaluate runs every translation unit (roots) through every pass and
// returns the merged directive results.
func (e *Engine) Evaluate(units []*File) *Results {
	r := e.NewRun()
	for _, u := range units {
		r.Unit(u)
	}
	return r.Results()
}

// Run is an evaluation of translation units one at a time into one
// result, on one goroutine: Evaluate is one Run over its units. A scan
// runs the two values of an assumed macro unit by unit, one Run each, so
// that the second engine replays what the first stored for the unit
// (Assuming).
type Run struct {
	e     *Engine
	res   *Results
	w     *worker
	conds *condMemo
	// part is set in a run for some files only (NewRunFor, partial.go).
	part *partialRun
}

// NewRun starts a run of the engine.
func (e *Engine) NewRun() *Run {
	r := &Run{e: e, res: newResults(e.cfg.Passes, len(e.fs.Files)), w: e.newWorker()}
	if !e.cfg.EveryPass {
		r.conds = &condMemo{files: make([][][]*condEntry, len(e.fs.Files))}
	}
	// The same test as Results' runEnded, so the count of runs under way
	// cannot go negative.
	if e.memo != nil {
		e.memo.runStarted()
	}
	return r
}

// Unit runs one translation unit through every pass.
func (r *Run) Unit(u *File) {
	e, w := r.e, r.w
	var part *partialUnit
	if r.part != nil {
		if part = r.part.unit(u); part == nil {
			return // it reaches none of the files the caller reads
		}
	}
	for _, g := range e.passGroups(u) {
		w.reset()
		ps := e.newPass(g, r.res, u.ID)
		ps.w = w
		ps.ev = w.ev
		ps.conds = r.conds
		if part != nil {
			ps.part = part.pass()
			ps.only = r.part.only
		}
		ps.events, ps.items = w.events, w.items
		ps.process(u, expr.True, nil, 0, true)
		if ps.stop {
			r.part.stops++
		}
		w.events, w.items = ps.events[:0], ps.items[:0] // reused by the next pass
	}
}

// Results ends the run and returns what its units recorded.
func (r *Run) Results() *Results {
	res := r.res
	if r.e.memo != nil {
		r.e.memo.runEnded()
	}
	res.forgetScratch()
	*r = Run{}
	return res
}

// macroDef is a definition in force, with where it was made.
type macroDef struct {
	m    *expr.Macro
	file *File
	line int
	// conditional is set when the #define sat inside an #if branch.
	conditional bool
	id          int32 // its number among the engine's definitions (sharedDefs)
}

// passState is the preprocessor state of one pass through one unit.
type passState struct {
	e  *Engine
	pi int // the pass evaluated: group[0]
	// group are the passes that preprocess the unit alike; results are
	// recorded for each of them.
	group []int
	mask  uint64 // groupMask(group)
	res   *Results
	unit  int
	// The macro state is the worker's (names.go): w.st by name ID, and
	// w.seen and w.once by file.
	cudaH   bool
	cutlass bool
	// curFile is the file being processed, for __has_include resolution.
	curFile *File
	// modelUsed is set when the CUTLASS model answered a lookup of the
	// condition being evaluated.
	modelUsed bool
	ev        *expr.Evaluator
	// rereads stores readings of re-readable headers by starting state;
	// firstVisits counts files visited for the first time in the pass.
	rereads     map[string]*rereadEffect
	firstVisits int
	// While a re-readable header is read for its effect (capturing > 0),
	// touched logs the macro names and touchedOnce the #pragma once files
	// the reading changes.
	capturing   int
	touched     []int32
	touchedOnce []int
	reads       int // header readings so far
	budget      int // MaxReadsPerPass or Config.ReadBudget
	// conds is the worker's condition memo (nil with Config.EveryPass);
	// lookups logs a condition's macro lookups while logLookups is set.
	conds      *condMemo
	lookups    []condLookup
	logLookups bool
	// hasInclude is set when a condition asked __has_include (its
	// answer depends on the file: condTexts).
	hasInclude bool
	// w is the worker running the pass: its evaluator, canonical
	// definitions and visit memo (visitmemo.go).
	w *worker
	// While a reading is captured for the visit memo or the re-read memo
	// (caps > 0), events logs the state the reading reads and writes, and
	// items (while visitCaps > 0) what it records.
	caps, visitCaps int
	events          []stateEvent
	items           []visitItem
	// lgen stamps logEvent's marks for the innermost open capture;
	// genStack holds the enclosing ones'.
	lgen     uint32
	genStack []uint32
	// maxDepth is the deepest include depth met (for the memo's depth
	// check); cuts counts readings stopped by the depth or read limit.
	maxDepth, cuts int
	// part is set in a run for some files only (NewRunFor, partial.go);
	// stop once the pass has recorded all it must for them: every
	// reading returns, and nothing is stored.
	part *partialPass
	stop bool
	// only is the run's file filter (NewRunFor; nil: every file): the
	// observations of other files are neither recorded nor stored.
	only []bool
}

func (e *Engine) newPass(group []int, res *Results, unit int) *passState {
	budget := MaxReadsPerPass
	if e.cfg.ReadBudget > 0 {
		budget = e.cfg.ReadBudget
	}
	return &passState{e: e, pi: group[0], group: group, mask: groupMask(group), res: res, budget: budget, unit: unit, rereads: map[string]*rereadEffect{}}
}

// Lookup implements expr.Env, logging the answer while a condition is
// evaluated for the memo (condmemo.go).
func (ps *passState) Lookup(name string) (*expr.Macro, Tri) {
	id := ps.w.id(name)
	m, t := ps.lookup(id)
	if ps.logLookups {
		ps.lookups = append(ps.lookups, condLookup{id, m, t})
	}
	return m, t
}

func (ps *passState) lookup(id int32) (*expr.Macro, Tri) {
	s := &ps.w.st[id]
	if ps.caps > 0 {
		ps.logEvent(stateEvent{key: id, def: s.def, undef: s.undef, unknown: s.unknown})
	}
	if s.unknown {
		return nil, expr.Unknown
	}
	if s.def != nil {
		return s.def.m, expr.True
	}
	if s.undef {
		return nil, expr.False
	}
	if a := ps.staticAnswer(id); !a.dep {
		return a.m, a.t
	}
	return ps.lookupDep(ps.w.name(id))
}

// lookupDep answers a name the unit has not touched and whose answer
// depends on the pass or on the unit's includes.
func (ps *passState) lookupDep(name string) (*expr.Macro, Tri) {
	pm := ps.e.pass[ps.pi]
	if m, ok := ps.e.predefined[ps.pi][name]; ok {
		return m, expr.True
	}
	if pm.IsKnownUndefined(name) {
		return nil, expr.False
	}
	switch name {
	case "CUDA_VERSION":
		if ps.cudaH {
			return &expr.Macro{Name: name, Body: fmt.Sprint(ps.e.cfg.CUDA.Number())}, expr.True
		}
	case "CUDART_VERSION":
		if ps.cudaH {
			return &expr.Macro{Name: name, Body: fmt.Sprint(ps.e.cfg.CUDA.Number())}, expr.True
		}
	}
	if ps.cutlass {
		if m, t, ok := ps.e.cutlass.lookup(name, ps.e.cfg.Passes[ps.pi]); ok {
			ps.modelUsed = true
			return m, t
		}
	}
	if ps.e.projectMacros[name] {
		return nil, expr.False
	}
	if m, ok := ps.e.cfg.Assume[name]; ok {
		if m == nil {
			return nil, expr.False
		}
		return m, expr.True
	}
	return nil, expr.Unknown
}

// HasInclude implements expr.Env: true for files in the scan roots, unknown
// otherwise (a system or toolkit header may well exist).
func (ps *passState) HasInclude(header string, angled bool) Tri {
	ps.hasInclude = true
	if ps.curFile != nil {
		if r := ps.e.fs.Resolve(ps.curFile, header, angled); r.File != nil {
			return expr.True
		}
	}
	return expr.Unknown
}

type frame struct {
	parent Tri // whether the enclosing region is active
	any    Tri // whether an earlier branch of this chain was taken
	// parentWhy and anyWhy name the configuration macros that leave parent
	// and any undecided, so values nested under an undecided #ifdef say
	// what they depend on.
	parentWhy, anyWhy *whyNode
}

// whyNode is the set of configuration macros that leave a value
// undecided, kept as a DAG of the sets it was made from: inside an
// undecided region every directive inherits its region's reasons, and
// copying sorted lists per directive and pass (CCCL's prologue.h is read
// hundreds of times per unit) cost more than the evaluation itself. The
// sorted list is built only when a result is recorded.
type whyNode struct {
	names   []string    // sorted
	parents [3]*whyNode // nil: none
	// info holds the memoized union (in Unknowns), once built: it is the
	// evaluation info of every observation in the region that says
	// nothing of its own, held once instead of once per observation
	// (withWhy).
	info *EvalInfo
}

// because returns the reasons for a value: nil when it is decided, else
// the union of the nodes' reasons (nil nodes are none). A single node is
// returned as is, and a union of several is one allocation: most
// directives nested in an undecided region inherit it unchanged.
func because(v Tri, a, b, c *whyNode) *whyNode {
	if v != expr.Unknown {
		return nil
	}
	if b == a {
		b = nil
	}
	if c == a || c == b {
		c = nil
	}
	var ps [3]*whyNode
	n := 0
	for _, p := range [3]*whyNode{a, b, c} {
		if p != nil {
			ps[n] = p
			n++
		}
	}
	switch n {
	case 0:
		return nil
	case 1:
		return ps[0]
	}
	return &whyNode{parents: ps}
}

// sorted returns the sorted union of the node's reasons. The lists it
// starts from are sorted and unique (expr.Result.Unknowns, addUnique), and
// so is the union.
func (w *whyNode) sorted() []string {
	if w == nil {
		return nil
	}
	if w.info == nil {
		out := w.names
		owned := false
		for _, p := range w.parents {
			if p == nil {
				continue
			}
			for _, n := range p.sorted() {
				if k, found := slices.BinarySearch(out, n); !found {
					if !owned {
						out = append(make([]string, 0, len(out)+8), out...)
						owned = true
					}
					out = slices.Insert(out, k, n)
				}
			}
		}
		w.info = &EvalInfo{Unknowns: out}
	}
	return w.info.Unknowns
}

// withWhy adds inherited reasons to a directive's evaluation info. An
// observation that had no info of its own gets the node's, shared: infos
// are never changed once recorded (mergeEvalInfo only reads them).
func withWhy(info *EvalInfo, w *whyNode) *EvalInfo {
	why := w.sorted()
	if len(why) == 0 {
		return info
	}
	if info == nil {
		return w.info
	}
	c := *info // infos are shared (keepInfo): never changed
	c.Unknowns = addUnique(append([]string(nil), info.Unknowns...), why...)
	return &c
}

// process runs one file's directives. strong is false when the file was
// included under an undecided condition (see DirResult.Strong).
func (ps *passState) process(f *File, active Tri, activeWhy *whyNode, depth int, strong bool) {
	ps.maxDepth = max(ps.maxDepth, depth)
	if depth > maxIncludeDepth {
		ps.cuts++
		return
	}
	ps.readFile(f.ID)
	if f.Once && ps.w.once[f.ID] {
		return
	}
	if ps.reads++; ps.reads > ps.budget {
		ps.cuts++
		ps.res.Stopped[ps.unit] = true
		return
	}
	// A guarded header met again while its guard is undecided (it was
	// first read under an undecided condition) would be read again, all of
	// it undecided, and so would every header it includes: exponential in
	// include depth on CCCL. Reading it again cannot say more than the
	// first visit did, so it is skipped like a decided guard.
	//
	// A guarded header met again with its guard defined is skipped too:
	// reading it would evaluate its `#ifndef G` (false: the lookup of G
	// just logged is all it reads) and walk every other directive in the
	// false branch, recording nothing (only a first visit records) and
	// changing nothing (includeGuard: the branch holds every directive but
	// leading #pragmas, which change something only when one is `#pragma
	// once`: f.Once). CCCL re-walked 8.8 M directives that way, 82% of the
	// directives its main evaluation read. TestGuardSkipSameResults
	// compares with reading.
	if g := ps.e.guardID[f.ID]; g >= 0 && ps.w.seen[f.ID] {
		if _, t := ps.lookup(g); t == expr.Unknown || t == expr.True && !f.Once && !ps.e.cfg.readGuarded {
			return
		}
	}
	// Only the first visit of a file in a pass records results: later visits
	// meet its include guard (every directive unreached) or re-expand an
	// X-macro header, and neither says more about the file than the first.
	record := !ps.w.seen[f.ID]
	if ps.e.rereads != nil && ps.e.rereads.candidate[f.ID] && !record {
		// A reading that visits no file for the first time changes only
		// the macro state (see rereads.go).
		k := ps.rereadKey(f, active)
		if ef, ok := ps.rereads[string(k)]; ok {
			ps.logReads(ef.reads)
			ps.replay(ef)
			return
		}
		key := string(k) // k is scratch that the reading reuses
		before, from, fromOnce := ps.firstVisits, len(ps.touched), len(ps.touchedOnce)
		ev := len(ps.events)
		ps.capturing++
		ps.openCapture()
		ps.read(f, active, activeWhy, depth, false, false)
		in, _, _ := ps.closeCapture(ev)
		ps.capturing--
		if ps.firstVisits == before && !ps.stop {
			ef := ps.captureEffect(ps.touched[from:], ps.touchedOnce[fromOnce:])
			ef.reads = slices.Clone(in)
			ps.rereads[key] = ef
		}
		if ps.capturing == 0 {
			ps.touched, ps.touchedOnce = ps.touched[:0], ps.touchedOnce[:0]
		}
		return
	}
	// The unit itself (depth 0) is read, not stored: its visit could be
	// replayed only by another pass group of the same unit, which the
	// groups are made to read differently (12-23% of CCCL's unit runs
	// replayed it), while capturing it made every unit run fold all its
	// includes' reads and writes once more (compact) and filled the memo
	// with entries of one use: CCCL's memo was emptied 49 times, 18 since.
	if record && ps.e.memo != nil && depth > 0 {
		ps.visit(f, active, activeWhy, depth, strong)
		return
	}
	ps.read(f, active, activeWhy, depth, strong, record)
}

// read runs one file's directives; record is set on the file's first
// visit in the pass.
func (ps *passState) read(f *File, active Tri, activeWhy *whyNode, depth int, strong, record bool) {
	strong = strong && record
	// observes: the directives' observations are recorded.
	observes := record && ps.observes(int32(f.ID))
	if record {
		ps.writeFile(f.ID, false)
		ps.setSeen(f.ID)
		ps.firstVisit(f.ID)
	}
	if ps.part != nil && ps.part.enter(f, record) {
		defer ps.part.leave(f, record)
	}
	src := f.St.Src
	// The frames past base are this reading's (worker.frames); an
	// #include below appends past them, so they are indexed afresh after
	// each step rather than held by pointer across one.
	w := ps.w
	base := len(w.frames)
	defer func() { w.frames = w.frames[:base] }()
	cur, curWhy := active, activeWhy
	ci := -1 // the directive's conditional index (Results.files)
	for di := range src.Directives {
		d := &src.Directives[di]
		ps.curFile = f
		if hasCondIndex(d.Kind) {
			ci++
		}
		switch d.Kind {
		case DirIf, DirIfdef, DirIfndef:
			v := expr.False
			var dr *EvalInfo
			var vWhy *whyNode // dr's unknowns
			if cur != expr.False {
				v, dr, vWhy = ps.cond(f, di, d)
			}
			taken := and(cur, v)
			if observes {
				ps.observe(f, di, ci, cur, taken, strong, withWhy(dr, because(cur, curWhy, nil, nil)))
			}
			w.frames = append(w.frames, frame{parent: cur, any: v, parentWhy: curWhy, anyWhy: because(v, vWhy, nil, nil)})
			cur, curWhy = taken, because(taken, vWhy, curWhy, nil)
		case DirElif, DirElifdef, DirElifndef, DirElse:
			if len(w.frames) == base {
				continue
			}
			top := &w.frames[len(w.frames)-1]
			reached := and(top.parent, not(top.any))
			v := expr.True
			var dr *EvalInfo
			var vWhy *whyNode // dr's unknowns
			if d.Kind != DirElse {
				v = expr.False
				if reached != expr.False {
					v, dr, vWhy = ps.cond(f, di, d)
				}
			}
			taken := and(reached, v)
			reachedWhy := because(reached, top.parentWhy, top.anyWhy, nil)
			if observes {
				ps.observe(f, di, ci, reached, taken, strong, withWhy(dr, reachedWhy))
			}
			top.any = or(top.any, and(top.parent, v))
			top.anyWhy = because(top.any, vWhy, top.anyWhy, top.parentWhy)
			cur, curWhy = taken, because(taken, vWhy, reachedWhy, nil)
		case DirEndif:
			if len(w.frames) == base {
				continue
			}
			top := &w.frames[len(w.frames)-1]
			cur, curWhy = top.parent, top.parentWhy
			w.frames = w.frames[:len(w.frames)-1]
		case DirDefine:
			if cur != expr.False {
				ps.define(f, d, f.St.Defines[di], ps.e.dirArg[f.ID][di], cur, len(w.frames) > base)
			}
		case DirUndef:
			if cur != expr.False {
				n := macroName(d.Args)
				id := ps.e.dirArg[f.ID][di]
				if cur == expr.True {
					ps.touch(id)
					ps.set(id, nil, true, false)
				} else if ps.readName(id); !ps.compilerOwned(n) {
					ps.touch(id)
					s := ps.w.st[id]
					ps.set(id, s.def, s.undef, true)
				}
			}
		case DirPragma:
			if cur != expr.False && strings.HasPrefix(d.Args, "once") {
				ps.writeFile(f.ID, true)
				ps.setOnce(f.ID)
				if ps.capturing > 0 {
					ps.touchedOnce = append(ps.touchedOnce, f.ID)
				}
			}
		case DirInclude:
			if cur != expr.False {
				ps.include(f, di, d, cur, curWhy, depth, strong && cur == expr.True)
				if ps.part != nil && (ps.stop || ps.part.done(ps.w)) {
					ps.stop = true
					return
				}
			}
		}
	}
}

func mergeEvalInfo(r, dr *EvalInfo) {
	if dr == nil {
		return
	}
	// Keep the smallest message so the result does not depend on which
	// unit or worker met the error first.
	if dr.Err != "" && (r.Err == "" || dr.Err < r.Err) {
		r.Err = dr.Err
	}
	r.Unknowns = addUnique(r.Unknowns, dr.Unknowns...)
	r.CutlassModel = r.CutlassModel || dr.CutlassModel
	for _, d := range dr.Defs {
		dup := false
		for _, o := range r.Defs {
			if o.Macro == d.Macro && o.File == d.File && o.Line == d.Line {
				dup = true
				break
			}
		}
		if !dup {
			r.Defs = append(r.Defs, d)
		}
	}
}

// cond evaluates one #if/#elif/#ifdef/#ifndef condition in the current
// state. The evaluation info is made only when there is something to say
// (unknowns, an error, derived macros, the CUTLASS model): most
// conditions have none, and this runs for every directive of every pass.
// It is built in the worker's scratch and kept with the evaluation it
// came from (keepInfo), so that a directive read again and again in the
// same state returns the same info and reasons instead of allocating
// them again (an EvalInfo, its Defs and a reasons node per unknown
// condition read: a fifth of CCCL's allocated objects). why is the info's
// Unknowns as reasons (nil when none).
func (ps *passState) cond(f *File, di int, d *Directive) (v Tri, info *EvalInfo, why *whyNode) {
	s := &ps.w.info
	*s = EvalInfo{Defs: s.Defs[:0]}
	ps.modelUsed = false
	var err error
	var ce *condEntry
	ifdef := false
	switch d.Kind {
	case DirIfdef, DirIfndef, DirElifdef, DirElifndef:
		ifdef = true
		id := ps.e.dirArg[f.ID][di]
		_, v = ps.lookup(id)
		if v == expr.Unknown {
			ps.w.oneName[0] = macroName(d.Args)
			s.Unknowns = ps.w.oneName[:]
		}
		ps.noteDefID(s, "", id, d.Args)
		if d.Kind == DirIfndef || d.Kind == DirElifndef {
			v = not(v)
		}
		if ps.conds != nil {
			ce = ps.conds.ifdefEntry(f, di)
		}
	default:
		var r expr.Result
		var used []int32
		r, used, ce, err = ps.evalCond(f, di, d.Args)
		if err != nil {
			v = expr.Unknown
			break
		}
		v = r.Truth
		if len(r.Unknowns) > 0 {
			s.Unknowns = r.Unknowns
		}
		for i, n := range r.Used {
			ps.noteDefID(s, n, used[i], "")
		}
	}
	if ps.modelUsed {
		s.CutlassModel = true
	}
	if err == nil && len(s.Unknowns) == 0 && len(s.Defs) == 0 && !s.CutlassModel {
		return v, nil, nil
	}
	info, why = keepInfo(ce, s, err, ifdef)
	return v, info, why
}

// keepInfo returns the evaluation info built in s (with Err from err):
// the one ce, the evaluation that answered (nil: none kept), made last
// when it says the same, else a new one that ce keeps. Infos are never
// changed once made (withWhy copies), so one object can stand for many
// observations. copyNames is set when s.Unknowns is scratch.
func keepInfo(ce *condEntry, s *EvalInfo, err error, copyNames bool) (*EvalInfo, *whyNode) {
	if ce != nil {
		if c := ce.info; c != nil && c.CutlassModel == s.CutlassModel && sameErr(ce.infoErr, err) &&
			slices.Equal(c.Unknowns, s.Unknowns) && slices.Equal(c.Defs, s.Defs) {
			return c, ce.why
		}
	}
	info := &EvalInfo{Unknowns: s.Unknowns, Defs: slices.Clone(s.Defs), CutlassModel: s.CutlassModel}
	if copyNames {
		info.Unknowns = slices.Clone(s.Unknowns)
	}
	if err != nil {
		info.Err = err.Error()
	}
	var why *whyNode
	if len(info.Unknowns) > 0 {
		why = &whyNode{names: info.Unknowns}
	}
	if ce != nil {
		ce.info, ce.infoErr, ce.why = info, err, why
	}
	return info, why
}

// sameErr reports whether two evaluation errors (nil: none) give the same
// message; a kept evaluation returns the same *expr.Error again.
func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if pa, ok := a.(*expr.Error); ok {
		if pb, ok := b.(*expr.Error); ok && pa == pb {
			return true
		}
	}
	return a.Error() == b.Error()
}

// noteDefID notes in info a conditional definition of a name a condition
// used (by ID: looking it up by string for each condition read cost a
// tenth of cond). An #ifdef passes its arguments instead of the name,
// which is taken from them only when a definition is noted.
func (ps *passState) noteDefID(info *EvalInfo, name string, id int32, args string) {
	ps.readName(id)
	if d := ps.w.st[id].def; d != nil && d.conditional {
		if name == "" {
			name = macroName(args)
		}
		info.Defs = append(info.Defs, DefSite{Macro: name, File: d.file, Line: d.line})
	}
}

func (ps *passState) define(f *File, d *Directive, m *expr.Macro, id int32, cur Tri, conditional bool) {
	if m == nil {
		return
	}
	if cur == expr.Unknown {
		ps.readName(id)
		if ps.compilerOwned(m.Name) {
			return
		}
		s := ps.w.st[id]
		if old := s.def; old != nil && old.m.Body == m.Body && old.m.FuncLike == m.FuncLike {
			return
		}
		ps.touch(id)
		ps.set(id, s.def, s.undef, true)
		return
	}
	ps.touch(id)
	ps.set(id, ps.w.macroDef(m, f, d.Line, conditional), false, false)
}

// compilerOwned reports whether nvcc sets a macro itself (__CUDA_ARCH__,
// __CUDACC__, ...). Projects redefine these only in IDE-hint blocks
// (`#if IS_IN_IDE_PARSER / #define __CUDA_ARCH__ 900`); under an undecided
// condition such a #define is ignored rather than allowed to make the arch
// itself unknown. Under a condition known to hold it still applies.
func (ps *passState) compilerOwned(name string) bool {
	pm := ps.e.pass[ps.pi]
	_, def := pm.Defined[name]
	return def || pm.IsKnownUndefined(name)
}

func (ps *passState) include(f *File, di int, d *Directive, cur Tri, why *whyNode, depth int, strong bool) {
	var to *File
	name := ""
	switch a := ps.e.dirArg[f.ID][di]; a {
	case includeUnresolved:
		name, _, _ = LiteralInclude(d.Args)
	case includeComputed:
		n, angled, ok := includeName(d.Args, ps)
		if !ok {
			return
		}
		name, to = n, ps.e.fs.Resolve(f, n, angled).File
	default:
		to = ps.e.fs.Files[a]
	}
	if to == nil {
		base := path.Base(name)
		switch {
		case name == "cuda.h" || base == "cuda_runtime.h" || base == "cuda_runtime_api.h":
			// CUDA_VERSION comes from cuda.h only; cuda_runtime.h gives
			// CUDART_VERSION (nvcc13-build-facts.md). Both carry the
			// toolkit number, so treat either header as the marker.
			if name == "cuda.h" {
				ps.cudaH = true
			} else if id := ps.e.cudartID; ps.readName(id) && ps.w.st[id].def == nil {
				ps.touch(id)
				s := ps.w.st[id]
				ps.set(id, ps.e.cudart, s.undef, s.unknown)
			}
		case strings.HasPrefix(name, "cutlass/") || strings.HasPrefix(name, "cute/"):
			ps.cutlass = true
		}
		return
	}
	ps.process(to, cur, why, depth+1, strong)
}

// includeName extracts the header name of an #include, expanding a macro
// argument when the directive uses one.
func includeName(args string, env expr.Env) (string, bool, bool) {
	if name, angled, ok := LiteralInclude(args); ok {
		return name, angled, true
	}
	a := strings.TrimSpace(args)
	if m, t := env.Lookup(macroName(a)); t == expr.True && m != nil && !m.FuncLike {
		return includeName(m.Body, env)
	}
	return "", false, false
}

// macroName returns the identifier at the start of s.
func macroName(s string) string {
	s = strings.TrimSpace(s)
	k := 0
	for k < len(s) && isIdentByte(s[k]) {
		k++
	}
	if k == 0 || (s[0] >= '0' && s[0] <= '9') {
		return ""
	}
	return s[:k]
}
