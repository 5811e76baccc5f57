package cpp

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// One visit memo for all workers: a scan splits its units between workers
// (scan.Project.Evaluate), and with a memo per worker each worker read the
// headers the others had stored already (CCCL libcudacxx/: 16.6 s user with
// one worker, 21 s with two). The engine now holds one memo that every
// Evaluate call of it reads and fills.
//
// What makes sharing safe and the results independent of scheduling:
//   - A stored visit is immutable once published, and replaying it does what
//     reading would have done (visitmemo.go), so which worker stored it, and
//     when, changes nothing in the results, only the work.
//   - What a worker marks on stored visits (the passes whose observations
//     are in its results already) is kept by the worker (entryMarks).
//   - The values a visit reads and writes are comparable across workers:
//     definitions are canonical per engine (sharedDefs) and so are the IDs
//     of names met only while evaluating (extraNames).
//
// The memo is bounded (maxMemoBytes, estimated from the entries' lengths):
// past it the entries used least recently are dropped (evict). Workers
// still holding dropped entries keep them alive until they let go.

// Assumption runs: a scan evaluates the units again with a configuration
// macro assumed defined and undefined (scan.conditionalFindings), and each
// such run started from an empty memo, reading again the headers the main
// evaluation had stored visits of: 12.6 s of the six-tree set's 44 s in the
// engine. An engine made by Assuming differs from the engine it derives
// from only in how it answers assumed names, so it also looks visits up in
// that engine's memo (and in the memos that one reads), read only, and
// replays one that matches and did not read an assumed name in a state
// that leaves its answer to the engine. A scan runs the two values of a
// macro unit by unit (Run), the second engine derived from the first: the
// second reads afresh little more than the headers that read the macro.
//
// Why that is sound: a visit's input reads hold every read that can change
// what it does (visitmemo.go), and a read of a name answers differently in
// two engines only when the name is assumed in one of them and the state
// leaves the answer to the engine: its stateVal is 0 (no #define or #undef
// of the unit touched it; every touched state is nonzero), as it reads in
// both. So while a base's entry is checked, a name assumed by any engine
// of the chain whose state is 0 reads as hiddenVal, which no entry read:
// an entry that read it fails there. (An entry of a base refers to
// entries of that base's own bases, which the base checked the same way,
// in its own state.) Everything else an entry holds is engine-independent
// once the engines share the canonical definitions and extra name IDs
// (sharedDefs, extraNames), the pass dependencies and the passes; a
// worker keeps its marks by table (worker.tables), and the gens of a
// chain's tables are all different. TestAssumingSameResults compares with
// Config.EveryPass.

// hiddenVal stands for an assumed name's state while a base's entry is
// checked: stateVal is never negative, so no input read matches it.
const hiddenVal = -1

// Assuming returns an engine over the same files and build that settles
// the configuration macros of assume (Config.Assume) instead of e's, and
// that replays the visits e's memo holds (and the memos e reads) where
// they did not read a name assumed by either engine or the engines e
// derives from. e may still be used, also at the same time.
func (e *Engine) Assuming(assume map[string]*expr.Macro) *Engine {
	d := *e
	d.cfg.Assume = assume
	if e.memo != nil {
		d.memo = e.memo.derive()
		d.assumed = slices.Clone(e.assumed)
		for _, a := range []map[string]*expr.Macro{e.cfg.Assume, assume} {
			for n := range a {
				id, ok := e.names[n]
				if !ok {
					id, _ = e.extra.id(n, len(e.nameList))
				}
				if !slices.Contains(d.assumed, id) {
					d.assumed = append(d.assumed, id)
				}
			}
		}
	}
	return &d
}

// maxMemoBytes bounds the memory of the stored visits of an engine, for
// all its workers together (estimated from their lengths; Config.memoBytes
// replaces it in tests): past it the memo evicts (evict). Each of the two
// workers of a 2-core scan had 16 MB before the memo was shared.
const maxMemoBytes = 32 << 20

