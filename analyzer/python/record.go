package python

// siteKind says what kind of decision a recorded site is.
type siteKind uint8

const (
	siteIf siteKind = iota
	siteAssert
	siteReturn
	siteTernary
	siteLookup
	siteMajors
	siteDecorator
	siteSkipif
)

type siteKey struct {
	mod  int
	node nodeID
	kind siteKind
}

// siteRec is what one capability did at one site.
type siteRec struct {
	raw    int // outcome index taken; -2 unknown
	cap    bool
	shadow bool
	via    *funcDef
	detail string // the evaluated list of a majors/decorator gate
	keys   []string
	// names: the decision tests the GPU's product name; how this
	// capability's names answer it (devname.go).
	names *nameBits
}

// recorder holds one worker's sites; workers never share one.
type recorder struct {
	sites map[siteKey]*siteRec
}

func newRecorder() *recorder { return &recorder{sites: map[siteKey]*siteRec{}} }

// put keeps, per site, the visit on this capability's own path over one
// explored in the shadow; two different answers on the same footing make
// the site unknown (a loop body seen with different values).
func (f *frame) put(n nodeID, kind siteKind, r siteRec) {
	r.shadow = f.shadow
	var script *module
	if f.script {
		// A script frame runs m's main guard or a class body in it:
		// f.mod is m.
		script = f.mod
	}
	k := siteKey{f.mod.idx, n, kind}
	if f.w.logging() {
		rc := r
		f.w.logEvent(topEvent{kind: evSite, x: &topExtra{site: k, rec: &rc, fn: f.fn}, mod: script})
	}
	f.w.putSite(k, r, f.fn, script)
}

// putSite is put, for a site k recorded by function fn's analysis (nil:
// none) or the main guard of module script (nil: none).
func (w *worker) putSite(k siteKey, r siteRec, fn *funcDef, script *module) {
	if fn != nil {
		w.hits[fn] = true
	} else if script != nil {
		w.mainHits[script] = true
	}
	old := w.rec.sites[k]
	switch {
	case old == nil, old.shadow && !r.shadow:
		w.rec.sites[k] = &r
	case old.shadow == r.shadow:
		if old.raw != r.raw {
			old.raw = -2
		}
		old.cap = old.cap || r.cap
		if old.via == nil {
			old.via = r.via
		}
		if old.names == nil {
			old.names = r.names
		}
	}
}

func (f *frame) recordIf(s nodeID, cl []clause, taken int, via *funcDef, names *nameBits) {
	f.put(s, siteIf, siteRec{raw: taken, cap: true, via: via, names: names})
}

func (f *frame) recordAssert(s, cond nodeID, v Value) {
	if !v.Cap {
		return
	}
	raw := outcomeOf(v.truth(), 0, 1)
	f.put(s, siteAssert, siteRec{raw: raw, cap: true, via: v.via(), names: v.names()})
}

// recordReturn records "return <capability-dependent truth value>"; other
// returned values (tuples, numbers) are data, not decisions.
func (f *frame) recordReturn(s, vn nodeID, v Value) {
	if !v.Cap || !(v.k == vBool || v.k == vUnknown && f.boolOp(vn)) || !f.boolish(vn) {
		return
	}
	raw := outcomeOf(v.truth(), 0, 1)
	f.put(s, siteReturn, siteRec{raw: raw, cap: true, via: v.via(), names: v.names()})
}

// boolOp says whether an expression is an operator with a truth value.
func (f *frame) boolOp(n nodeID) bool {
	switch f.mod.kind(n) {
	case "comparison_operator", "boolean_operator", "not_operator":
		return true
	case "parenthesized_expression":
		kids := f.mod.namedList(n)
		return len(kids) == 1 && f.boolOp(kids[0])
	}
	return false
}

// boolish says whether an expression reads as a truth value.
func (f *frame) boolish(n nodeID) bool {
	switch f.mod.kind(n) {
	case "comparison_operator", "boolean_operator", "not_operator", "true", "false", "call", "identifier", "attribute":
		return true
	case "parenthesized_expression":
		kids := f.mod.namedList(n)
		return len(kids) == 1 && f.boolish(kids[0])
	}
	return false
}

