package python

import (
	"cmp"
	"iter"
	"sort"
	"strings"
)

// The call graph comes out of the interpreter: the first capability's
// worker runs every module and every function once anyway, with imports,
// re-exports, self and functools wrappers already resolved to the
// function values they name, so a call whose callee evaluates to a scanned
// function is an edge. Nothing is re-resolved by name except calls on
// objects of unknown type (see uniqueMethod).

// facts is what the collecting worker records besides gates. It belongs
// to one worker, so it needs no lock.
type facts struct {
	calls map[edgeKey]bool
	jit   map[siteRef]*jitRec
	// methods are calls obj.name(...) on objects of unknown type, linked
	// to the unique def of name once the program knows it (methodFor).
	methods map[siteRef]string
	// late is the other probe's facts (merge), whose calls and methods
	// are read where they are rather than copied into these maps: the
	// copy grew the maps at the Python phase's memory peak.
	late *facts
}

// siteRef is a syntax node of a module.
type siteRef struct {
	mod  int
	node nodeID
}

type edgeKey struct {
	site   siteRef
	callee *funcDef
}

func newFacts() *facts {
	return &facts{calls: map[edgeKey]bool{}, jit: map[siteRef]*jitRec{}, methods: map[siteRef]string{}}
}

// collecting says whether this frame's calls are recorded: the collecting
// worker's own analysis of a module or function (not the helpers it
// follows, which are analyzed on their own too), in its share of them.
func (f *frame) collecting() bool {
	if f.w.facts == nil || !f.record && !f.side {
		return false
	}
	switch f.w.share {
	case earlyFacts:
		return f.fn == nil || !f.fn.mod.lateFacts
	case lateFacts:
		return f.fn != nil && f.fn.mod.lateFacts
	}
	return true
}

// factsShare is which facts a collecting worker records. The facts do
// not depend on the capability, and the worker that collects them all
// takes a quarter more steps than the other probe, which the next workers
// wait for; so the two probes share them: the oldest records all but the
// analyses of the late modules' functions (module.lateFacts, about half
// the work in the functions), the newest those. A call site belongs to
// one frame's code (a function's body, or a module's top level, class
// bodies and main guard), and only the frames that run that code as
// their own record it, so the two record disjoint sites and their union
// is what one would have recorded.
type factsShare uint8

const (
	allFacts   factsShare = iota
	earlyFacts            // the oldest probe's share
	lateFacts             // the newest probe's share
)

// splitFacts marks the modules whose functions' own analyses the newest
// probe collects: those from where the functions' syntax nodes, in
// module order, pass half.
func splitFacts(mods []*module) {
	total := 0
	for _, m := range mods {
		for _, fn := range m.funcs {
			total += int(fn.size)
		}
	}
	seen := 0
	for _, m := range mods {
		m.lateFacts = 2*seen >= total
		for _, fn := range m.funcs {
			seen += int(fn.size)
		}
	}
}

// merge adds the facts late recorded (on sites fx did not record, see
// factsShare) to fx: the JIT sites into fx's, the calls and methods by
// reference (edgeKeys reads both).
func (fx *facts) merge(late *facts) {
	fx.late = late
	for site, r := range late.jit {
		if old := fx.jit[site]; old == nil || better(old.mod, r.mod) {
			fx.jit[site] = r
		}
	}
}

// noteCall records the call n. callee is what the function expression
// evaluated to; for obj.name(...) calls, obj and name are given (name is
// "" otherwise).
func (f *frame) noteCall(n nodeID, callee, obj Value, name string, a callArgs) {
	fx := f.w.facts
	site := siteRef{f.mod.idx, n}
	var to *funcDef
	switch callee.k {
	case vFunc:
		to = callee.fn()
	case vClass:
		to = callee.cls().methods["__init__"]
	case vUnknown:
		if name != "" && (obj.k == vUnknown || obj.k == vObj) {
			fx.methods[site] = name
		}
	}
	if to != nil {
		fx.calls[edgeKey{site, to}] = true
	}
	if kind := f.jitKind(callee, n); kind != "" {
		f.recordJIT(site, kind, a)
	}
}

// methodFor is the method a call obj.name(...) on an object of unknown
// type is linked to: the unique def of that name in the scanned sources.
func (p *program) methodFor(name string) *funcDef {
	if p.byDefName == nil {
		return p.sel.uniqueMethod(p, name)
	}
	return p.uniqueMethod(name)
}