// visitMemo is an engine's store of first visits, safe for concurrent use.
type visitMemo struct {
	// table is the memo's store, made with the memo; a scan never
	// replaces it (eviction drops entries from it), only
	// TestMemoEstimateMatchesHeap does, to measure what one holds.
	table *memoTable
	nfile int
	// limit is the memo's bound in estimated bytes (maxMemoBytes).
	limit int64
	// gens counts the tables made, shared with the memos this one derives
	// from and those derived from it, so that a gen names one table of
	// them all (worker.tables).
	gens *atomic.Uint32
	// bases are the memos of the engines this one's engine was derived
	// from (Engine.Assuming), nearest first: their tables are read, never
	// filled, as the engines that own them fill them.
	bases []*visitMemo
	// derived bounds the memos derived from the root memo, all together
	// (nil in the root memo, whose own limit bounds it): see derive.
	derived *memoBudget
	// runs counts the Runs of the memo's engine under way (NewRun to
	// Results, runStarted): while none is, a derived memo's bytes are
	// left out of derived's, as a scan drops the engines of an
	// assumption run when the run ends.
	runsMu sync.Mutex
	runs   int
}

// memoBudget is the bound the memos derived from one memo share: their
// estimated bytes together, and the limit.
type memoBudget struct {
	bytes atomic.Int64
	limit int64
}

// runStarted notes that a Run of the memo's engine starts: its table's
// bytes count in the derived memos' bound again, if they had left it.
func (m *visitMemo) runStarted() {
	m.runsMu.Lock()
	defer m.runsMu.Unlock()
	if m.runs == 0 && m.derived != nil {
		m.derived.bytes.Add(m.table.bytes.Load())
	}
	m.runs++
}

// runEnded notes that a Run of the memo's engine ended: with none left,
// nothing adds to its table (only Runs do), and its bytes leave the
// derived memos' bound, so that the memos of the assumption runs still
// under way may use it.
func (m *visitMemo) runEnded() {
	m.runsMu.Lock()
	defer m.runsMu.Unlock()
	m.runs--
	if m.runs == 0 && m.derived != nil {
		m.derived.bytes.Add(-m.table.bytes.Load())
	}
}

// memoTable is the memo's store: the stored visits of each file (a list
// is replaced whole when an entry is added or evicted, never changed),
// the estimated bytes they hold, and the number of entries made (each
// gets the next as its index for entryMarks, and as the time of its last
// use, visitEntry.used). gen numbers the tables of a chain of memos from
// 1. evictMu is held by the worker that evicts; evictions counts them
// (visitEntry.kept).
type memoTable struct {
	files     []atomic.Pointer[memoList]
	bytes     atomic.Int64
	entries   atomic.Int32
	gen       uint32
	evictMu   sync.Mutex
	evictions uint32
}

// memoList is the stored visits of one file and, for each, its
// discriminators: input reads (key and the value it read) that tell it
// apart from the file's other entries.
//
// A file's entries were read from states that differ somewhere, and a
// lookup that matches one of them used to walk every other entry's input
// reads up to the first one that differs, deep in the headers it includes
// (on CCCL a failed check walked 200-550 reads, and failed checks were
// 60% of all the walking). When no entry matches, each entry's check
// failed at some read: that read, with the entry's value, is added to the
// entry's discriminators (also when the visit is not stored: the file has
// all the entries it may keep), and the same key with the value the new
// visit starts from to the new entry's. A later
// lookup checks an entry's discriminators before walking it. An entry's
// own discriminators are input reads it made, so they reject only states
// its walk rejects too; the new entry's are the keys where its siblings
// read something else, which it reads alike (a visit's reads follow from
// the values read before), and at worst one costs a replay, never a
// wrong one.
type memoList struct {
	ents []*visitEntry
	disc [][]inputRead
}

// discUpdate is what a failed check of a stored entry found: the input
// read it failed at, with the entry's value (rec, added to the entry's
// discriminators when set) and the current one (cur, for the entry the
// lookup stores).
type discUpdate struct {
	ent      *visitEntry
	rec, cur inputRead
	addRec   bool
}

func newVisitMemo(nfile int, limit int64) *visitMemo {
	m := &visitMemo{nfile: nfile, limit: limit, gens: &atomic.Uint32{}}
	m.table = m.newTable()
	return m
}

