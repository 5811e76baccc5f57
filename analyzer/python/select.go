package python

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// Selection: which Python files are parsed and interpreted.
//
// A module's own run (its top level and each of its functions analyzed on
// its own) is where gates, JIT calls and call edges are recorded, and what
// it records depends only on its own text and on the values it reads
// through names: imported globals, attributes, methods, the functions it
// calls. So a module whose text holds no trigger (Digest.Seed) and names
// nothing that carries the capability or leads to a JIT build records
// nothing, and need not run. Starting from the seeds, the selection grows
// to a fixpoint with what the interpreter learns:
//
//   - danger names: functions whose text mentions a capability source or
//     another danger name (such a function may return a value that depends
//     on the capability: is_sm90_supported), globals and class or self
//     attributes whose value depends on the capability or holds such a
//     function or a JIT builder (_is_sm90 = is_sm90_supported()). Any file
//     that mentions one joins.
//   - JIT-reaching names: functions that make a JIT call, and, through the
//     call edges the interpreter records, the functions that call them, up
//     to the entry points (analyzer/chain walks the same callers). A file
//     outside tests that mentions one joins; tests are never on the chain.
//
// Modules that are not selected are still known by name and path, so
// imports resolve exactly as with every file: such a module is loaded when
// a selected one imports it, and its top level runs then. Arch lists are
// read from every file the byte scan says may hold one.

// defCount is how many defs of a name the byte scan found, and the index
// of the first module with one.
type defCount struct{ n, mod int32 }

// selection is the state of the fixpoint; it also answers uniqueMethod
// from the byte scan's count of defs.
type selection struct {
	p  *program
	lx *Lexer
	// defs counts the defs of each name (by hash) in all the files, with
	// the index of the first module that defines it. One map where two
	// (a count and a definer) were 6.6 MB of the six-tree set's peak; it
	// is kept through the interpretation (uniqueMethod).
	defs map[uint64]defCount
	// dangerGlobals and jrGlobals are the danger and JIT-reaching names
	// of each module (its functions and other globals): a file joins
	// when it mentions the name and can reach the module (reaches).
	dangerGlobals map[*module]map[uint64]bool
	jrGlobals     map[*module]map[uint64]bool
	modAliases    map[*module]map[uint64]bool
	// jr are methods reached by name alone (defined once: uniqueMethod).
	jr map[uint64]bool
	// Methods and class attributes are reached through their class: a
	// file joins when it mentions the member and one of the class's
	// names (the class's own, or a global or function that yields it).
	dangerMembers map[*classDef]map[uint64]bool
	jrMembers     map[*classDef]map[uint64]bool
	aliases       map[*classDef]map[uint64]bool
	// returns summarizes what each function was seen to return (to a
	// caller whose arguments do not depend on the capability).
	returns   map[*funcDef]*summary
	carrier   map[*funcDef]bool
	jrQuals   map[string]bool
	jrClasses map[*classDef]bool
	// seenCalls and seenMethods are the call edges and the calls on
	// objects of unknown type the workers recorded (each is taken once;
	// a function followed again records its calls again). They are sets
	// of small keys, not the workers' maps: on the six-tree set they were
	// 12 MB of the selection's largest live heap.
	seenCalls   map[callKey]struct{}
	seenMethods map[selSite]struct{}

	// What grow keeps between rounds, so that each fact is looked at
	// when it arrives and when something it waits on turns:
	//   - indexed are the modules parsed so far whose functions a
	//     qualified name turning JIT-reaching names (funcsByQual);
	//   - callers are the call edges outside tests, by callee;
	//   - pendingMethods are the calls on objects of unknown type whose
	//     name has no method yet (methodFor), by name;
	//   - seenMods and seenCls are the modules and classes whose values
	//     each worker has noted;
	//   - retWait, valWait and qualWait are the functions and values
	//     waiting on a function to turn a carrier or on a qualified
	//     name to turn JIT-reaching;
	//   - newCarriers and newQuals have turned and are not followed yet;
	//   - toJR are the qualified names found JIT-reaching while the
	//     workers still ran (take), made so once indexed is complete
	//     (grow).
	indexed        []bool
	callers        map[string][]string
	pendingMethods map[string][]selSite
	seenMods       map[*worker]map[*module]bool
	notedGlobals   map[*module][]unsafe.Pointer
	notedClasses   map[*classDef][]unsafe.Pointer
	seenCls        map[*worker]map[*classDef]bool
	retWait        map[*funcDef][]*funcDef
	valWait        waitList[*funcDef]
	qualWait       waitList[string]
	newCarriers    []*funcDef
	newQuals       []string
	toJR           []string

	// holders are the globals that hold each module, with the module
	// that holds them; packages and entries remember packagesOf and
	// entriesFrom (roots.go).
	holders map[*module][]aliasRef
	held    map[heldKey]bool
	// classHolders are the names that yield each class (its aliases),
	// with the module or class that holds them (reachesClass).
	classHolders map[*classDef][]classHolder
	classHeld    map[classHeldKey]bool
	packages     map[*module][]*module
	entries      map[rootEntry][][]uint64
	// cacheMu guards packages and entries: join tests files on every
	// CPU, and both fill as they are asked.
	cacheMu sync.Mutex

	// For tests: noteEvery makes noteValue note every value (no ownDef),
	// and keep leaves the state in place once the selection is made.
	noteEvery, keep bool
}

// summary is what a value can bring to a module that reads it.
//
// fns and classes are sets, each element once (compact), in no order
// that means anything: every reader asks about each element alone. They
// are slices because most summaries hold one function or class, or
// none, and the selection keeps one for every global and class
// attribute the workers ran (a map of one entry was ten times the
// size).
type summary struct {
	cap     bool // depends on the capability
	ext     bool // a trigger outside the scanned files (an alias of get_device_capability)
	fns     []*funcDef
	classes []*classDef
}

