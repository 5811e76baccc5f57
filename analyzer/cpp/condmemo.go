package cpp

import (
	"slices"
	"sync"

	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// Condition memo: the pass groups of one unit differ in a few arch macros,
// and most conditions (compiler and configuration detection: CCCL's
// _CCCL_COMPILER(...) ladders) never read them, yet each group expanded
// them again. An evaluation's value depends only on the answers its macro
// lookups got, so it is stored with those answers and reused by a later
// group whose lookups answer alike. Evaluation was 42% of a CCCL scan.
//
// The memo is the worker's, for all its units (it was one unit's until
// session 6): a header that the visit memo cannot replay is read afresh in
// unit after unit, mostly from states that answer its conditions alike.
// Evaluations fell from 468 k to 155 k on CCCL and from 520 k to 290 k on
// CUTLASS. Each directive keeps its most recently used evaluations.

// condLookup is one answer an evaluation got.
type condLookup struct {
	id int32
	m  *expr.Macro
	t  Tri
}

// condEval is one evaluation of a condition: the answers its lookups
// got, what it gave, and whether the CUTLASS model answered part of it.
type condEval struct {
	lookups []condLookup
	res     expr.Result
	// used are the IDs of res.Used, for noteDefID.
	used      []int32
	err       error
	modelUsed bool
}

// condEntry is one stored evaluation of a directive.
type condEntry struct {
	condEval
	// info is the evaluation info cond made from this evaluation last,
	// infoErr the error its Err came from and why its Unknowns as
	// reasons (keepInfo).
	info    *EvalInfo
	infoErr error
	why     *whyNode
}

// condMemo holds a worker's stored evaluations by file and directive
// (indexed slices rather than a map: it is probed for every condition
// evaluated, and holds every header's), shared by its units and their
// pass groups, which run one after another on one goroutine.
type condMemo struct {
	files [][][]*condEntry
}

// entries returns the stored evaluations of a directive, for update.
func (cm *condMemo) entries(f *File, di int) *[]*condEntry {
	fc := cm.files[f.ID]
	if fc == nil {
		fc = make([][]*condEntry, len(f.St.Src.Directives))
		cm.files[f.ID] = fc
	}
	return &fc[di]
}

// ifdefEntry returns the entry that keeps the evaluation info of #ifdef
// directive di of f (keepInfo): an #ifdef is not evaluated through the
// memo, so its slot holds only this entry.
func (cm *condMemo) ifdefEntry(f *File, di int) *condEntry {
	slot := cm.entries(f, di)
	if len(*slot) == 0 {
		*slot = []*condEntry{{}}
	}
	return (*slot)[0]
}

// maxCondEntries bounds the evaluations kept per directive: a directive
// read under many different states is not worth remembering.
const maxCondEntries = 4

// evalCond evaluates a condition through the memo; used are the IDs of
// the result's Used names, ce the memo's entry (nil with
// Config.EveryPass).
func (ps *passState) evalCond(f *File, di int, args string) (r expr.Result, used []int32, ce *condEntry, err error) {
	if ps.conds == nil {
		r, err = ps.ev.Eval(args, ps)
		for _, n := range r.Used {
			used = append(used, ps.w.id(n))
		}
		return r, used, nil, err
	}
	slot := ps.conds.entries(f, di)
	ces := *slot
	for i, ce := range ces {
		if ps.answersAlike(ce.lookups) {
			// The most recently used first: units and passes meet a
			// few states again and again.
			copy(ces[1:i+1], ces[:i])
			ces[0] = ce
			ps.modelUsed = ce.modelUsed
			return ce.res, ce.used, ce, ce.err
		}
	}
	if sc := ps.sharedEval(f, args); sc != nil {
		ce = &condEntry{condEval: sc.condEval}
	} else {
		ps.lookups = ps.lookups[:0]
		ps.modelUsed = false // the checks above may have asked the CUTLASS model
		ps.hasInclude = false
		ps.logLookups = true
		r, err = ps.ev.Eval(args, ps)
		ps.logLookups = false
		r.Used = slices.Clone(r.Used)
		r.Unknowns = slices.Clone(r.Unknowns)
		if len(r.Used) > 0 {
			used = make([]int32, len(r.Used))
			for i, n := range r.Used {
				used[i] = ps.w.id(n)
			}
		}
		ce = &condEntry{condEval: condEval{lookups: slices.Clone(ps.lookups), res: r, used: used, err: err, modelUsed: ps.modelUsed}}
		file := int32(-1)
		if ps.hasInclude {
			file = int32(f.ID)
		}
		ps.e.condTexts.add(args, &sharedCond{condEval: ce.condEval, file: file})
	}
	if len(ces) < maxCondEntries {
		ces = append(ces, nil)
	}
	// The least recently used goes.
	copy(ces[1:], ces)
	ces[0] = ce
	*slot = ces
	return ce.res, ce.used, ce, ce.err
}

// Evaluations shared by condition text: a worker's memo above is by
// directive and run, and holds a directive's last few states, so the
// same condition text was evaluated again in every file that spells it,
// by every worker and every assumption run, and whenever a directive met
// more states than it keeps. On CCCL 61 k evaluations (of 1.15 M
// conditions read) gave 2.7 k distinct pairs of text and lookup answers,
// on CUTLASS 123 k gave 1.9 k. An evaluation's value follows from the
// answers its lookups got, from __has_include's answers (which depend on
// the including file: such an evaluation is shared by that file only)
// and from whether the CUTLASS model gave one of them (compared too).
// The engines of one scan that derive from each other (Assuming) share
// one store: their name IDs are the same.

// sharedCond is an evaluation kept by condition text, immutable.
type sharedCond struct {
	condEval
	file int32 // the file whose __has_include answers it used; -1: none
}

// condTexts holds evaluations by condition text, safe for concurrent use.
type condTexts struct {
	mu sync.Mutex
	m  map[string][]*sharedCond
}

// maxSharedConds bounds the evaluations kept per condition text.
const maxSharedConds = 32

// get returns the evaluations kept for a condition text (an immutable
// list: add replaces it).
func (ct *condTexts) get(text string) []*sharedCond {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	return ct.m[text]
}

// add keeps an evaluation of a condition text.
func (ct *condTexts) add(text string, sc *sharedCond) {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	l := ct.m[text]
	if len(l) >= maxSharedConds {
		return
	}
	ct.m[text] = append(slices.Clip(l), sc)
}

// sharedEval returns a kept evaluation of a condition of f whose lookups
// answer now as they did, nil when none does. The checks read the state
// unlogged; the evaluation found has its lookups logged, as evaluating
// would have (a visit's input reads hold what evaluating reads, not what
// failed checks read).
func (ps *passState) sharedEval(f *File, text string) *sharedCond {
	l := ps.e.condTexts.get(text)
	if len(l) == 0 {
		return nil
	}
	// Evaluations another worker kept may read names it met first.
	ps.w.syncNames()
	caps := ps.caps
	ps.caps = 0
	var found *sharedCond
	for _, sc := range l {
		if sc.file >= 0 && int(sc.file) != f.ID {
			continue
		}
		ps.modelUsed = false
		if ps.answersAlike(sc.lookups) && ps.modelUsed == sc.modelUsed {
			found = sc
			break
		}
	}
	ps.caps = caps
	if found != nil {
		ps.answersAlike(found.lookups) // logs the reads
	}
	ps.modelUsed = found != nil && found.modelUsed
	return found
}

// answersAlike reports whether every lookup answers now as it did.
func (ps *passState) answersAlike(ls []condLookup) bool {
	for _, l := range ls {
		m, t := ps.lookup(l.id)
		if t != l.t || !sameMacro(m, l.m) {
			return false
		}
	}
	return true
}

// sameMacro compares definitions by content: predefined macros are
// separate objects per pass with the same text.
func sameMacro(a, b *expr.Macro) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return a.Name == b.Name && a.Body == b.Body && a.FuncLike == b.FuncLike && a.Variadic == b.Variadic &&
		slices.Equal(a.Params, b.Params)
}