func (f *frame) recordTernary(n, cond nodeID, c Value) {
	raw := outcomeOf(c.truth(), 0, 1)
	f.put(n, siteTernary, siteRec{raw: raw, cap: true, via: c.via(), names: c.names()})
}

// recordLookup records a table lookup by a capability-dependent key; a
// missing key (KeyError, or None from .get) is the last outcome.
func (f *frame) recordLookup(n nodeID, table Value, idx int) {
	raw := idx
	if idx == -1 {
		raw = len(table.elems())
	}
	keys := make([]string, len(table.elems()))
	for i, k := range table.elems() {
		keys[i] = render(k)
	}
	f.put(n, siteLookup, siteRec{raw: raw, cap: true, keys: keys})
}

// recordMajors records supported_major_versions=[...]: the build is
// refused unless the capability's major is listed.
func (f *frame) recordMajors(call, valN nodeID, v Value) {
	if v.k != vList && v.k != vTuple && v.k != vSet {
		return
	}
	raw := 1
	for _, e := range v.elems() {
		if e.k != vInt {
			return
		}
		if int(e.i) == f.w.capability().Major {
			raw = 0
		}
	}
	f.put(valN, siteMajors, siteRec{raw: raw, cap: true, detail: render(v)})
}

// recordSkipif records pytest.mark.skipif(cond, ...) / unittest.skipIf.
func (f *frame) recordSkipif(call nodeID, cond Value) {
	if !cond.Cap {
		return
	}
	raw := outcomeOf(cond.truth(), 1, 0)
	f.put(call, siteSkipif, siteRec{raw: raw, cap: true, via: cond.via(), names: cond.names()})
}

// evalDecorator evaluates a decorator; one that takes a capability list
// (@supported_compute_capability([90, 100])) is a gate on the function.
func (f *frame) evalDecorator(d, def nodeID) {
	m := f.mod
	kids := m.namedList(d)
	if len(kids) == 0 {
		return
	}
	e := kids[0]
	if m.kind(e) == "call" {
		name := lastName(m.view(m.child(e, fFunction)))
		if capListName(name) {
			args := m.namedList(m.child(e, fArguments))
			if len(args) > 0 {
				v := f.eval(args[0])
				if raw, ok := f.capListRaw(v); ok {
					f.put(e, siteDecorator, siteRec{raw: raw, cap: true, detail: render(v)})
					return
				}
			}
		}
	}
	f.eval(e)
}

func capListName(name string) bool {
	for _, s := range []string{"capabilit", "arch", "compute_cap", "sm_version", "supported_sm"} {
		if containsFold(name, s) {
			return true
		}
	}
	return false
}

// capListRaw: 0 when the capability is in a list of capability literals,
// 1 when not; ok false when v is not such a list.
func (f *frame) capListRaw(v Value) (int, bool) {
	if v.k != vList && v.k != vTuple && v.k != vSet || len(v.elems()) == 0 {
		return 0, false
	}
	cur := f.w.capability()
	have := capOf(cur.Major, cur.Minor)
	raw := 1
	for _, e := range v.elems() {
		if e.k != vInt && e.k != vStr {
			return 0, false
		}
		c, ok := capLiteral(e, true)
		if !ok || (e.k == vInt && e.i < 20) {
			return 0, false
		}
		if c == have {
			raw = 0
		}
	}
	return raw, true
}

// render prints a known value as Python would.
func render(v Value) string {
	switch v.k {
	case vStr:
		return "\"" + v.text() + "\""
	case vList, vTuple, vSet:
		open, close := "[", "]"
		switch v.k {
		case vTuple:
			open, close = "(", ")"
		case vSet:
			open, close = "{", "}"
		}
		s := open
		for i, e := range v.elems() {
			if i > 0 {
				s += ", "
			}
			s += render(e)
		}
		if v.k == vTuple && len(v.elems()) == 1 {
			s += ","
		}
		return s + close
	}
	if s, ok := v.str(); ok {
		return s
	}
	return "?"
}

// outcomeOf maps a decision's truth to the outcome index each side takes
// (-2 when undecided).
func outcomeOf(t tri, ifTrue, ifFalse int) int {
	switch t {
	case triTrue:
		return ifTrue
	case triFalse:
		return ifFalse
	}
	return -2
}
