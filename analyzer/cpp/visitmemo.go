package cpp

import (
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// Visit memo: a header's first visit in a pass reads some of the
// preprocessor state (the macros its conditions and #defines look up,
// whether the headers it includes were seen or are #pragma once) and
// leaves a new state and a list of recorded results. The pass groups of a
// unit, and the units that include the header, mostly reach it in states
// that agree on everything it reads: CCCL's config headers are read the
// same way by every unit and every pass, since only a few of the headers
// they include look at __CUDA_ARCH__. So a first visit is stored with the
// state it read (the input reads: values read before the visit changed
// them) and what it did (the final state of everything it wrote, the
// observations it recorded, the includes it followed), and a later first
// visit of the same header from a state that answers every input read
// alike replays it instead of reading the header and all it includes.
//
// Nested visits are stored on their own and referenced by their parent's
// items, so each recorded observation is kept once; the input reads and
// the final writes are kept flat, for the whole subtree (visitEntry.in and
// out), as checks and replays walk them. A replay records exactly what
// reading would have recorded, for the passes of the group running it.
//
// Logging more reads than a visit needs only makes it match less often,
// so the log errs on that side; what it must hold is every read that can
// change what the visit does: macro lookups (the condition memo's checks
// included), the state a #define or #undef under an undecided condition
// keeps, CUDART_VERSION at cuda_runtime.h, and the seen and once flags
// process tests. The cuda.h and CUTLASS flags, the condition the header is
// included under, its include depth and the read budget left are compared
// whole. Config.EveryPass turns the memo off; TestVisitMemoSameResults,
// TestPassGroupsSameResults and FuzzEngineShortcuts compare with it.

// stateEvent is one read or write of the preprocessor state while a
// reading is captured: of a macro name (key >= 0, its ID) or of a file's
// seen or #pragma once flag (key < 0, fileKey). A read carries the value
// it saw.
//
// An event with ref set stands for a stored visit's input reads (or, with
// write set, its writes) in the log of an enclosing capture.
type stateEvent struct {
	ref            *visitRef
	def            *macroDef
	key            int32
	write          bool
	undef, unknown bool
	val            bool // seen or once, for file keys
}

// fileKey is the event key of file id's seen flag (once false) or #pragma
// once flag.
func fileKey(id int, once bool) int32 {
	k := int32(2 * id)
	if once {
		k++
	}
	return -k - 1
}

// inputRead is one input read of a stored visit, flattened: a key (as
// in stateEvent) and the value it read (stateVal for a name, 0 or 1 for a
// file flag).
type inputRead struct {
	key, val int32
}

// input is the input read an event (a read, not a reference) makes.
func (ev *stateEvent) input() inputRead {
	if ev.key >= 0 {
		return inputRead{ev.key, stateVal(ev.def, ev.undef, ev.unknown)}
	}
	return inputRead{ev.key, boolVal(ev.val)}
}

func boolVal(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// finalWrite is the state a stored visit left in a key it wrote: for a
// name, its stateVal (the definition's ID and the flags: worker.defOf
// gives the definition back); for a file flag, 1 (set). Eight bytes: a
// stored visit keeps one for every key its subtree wrote.
type finalWrite struct {
	key, val int32
}

// finalWrite returns the state of a key now, as a write that leaves it.
func (ps *passState) finalWrite(key int32) finalWrite {
	if key >= 0 {
		return finalWrite{key: key, val: ps.w.vals[key]}
	}
	return finalWrite{key: key, val: 1}
}

// defOf is the definition a stateVal names (nil: none).
func (w *worker) defOf(val int32) *macroDef {
	id := int(val >> 2)
	if id == 0 {
		return nil
	}
	if id >= len(w.defByID) {
		// Another worker made it: every definition a stored visit
		// names was made before the visit was stored.
		w.defByID = w.e.defs.list()
	}
	return w.defByID[id]
}

// fileFlag reads the flag a file key names.
func (ps *passState) fileFlag(key int32) bool {
	k := -key - 1
	if k&1 == 1 {
		return ps.w.once[k>>1]
	}
	return ps.w.seen[k>>1]
}

const (
	itemObs = iota
	itemVisit
	itemChild
)

// visitItem is one thing a captured visit recorded, in order: a directive
// observation, a first visit of a file, or a nested stored visit.
type visitItem struct {
	kind           uint8
	strong         bool
	reached, taken Tri
	// file and di name the directive; ci is its conditional index
	// (Results.files).
	file, di, ci int32
	info         *EvalInfo
	child        *visitEntry
}

// visitEntry is one stored first visit of a file.
type visitEntry struct {
	self visitRef // a reference to it with no exclusions
	// The context it was read in besides the state: all must match.
	active         Tri
	why            []string
	strong         bool
	cudaH, cutlass bool
	pi             int // the pass that read it
	relDepth       int // deepest include below it, relative to it
	reads          int // header readings it made (the read budget)
	// in are the input reads of it and of everything it included, each
	// key once: a check walks one flat list instead of following the
	// references to its children's, which met the same keys again and
	// again (CUTLASS: 108 M reads walked by successful checks, 39 M of
	// them distinct). passDep are the names among them that some passes
	// answer differently (checked when another pass replays it).
	in      []inputRead
	passDep []int32
	// out is the final state of every key it and everything it included
	// wrote, each key once. Children's writes used to be kept by
	// reference and replayed child by child, but most keys are written
	// again and again (CCCL's prologue.h and epilogue.h save and restore
	// the same macros in every header): replays applied 200 M writes for
	// 27 M distinct keys, and compact walked as many.
	out                  []finalWrite
	endCudaH, endCutlass bool
	items                []visitItem
	visits               int // first visits it made, nested ones included
	// only is the filter of the run that read it (Run.only; nil: every
	// file): items holds the observations of those files alone.
	only []bool
	// gen and idx name it for entryMarks: its table and its index there.
	gen uint32
	idx int32
	// size is its estimated bytes (maxMemoBytes); used is the table's
	// time (memoTable.touch) when it was stored or last replayed, and
	// kept the last eviction that kept it (memoTable.evict).
	size int32
	used atomic.Uint32
	kept uint32
}

// groupMask is the set of passes of a group as a bit set; 0 (no fast
// path) when some pass is past 63.
func groupMask(group []int) uint64 {
	var m uint64
	for _, pi := range group {
		if pi >= 64 {
			return 0
		}
		m |= 1 << pi
	}
	return m
}

// marksOf returns the worker's marks on a stored visit, nil when it has
// none: recording one of its observations again for the same pass changes
// nothing (mergePass and mergeEvalInfo are joins, pass by pass), and the
// units of a worker replay the same headers in the same groups again and
// again.
func (w *worker) marksOf(ent *visitEntry) *entryMarks {
	t := w.lastMarked
	if t == nil || t.gen != ent.gen {
		t = w.table(ent.gen)
		w.lastMarked = t
	}
	if t.sparse != nil {
		if i, ok := t.sparse[ent.idx]; ok {
			return &t.marks[i]
		}
		return nil
	}
	if int(ent.idx) < len(t.marks) {
		if m := &t.marks[ent.idx]; m.gen == ent.gen {
			return m
		}
	}
	return nil
}

// markDone notes that the entry's evaluation infos, first visits and
// observations for the running group are in the worker's results.
func (ps *passState) markDone(ent *visitEntry) {
	w := ps.w
	t := w.table(ent.gen)
	var m *entryMarks
	switch {
	case t.sparse != nil:
		i, ok := t.sparse[ent.idx]
		if !ok {
			i = int32(len(t.marks))
			t.marks = append(t.marks, entryMarks{})
			t.sparse[ent.idx] = i
		}
		m = &t.marks[i]
	default:
		if int(ent.idx) >= len(t.marks) {
			t.marks = slices.Grow(t.marks, int(ent.idx)+1-len(t.marks))[:int(ent.idx)+1]
		}
		m = &t.marks[ent.idx]
	}
	if m.gen != ent.gen {
		*m = entryMarks{gen: ent.gen}
	}
	m.donePasses |= ps.mask
}

// visitRef refers to a stored visit's input reads, except those of the
// keys in excl: the referring visit wrote them before (so they are not
// its inputs).
type visitRef struct {
	ent  *visitEntry
	excl []int32
}

// maxVisitEntries bounds the stored visits of one file (at most 256:
// tableState.hint holds an index as a byte). CUTLASS's core headers
// (cute/tensor.hpp, cutlass/gemm/gemm.h, ...) are first visited in more
// states than 32, which of the headers below them each unit included
// already: at 32, 92 k of its 112 k fresh reads were of files whose
// list was full, and were not stored; at 128 about 3 k of 40 k. The
// discriminators keep the longer lists cheap to check, and the memo's
// byte bound is unchanged.
const maxVisitEntries = 128

// Estimated sizes for maxMemoBytes.
const (
	eventBytes = int(unsafe.Sizeof(stateEvent{}))
	inputBytes = int(unsafe.Sizeof(inputRead{}))
	writeBytes = int(unsafe.Sizeof(finalWrite{}))
	itemBytes  = int(unsafe.Sizeof(visitItem{}))
	entryBytes = int(unsafe.Sizeof(visitEntry{})) + 64
)

// worker is what one Evaluate call keeps across its units and passes; it
// runs on one goroutine.
type worker struct {
	e  *Engine
	ev *expr.Evaluator
	// tables are the worker's marks on stored visits and its lookup
	// hints, by memo table (tableState); lastMarked is the one marksOf
	// used last.
	tables     [maxTables]tableState
	ntables    int
	lastMarked *tableState
	// defs and defByID cache the engine's canonical definitions
	// (sharedDefs).
	defs    map[defKey]*macroDef
	defByID []*macroDef
	// answers caches, per name, how each pass answers it (nil when every
	// pass answers alike).
	answers map[int32][]string
	// The state of the running pass (names.go): by name ID (IDs past the
	// interned ones are names only the evaluation met: extraNames, the
	// engine's as far as the worker knows them), and by file; dirty lists
	// what to reset before the next pass.
	st         []nameState
	static     []staticAnswer
	extraNames []string
	seen, once []bool
	dirtyNames []int32
	dirtyFiles []int32
	// Scratch for compact: generation-stamped marks by name ID and by
	// file key; lmark and lfmark are logEvent's, stamped with the
	// innermost open capture (lgen counts captures).
	mark, fmark   []compactMark
	lmark, lfmark []uint32
	gen, lgen     uint32
	inBuf, outBuf []stateEvent
	flatBuf       []inputRead
	writtenBuf    []int32
	exclBuf       []int32
	// skip and fskip mark the exclusions of the reference markReads
	// follows.
	skip, fskip []bool
	// vals is the state of the running pass by name ID, as stateVal
	// numbers (st holds it as definitions).
	vals []int32
	// failed is the input read the last failed readsMatch stopped at
	// (nil: it failed on the passes).
	failed *inputRead
	// hidden are the assumed names matchBase hides, baseFails its
	// scratch.
	hidden    []int32
	baseFails []discUpdate
	// info is cond's scratch evaluation info, oneName the scratch
	// Unknowns of an undecided #ifdef (keepInfo copies what it keeps).
	info    EvalInfo
	oneName [1]string
	// keyBuf is rereadKey's scratch key; keySeen stamps the files its
	// walk entered with keyGen.
	keyBuf  []byte
	keySeen []uint32
	keyGen  uint32
	// The event log and item list, kept from one pass to the next.
	events []stateEvent
	items  []visitItem
	// frames is read's #if nesting stack, kept from one reading to the
	// next: each reading (an #include reads the included file inside
	// its includer's reading) uses the frames past those of the
	// readings enclosing it and drops them when it returns, so no
	// reading allocates a stack of its own.
	frames []frame
}

type defKey struct {
	m           *expr.Macro
	conditional bool
}

func (e *Engine) newWorker() *worker {
	nn, nf := len(e.nameList), len(e.fs.Files)
	w := &worker{e: e, ev: &expr.Evaluator{}, defs: map[defKey]*macroDef{}, answers: map[int32][]string{},
		st: make([]nameState, nn), static: make([]staticAnswer, nn), vals: make([]int32, nn),
		seen: make([]bool, nf), once: make([]bool, nf), keySeen: make([]uint32, nf),
		mark: make([]compactMark, nn), lmark: make([]uint32, nn), fmark: make([]compactMark, 2*nf), lfmark: make([]uint32, 2*nf),
		skip: make([]bool, nn), fskip: make([]bool, 2*nf)}
	return w
}

// macroDef returns the canonical definition made by directive m.
func (w *worker) macroDef(m *expr.Macro, f *File, line int, conditional bool) *macroDef {
	k := defKey{m, conditional}
	d := w.defs[k]
	if d == nil {
		d = w.e.defs.get(m, f, line, conditional)
		w.defs[k] = d
	}
	return d
}

// passAnswers is how each pass answers name before any #define, nil when
// all answer alike.
func (ps *passState) passAnswers(id int32) []string {
	a, ok := ps.w.answers[id]
	if !ok {
		name := ps.w.name(id)
		if ps.e.deps != nil {
			a = ps.e.deps.answers[name]
		}
		if a == nil {
			a = ps.e.passAnswers(name)
			if !slices.ContainsFunc(a[1:], func(s string) bool { return s != a[0] }) {
				a = nil
			}
		}
		ps.w.answers[id] = a
	}
	return a
}

// readName logs a read of a macro name's state; it returns true so that
// it can sit in a condition.
func (ps *passState) readName(id int32) bool {
	if ps.caps > 0 {
		s := &ps.w.st[id]
		ps.logEvent(stateEvent{key: id, def: s.def, undef: s.undef, unknown: s.unknown})
	}
	return true
}

// logEvent logs a read or write for the open captures. Within the
// innermost capture, a read of what it already read or wrote, and a
// write of what it already wrote, add nothing to what compact finds, so
// they are not logged: a header looks the same macros up again and again.
func (ps *passState) logEvent(ev stateEvent) {
	if ps.caps == 0 {
		return
	}
	var p *uint32
	if ev.key >= 0 {
		p = &ps.w.lmark[ev.key]
	} else {
		p = &ps.w.lfmark[-ev.key-1]
	}
	g := ps.lgen << 2
	m := *p
	if m&^3 != g {
		m = g
	}
	if ev.write {
		if m&2 != 0 {
			return
		}
		m |= 3
	} else {
		if m&1 != 0 {
			return
		}
		m |= 1
	}
	*p = m
	ps.events = append(ps.events, ev)
}

// openCapture starts logging the state a reading reads and writes.
func (ps *passState) openCapture() {
	ps.caps++
	ps.genStack = append(ps.genStack, ps.lgen)
	ps.w.lgen++
	ps.lgen = ps.w.lgen
}

// closeCapture ends the innermost capture, which started at event from,
// and returns what compact makes of its events (valid until the next
// compact).
func (ps *passState) closeCapture(from int) (in []stateEvent, flat []inputRead, written []int32) {
	ps.caps--
	ps.lgen = ps.genStack[len(ps.genStack)-1]
	ps.genStack = ps.genStack[:len(ps.genStack)-1]
	return ps.compact(from)
}

// readFile logs a read of a file's seen flag, and of its #pragma once
// flag when it has one.
func (ps *passState) readFile(id int) {
	if ps.caps > 0 {
		ps.logEvent(stateEvent{key: fileKey(id, false), val: ps.w.seen[id]})
		if ps.e.fs.Files[id].Once {
			ps.logEvent(stateEvent{key: fileKey(id, true), val: ps.w.once[id]})
		}
	}
}

// writeFile logs a write of a file's seen flag (once false) or #pragma
// once flag (once true).
func (ps *passState) writeFile(id int, once bool) {
	if ps.caps > 0 {
		ps.logEvent(stateEvent{key: fileKey(id, once), write: true})
	}
}

// logReads logs, for an enclosing capture, the reads a replayed re-read
// made, with the values they have now (those a reading would see).
func (ps *passState) logReads(reads []stateEvent) {
	if ps.caps == 0 {
		return
	}
	for _, r := range reads {
		if r.ref != nil {
			ps.events = append(ps.events, stateEvent{ref: r.ref})
			continue
		}
		if r.key >= 0 {
			ps.readName(r.key)
			continue
		}
		ps.logEvent(stateEvent{key: r.key, val: ps.fileFlag(r.key)})
	}
}

// compact turns the events logged since position from into the input
// reads (first reads of what was not written before; references to
// stored visits, less what was written before them) and the writes
// (deduplicated; references to stored visits' writes), and, when an
// enclosing capture is still open, puts them back in that order in place
// of the events: for the enclosing reading they are reads of its state at
// this point, then writes. It returns the input reads; flat, the same
// input reads with the references' flattened, each key once
// (visitEntry.in); and written, every key written, the references'
// included, each once (visitEntry.out). The slices are the worker's
// scratch: callers that keep them clone them.
//
// Marks: bit 1 read, bit 2 written (by anything), bit 4 written by the
// reading's own directives (out lists those once). An input read's value
// is kept with its mark (compactMark.in, for netWrites).
func (ps *passState) compact(from int) (in []stateEvent, flat []inputRead, written []int32) {
	w := ps.w
	in, out, flat, written := w.inBuf[:0], w.outBuf[:0], w.flatBuf[:0], w.writtenBuf[:0]
	defer func() { w.inBuf, w.outBuf, w.flatBuf, w.writtenBuf = in[:0], out[:0], flat[:0], written[:0] }()
	w.gen++
	g := w.gen << 3
	for _, ev := range ps.events[from:] {
		if ev.ref != nil {
			if ev.write {
				written = ps.markWrites(ev.ref.ent, g, written)
				out = append(out, ev)
				continue
			}
			excl := w.exclBuf[:0]
			ps.markReads(ev.ref, g, &excl, &flat)
			if len(excl) == 0 {
				in = append(in, ev)
			} else {
				in = append(in, stateEvent{ref: &visitRef{ent: ev.ref.ent, excl: append(slices.Clip(ev.ref.excl), excl...)}})
			}
			w.exclBuf = excl[:0]
			continue
		}
		p := w.markOf(ev.key)
		m := p.m
		if m&^7 != g {
			m = g
		}
		switch {
		case ev.write && m&4 == 0:
			out = append(out, stateEvent{key: ev.key, write: true})
			if m&2 == 0 {
				written = append(written, ev.key)
			}
			m |= 6
		case !ev.write && m&3 == 0:
			in = append(in, ev)
			rd := ev.input()
			flat = append(flat, rd)
			p.in = rd.val
			m |= 1
		default:
			continue
		}
		p.m = m
	}
	ps.events = ps.events[:from]
	if ps.caps > 0 {
		ps.events = append(append(ps.events, in...), out...)
	}
	return in, flat, written
}

// compactMark is compact's mark of an event key (see compact) and, for
// a key among its input reads, the value read (netWrites), kept side by
// side: netWrites reads both for every key written.
type compactMark struct {
	m  uint32
	in int32
}

// markOf is compact's mark for an event key.
func (w *worker) markOf(key int32) *compactMark {
	if key >= 0 {
		return &w.mark[key]
	}
	return &w.fmark[-key-1]
}

// skipOf is the exclusion mark of a key (markReads).
func (w *worker) skipOf(key int32) *bool {
	if key >= 0 {
		return &w.skip[key]
	}
	return &w.fskip[-key-1]
}

// markReads marks the input reads of a reference as read for compact
// generation g, appending to excl those written before and to flat those
// not read before.
func (ps *passState) markReads(r *visitRef, g uint32, excl *[]int32, flat *[]inputRead) {
	w := ps.w
	for _, k := range r.excl {
		*w.skipOf(k) = true
	}
	skipping := len(r.excl) > 0
	for _, rd := range r.ent.in {
		if skipping && *w.skipOf(rd.key) {
			continue
		}
		p := w.markOf(rd.key)
		m := p.m
		if m&^7 != g {
			m = g
		}
		switch {
		case m&2 != 0:
			*excl = append(*excl, rd.key)
		case m&1 == 0:
			p.m, p.in = m|1, rd.val
			*flat = append(*flat, rd)
		}
	}
	for _, k := range r.excl {
		*w.skipOf(k) = false
	}
}

// markWrites marks what a stored visit wrote as written for compact
// generation g, appending to written the keys not written before.
func (ps *passState) markWrites(ent *visitEntry, g uint32, written []int32) []int32 {
	for _, o := range ent.out {
		p := ps.w.markOf(o.key)
		m := p.m
		if m&^7 != g {
			m = g
		}
		if m&2 == 0 {
			written = append(written, o.key)
		}
		p.m = m | 2
	}
	return written
}

// observe records one directive observation for the running group.
func (ps *passState) observe(f *File, di, ci int, reached, taken Tri, strong bool, info *EvalInfo) {
	dr := ps.recordAll(int32(f.ID), di, ci, reached, taken, strong)
	mergeEvalInfo(&dr.EvalInfo, info)
	if ps.visitCaps > 0 {
		ps.items = append(ps.items, visitItem{kind: itemObs, file: int32(f.ID), di: int32(di), ci: int32(ci),
			reached: reached, taken: taken, strong: strong, info: info})
	}
}

// firstVisit records that the unit reached file id.
func (ps *passState) firstVisit(id int) {
	ps.countVisit(int32(id))
	if ps.visitCaps > 0 {
		ps.items = append(ps.items, visitItem{kind: itemVisit, file: int32(id)})
	}
}

// visit is the first visit of f in the pass: replayed from the memo when a
// stored visit read the same state, else read and stored.
func (ps *passState) visit(f *File, active Tri, activeWhy *whyNode, depth int, strong bool) {
	why := activeWhy.sorted()
	w := ps.w
	table := ps.e.memo.table
	var fails []discUpdate
	if l := table.list(f.ID); l != nil {
		// Entries another worker stored may read names it met first.
		w.syncNames()
		if ent := ps.matchList(table.gen, l, f.ID, active, why, depth, strong, &fails); ent != nil {
			table.touch(ent)
			ps.replayVisit(ent, depth)
			return
		}
	}
	if ent := ps.matchBases(f.ID, active, why, depth, strong); ent != nil {
		ps.replayVisit(ent, depth)
		return
	}
	from, fromItems := len(ps.events), len(ps.items)
	reads0, cuts0, maxDepth0 := ps.reads, ps.cuts, ps.maxDepth
	cudaH, cutlass := ps.cudaH, ps.cutlass
	ps.maxDepth = depth
	ps.openCapture()
	ps.visitCaps++
	ps.read(f, active, activeWhy, depth, strong, true)
	ps.visitCaps--
	relDepth := ps.maxDepth - depth
	ps.maxDepth = max(maxDepth0, ps.maxDepth)
	in, flat, written := ps.closeCapture(from)
	if ps.cuts != cuts0 || ps.stop || table.full(f.ID) {
		// Not stored, but what the checks found still helps the next
		// lookups of the file.
		ps.e.memo.add(table, f.ID, nil, fails)
		// The items stay inline for an enclosing capture.
		if ps.visitCaps == 0 {
			ps.items = ps.items[:0]
		}
		return
	}
	ent := &visitEntry{gen: table.gen, idx: table.entries.Add(1) - 1, active: active, why: why, strong: strong, cudaH: cudaH, cutlass: cutlass, pi: ps.pi,
		relDepth: relDepth, reads: ps.reads - reads0, in: slices.Clone(flat), endCudaH: ps.cudaH, endCutlass: ps.cutlass, only: ps.only}
	ent.self.ent = ent
	ent.out = ps.netWrites(written)
	ent.passDep = ps.passDepOf(in)
	ent.items = slices.Clone(ps.items[fromItems:])
	for _, it := range ent.items {
		switch it.kind {
		case itemVisit:
			ent.visits++
		case itemChild:
			ent.visits += it.child.visits
		}
	}
	ent.size = int32(entryBytes + inputBytes*len(ent.in) + writeBytes*len(ent.out) + itemBytes*len(ent.items) + 4*len(ent.passDep))
	ent.used.Store(uint32(ent.idx))
	ps.markDone(ent)
	ps.e.memo.add(table, f.ID, ent, fails)
	if ps.caps > 0 {
		// compact put the reads and writes back: refer to them instead.
		ps.events = append(ps.events[:from], stateEvent{ref: &ent.self}, stateEvent{ref: &ent.self, write: true})
	}
	ps.items = ps.items[:fromItems]
	if ps.visitCaps > 0 {
		ps.items = append(ps.items, visitItem{kind: itemChild, child: ent})
	}
}

// netWrites returns the final state of the keys a captured visit wrote
// (compact's written), less those it read first (its input reads) and
// left as it read them. A replay happens only from a state that holds
// every input read, so writing such a key changes nothing there; and an
// enclosing capture still sees the key as this visit's input read, so
// its later reads of the key are not inputs either way. Many of CCCL's
// writes are of that kind: prologue.h and epilogue.h set the same
// hundred-odd names undecided in every header, the same as the header
// before them left them, and stored visits kept them all and replays
// applied them all. It reads the marks of the compact that made written,
// so it must run before the next compact.
//
// The list is allocated at its length, counted first: allocated at
// len(written) and clipped, it kept the dropped writes' room (a fifth of
// CCCL's, and the memo's bound counts lengths, maxMemoBytes).
func (ps *passState) netWrites(written []int32) []finalWrite {
	w := ps.w
	g := w.gen << 3
	unchanged := func(k int32) bool {
		p := w.markOf(k)
		return p.m&^7 == g && p.m&1 != 0 && p.in == ps.finalWrite(k).val
	}
	n := 0
	for _, k := range written {
		if !unchanged(k) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]finalWrite, 0, n)
	for _, k := range written {
		if !unchanged(k) {
			out = append(out, ps.finalWrite(k))
		}
	}
	return out
}

// matchList returns the entry of list l (file id's in the table numbered
// gen) that read what the state holds now, nil when none did.
func (ps *passState) matchList(gen uint32, l *memoList, id int, active Tri, why []string, depth int, strong bool, fails *[]discUpdate) *visitEntry {
	t := ps.w.table(gen)
	if t.hint == nil {
		t.hint = make([]uint8, len(ps.e.fs.Files))
	}
	// Try the entry that answered last first: one state is usually met
	// again and again.
	h := int(t.hint[id])
	if h < len(l.ents) && ps.matches(l, h, active, why, depth, strong, fails) {
		return l.ents[h]
	}
	for i, ent := range l.ents {
		if i != h && ps.matches(l, i, active, why, depth, strong, fails) {
			t.hint[id] = uint8(i)
			return ent
		}
	}
	return nil
}

// matchBases returns a visit of file id in the memo's bases
// (Engine.Assuming) that read what the state holds now, with the assumed
// names that the state leaves to the engine hidden; nil when none did.
func (ps *passState) matchBases(id int, active Tri, why []string, depth int, strong bool) *visitEntry {
	var ent *visitEntry
	hidden := false
	for _, b := range ps.e.memo.bases {
		t := b.table
		l := t.list(id)
		if l == nil {
			continue
		}
		w := ps.w
		if !hidden {
			hidden = true
			w.syncNames()
			for _, n := range ps.e.assumed {
				if w.vals[n] == 0 {
					w.vals[n] = hiddenVal
					w.hidden = append(w.hidden, n)
				}
			}
		}
		// What failed checks find is not kept: a base is not filled,
		// and a hidden value must not become a discriminator of this
		// memo's entries.
		fails := w.baseFails[:0]
		ent = ps.matchList(t.gen, l, id, active, why, depth, strong, &fails)
		w.baseFails = fails[:0]
		if ent != nil {
			break
		}
	}
	if hidden {
		for _, n := range ps.w.hidden {
			ps.w.vals[n] = 0
		}
		ps.w.hidden = ps.w.hidden[:0]
	}
	return ent
}

// passDepOf returns the names among a visit's input reads (compact's in)
// that some passes answer differently, with those of the stored visits it
// refers to, exclusions included (a child's check tested them all). A
// child stored in another pass answered them there as in the visit's pass
// (it matched), so one check against the visit's pass stands for the
// child's.
func (ps *passState) passDepOf(in []stateEvent) []int32 {
	var dep []int32
	for i := range in {
		r := &in[i]
		if r.ref != nil {
			for _, n := range r.ref.ent.passDep {
				if !slices.Contains(dep, n) {
					dep = append(dep, n)
				}
			}
			continue
		}
		if r.key >= 0 && ps.staticAnswer(r.key).dep && ps.passAnswers(r.key) != nil && !slices.Contains(dep, r.key) {
			dep = append(dep, r.key)
		}
	}
	return dep
}

// matches reports whether stored visit i of list l read what the state
// holds now. A check that fails at an input read adds what it found to
// fails (memoList).
func (ps *passState) matches(l *memoList, i int, active Tri, why []string, depth int, strong bool, fails *[]discUpdate) bool {
	ent := l.ents[i]
	if ent.active != active || ent.strong != strong || ent.cudaH != ps.cudaH || ent.cutlass != ps.cutlass ||
		depth+ent.relDepth > maxIncludeDepth || ps.reads+ent.reads > ps.budget || !slices.Equal(ent.why, why) ||
		ent.only != nil && !sameFilter(ent.only, ps.only) {
		return false
	}
	for k := range l.disc[i] {
		if rd := l.disc[i][k]; !ps.readMatches(rd) {
			*fails = append(*fails, discUpdate{ent: ent, cur: ps.current(rd.key)})
			return false
		}
	}
	w := ps.w
	w.failed = nil
	if ps.readsMatch(ent) {
		return true
	}
	if w.failed != nil {
		*fails = append(*fails, discUpdate{ent: ent, rec: *w.failed, cur: ps.current(w.failed.key), addRec: true})
	}
	return false
}

// current is the state of an event key now, as an input read of it.
func (ps *passState) current(key int32) inputRead {
	if key >= 0 {
		return inputRead{key, ps.w.vals[key]}
	}
	return inputRead{key, boolVal(ps.fileFlag(key))}
}

// readMatches reports whether one input read reads the same now.
func (ps *passState) readMatches(rd inputRead) bool {
	return ps.current(rd.key) == rd
}

// readsMatch reports whether every input read of a stored visit reads the
// same now. Reads of other passes count as the same when the passes
// answer the name alike.
func (ps *passState) readsMatch(ent *visitEntry) bool {
	if ent.pi != ps.pi {
		for _, n := range ent.passDep {
			a := ps.passAnswers(n)
			if a[ent.pi] != a[ps.pi] {
				return false
			}
		}
	}
	for i, rd := range ent.in {
		if !ps.readMatches(rd) {
			ps.w.failed = &ent.in[i]
			return false
		}
	}
	return true
}

// replayVisit does what reading the stored visit did.
func (ps *passState) replayVisit(ent *visitEntry, depth int) {
	if ps.caps > 0 {
		// Its reads, then its writes.
		ps.events = append(ps.events, stateEvent{ref: &ent.self}, stateEvent{ref: &ent.self, write: true})
	}
	ps.reads += ent.reads
	ps.maxDepth = max(ps.maxDepth, depth+ent.relDepth)
	ps.replayItems(ent)
	if ps.visitCaps > 0 {
		ps.items = append(ps.items, visitItem{kind: itemChild, child: ent})
	}
	ps.applyWrites(ent)
	ps.cudaH, ps.cutlass = ent.endCudaH, ent.endCutlass
}

// applyWrites puts the state a stored visit left.
func (ps *passState) applyWrites(ent *visitEntry) {
	for _, o := range ent.out {
		if o.key >= 0 {
			if ps.capturing > 0 {
				ps.touched = append(ps.touched, o.key)
			}
			ps.setVal(o.key, ps.w.defOf(o.val), o.val)
			continue
		}
		// Files flags only ever get set.
		k := int(-o.key - 1)
		if k&1 == 0 {
			ps.setSeen(k >> 1)
		} else {
			ps.setOnce(k >> 1)
			if ps.capturing > 0 {
				ps.touchedOnce = append(ps.touchedOnce, k>>1)
			}
		}
	}
}

// replayItems records a stored visit's results for the running group.
func (ps *passState) replayItems(ent *visitEntry) {
	m := ps.w.marksOf(ent)
	if m != nil && ps.mask != 0 && ps.mask&^m.donePasses == 0 {
		// Its observations and first visits are in the results already.
		ps.firstVisits += ent.visits
		return
	}
	defer ps.markDone(ent)
	// Merging evaluation info again changes nothing (mergeEvalInfo is a
	// join): once in these results, it stays.
	again := m != nil
	for i := range ent.items {
		it := &ent.items[i]
		switch it.kind {
		case itemObs:
			if ps.only != nil && !ps.only[it.file] {
				continue
			}
			dr := ps.recordAll(it.file, int(it.di), int(it.ci), it.reached, it.taken, it.strong)
			if it.info != nil && !again {
				mergeEvalInfo(&dr.EvalInfo, it.info)
			}
		case itemVisit:
			ps.countVisit(it.file)
		case itemChild:
			ps.replayItems(it.child)
		}
	}
}

// countVisit records a first visit of a file, read or replayed.
func (ps *passState) countVisit(file int32) {
	ps.firstVisits++
	ps.res.Visited[file] = true
}