// derivedShare divides a memo's limit for the memos derived from it, all
// together (memoBudget). Each derived memo used to have the whole limit:
// a scan's assumption runs go p.jobs pairs at a time, two derived memos
// a pair, and on the six-tree set two of them held 24 MB estimated each
// at the C++ phase's peak, beside the main memo's 27 MB (which they
// read). The memos of the runs under way share half the limit (a memo
// whose runs ended leaves it: runEnded); docs/performance.md has the
// measured curve of bounds, fresh readings, live heap and CPU.
const derivedShare = 2

// maxBases bounds the memos a derived memo reads: each costs a lookup
// of a file's list on every first visit that the memos before it miss.
const maxBases = 3

// derive returns an empty memo whose lookups also read m's (and m's own
// bases'), see Engine.Assuming.
func (m *visitMemo) derive() *visitMemo {
	d := &visitMemo{nfile: m.nfile, limit: m.limit, gens: m.gens, bases: append([]*visitMemo{m}, m.bases...), derived: m.derived}
	if d.derived == nil {
		d.derived = &memoBudget{limit: m.limit / derivedShare}
	}
	if len(d.bases) > maxBases {
		d.bases = d.bases[:maxBases]
	}
	d.table = d.newTable()
	return d
}

func (m *visitMemo) newTable() *memoTable {
	return &memoTable{files: make([]atomic.Pointer[memoList], m.nfile), gen: m.gens.Add(1)}
}

// list returns the stored visits of file id, with their discriminators.
func (t *memoTable) list(id int) *memoList {
	return t.files[id].Load()
}

// full reports whether file id has as many stored visits as it may keep.
func (t *memoTable) full(id int) bool {
	l := t.list(id)
	return l != nil && len(l.ents) >= maxVisitEntries
}

// add stores a visit of file id in table t (the one the entry's index
// came from), with what the lookup that read it learnt about the file's
// other entries (ent nil: only that, when the visit is not stored). When
// the memo would pass its bound, it evicts first (evict).
func (m *visitMemo) add(t *memoTable, id int, ent *visitEntry, fails []discUpdate) {
	learnt := 0
	for _, u := range fails {
		if u.addRec {
			learnt++
		}
	}
	if ent == nil && learnt == 0 {
		return
	}
	kept := learnt // discriminators kept: the old entries' new ones, and the new entry's
	size := 0
	if ent != nil {
		kept += len(fails)
		size = int(ent.size)
	}
	size += inputBytes * kept
	// A worker that finds another evicting goes on: the bound is passed
	// by what it adds meanwhile, and the next add evicts again.
	if m.derived != nil {
		// A derived memo evicts its own entries when the derived memos
		// together pass their bound: the table that adds most evicts
		// most.
		if m.derived.bytes.Load()+int64(size) > m.derived.limit && t.evictMu.TryLock() {
			m.derived.bytes.Add(t.evict(t.bytes.Load() / 2))
			t.evictMu.Unlock()
		}
		m.derived.bytes.Add(int64(size))
	} else if t.bytes.Load()+int64(size) > m.limit && t.evictMu.TryLock() {
		t.evict(m.limit / 2)
		t.evictMu.Unlock()
	}
	t.bytes.Add(int64(size))
	var mine []inputRead
	for _, u := range fails {
		mine = addDisc(mine, u.cur)
	}
	for {
		old := t.files[id].Load()
		var l memoList
		if old != nil {
			l = *old
		}
		n := len(l.ents)
		if ent != nil {
			if n >= maxVisitEntries {
				return
			}
			n++
		}
		next := &memoList{ents: make([]*visitEntry, n), disc: make([][]inputRead, n)}
		copy(next.ents, l.ents)
		copy(next.disc, l.disc)
		if ent != nil {
			next.ents[n-1] = ent
			next.disc[n-1] = mine
		}
		for _, u := range fails {
			if !u.addRec {
				continue
			}
			if i := slices.Index(next.ents, u.ent); i >= 0 && len(next.disc[i]) < maxDiscs {
				next.disc[i] = addDisc(slices.Clip(next.disc[i]), u.rec)
			}
		}
		if t.files[id].CompareAndSwap(old, next) {
			return
		}
	}
}