// summarize adds what v brings to into.
func summarize(lx *Lexer, v Value, into *summary) {
	summarizeValue(lx, v, into, 0)
	into.compact()
}

func summarizeValue(lx *Lexer, v Value, into *summary, depth int) {
	if depth > 8 {
		into.cap = true
		return
	}
	into.cap = into.cap || v.Cap || v.capObj
	switch v.k {
	case vFunc:
		into.fns = append(into.fns, v.fn())
	case vClass, vObj:
		if v.cls() != nil {
			into.classes = append(into.classes, v.cls())
		}
	case vExt:
		into.ext = into.ext || lx.seedPath(v.text())
	}
	for _, e := range v.elems() {
		summarizeValue(lx, e, into, depth+1)
	}
	for _, e := range v.vals() {
		summarizeValue(lx, e, into, depth+1)
	}
	for _, e := range v.attrs() {
		summarizeValue(lx, e, into, depth+1)
	}
}

func (sum *summary) merge(o *summary) {
	sum.cap = sum.cap || o.cap
	sum.ext = sum.ext || o.ext
	sum.fns = append(sum.fns, o.fns...)
	sum.classes = append(sum.classes, o.classes...)
	sum.compact()
}

// compact leaves each function and class once, in a slice of its size.
func (sum *summary) compact() {
	sum.fns = compactSet(sum.fns)
	sum.classes = compactSet(sum.classes)
}

// compactSet sorts s by address (the order means nothing, the collector
// does not move objects) and drops repeats.
func compactSet[T any](s []*T) []*T {
	if len(s) < 2 {
		return slices.Clip(s)
	}
	slices.SortFunc(s, func(a, b *T) int {
		return cmp.Compare(uintptr(unsafe.Pointer(a)), uintptr(unsafe.Pointer(b)))
	})
	return slices.Clip(slices.Compact(s))
}

// tracker is what one of the selection's workers learns of returns.
type tracker struct {
	lx      *Lexer
	returns map[*funcDef]*summary
}

// observe notes a value a function returned.
func (t *tracker) observe(fn *funcDef, v Value) {
	sum := t.returns[fn]
	if sum == nil {
		sum = &summary{}
		t.returns[fn] = sum
	}
	summarize(t.lx, v, sum)
}

// dangerous says whether a summarized value brings the capability or a JIT
// builder, and whether it brings a JIT-reaching function.
func (s *selection) dangerous(sum *summary) (danger, jr bool) {
	danger = sum.cap || sum.ext
	for _, fn := range sum.fns {
		danger = danger || s.carrier[fn] || jitBuilderName(fn.name)
		jr = jr || s.jrQuals[fn.qual]
	}
	for _, c := range sum.classes {
		danger = danger || jitBuilderName(c.name)
		if ini := c.methods["__init__"]; ini != nil {
			jr = jr || s.jrQuals[ini.qual]
		}
	}
	return danger, jr
}

// digestAll runs the byte scan on every module that has no Digest yet, in
// parallel, and drops the sources that can be read again.
func (p *program) digestAll() {
	lx := NewLexer(p.cfg)
	p.parallel("the byte scan", len(p.mods), func(i int) {
		m := p.mods[i]
		if m.dig != nil {
			return
		}
		src := m.src
		if src == nil && m.open != nil {
			b, err := m.open()
			if err != nil {
				// Selected, so that loading it says why it cannot be read.
				m.dig = &Digest{Seed: true}
				return
			}
			src = b
		}
		m.dig = lx.Digest(src)
	})
	p.sel = &selection{p: p, lx: lx, defs: map[uint64]defCount{}, dangerGlobals: map[*module]map[uint64]bool{},
		jrGlobals: map[*module]map[uint64]bool{}, modAliases: map[*module]map[uint64]bool{}, jr: map[uint64]bool{}, dangerMembers: map[*classDef]map[uint64]bool{}, jrMembers: map[*classDef]map[uint64]bool{},
		aliases: map[*classDef]map[uint64]bool{}, returns: map[*funcDef]*summary{}, carrier: map[*funcDef]bool{},
		jrQuals: map[string]bool{}, jrClasses: map[*classDef]bool{},
		seenCalls: map[callKey]struct{}{}, seenMethods: map[selSite]struct{}{},
		callers: map[string][]string{}, pendingMethods: map[string][]selSite{},
		seenMods: map[*worker]map[*module]bool{}, notedGlobals: map[*module][]unsafe.Pointer{}, notedClasses: map[*classDef][]unsafe.Pointer{}, seenCls: map[*worker]map[*classDef]bool{},
		retWait: map[*funcDef][]*funcDef{}, valWait: newWaitList[*funcDef](), qualWait: newWaitList[string](),
		holders: map[*module][]aliasRef{}, held: map[heldKey]bool{},
		classHolders: map[*classDef][]classHolder{}, classHeld: map[classHeldKey]bool{}, packages: map[*module][]*module{}, entries: map[rootEntry][][]uint64{}}
	for _, m := range p.mods {
		for _, h := range m.dig.defs {
			d, ok := p.sel.defs[h]
			if !ok {
				d.mod = int32(m.idx)
			}
			d.n++
			p.sel.defs[h] = d
		}
		// Counted: nothing reads a file's defs again (a copy, as
		// dropWords makes, leaves the caller's Digest as it was).
		if m.dig.defs != nil {
			d := *m.dig
			d.defs = nil
			m.dig = &d
		}
	}
}

// dropWords keeps, of each module's byte scan, only the flags read once
// the selection is made (ArchList, for archListGates): the words of every
// file were the second largest thing held through the analysis (52 MB on
// sglang, next to the syntax trees), and the caller keeps no other
// reference to them.
func (p *program) dropWords() {
	for _, m := range p.mods {
		m.dropWords()
	}
}