// uniqueMethod is the method called name when exactly one def in the
// scanned sources has that name; a call on an object of unknown type is
// linked to it. Dunder names are everywhere by design and never match.
func (p *program) uniqueMethod(name string) *funcDef {
	if strings.HasPrefix(name, "__") {
		return nil
	}
	defs := p.byDefName[name]
	if len(defs) != 1 || defs[0].class == nil {
		return nil
	}
	return defs[0]
}

// sideEval evaluates an expression this capability skips, for the calls in
// it; values and gates from it are dropped. A walrus inside would change
// the environment, so such expressions are left alone.
func (f *frame) sideEval(n nodeID) {
	if !f.collecting() || n == noNode || f.mod.hasKind(n, "named_expression") {
		return
	}
	// The other workers evaluate nothing here: a top-level run that
	// does is the collecting worker's own (adopt.go).
	f.w.localReads++
	rec, side := f.record, f.side
	f.record, f.side = false, true
	f.eval(n)
	f.record, f.side = rec, side
}

// hasKind says whether the subtree at n holds a node of the kind; nodes
// are stored in pre-order, so the subtree is a contiguous range.
func (m *module) hasKind(n nodeID, kind string) bool {
	end := m.end(n)
	for i := int(n); i < len(m.nodes) && (i == int(n) || m.start(nodeID(i)) < end); i++ {
		if m.tab.names[m.kindID(nodeID(i))] == kind {
			return true
		}
	}
	return false
}

// edges renders the recorded edges that lead up to a JIT call, sorted and
// without duplicates: every edge into a function that makes one, and into
// each of their callers, up to the entry points (Config.allEdges: every
// edge). Those are the edges analyzer/chain walks, and a few more (callers
// in tests, past its bound); the others, most of a program's calls
// (flashinfer fb28d7242: 45 k of 48 k), were rendered and sorted for
// nothing, a quarter of a second of CPU.
func (fx *facts) edges(p *program) []Call {
	seen := map[Call]bool{}
	var out []Call
	render := func(k edgeKey) (Call, bool) {
		m := p.mods[k.site.mod]
		line, col := m.lines.pos(m.start(k.site.node))
		c := Call{Caller: m.enclosing(k.site.node), Callee: k.callee.qual, Root: m.root, Path: m.path, Line: line, Col: col}
		if seen[c] {
			return c, false
		}
		seen[c] = true
		out = append(out, c)
		return c, true
	}
	if p.cfg.allEdges {
		for k := range fx.edgeKeys(p) {
			render(k)
		}
	} else {
		// The callers of a function are the edges whose callee has its
		// name, as analyzer/chain looks them up.
		byCallee := map[string][]edgeKey{}
		for k := range fx.edgeKeys(p) {
			byCallee[k.callee.qual] = append(byCallee[k.callee.qual], k)
		}
		reached := map[string]bool{}
		var queue []string
		for _, r := range fx.jit {
			if fn := r.mod.Function; !reached[fn] {
				reached[fn] = true
				queue = append(queue, fn)
			}
		}
		for len(queue) > 0 {
			fn := queue[0]
			queue = queue[1:]
			for _, k := range byCallee[fn] {
				if c, added := render(k); added && !reached[c.Caller] {
					reached[c.Caller] = true
					queue = append(queue, c.Caller)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		return cmp.Or(cmp.Compare(a.Caller, b.Caller), cmp.Compare(a.Callee, b.Callee),
			comparePos(a.Root, a.Path, a.Line, a.Col, b.Root, b.Path, b.Line, b.Col)) < 0
	})
	return out
}

// edgeKeys are the recorded edges, fx's and the merged probe's, with the
// method calls linked. An edge may come twice (a method call linked to the
// def a plain call also reached); edges renders each once. Nothing is
// copied: a map of all edges was 23 MB at the memory peak of four trees.
func (fx *facts) edgeKeys(p *program) iter.Seq[edgeKey] {
	return func(yield func(edgeKey) bool) {
		for f := fx; f != nil; f = f.late {
			for k := range f.calls {
				if !yield(k) {
					return
				}
			}
		}
		for f := fx; f != nil; f = f.late {
			for site, name := range f.methods {
				if to := p.methodFor(name); to != nil && !yield(edgeKey{site, to}) {
					return
				}
			}
		}
	}
}