// touch notes that ent, an entry of t, was replayed now (evict keeps
// the entries stored or replayed last). The time is the number of
// entries made: it moves as the memo fills, and reading it costs no
// write. An entry is written only when its time changes, as every
// worker reads it.
func (t *memoTable) touch(ent *visitEntry) {
	now := uint32(t.entries.Load())
	if ent.used.Load() != now {
		ent.used.Store(now)
	}
}

// evict drops entries from the table, keeping those stored or replayed
// last, with every entry of the table they refer to, up to about budget
// estimated bytes; the caller holds evictMu.
//
// It used to empty the table: CCCL's memo was emptied 8-9 times a scan
// and each time its workers read afresh the headers of the units they
// were in, which the next units read again. Keeping half the bound, the
// entries used last, CCCL's fresh readings (assumption runs included)
// went 66 k -> 51 k; with no bound they are 31 k, but the main engine's
// stored visits then reach 185 MB estimated. Keeping 25% or 75% of the
// bound read as many afresh (56 k, 50 k); so did keeping the entries
// replayed at least once before those never replayed (68% of the bytes
// of an unbounded memo are never replayed: most first visits of a
// header in a state are its last). A parent refers to
// its children (visitItem.child), so a kept parent keeps its children
// alive whether they are listed or not: they are kept in the lists too,
// and counted.
//
// Entries made while it runs (another worker storing them) are kept, and
// their bytes are added after the count it starts from. Which entries
// are kept changes only which visits are read afresh, never what a
// replay does: TestMemoEvictionSameResults.
func (t *memoTable) evict(budget int64) (delta int64) {
	t.evictions++
	ev := t.evictions
	before := t.bytes.Load()
	newer := t.entries.Load() // entries from this index on are kept
	type candidate struct {
		ent  *visitEntry
		used uint32
	}
	var cands []candidate
	for i := range t.files {
		if l := t.files[i].Load(); l != nil {
			for _, ent := range l.ents {
				cands = append(cands, candidate{ent, ent.used.Load()})
			}
		}
	}
	slices.SortFunc(cands, func(a, b candidate) int { return cmp.Compare(b.used, a.used) })
	var kept int64
	for _, c := range cands {
		if kept >= budget {
			break
		}
		kept += t.keep(c.ent, ev)
	}
	for i := range t.files {
		for {
			old := t.files[i].Load()
			if old == nil {
				break
			}
			var l memoList
			var discs int
			for j, ent := range old.ents {
				if ent.kept == ev || ent.idx >= newer {
					l.ents = append(l.ents, ent)
					l.disc = append(l.disc, old.disc[j])
					discs += len(old.disc[j])
				}
			}
			next := &l
			if len(l.ents) == 0 {
				next = nil
			}
			if len(l.ents) == len(old.ents) || t.files[i].CompareAndSwap(old, next) {
				kept += int64(inputBytes * discs)
				break
			}
		}
	}
	t.bytes.Add(kept - before)
	return kept - before
}

// keep marks ent, and every entry of the table it refers to, as kept by
// eviction ev, and returns the estimated bytes of those not marked yet.
func (t *memoTable) keep(ent *visitEntry, ev uint32) int64 {
	if ent.gen != t.gen || ent.kept == ev {
		return 0
	}
	ent.kept = ev
	n := int64(ent.size)
	for i := range ent.items {
		if it := &ent.items[i]; it.kind == itemChild {
			n += t.keep(it.child, ev)
		}
	}
	return n
}

// maxDiscs bounds an entry's discriminators: an entry of a file that
// stores no more visits keeps learning where states differ from it.
const maxDiscs = 32

// addDisc adds a discriminator unless its key is there already.
func addDisc(d []inputRead, ev inputRead) []inputRead {
	for i := range d {
		if d[i].key == ev.key {
			return d
		}
	}
	return append(d, ev)
}

// entryMarks is what a worker knows about a stored visit, by the entry's
// index in its table (see markDone): gen is the entry's table (0: no
// marks), so that a slot reused for another table's entries never reads
// the marks of the one before. Marks present mean that the entry's
// evaluation infos and first visits are in the worker's results, and its
// observations for donePasses.
type entryMarks struct {
	gen        uint32
	donePasses uint64
}