// dropSources lets go of the bytes the byte scan read, in the files
// that can read them again: the selection loads few of them, and holding
// them all until then would raise its peak.
func (p *program) dropSources() {
	for _, m := range p.mods {
		if m.open != nil {
			m.src = nil
		}
	}
}

// dropWords keeps only the flags of m's byte scan: join reads the words
// of the files not selected yet (and reaches and its kin those of the
// file joining), so a file's words go as soon as it is selected.
func (m *module) dropWords() {
	if d := m.dig; d != nil && (d.words != nil || d.defs != nil || d.imports != nil) {
		m.dig = &Digest{Seed: d.Seed, ArchList: d.ArchList, StarImport: d.StarImport}
	}
}

// seedShare is the share of files the byte scan found seeds in.
func (p *program) seedShare() float64 {
	if len(p.mods) == 0 {
		return 0
	}
	n := 0
	for _, m := range p.mods {
		if m.dig.Seed {
			n++
		}
	}
	return float64(n) / float64(len(p.mods))
}

// selectFiles grows the selection from the seeds to its fixpoint with a
// worker of its own (the oldest capability: whether a value depends on
// the capability does not depend on which one it is), and sets p.order.
func (p *program) selectFiles() {
	s := p.sel
	// One worker per CPU, each analyzing a share of the functions (and
	// every top level: the globals); what they learn is merged.
	// They run the same top levels, so most globals come out alike and
	// are held once (sharedGlobals).
	ws := make([]*worker, max(1, runtime.GOMAXPROCS(0)))
	var shared *sharedGlobals
	if !p.cfg.ownGlobals {
		shared = newSharedGlobals()
	}
	for i := range ws {
		ws[i] = newWorker(p, 0)
		ws[i].shared = shared
	}
	var fresh []*module
	for _, m := range p.byRootRank(p.mods) {
		if m.dig.Seed {
			p.selected[m.idx] = true
			m.dropWords()
			fresh = append(fresh, m)
		}
	}
	for len(fresh) > 0 {
		p.prefetch(fresh)
		// The pooled parsers keep working slices as large as the largest
		// file each parsed (13 MB on the six-tree set, held through the
		// selection's and the interpretation's peaks), and a tree-sitter
		// parser each outside the Go heap: the loads left to the workers
		// are few, and make new parsers.
		p.parsers.close()
		var fns []*funcDef
		for _, m := range fresh {
			fns = append(fns, m.funcs...)
		}
		var wg sync.WaitGroup
		// A worker that is done takes what it learnt into the selection
		// while the others still run (take), one at a time; the rest of
		// grow waits for all of them.
		var takeMu sync.Mutex
		for k, w := range ws {
			w.facts = newFacts()
			w.track = &tracker{lx: s.lx, returns: map[*funcDef]*summary{}}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer p.guard("the selection's interpretation")
				for _, m := range fresh {
					w.steps = 0
					w.moduleGlobals(m)
				}
				// Every worker runs the main guards its top levels
				// reached, as every worker ran them inside the top
				// levels before (runMain).
				w.runMains(nil)
				for i := k; i < len(fns); i += len(ws) {
					w.steps = 0
					w.analyzeFunc(fns[i])
				}
				w.runMains(nil)
				takeMu.Lock()
				defer takeMu.Unlock()
				s.take(p, w)
			}()
		}
		wg.Wait()
		s.grow(p)
		fresh = p.byRootRank(s.join(p))
	}
	for _, m := range p.mods {
		if p.selected[m.idx] {
			p.order = append(p.order, m)
		}
	}
	if debugSelection != "" {
		loaded, seeds, arch := 0, 0, 0
		for _, m := range p.mods {
			if m.parsed != nil && m.used.Load() {
				loaded++
			}
			if m.dig.Seed {
				seeds++
			}
			if m.dig.ArchList {
				arch++
			}
		}
		fmt.Fprintf(os.Stderr, "python: %d files, %d seeds, %d selected, %d loaded, %d arch, %d danger, %d jr\n", len(p.mods), seeds, len(p.order), loaded, arch, len(s.dangerGlobals)+len(s.dangerMembers), len(s.jrQuals))
		if debugSelection == "2" {
			for _, m := range p.order {
				fmt.Fprintln(os.Stderr, "  sel", m.root+"/"+m.path)
			}
		}
	}
	// The selection is made: the interpretation reads only the counts of
	// defs (uniqueMethod). The rest (call edges, summaries, names,
	// holders) is 25 MB on the six-tree set, held through the
	// interpretation's peak otherwise.
	if !s.keep {
		*s = selection{p: s.p, lx: s.lx, defs: s.defs}
		p.parsers.close()
		n := p.unloadUnused()
		if debugSelection != "" {
			fmt.Fprintf(os.Stderr, "python: %d loaded ahead and unused, dropped\n", n)
		}
	}
}

// join selects the modules that mention a danger name, or a JIT-reaching
// name outside tests, and returns them in module order. A module with
// "import *" that can reach a module with such names joins too: it may
// re-export them under the same names.
//
// Every rule needs a word of the file: the last name or an alias of the
// module it reaches (or the module is the __init__.py of a package above
// it), a member's name, a class's name or alias. So the words of all the
// modules and classes with names are indexed once a round (joinIndex) and
// merged with each file's sorted words, and only the modules and classes
// a file hits are checked; scanning every module for every file, every
// round, was 1.8 s of a 15 s sglang scan.
func (s *selection) join(p *program) []*module {
	ix := s.newJoinIndex()
	// Each file is tested on its own (the selection's state is only read,
	// its two caches are guarded), so the files are shared out over the
	// CPUs, each with its own scratch; the joined ones are then taken in
	// module order, as one loop over them would.
	joined := make([]bool, len(p.mods))
	jobs := max(1, runtime.GOMAXPROCS(0))
	if debugSelection == "3" {
		jobs = 1 // explain prints in order
	}
	var wg sync.WaitGroup
	for k := range jobs {
		sx := *ix
		sx.seen = make([]int32, len(ix.targets))
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer p.guard("the selection's joins")
			for i := k; i < len(p.mods); i += jobs {
				m := p.mods[i]
				if p.selected[m.idx] {
					continue
				}
				test := chainTestPath(m.path)
				if debugSelection == "3" {
					s.explain(m, test)
				}
				joins := sx.joins(s, m, test)
				if p.cfg.checkJoin && joins != s.joinsByScan(m, test) {
					panic(fmt.Sprintf("python: the indexed join of %s/%s differs from the scan", m.root, m.path))
				}
				joined[i] = joins
			}
		}()
	}
	wg.Wait()
	var out []*module
	for i, m := range p.mods {
		if joined[i] {
			p.selected[m.idx] = true
			m.dropWords()
			out = append(out, m)
		}
	}
	return out
}

// joinsByScan is join's test for one file by scanning every module and
// class with names: what joinIndex must answer (tests, Config.checkJoin).
func (s *selection) joinsByScan(m *module, test bool) bool {
	return s.mentionsGlobal(m, s.dangerGlobals) || !test && s.mentionsGlobal(m, s.jrGlobals) ||
		s.mentionsMember(m, s.dangerMembers) || !test && (s.mentionsAny(m.dig, s.jr) ||
		s.mentionsMember(m, s.jrMembers) || s.mentionsClass(m, s.jrClasses))
}

// joinTarget is a module with global names, a class with member names, or
// a JIT-reaching class, that a file may hit through a word.
type joinTarget struct {
	mod *module
	cls *classDef
	// jrClass: a class of jrClasses (hit through its names), not one
	// with member names (hit through those).
	jrClass bool
}

// joinKey is a word that hits target ref.
type joinKey struct {
	h   uint64
	ref int32
}

// joinIndex is the words of one round's targets, sorted, and the
// __init__.py modules with names by root (reaches: a file below the
// package reaches them unnamed).
type joinIndex struct {
	targets []joinTarget
	keys    []joinKey
	inits   map[string][]int32
	// seen[ref] is the file (idx+1) that last hit the target, so that a
	// target is checked once per file. seen and hits are a join job's
	// scratch: join gives each job its own copy of the index.
	seen []int32
	hits []int32
}