// tableState is what a worker keeps about one memo table: its marks on the
// table's entries, by index, and hint[f], the index in file f's list of
// the entry that last answered (allocated at the first lookup).
//
// The marks on a base's table (Engine.Assuming) are held densely, sparse
// mapping an entry's index to its marks: the base's table is full when
// the assumption runs start, its few thousand entries spread over
// indices up to the count of entries it ever made (129 k on the six-tree
// set), and marks by index took each run's worker 2.2 MB (9 MB at the
// set's C++ peak, four runs at once).
type tableState struct {
	gen    uint32
	marks  []entryMarks
	sparse map[int32]int32
	hint   []uint8
}

// maxTables bounds the tables a worker keeps state for: its memo's and
// its bases', and a few emptied ones whose entries readings in progress
// still hold. Past it, the state of a table no memo uses now is reused.
const maxTables = 2 * (maxBases + 1)

// table returns the worker's state for the memo table numbered gen.
func (w *worker) table(gen uint32) *tableState {
	ts := w.tables[:w.ntables]
	for i := range ts {
		if ts[i].gen == gen {
			return &ts[i]
		}
	}
	if w.ntables < maxTables {
		w.tables[w.ntables] = tableState{gen: gen}
		w.ntables++
		t := &w.tables[w.ntables-1]
		w.setSparse(t)
		return t
	}
	live := func(g uint32) bool {
		m := w.e.memo
		if m.table.gen == g {
			return true
		}
		for _, b := range m.bases {
			if b.table.gen == g {
				return true
			}
		}
		return false
	}
	i := slices.IndexFunc(ts, func(t tableState) bool { return !live(t.gen) })
	if i < 0 {
		i = 0
	}
	// The marks keep their gens: they read as none for this table.
	t := &w.tables[i]
	t.gen = gen
	clear(t.hint)
	w.setSparse(t)
	return t
}

// setSparse makes the marks of t, a state just given its table, sparse
// when that table is not the worker's memo's own (tableState).
func (w *worker) setSparse(t *tableState) {
	if t.gen == w.e.memo.table.gen {
		if t.sparse != nil {
			// Sparse marks mean nothing by index.
			t.marks, t.sparse = nil, nil
		}
		return
	}
	if t.sparse == nil {
		t.marks, t.sparse = nil, map[int32]int32{}
		return
	}
	t.marks = t.marks[:0]
	clear(t.sparse)
}

// sharedDefs holds the canonical definitions of an engine, one per
// #define directive and nesting, so that equal states hold equal pointers
// and IDs (numbered from 1, for stateVal) across units and workers.
// Workers cache them (worker.defs, worker.defByID) and take the lock
// only for a definition they meet first. byID lists them by ID (byID[0]
// is nil); it is only appended to.
type sharedDefs struct {
	mu   sync.Mutex
	defs map[defKey]*macroDef
	byID []*macroDef
}

func (sd *sharedDefs) get(m *expr.Macro, f *File, line int, conditional bool) *macroDef {
	k := defKey{m, conditional}
	sd.mu.Lock()
	defer sd.mu.Unlock()
	d := sd.defs[k]
	if d == nil {
		d = &macroDef{m: m, file: f, line: line, conditional: conditional, id: int32(len(sd.defs) + 1)}
		sd.defs[k] = d
		if sd.byID == nil {
			sd.byID = []*macroDef{nil}
		}
		sd.byID = append(sd.byID, d)
	}
	return d
}

// list returns the definitions by ID made so far.
func (sd *sharedDefs) list() []*macroDef {
	sd.mu.Lock()
	defer sd.mu.Unlock()
	return sd.byID
}

// extraNames gives IDs, after the interned ones, to names no directive
// spells (a token pasted with ##), the same for every worker of an engine.
type extraNames struct {
	mu    sync.Mutex
	ids   map[string]int32
	names []string
	count atomic.Int32 // len(names), read without the lock
}

// id returns the ID of an extra name (base is the number of interned
// names), and the names known so far.
func (x *extraNames) id(name string, base int) (int32, []string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	id, ok := x.ids[name]
	if !ok {
		id = int32(base + len(x.names))
		x.ids[name] = id
		x.names = append(x.names, name)
		x.count.Store(int32(len(x.names)))
	}
	return id, x.names
}

// known returns the extra names given so far.
func (x *extraNames) known() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.names
}