// keyUnion is the set of the keys of a and b.
func keyUnion[K comparable, V any](a, b map[K]V) map[K]bool {
	out := make(map[K]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func (s *selection) newJoinIndex() *joinIndex {
	ix := &joinIndex{inits: map[string][]int32{}}
	add := func(t joinTarget) int32 {
		ix.targets = append(ix.targets, t)
		return int32(len(ix.targets) - 1)
	}
	key := func(h uint64, ref int32) { ix.keys = append(ix.keys, joinKey{h, ref}) }
	for a := range keyUnion(s.dangerGlobals, s.jrGlobals) {
		ref := add(joinTarget{mod: a})
		key(a.lastHash, ref)
		for h := range s.modAliases[a] {
			key(h, ref)
		}
		if strings.HasSuffix(a.path, "__init__.py") {
			ix.inits[a.root] = append(ix.inits[a.root], ref)
		}
	}
	for c := range keyUnion(s.dangerMembers, s.jrMembers) {
		ref := add(joinTarget{cls: c})
		for h := range s.dangerMembers[c] {
			key(h, ref)
		}
		for h := range s.jrMembers[c] {
			key(h, ref)
		}
	}
	for c := range s.jrClasses {
		ref := add(joinTarget{cls: c, jrClass: true})
		key(wordHashString(c.name), ref)
		for h := range s.aliases[c] {
			key(h, ref)
		}
	}
	slices.SortFunc(ix.keys, func(a, b joinKey) int {
		if a.h != b.h {
			if a.h < b.h {
				return -1
			}
			return 1
		}
		return int(a.ref - b.ref)
	})
	return ix
}

// joins is joinsByScan, checking only the targets m's words hit.
func (ix *joinIndex) joins(s *selection, m *module, test bool) bool {
	stamp := int32(m.idx + 1)
	ix.hits = ix.hits[:0]
	hit := func(ref int32) {
		if ix.seen[ref] != stamp {
			ix.seen[ref] = stamp
			ix.hits = append(ix.hits, ref)
		}
	}
	words, keys := m.dig.words, ix.keys
	for i, j := 0, 0; i < len(words) && j < len(keys); {
		switch w, k := words[i], keys[j].h; {
		case w < k:
			i++
		case w > k:
			j++
		default:
			for ; j < len(keys) && keys[j].h == w; j++ {
				hit(keys[j].ref)
			}
			i++
		}
	}
	for _, ref := range ix.inits[m.root] {
		hit(ref)
	}
	if !test && s.mentionsAny(m.dig, s.jr) {
		return true
	}
	for _, ref := range ix.hits {
		t := ix.targets[ref]
		switch {
		case t.mod != nil:
			a := t.mod
			dn, jn := s.dangerGlobals[a], s.jrGlobals[a]
			if dn == nil && (test || jn == nil) || !s.reaches(m, a) {
				continue
			}
			if m.dig.StarImport && (dn != nil || !test) ||
				dn != nil && s.mentionsAny(m.dig, dn) || !test && jn != nil && s.mentionsAny(m.dig, jn) {
				return true
			}
		case t.jrClass:
			if !test && s.namesClass(m, t.cls) {
				return true
			}
		default:
			c := t.cls
			dn, jn := s.dangerMembers[c], s.jrMembers[c]
			if (dn != nil && s.mentionsAny(m.dig, dn) || !test && jn != nil && s.mentionsAny(m.dig, jn)) && s.namesClass(m, c) {
				return true
			}
		}
	}
	return false
}

// mentionsGlobal says whether m mentions one of the names of a module it
// can reach (or may re-export them all).
func (s *selection) mentionsGlobal(m *module, globals map[*module]map[uint64]bool) bool {
	for a, names := range globals {
		if s.reaches(m, a) && (m.dig.StarImport || s.mentionsAny(m.dig, names)) {
			return true
		}
	}
	return false
}

// reaches says whether m can import from a: it names a (its last name
// component, or a global that holds it), or a is the __init__.py of m's
// package or one above, which "from . import x" reaches unnamed.
// A module of another root is reached only through a name that resolves
// to it from m's root (reachesOther).
func (s *selection) reaches(m, a *module) bool {
	if m.root == a.root {
		if dir, ok := strings.CutSuffix(a.path, "__init__.py"); ok && strings.HasPrefix(m.path, dir) {
			return true
		}
	}
	if !m.dig.mentions(a.lastHash) && !s.mentionsAny(m.dig, s.modAliases[a]) {
		return false
	}
	return m.root == a.root || s.reachesOther(s.p, m, a)
}

// namesClass says whether m names class c or a name that yields it; a
// class of another root only through what m can reach (reachesClass).
func (s *selection) namesClass(m *module, c *classDef) bool {
	if !m.dig.mentions(wordHashString(c.name)) && !s.mentionsAny(m.dig, s.aliases[c]) {
		return false
	}
	return m.root == c.mod.root || s.reachesClass(m, c)
}

func (s *selection) mentionsClass(m *module, classes map[*classDef]bool) bool {
	for c := range classes {
		if s.namesClass(m, c) {
			return true
		}
	}
	return false
}

func (s *selection) mentionsMember(m *module, members map[*classDef]map[uint64]bool) bool {
	for c, names := range members {
		if s.mentionsAny(m.dig, names) && s.namesClass(m, c) {
			return true
		}
	}
	return false
}

func (s *selection) mentionsAny(d *Digest, names map[uint64]bool) bool {
	if len(names) < len(d.words) {
		for h := range names {
			if d.mentions(h) {
				return true
			}
		}
		return false
	}
	for _, h := range d.words {
		if names[h] {
			return true
		}
	}
	return false
}

// grow adds what the workers have learnt (take) to the danger and
// JIT-reaching names until nothing changes. Every rule only adds (a
// function becomes a carrier, a name becomes JIT-reaching, a value's name
// is added), so the fixpoint does not depend on the order the rules fire
// in; each fact is looked at when it arrives and again only when
// something it waits on changes (a carrier in its summary, a qualified
// name turning JIT-reaching). Rebuilding the call edges and re-reading
// every global at every step was a sixth of a six-tree scan's selection
// (9 s of CPU).
//
// take runs on each worker's goroutine as soon as it is done, while the
// others still run; grow runs once all are (the workers run the same top
// levels and then share the functions out, and one ended up to a third
// of a second before the other on sglang, on a CPU otherwise idle). Only
// what needs every worker done waits for grow: the index of functions by
// qualified name (modules are loaded as the workers run), which making a
// name JIT-reaching reads, and the links of methods.
func (s *selection) grow(p *program) {
	// Modules parsed since the last round, whose functions a qualified
	// name that turns JIT-reaching names (funcsByQual).
	for len(s.indexed) < len(p.mods) {
		s.indexed = append(s.indexed, false)
	}
	for _, m := range p.mods {
		if !s.indexed[m.idx] && m.parsed != nil && m.used.Load() {
			s.indexed[m.idx] = true
		}
	}
	s.linkMethods(p)
	for _, q := range s.toJR {
		s.addJR(q)
	}
	s.toJR = s.toJR[:0]
	s.drain()
}

// take merges what worker w learnt in a round: returns, call edges and
// JIT calls, globals and class attributes. It only reads what w made
// (the modules w ran, their finished globals, values that are never
// changed in place), so it may run while other workers still run; the
// names it finds JIT-reaching are made so in grow (toJR). A value that
// holds one of them meanwhile waits on it (qualWait) and is checked again
// when it turns.
func (s *selection) take(p *program, w *worker) {
	s.takeReturns(w)
	s.takeFacts(p, w)
	s.takeValues(w)
	// What the worker learnt is merged: its tracker and facts are not
	// read again.
	w.track, w.facts = nil, nil
}

// takeReturns merges what a worker saw functions return, and checks the
// functions again: a summary only grows.
func (s *selection) takeReturns(w *worker) {
	for fn, sum := range w.track.returns {
		all := s.returns[fn]
		if all == nil {
			all = &summary{}
			s.returns[fn] = all
		}
		all.merge(sum)
		for _, c := range sum.classes {
			addMember(s.aliases, c, fn.name)
			if fn.class != nil {
				s.holdClass(c, classHolder{cls: fn.class, h: wordHashString(fn.name)})
			} else {
				s.holdClass(c, classHolder{mod: fn.mod, h: wordHashString(fn.name)})
			}
		}
		s.checkReturn(fn)
	}
}

// checkReturn makes fn a carrier when what it returns brings the
// capability (or a function that does); until then it waits on the
// functions in its summary that are not carriers yet.
func (s *selection) checkReturn(fn *funcDef) {
	if s.carrier[fn] || fn.size > maxHelperNodes {
		// A function too big to follow returns nothing to callers.
		return
	}
	sum := s.returns[fn]
	if danger, _ := s.dangerous(sum); danger {
		s.carrier[fn] = true
		if fn.class == nil {
			addMember(s.dangerGlobals, fn.mod, fn.name)
		} else {
			addMember(s.dangerMembers, fn.class, fn.name)
		}
		s.newCarriers = append(s.newCarriers, fn)
		return
	}
	for _, g := range sum.fns {
		s.retWait[g] = append(s.retWait[g], fn)
	}
}

// takeFacts takes a worker's JIT calls and call edges: the functions that
// make JIT calls are JIT-reaching, and an edge's caller becomes so when
// its callee is or turns so (analyzer/chain walks the same callers).
// Edges from tests never extend a chain.
func (s *selection) takeFacts(p *program, w *worker) {
	for k := range w.facts.calls {
		ck := callKey{selSiteOf(k.site), k.callee}
		if _, ok := s.seenCalls[ck]; ok {
			continue
		}
		s.seenCalls[ck] = struct{}{}
		s.edge(p, ck)
	}
	// The JIT calls themselves are not kept: the final interpretation
	// records them again.
	for _, r := range w.facts.jit {
		s.toJR = append(s.toJR, r.mod.Function)
	}
	for site, name := range w.facts.methods {
		sk := selSiteOf(site)
		if _, ok := s.seenMethods[sk]; ok {
			continue
		}
		s.seenMethods[sk] = struct{}{}
		s.pendingMethods[name] = append(s.pendingMethods[name], sk)
	}
}

// selSite is a siteRef in half the bytes, for the sites the selection
// keeps.
type selSite struct{ mod, node int32 }

func selSiteOf(r siteRef) selSite { return selSite{int32(r.mod), int32(r.node)} }

// callKey is an edgeKey with a selSite.
type callKey struct {
	site   selSite
	callee *funcDef
}

// edge adds a call edge to the callers of its callee; a caller of a
// JIT-reaching name is one too (toJR: grow makes it so).
func (s *selection) edge(p *program, k callKey) {
	m := p.mods[k.site.mod]
	if chainTestPath(m.path) {
		return
	}
	caller := m.enclosing(nodeID(k.site.node))
	q := k.callee.qual
	s.callers[q] = append(s.callers[q], caller)
	if s.jrQuals[q] {
		s.toJR = append(s.toJR, caller)
	}
}

// linkMethods links the calls obj.name(...) on objects of unknown type
// whose name now has its method (methodFor): that depends on the modules
// selected, which only grow, and a link once made stays.
func (s *selection) linkMethods(p *program) {
	for name, sites := range s.pendingMethods {
		to := p.methodFor(name)
		if to == nil {
			continue
		}
		delete(s.pendingMethods, name)
		for _, site := range sites {
			s.edge(p, callKey{site, to})
		}
	}
}

// addJR makes a qualified name JIT-reaching, with the names of the
// functions it names among the modules parsed so far.
func (s *selection) addJR(q string) {
	if s.jrQuals[q] {
		return
	}
	s.jrQuals[q] = true
	s.newQuals = append(s.newQuals, q)
	name := lastName(q)
	for _, fn := range s.funcsByQual(q) {
		switch {
		case fn.class == nil:
			addMember(s.jrGlobals, fn.mod, name)
		case name == "__init__":
			// Calling the class (by any of its names) calls __init__.
			s.jrClasses[fn.class] = true
		case s.defs[wordHashString(name)].n == 1:
			// A call on an object of unknown type reaches it.
			addHash(s.jr, name)
		default:
			addMember(s.jrMembers, fn.class, name)
		}
	}
}

// funcsByQual are the functions called q in the indexed modules. A
// function's qualified name starts with its module's name and a dot, so
// they are among the functions of the modules named by a prefix of q
// that ends before a dot. This looks up the few names that turn
// JIT-reaching (about a thousand on the six-tree set) where an index of
// every function by qualified name was 5 MB of the selection's largest
// live heap.
func (s *selection) funcsByQual(q string) []*funcDef {
	var out []*funcDef
	for i := 0; i < len(q); i++ {
		if q[i] != '.' {
			continue
		}
		for _, m := range s.p.byName[q[:i]] {
			if m.idx >= len(s.indexed) || !s.indexed[m.idx] {
				continue
			}
			for _, fn := range m.funcs {
				if fn.qual == q {
					out = append(out, fn)
				}
			}
		}
	}
	return out
}

// drain follows what turned since: carriers make the functions returning
// them carriers and the values holding them danger names; JIT-reaching
// names make their callers JIT-reaching and the values holding them
// JIT-reaching names.
func (s *selection) drain() {
	for len(s.newCarriers) > 0 || len(s.newQuals) > 0 {
		if n := len(s.newCarriers); n > 0 {
			fn := s.newCarriers[n-1]
			s.newCarriers = s.newCarriers[:n-1]
			for _, g := range s.retWait[fn] {
				s.checkReturn(g)
			}
			delete(s.retWait, fn)
			s.valWait.take(fn, s.checkValue)
			continue
		}
		q := s.newQuals[len(s.newQuals)-1]
		s.newQuals = s.newQuals[:len(s.newQuals)-1]
		for _, c := range s.callers[q] {
			s.addJR(c)
		}
		s.qualWait.take(q, s.checkValue)
	}
}

// notedValue is a global (m) or class attribute (c) a worker holds, with
// what its value brings, and whether its name was added as a danger name
// and as a JIT-reaching one.
type notedValue struct {
	m          *module
	c          *classDef
	name       string
	sum        summary
	danger, jr bool
}

// takeValues notes the globals and class attributes of the modules and
// classes a worker ran since the last round. A module that has run (and a
// class whose body has) keeps its values, so each is summarized once.
func (s *selection) takeValues(w *worker) {
	seen := firstSeen(s.seenMods, w)
	for m, ms := range w.mods {
		if seen[m] {
			continue
		}
		seen[m] = true
		if !notedOnce(s.notedGlobals, m, ms.globals.m) {
			continue
		}
		for name, v := range ms.globals.m {
			s.noteValue(m, nil, name, v)
		}
	}
	seenC := firstSeen(s.seenCls, w)
	for c, attrs := range w.cls {
		if seenC[c] {
			continue
		}
		seenC[c] = true
		if !notedOnce(s.notedClasses, c, attrs) {
			continue
		}
		for name, v := range attrs {
			s.noteValue(nil, c, name, v)
		}
	}
}

// firstSeen is w's set in sets, made on first use.
func firstSeen[K comparable](sets map[*worker]map[K]bool, w *worker) map[K]bool {
	seen := sets[w]
	if seen == nil {
		seen = map[K]bool{}
		sets[w] = seen
	}
	return seen
}

// notedOnce says whether attrs, the globals of a module or the
// attributes of a class k, are new to noted, and adds them. The workers
// share equal finished globals and class attributes (sharedGlobals): a
// map another worker's were noted from brings nothing new (noting a
// value twice only repeats what it added), and was a second notedValue
// for every global of most modules.
func notedOnce[K comparable](noted map[K][]unsafe.Pointer, k K, attrs map[string]Value) bool {
	if len(attrs) == 0 {
		return true // nothing to note, and every empty map looks alike
	}
	a := mapPtr(attrs)
	if slices.Contains(noted[k], a) {
		return false
	}
	noted[k] = append(noted[k], a)
	return true
}

// noteValue adds the names a global or class attribute brings: a module's
// aliases, a class's aliases, and, now or once what it holds turns, a
// danger or JIT-reaching name.
func (s *selection) noteValue(m *module, c *classDef, name string, v Value) {
	if v.k == vModule && m != nil {
		addMember(s.modAliases, v.mod(), name)
		r := aliasRef{m, wordHashString(lastName(name))}
		if !s.held[heldKey{v.mod(), r}] {
			s.held[heldKey{v.mod(), r}] = true
			s.holders[v.mod()] = append(s.holders[v.mod()], r)
		}
		return
	}
	if m != nil && c == nil && !s.noteEvery && s.ownDef(m, name, v) {
		return
	}
	e := &notedValue{m: m, c: c, name: name}
	summarize(s.lx, v, &e.sum)
	for _, k := range e.sum.classes {
		addMember(s.aliases, k, name)
		s.holdClass(k, classHolder{mod: m, cls: c, h: wordHashString(lastName(name))})
	}
	if !s.checkValue(e) {
		return
	}
	// It may turn: wait on the carriers and JIT-reaching names it holds.
	for _, fn := range e.sum.fns {
		if !s.carrier[fn] {
			s.valWait.add(fn, e)
		}
		if !s.jrQuals[fn.qual] {
			s.qualWait.add(fn.qual, e)
		}
	}
	for _, k := range e.sum.classes {
		if ini := k.methods["__init__"]; ini != nil && !s.jrQuals[ini.qual] {
			s.qualWait.add(ini.qual, e)
		}
	}
}

// waitList holds the values waiting on each key, in the order they came:
// one list of links for all keys, and each key's first and last link.
// A map of slices was a slice header per key and a backing array per
// key, grown by append (about 8 MB of the six-tree set's selection end
// for 166 k waits on 38 k keys).
type waitList[K comparable] struct {
	ends  map[K]waitEnds
	links []waitLink
}

type waitEnds struct{ first, last int32 }

// waitLink is one waiting value and the index of the next link of its
// key (0: none; link 0 is never used).
type waitLink struct {
	e    *notedValue
	next int32
}

func newWaitList[K comparable]() waitList[K] {
	return waitList[K]{ends: map[K]waitEnds{}, links: make([]waitLink, 1)}
}

// add makes e wait on k, after the values already waiting on it.
func (l *waitList[K]) add(k K, e *notedValue) {
	i := int32(len(l.links))
	l.links = append(l.links, waitLink{e: e})
	if ends, ok := l.ends[k]; ok {
		l.links[ends.last].next = i
		l.ends[k] = waitEnds{ends.first, i}
		return
	}
	l.ends[k] = waitEnds{i, i}
}

// take calls f with the values waiting on k, in the order they came, and
// forgets them. f may add waits on other keys (not on k).
func (l *waitList[K]) take(k K, f func(*notedValue) bool) {
	ends, ok := l.ends[k]
	if !ok {
		return
	}
	delete(l.ends, k)
	for i := ends.first; i != 0; i = l.links[i].next {
		e := l.links[i].e
		l.links[i].e = nil
		f(e)
	}
}

// ownDef says whether global name of m is m's own def of that name, as
// defined: a function value with nothing else in it. Such a global needs
// no notedValue and no waits (a third of the selection's kept values on
// the six-tree set), since the rules that would add its name add it
// anyway: checkReturn adds a function's name to its module's danger
// names when it turns a carrier, and addJR adds it to its module's
// JIT-reaching names when its qualified name turns so, its module being
// indexed by then (m ran this round; addJR waits for grow). What they do
// not cover is left to noteValue: the capability flags or a JIT builder's
// name (dangerous), and a qualified name already JIT-reaching, which may
// have turned before m was indexed (another root's module of the same
// name).
func (s *selection) ownDef(m *module, name string, v Value) bool {
	fn := v.fn()
	return fn != nil && fn.mod == m && fn.class == nil && fn.name == name && !v.Cap && !v.capObj &&
		len(v.elems()) == 0 && len(v.vals()) == 0 && len(v.attrs()) == 0 && !jitBuilderName(fn.name) && !s.jrQuals[fn.qual]
}

// checkValue adds the value's name as a danger and a JIT-reaching name
// when it is one, and says whether it could still turn either.
func (s *selection) checkValue(e *notedValue) bool {
	if e.danger && e.jr {
		return false
	}
	danger, jr := s.dangerous(&e.sum)
	if danger && !e.danger {
		if e.c == nil {
			addMember(s.dangerGlobals, e.m, e.name)
		} else {
			addMember(s.dangerMembers, e.c, e.name)
		}
	}
	if jr && !e.jr {
		if e.c == nil {
			addMember(s.jrGlobals, e.m, e.name)
		} else {
			addMember(s.jrMembers, e.c, e.name)
		}
	}
	e.danger, e.jr = danger, jr
	return !(danger && jr) && (len(e.sum.fns) > 0 || len(e.sum.classes) > 0)
}

func addHash(set map[uint64]bool, name string) bool {
	h := wordHashString(lastName(name))
	if set[h] {
		return false
	}
	set[h] = true
	return true
}

func addMember[K comparable](sets map[K]map[uint64]bool, c K, name string) bool {
	if sets[c] == nil {
		sets[c] = map[uint64]bool{}
	}
	return addHash(sets[c], name)
}

func jitBuilderName(name string) bool {
	return slices.Contains(jitNames, name)
}

// uniqueMethod is program.uniqueMethod from the byte scan's count of defs:
// a name defined once in all the files, by a method of a selected module.
// A method of a module that is not selected is not on any chain (its
// module would mention what it reaches).
func (s *selection) uniqueMethod(p *program, name string) *funcDef {
	if strings.HasPrefix(name, "__") {
		return nil
	}
	h := wordHashString(name)
	d := s.defs[h]
	if d.n != 1 {
		return nil
	}
	m := p.mods[d.mod]
	if !p.selected[m.idx] || !p.ensure(m) {
		return nil
	}
	var found *funcDef
	for _, fn := range m.funcs {
		if fn.name == name {
			if found != nil {
				return nil
			}
			found = fn
		}
	}
	if found == nil || found.class == nil {
		return nil
	}
	return found
}

// chainTestPath is analyzer/chain's test: its callers never extend a chain.
func chainTestPath(p string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	return strings.HasPrefix(p, "tests/") || strings.HasPrefix(p, "test/") || strings.Contains(p, "/tests/") ||
		strings.Contains(p, "/test/") || strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") || base == "conftest.py"
}

// archLists are the arch-list gates of a program, read once: ahead, by
// the probe that ends first while the other still runs (readAhead), or
// at the end.
type archLists struct {
	once  sync.Once
	gates []Gate
	// failed: reading ahead met a panic, so the end reads again (and
	// meets it where it always did, under the guard).
	failed bool
}

// archListGates reads the arch lists of every module (all of them, or the
// ones the byte scan says may hold one); a module loaded for nothing else
// is parsed on the side and dropped.
func (p *program) archListGates() []Gate {
	p.arch.once.Do(func() {})
	if p.arch.gates == nil || p.arch.failed {
		p.arch.gates = p.readArchLists(true)
	}
	return p.arch.gates
}

// readAhead reads the arch lists on the calling goroutine, one module
// after another, when every module is loaded (selectAll): then nothing
// the interpretation does writes what they read, and the probe that ends
// first has a core to itself until the other ends. With a selection, a
// module may be loaded by a worker meanwhile, so they wait for the end.
func (p *program) readAhead() {
	if p.byDefName == nil {
		return
	}
	p.arch.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				p.arch.failed = true
			}
		}()
		p.arch.gates = p.readArchLists(false)
	})
}

// readArchLists reads the arch lists, on GOMAXPROCS goroutines with
// parallel, else on the calling one; never nil.
func (p *program) readArchLists(parallel bool) []Gate {
	var cands []*module
	for _, m := range p.mods {
		if p.byDefName != nil || m.dig != nil && m.dig.ArchList {
			cands = append(cands, m)
		}
	}
	res := make([][]Gate, len(cands))
	read := func(i int) {
		m := cands[i]
		m.used.Store(true)
		if m.parsed == nil && m.note == nil {
			tmp := &module{idx: m.idx, root: m.root, path: m.path, name: m.name, pkg: m.pkg, isTest: m.isTest, open: m.open, src: m.src}
			p.load(tmp)
			m.note = tmp.note
			m = tmp
		}
		if m.parsed != nil {
			res[i] = archListGates(m, p.cfg.Caps)
		}
	}
	if parallel {
		p.parallel("the selection", len(cands), read)
	} else {
		for i := range cands {
			read(i)
		}
	}
	out := []Gate{}
	for _, g := range res {
		out = append(out, g...)
	}
	return out
}

// debugSelection (ARCHLINT_PY_DEBUG) prints what the selection did.
var debugSelection = os.Getenv("ARCHLINT_PY_DEBUG")

func (s *selection) explain(m *module, test bool) {
	for a, names := range s.dangerGlobals {
		if s.reaches(m, a) && (m.dig.StarImport || s.mentionsAny(m.dig, names)) {
			fmt.Fprintln(os.Stderr, "join-danger", m.root+"/"+m.path, "via", a.root+"/"+a.path, m.dig.StarImport)
			return
		}
	}
	for a, names := range s.jrGlobals {
		if !test && s.reaches(m, a) && (m.dig.StarImport || s.mentionsAny(m.dig, names)) {
			fmt.Fprintln(os.Stderr, "join-jr", m.root+"/"+m.path, "via", a.root+"/"+a.path, m.dig.StarImport)
			return
		}
	}
	for c, names := range s.dangerMembers {
		if s.mentionsAny(m.dig, names) && s.namesClass(m, c) {
			fmt.Fprintln(os.Stderr, "join-member", m.root+"/"+m.path, "via", c.mod.root+"/"+c.qual)
			return
		}
	}
	if test {
		return
	}
	if s.mentionsAny(m.dig, s.jr) {
		fmt.Fprintln(os.Stderr, "join-method", m.root+"/"+m.path)
		return
	}
	for c, names := range s.jrMembers {
		if s.mentionsAny(m.dig, names) && s.namesClass(m, c) {
			fmt.Fprintln(os.Stderr, "join-jrmember", m.root+"/"+m.path, "via", c.mod.root+"/"+c.qual)
			return
		}
	}
	for c := range s.jrClasses {
		if s.namesClass(m, c) {
			fmt.Fprintln(os.Stderr, "join-jrclass", m.root+"/"+m.path, "via", c.mod.root+"/"+c.qual)
			return
		}
	}
}
