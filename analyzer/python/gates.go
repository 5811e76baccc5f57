package python

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/comment"
)

// buildGates merges the capability workers' records into gates.
func buildGates(p *program, recs []*recorder) []Gate {
	keys := map[siteKey]bool{}
	for _, r := range recs {
		for k := range r.sites {
			keys[k] = true
		}
	}
	order := make([]siteKey, 0, len(keys))
	for k := range keys {
		order = append(order, k)
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.mod != b.mod {
			return a.mod < b.mod
		}
		if a.node != b.node {
			return a.node < b.node
		}
		return a.kind < b.kind
	})
	var out []Gate
	var built []siteKey
	for _, k := range order {
		per := make([]*siteRec, len(recs))
		for ci, r := range recs {
			per[ci] = r.sites[k]
		}
		if g, ok := buildGate(p, p.mods[k.mod], k, per); ok {
			out = append(out, g)
			built = append(built, k)
		}
	}
	return foldNoneTests(p, built, out)
}

func buildGate(p *program, m *module, k siteKey, per []*siteRec) (Gate, bool) {
	per = assumeGiven(m, k, per)
	var first *siteRec
	var via *funcDef
	for _, r := range per {
		if r == nil {
			continue
		}
		if first == nil {
			first = r
		}
		if via == nil && r.via != nil {
			via = r.via
		}
	}
	if first == nil {
		return Gate{}, false
	}
	g := Gate{Root: m.root, Path: m.path, Module: m.name, Function: m.enclosing(k.node), IsTest: m.isTest}
	where := k.node // the deciding expression
	// capAndRefuses: the arm a CapAnd condition leads to refuses (`if
	// sf.dtype == torch.float and arch == "90a": raise
	// NotImplementedError`), or only restricts: a capability that may
	// take it is refused there, or misses nothing, not served.
	capAndRefuses := false
	var outs []outcome
	// same[i] is the first arm whose code is arm i's (an if chain's arms
	// that do the same thing are one path); nil when each arm is its own.
	var same []int
	switch k.kind {
	case siteIf:
		cl := m.clauses(k.node)
		same = m.sameArms(cl)
		where = cl[0].cond
		// A ladder whose first arms no capability takes (if
		// is_rocm: raise ... elif props.major != 8: raise ...) decides
		// by capability at the first arm one takes: that condition is
		// the gate's expression.
		if first := firstArmTaken(per); first > 0 && first < len(cl) && cl[first].cond != noNode {
			where = cl[first].cond
		}
		g.CapAnd = m.capAnd(where)
		for _, c := range cl {
			outs = append(outs, m.describeBlock(c.body))
			if c.cond != noNode {
				g.Conds = append(g.Conds, m.text(c.cond))
			}
		}
		if cl[len(cl)-1].cond != noNode {
			outs = append(outs, m.describeRest(k.node))
		}
		g.ArmNames = m.armKernels(k.node, cl)
		if g.CapAnd {
			for i, c := range cl {
				if c.cond == where {
					// An arm that refuses, or only restricts (adds
					// checks, or flags for fixed architectures), is no
					// path the target lacks.
					capAndRefuses = outs[i].refuses || m.restrictsOnly(c.body)
				}
			}
		}
		g.Tuning = (m.tuningArms(k.node, cl) || m.sameShapeArms(cl) || m.sameCallArms(k.node, cl)) && !outs[len(outs)-1].refuses
		g.Restricts = make([]bool, len(outs))
		for i, c := range cl {
			g.Restricts[i] = m.restrictsOnly(c.body)
		}
		if cl[len(cl)-1].cond != noNode && m.disablesOnly(m.stmtsAfter(k.node)) {
			// `if (major, minor) >= (8, 0): return`, then `mylib.USE_FAST
			// = False` (unsloth-zoo's patch for old GPUs): what the other
			// GPUs go on to only turns something off, so the early return
			// is the way on, not a refusal.
			g.Restricts[len(cl)] = true
			for i := range cl {
				if outs[i].desc == "returns None" {
					outs[i].refuses = false
				}
			}
		}
		if g.Tuning && cl[len(cl)-1].cond != noNode && m.returnsAt(m.namedList(cl[0].body)) {
			// A config function's fall-through `return {"BV": 16}` is
			// the numbers the target gets.
			if rest := m.stmtsAfter(k.node); m.returnsAt(rest) {
				outs[len(outs)-1].desc = m.describeStmts(rest).desc
			}
		}
		if m.printsOnly(cl) {
			// `if cc_major != 9: print("Warning: optimized for SM90")`:
			// a warning for some GPUs, the same code for all.
			return Gate{}, false
		}
		if m.aliasesArch(cl) {
			// `if arch == 87: arch = 80` (quack's shared-memory lookup
			// that lacks sm_87): one architecture is read as another;
			// every other GPU keeps its own number.
			return Gate{}, false
		}
		if flag, ok := m.flagRefusal(k.node, cl); ok {
			// The GPUs the arm flags are the ones refused further down:
			// the arm is their refusal, not a path the others lack.
			outs[0].refuses = true
			outs[0].desc = clip("sets " + flag + " = True, on which the function refuses further down")
		}
		if proseOnly(outs) {
			// Every way returns a sentence (FastVideo's
			// attn_qat_infer_receipt(): "arch=sm_120 kernel=none
			// (supported: ...)"): the check words a log line, it picks
			// no path and refuses nothing.
			return Gate{}, false
		}
		g.Within = m.within(k.node)
		g.Kind = KindCheck
		if len(cl) > 2 || (len(cl) == 2 && cl[1].cond != noNode) {
			g.Kind = KindLadder
		}
		for _, o := range outs {
			if o.skip {
				g.Kind, g.IsTest = KindSkip, true
			}
		}
		if g.Kind != KindSkip && via != nil && via != m.enclosingFunc(k.node) {
			g.Kind = KindHelper
		}
		last := cl[len(cl)-1].cond
		if last == noNode && len(cl) > 1 {
			last = cl[len(cl)-2].cond
		}
		g.GuardsCall, g.GuardsCallLine = m.guardedCall(k.node)
		g.Expr = m.text(where)
		setPos(&g, m, where, where)
		if g.Kind == KindLadder {
			setPos(&g, m, where, last)
		}
	case siteAssert:
		kids := m.namedList(k.node)
		where = kids[0]
		msg := "AssertionError"
		if len(kids) > 1 {
			msg += ": " + m.stringText(kids[1])
		}
		outs = []outcome{{desc: "continues"}, {desc: clip("fails assert: " + strings.TrimPrefix(msg, "AssertionError: ")), refuses: true}}
		g.Kind = kindFor(KindCheck, via, m, k.node)
	case siteReturn:
		where = m.namedList(k.node)[0]
		outs = []outcome{{desc: "returns True"}, {desc: "returns False", refuses: true}}
		g.Kind = kindFor(KindCheck, via, m, k.node)
	case siteTernary:
		kids := m.namedList(k.node)
		// Both values alike (mirage's `"embedding" if cc == 90 else
		// "embedding"`, a placeholder for a later Hopper variant) choose
		// nothing, as an if chain's alike arms do (sameArms).
		if m.ptxSuffixOnly(kids[0], kids[2]) || m.text(kids[0]) == m.text(kids[2]) {
			return Gate{}, false
		}
		where = kids[1]
		outs = []outcome{{desc: clip("takes " + m.text(kids[0]))}, {desc: clip("takes " + m.text(kids[2]))}}
		g.Tuning = m.tuningTernary(k.node)
		g.Kind = kindFor(KindCheck, via, m, k.node)
	case siteLookup:
		for _, key := range first.keys {
			outs = append(outs, outcome{desc: "entry " + key})
		}
		if m.kind(k.node) == "call" {
			outs = append(outs, outcome{desc: noEntryNone, refuses: true})
		} else {
			outs = append(outs, outcome{desc: "raises KeyError (no entry)", refuses: true})
		}
		g.Kind = KindLookup
	case siteMajors:
		call := m.parent(m.parent(m.parent(k.node)))
		name := argText(m, call)
		if args := m.namedList(m.child(call, fArguments)); len(args) == 0 || m.kind(args[0]) == "keyword_argument" {
			name = m.text(m.child(call, fFunction)) + "(...)"
		}
		outs = []outcome{{desc: clip("builds " + name)},
			{desc: "raises RuntimeError: No supported CUDA architectures found for major versions " + first.detail, refuses: true}}
		g.Kind = KindMajors
		if call != noNode && m.kind(call) == "call" {
			g.GuardsCall = firstArg(m, call)
			g.GuardsCallLine = m.line(call)
		}
	case siteDecorator:
		outs = []outcome{{desc: "supported: " + first.detail}, {desc: "refused: not in " + first.detail, refuses: true}}
		g.Kind = KindDecorator
		if def := m.enclosingDecorated(k.node); def != nil {
			g.Function = def.qual
		}
	case siteSkipif:
		reason := kwText(m, k.node, "reason")
		if reason == "" {
			if args := m.namedList(m.child(k.node, fArguments)); len(args) > 1 && (m.kind(args[1]) == "string" || m.kind(args[1]) == "concatenated_string") {
				reason = m.stringText(args[1])
			}
		}
		skipped := "skipped"
		if reason != "" {
			skipped += ": " + reason
		}
		outs = []outcome{{desc: "runs"}, {desc: clip(skipped), refuses: true, skip: true}}
		g.Kind, g.IsTest = KindSkip, true
		if args := m.namedList(m.child(k.node, fArguments)); len(args) > 0 {
			where = args[0]
		}
		if def := m.enclosingDecorated(k.node); def != nil {
			g.Function = def.qual
		}
	}
	if g.Expr == "" {
		g.Expr = m.text(where)
		setPos(&g, m, where, where)
	}
	if g.Kind == KindHelper && via != nil {
		g.Helper, g.HelperPath, g.HelperLine = via.qual, via.mod.path, int(via.line)
		g.HelperReturns = via.mod.returnTexts(via)
	}
	if reasonFunc(g.Function) {
		reasonOrNone(outs)
	}
	noneBeforeSkip(outs)
	g.Comment = m.commentAbout(where)
	modernReturn(outs, per, p.cfg.Caps)
	g.Branch = make([]int, len(per))
	refusedRaw := -1
	for ci, r := range per {
		if r != nil && !r.shadow && r.raw < 0 && g.CapAnd && !capAndRefuses {
			// Reached, and the rest of the condition decides.
			if g.Undecided == nil {
				g.Undecided = make([]bool, len(per))
			}
			g.Undecided[ci] = true
		}
		switch {
		case r == nil || r.shadow || r.raw < 0 || r.raw >= len(outs):
			// A shadow visit explored an arm this capability does not take:
			// the capability never reaches this decision, so it has no outcome
			// here (its own path is decided by the enclosing gate).
			g.Branch[ci] = -2
		case outs[r.raw].refuses:
			g.Branch[ci] = -1
			refusedRaw = r.raw
		default:
			g.Branch[ci] = r.raw
			if r.raw < len(same) {
				g.Branch[ci] = same[r.raw]
			}
			g.Admits = append(g.Admits, p.cfg.Caps[ci])
		}
	}
	nameFacts(&g, k, per, outs, same, m, where)
	for _, o := range outs {
		g.Outcomes = append(g.Outcomes, o.desc)
	}
	if refusedRaw >= 0 {
		g.Refusal = outs[refusedRaw].desc
	}
	if k.kind != siteMajors && k.kind != siteDecorator && uniform(g.Branch) {
		return Gate{}, false
	}
	return g, true
}

// firstArmTaken is the lowest arm a capability takes on its own path (not
// in the shadow); -1 when some capability's arm is undecided there (if
// cap_major == 9 and K <= 128: 9.x may take the first arm).
func firstArmTaken(per []*siteRec) int {
	first := -1
	for _, r := range per {
		if r == nil || r.shadow {
			continue
		}
		if r.raw < 0 {
			return -1
		}
		if first < 0 || r.raw < first {
			first = r.raw
		}
	}
	return first
}

// uniform: every capability takes the same working outcome, so the
// decision never tells capabilities apart.
func uniform(b []int) bool {
	for _, x := range b {
		if x != b[0] {
			return false
		}
	}
	return true
}

func kindFor(def string, via *funcDef, m *module, n nodeID) string {
	if via != nil && via != m.enclosingFunc(n) {
		return KindHelper
	}
	return def
}

func setPos(g *Gate, m *module, from, to nodeID) {
	g.Line, g.Col = m.lines.pos(m.start(from))
	g.EndLine, g.EndCol = m.lines.pos(m.end(to))
}

// commentAbout is the comment the code has about the gate at n
// (comment.About): a condition inside a multi-line call or decorator has
// its reason above the statement, clause or decorator it is part of.
func (m *module) commentAbout(n nodeID) string {
	stmt := -1
	for s := m.parent(n); s != noNode; s = m.parent(s) {
		if k := m.kind(s); k == "decorator" || strings.HasSuffix(k, "_statement") || strings.HasSuffix(k, "_clause") {
			stmt = int(m.start(s))
			break
		}
	}
	return comment.About(m.src, int(m.start(n)), stmt, comment.Hash)
}

func firstArg(m *module, call nodeID) string {
	args := m.namedList(m.child(call, fArguments))
	if len(args) == 0 {
		return ""
	}
	if m.kind(args[0]) == "keyword_argument" {
		return m.text(m.child(args[0], fValue))
	}
	return m.text(args[0])
}

// enclosingDecorated is the function a decorator belongs to.
func (m *module) enclosingDecorated(n nodeID) *funcDef {
	in := noNode
	m.descend(n, func(p nodeID) {
		if m.kind(p) == "decorated_definition" {
			in = p
		}
	})
	if in == noNode {
		return nil
	}
	return m.defAt(m.child(in, fDefinition))
}

// jitCall says whether a callee builds or loads a JIT extension.
func jitCall(fn string) bool {
	l := lastName(fn)
	switch l {
	case "load", "load_inline", "gen_jit_spec", "build_and_load", "get_jit_module", "jit_load", "build":
		return l != "build" || strings.Contains(fn, "jit")
	}
	return strings.HasPrefix(l, "gen_") && strings.HasSuffix(l, "_module") || strings.Contains(l, "jit_spec")
}

// guardedCall finds the first JIT build call inside the arms of a chain.
func (m *module) guardedCall(s nodeID) (string, int) {
	var found nodeID = noNode
	var walk func(n nodeID)
	walk = func(n nodeID) {
		for k := range m.kids(n) {
			if found != noNode {
				return
			}
			if m.kind(k) == "call" && jitCall(m.text(m.child(k, fFunction))) {
				found = k
				return
			}
			if m.kind(k) == "function_definition" || m.kind(k) == "class_definition" {
				continue
			}
			walk(k)
		}
	}
	for _, c := range m.clauses(s) {
		walk(c.body)
	}
	if found == noNode {
		return "", 0
	}
	return firstArg(m, found), m.line(found)
}

// capAndWordRE is a name the capability is read into (major, cc, sm,
// arch, capability, compute_cap, get_device_capability()).
var capAndWordRE = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:major|minor|cc|sm|arch|capability|compute_cap|sm_version)(?:[^a-z]|$)`)

// capAnd: cond is an `and` one of whose operands (through nested ands) is
// a comparison naming the capability, not a None test (`sizes is not None
// and batch <= 64` asks about a table lookup's result, which the lookup
// reports).
func (m *module) capAnd(cond nodeID) bool {
	if m.kind(cond) != "boolean_operator" || m.view(m.child(cond, fOperator)) != "and" {
		return false
	}
	for _, k := range []nodeID{m.child(cond, fLeft), m.child(cond, fRight)} {
		k = m.unparen(k)
		switch m.kind(k) {
		case "boolean_operator":
			if m.capAnd(k) {
				return true
			}
		case "comparison_operator":
			if t := m.text(k); capAndWordRE.MatchString(t) && !strings.Contains(t, "None") {
				return true
			}
		}
	}
	return false
}

// reasonFunc says whether a function is named for the reason something
// cannot run (`_skip_reason`, `unsupported_error`, `why_not`,
// `_should_skip_sample`), which it returns, or None when it can.
func reasonFunc(qual string) bool {
	name := strings.ToLower(lastName(qual))
	for _, w := range []string{"reason", "error", "why", "msg", "message", "skip"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// within is Gate.Within for the if statement s: the conditions of the
// ifs around it in its function (or at the top level), innermost first,
// three at most. An if whose arm holding s has a condition gives that
// condition; one whose else holds it gives `not c` when it has the one
// condition c (an elif chain's else would be a list of negations); a
// script's `__name__ == "__main__"` says nothing about the GPU.
func (m *module) within(s nodeID) string {
	var conds []string
	for a := m.parent(s); a != noNode && len(conds) < 3; a = m.parent(a) {
		if k := m.kind(a); k == "function_definition" || k == "class_definition" {
			break
		}
		if m.kind(a) != "if_statement" {
			continue
		}
		cl := m.clauses(a)
		for i, c := range cl {
			if c.body == noNode || s < c.body || s >= m.next(c.body) {
				continue
			}
			switch {
			case c.cond != noNode:
				if !m.isMainGuard(a) {
					conds = append(conds, "`"+strings.Join(strings.Fields(m.text(c.cond)), " ")+"`")
				}
			case i == 1 && len(cl) == 2:
				text := strings.Join(strings.Fields(m.text(cl[0].cond)), " ")
				if inner, ok := strings.CutPrefix(text, "not "); ok {
					conds = append(conds, "`"+inner+"`")
				} else if x, ok := strings.CutSuffix(text, " is not None"); ok && !strings.Contains(x, " ") {
					conds = append(conds, "`"+x+" is None`")
				} else {
					conds = append(conds, "not `"+text+"`")
				}
			}
			break
		}
	}
	return strings.Join(conds, ", ")
}

// aliasesArch: the chain is one `if` with no else whose condition compares
// a name with an architecture number and whose body only sets that same
// name to another literal number: the GPUs it matches are given another
// architecture's number, the rest keep theirs.
func (m *module) aliasesArch(cl []clause) bool {
	if len(cl) != 1 || cl[0].cond == noNode {
		return false
	}
	cond := m.unparen(cl[0].cond)
	kids := m.namedList(cond)
	if m.op(cond) != opComparisonOperator || len(kids) != 2 {
		return false
	}
	ops := m.childrenBy(cond, fOperators)
	if len(ops) != 1 || m.view(ops[0]) != "==" {
		return false
	}
	name := m.view(kids[0])
	if m.kind(kids[0]) != "identifier" || m.kind(kids[1]) != "integer" || !ArchLikeNumber(m.view(kids[1])) {
		return false
	}
	body := m.namedList(cl[0].body)
	if len(body) != 1 || m.kind(body[0]) != "expression_statement" {
		return false
	}
	asg := m.namedList(body[0])
	if len(asg) != 1 || m.kind(asg[0]) != "assignment" {
		return false
	}
	left, right := m.child(asg[0], fLeft), m.child(asg[0], fRight)
	return m.kind(left) == "identifier" && m.view(left) == name && m.kind(right) == "integer" && ArchLikeNumber(m.view(right))
}

// switchOff says whether assignment a turns a switch off: False into an
// attribute or an entry, or "0", "false" or "False" into an environment
// variable (`os.environ["USE_X"] = "0"`).
func (m *module) switchOff(a nodeID) bool {
	left, right := m.child(a, fLeft), m.child(a, fRight)
	switch m.kind(left) {
	case "attribute":
		return m.kind(right) == "false"
	case "subscript":
		if m.kind(right) == "false" {
			return true
		}
		if !strings.HasSuffix(m.view(m.child(left, fValue)), "environ") {
			return false
		}
		v, ok := m.stringLit(right)
		return ok && (v == "0" || strings.EqualFold(v, "false"))
	}
	return false
}

// modernReturn: a bare return that every GPU from Ampere (8.0) on takes,
// while only older ones go on, is the way on: code after it that every
// GPU since the A100 skips is an old GPU's workaround, not the feature
// (unsloth-zoo's `if (major, minor) >= (8, 0): return  # Ampere or newer;
// the fast path is fine`, then patches for pre-Ampere GPUs).
func modernReturn(outs []outcome, per []*siteRec, caps []Capability) {
	for i := range outs {
		if outs[i].desc != "returns None" || !outs[i].refuses {
			continue
		}
		modern, older := false, false
		all := true
		for ci, r := range per {
			takes := r != nil && !r.shadow && r.raw == i
			switch {
			case caps[ci].Major >= 8:
				modern = true
				all = all && takes
			case !takes && r != nil && !r.shadow && r.raw >= 0:
				older = true
			}
		}
		if modern && all && older {
			outs[i].refuses = false
		}
	}
}

// disablesOnly says whether stmts only turn things off: they set a name,
// an attribute or an entry to False (one at least), and otherwise only
// import, log, warn or print.
func (m *module) disablesOnly(stmts []nodeID) bool {
	off := false
	for _, st := range stmts {
		switch m.kind(st) {
		case "import_statement", "import_from_statement", "pass_statement":
			continue
		case "expression_statement":
		default:
			return false
		}
		kids := m.namedList(st)
		if len(kids) != 1 {
			return false
		}
		switch e := kids[0]; m.kind(e) {
		case "assignment":
			if !m.switchOff(e) && m.kind(m.child(e, fRight)) != "false" {
				return false
			}
			off = true
		case "call":
			if !logCall(m.view(m.child(e, fFunction))) {
				return false
			}
		case "string":
			// a docstring or a comment string
		default:
			return false
		}
	}
	return off
}

// flagRefusal says whether the one arm of an if without else only sets
// names, a flag among them to True (perhaps then a break), and the
// function refuses where that flag holds, further down: unsloth's
// check_vllm_torch_sm100_compatibility sets `has_sm100 = True` for a 10.x
// GPU in a loop, then `if not has_sm100: return` and raises. The GPUs
// the arm admits are the refused ones. It gives the flag.
func (m *module) flagRefusal(n nodeID, cl []clause) (string, bool) {
	if len(cl) != 1 || cl[0].cond == noNode {
		return "", false
	}
	var flags []string
	for _, st := range m.namedList(cl[0].body) {
		switch m.kind(st) {
		case "break_statement", "continue_statement":
		case "expression_statement":
			kids := m.namedList(st)
			if len(kids) != 1 || m.kind(kids[0]) != "assignment" || m.kind(m.child(kids[0], fLeft)) != "identifier" {
				return "", false
			}
			if m.kind(m.child(kids[0], fRight)) == "true" {
				flags = append(flags, m.view(m.child(kids[0], fLeft)))
			}
		default:
			return "", false
		}
	}
	if len(flags) == 0 {
		return "", false
	}
	scope := m.scopeOf(n)
	end := nodeID(len(m.nodes))
	if scope != 0 {
		end = m.next(scope)
	}
	for k := m.next(n); k < end; k++ {
		if m.kind(k) != "if_statement" {
			continue
		}
		cond, neg := m.unparen(m.child(k, fCondition)), false
		if m.kind(cond) == "not_operator" {
			cond, neg = m.unparen(m.child(cond, fArgument)), true
		}
		if m.kind(cond) != "identifier" || !slices.Contains(flags, m.view(cond)) {
			continue
		}
		body := m.child(k, fConsequence)
		if !neg {
			// `if has_sm100: raise ...`
			return m.view(cond), m.describeBlock(body).refuses
		}
		// `if not has_sm100: return`, then the refusal.
		stmts := m.namedList(body)
		if len(stmts) != 1 || m.kind(stmts[0]) != "return_statement" || m.child(k, fAlternative) != noNode {
			return "", false
		}
		return m.view(cond), m.refusesAfter(k)
	}
	return "", false
}

// refusesAfter says whether what runs after statement s refuses: the
// statements after it in its block or, when it ends a try's body or a
// with's (unsloth's check sits in `try:`), those after that statement.
func (m *module) refusesAfter(s nodeID) bool {
	for range 8 {
		if rest := m.stmtsAfter(s); len(rest) > 0 {
			return m.describeStmts(rest).refuses
		}
		block := m.parent(s)
		up := m.parent(block)
		if block == noNode || up == noNode || m.kind(block) != "block" {
			return false
		}
		switch m.kind(up) {
		case "try_statement", "with_statement":
			s = up
		default:
			return false
		}
	}
	return false
}

// printsOnly: every arm of the chain only prints, warns or logs (print,
// warnings.warn, logger.warning, ...): no GPU takes other code.
func (m *module) printsOnly(cl []clause) bool {
	for _, c := range cl {
		if !m.allLeafStmts(c.body, func(s nodeID) bool {
			kids := m.namedList(s)
			if m.kind(s) != "expression_statement" || len(kids) != 1 || m.op(kids[0]) != opCall {
				return false
			}
			return logCall(m.view(m.child(kids[0], fFunction)))
		}) {
			return false
		}
	}
	return true
}

// logCall says whether a call of fn only prints, warns or logs: print,
// warnings.warn, logger.warning and the like.
func logCall(fn string) bool {
	switch lastName(fn) {
	case "print", "warn", "warning", "info", "debug", "print_once", "warning_once", "info_once":
		return fn == "print" || strings.Contains(fn, ".")
	}
	return false
}

// proseOnly: every outcome returns a message with a space in it, a
// sentence rather than a name (a backend's "fa3" picks a path), and none
// refuses.
func proseOnly(outs []outcome) bool {
	for _, o := range outs {
		msg, ok := strings.CutPrefix(strings.TrimPrefix(o.desc, "continues: "), `returns "`)
		if !ok || o.refuses || !strings.Contains(msg, " ") {
			return false
		}
	}
	return len(outs) > 1
}

// noneBeforeSkip: where another way skips the tests, a bare return is
// the way on, no refusal (a conftest hook: `if SUPPORTS_FP8: return`,
// then every test is marked to skip).
func noneBeforeSkip(outs []outcome) {
	if !slices.ContainsFunc(outs, func(o outcome) bool { return o.skip }) {
		return
	}
	for i := range outs {
		if outs[i].desc == "returns None" {
			outs[i].refuses = false
		}
	}
}

// reasonOrNone reads the arms of a reason function (reasonFunc): a message
// returned is the refusal and None is the way on (GPTQModel's
// `_skip_reason()`: "needs sm100" when major < 10, else None), not the
// other way round.
func reasonOrNone(outs []outcome) {
	var message, none []int
	for i, o := range outs {
		switch {
		case strings.HasPrefix(o.desc, `returns "`) || strings.HasPrefix(o.desc, "returns '") ||
			strings.HasPrefix(o.desc, `returns f"`) || strings.HasPrefix(o.desc, "returns f'"):
			message = append(message, i)
		case o.desc == "returns None":
			none = append(none, i)
		}
	}
	if len(message) == 0 || len(none) == 0 {
		return
	}
	for _, i := range none {
		outs[i].refuses = false
	}
	for _, i := range message {
		outs[i].refuses = true
	}
}

// sameArms maps each arm of an if chain to the first arm whose body is the
// same code (`if sm == 80: tile = 4 elif sm == 89: tile = 16 else: tile =
// 4`: 12.0 gets what 8.0 gets).
func (m *module) sameArms(cl []clause) []int {
	code := make([]string, len(cl))
	for i, c := range cl {
		if c.body != noNode {
			code[i] = m.text(c.body)
		}
	}
	return SameCode(code)
}

// SameCode maps each of several arms' code to the first arm whose code is
// the same, spacing aside: arms that do the same thing are one path, in a
// Python if chain and a C++ switch alike. An empty code is its own.
func SameCode(code []string) []int {
	out := make([]int, len(code))
	first := map[string]int{}
	for i, c := range code {
		out[i] = i
		key := strings.Join(strings.Fields(c), " ")
		if key == "" {
			continue
		}
		if j, ok := first[key]; ok {
			out[i] = j
		} else {
			first[key] = i
		}
	}
	return out
}

// returnsAt: the last of stmts is a return.
func (m *module) returnsAt(stmts []nodeID) bool {
	return len(stmts) > 0 && m.kind(stmts[len(stmts)-1]) == "return_statement"
}

// ptxSuffixOnly: the ternary's arms are "+PTX" and the empty string
// (lightllm's TORCH_CUDA_ARCH_LIST, the device's own "major.minor" with
// "+PTX" added on 9.0):
// the list names the device's own capability either way, and the choice
// is only whether PTX for newer GPUs rides along, which costs the target
// nothing.
func (m *module) ptxSuffixOnly(a, b nodeID) bool {
	x, okA := m.stringLit(a)
	y, okB := m.stringLit(b)
	if !okA || !okB {
		return false
	}
	if x == "" {
		x, y = y, x
	}
	return y == "" && strings.EqualFold(strings.TrimSpace(x), "+PTX")
}

// maxHelperReturns bounds the return values kept of one helper.
const maxHelperReturns = 8

// returnTexts are the texts of the values fn's own return statements give
// (not those of functions defined inside it), in source order, at most
// maxHelperReturns.
func (m *module) returnTexts(fn *funcDef) []string {
	var out []string
	for n := fn.node; n < m.next(fn.node) && len(out) < maxHelperReturns; n++ {
		if m.kind(n) != "return_statement" || m.enclosingFunc(n) != fn {
			continue
		}
		if kids := m.namedList(n); len(kids) == 1 {
			out = append(out, m.text(kids[0]))
		}
	}
	return out
}

// restrictsOnly says whether block body only adds checks that may refuse:
// asserts, raises, and ifs whose arms do only that; or only adds nvcc
// flags for fixed architectures (qutlass's `if cc in (101, 110): flags +=
// ["-gencode", "arch=compute_110a,code=sm_110a"]`), with locals that
// nothing after the arm reads: a GPU that takes another path misses code
// it does not run. Flags built from the capability (`compute_{cc}a`) are
// the device's own and stay a path. An arm that only filters a list of
// options (filtersList) restricts too.
func (m *module) restrictsOnly(body nodeID) bool {
	adds := false
	var locals []string
	only := m.allLeafStmts(body, func(s nodeID) bool {
		switch m.kind(s) {
		case "assert_statement", "raise_statement", "pass_statement":
			return true
		case "expression_statement":
			if m.addsArchFlags(s) {
				adds = true
				return true
			}
			if m.filtersList(s) {
				return true
			}
			kids := m.namedList(s)
			if len(kids) == 1 && m.kind(kids[0]) == "assignment" {
				left := m.child(kids[0], fLeft)
				if m.switchOff(kids[0]) {
					// unsloth-zoo's `os.environ['VLLM_USE_DEEP_GEMM'] = '0'`
					// on 10.x: a feature turned off for the GPUs the arm
					// admits.
					return true
				}
				switch m.kind(left) {
				case "identifier", "pattern_list", "tuple_pattern":
				default:
					return false // an attribute or an entry outlives the arm
				}
				for k := left; k < m.next(left); k++ {
					if m.kind(k) == "identifier" {
						locals = append(locals, m.view(k))
					}
				}
				return true
			}
		}
		return false
	})
	switch {
	case !only:
		return false
	case len(locals) == 0:
		return true
	case !adds:
		return false // an arm that only sets values picks a path
	}
	// The locals serve the flags alone: nothing after the arm reads them.
	for k, end := m.next(body), m.next(m.scopeOf(body)); k < end; k++ {
		if m.kind(k) == "identifier" && slices.Contains(locals, m.view(k)) {
			return false
		}
	}
	return true
}

// filtersList: statement s only drops entries of a list of options
// (sonic-moe's `configs = [c for c in configs if c.tile_n != 208]` on
// Hopper): the GPU it runs for has fewer choices, the others all of them.
func (m *module) filtersList(s nodeID) bool {
	kids := m.namedList(s)
	if len(kids) != 1 || m.kind(kids[0]) != "assignment" {
		return false
	}
	left, right := m.child(kids[0], fLeft), m.child(kids[0], fRight)
	if m.kind(left) != "identifier" || m.kind(right) != "list_comprehension" {
		return false
	}
	name := m.view(left)
	filtered, over := false, false
	for k := range m.named(right) {
		switch m.kind(k) {
		case "for_in_clause":
			over = m.view(m.child(k, fRight)) == name
		case "if_clause":
			filtered = true
		}
	}
	return filtered && over
}

// addsArchFlags: statement s only adds nvcc flags for fixed architectures
// to a list (`flags += [...]`, `flags.append(...)`, `flags.extend([...])`).
func (m *module) addsArchFlags(s nodeID) bool {
	kids := m.namedList(s)
	if len(kids) != 1 {
		return false
	}
	e := kids[0]
	added := noNode
	switch {
	case m.kind(e) == "augmented_assignment" && m.view(m.child(e, fOperator)) == "+=":
		added = m.child(e, fRight)
	case m.op(e) == opCall:
		switch lastName(m.view(m.child(e, fFunction))) {
		case "append", "extend":
			added = m.child(e, fArguments)
		}
	}
	if added == noNode {
		return false
	}
	t := m.text(added)
	return (strings.Contains(t, "arch=compute_") || strings.Contains(t, "code=sm_") || strings.Contains(t, "-arch=sm_")) &&
		!strings.Contains(t, "{") && !strings.Contains(t, "%")
}

// allLeafStmts says whether block body has statements and leaf holds for
// each, through the arms of the ifs among them (whose arms must have
// statements too).
func (m *module) allLeafStmts(body nodeID, leaf func(nodeID) bool) bool {
	stmts := m.namedList(body)
	if len(stmts) == 0 {
		return false
	}
	for _, s := range stmts {
		if m.kind(s) == "if_statement" {
			for _, c := range m.clauses(s) {
				if !m.allLeafStmts(c.body, leaf) {
					return false
				}
			}
		} else if !leaf(s) {
			return false
		}
	}
	return true
}

// nameFacts fills a gate's Names, and for the capabilities whose product
// names disagree, Undecided and the branches they may take (NameMay): the
// arm whose condition tests the name and those after it, or either
// outcome of a single test.
func nameFacts(g *Gate, k siteKey, per []*siteRec, outs []outcome, same []int, m *module, where nodeID) {
	undecided := false
	for ci, r := range per {
		if r == nil || r.shadow || r.names == nil {
			continue
		}
		if g.Names == nil {
			g.Names = make([]*NameFacts, len(per))
		}
		g.Names[ci] = r.names.facts()
		if r.raw < 0 {
			if g.Undecided == nil {
				g.Undecided = make([]bool, len(per))
			}
			g.Undecided[ci], undecided = true, true
		}
	}
	if !undecided {
		return
	}
	from := 0
	if k.kind == siteIf {
		for i, c := range m.clauses(k.node) {
			if c.cond == where {
				from = i
			}
		}
	}
	for raw := from; raw < len(outs); raw++ {
		b := raw
		switch {
		case outs[raw].refuses:
			b = -1
		case raw < len(same):
			b = same[raw]
		}
		if !slices.Contains(g.NameMay, b) {
			g.NameMay = append(g.NameMay, b)
		}
	}
}

// assumeGiven reads a decision whose condition ANDs a test of the GPU's
// product name with a run-time value (`use_triton and "100" not in name`)
// as the name decides it where that value holds: the outcome of a true or
// false condition for each capability whose names all answer alike. A
// ladder of more arms is left as it is.
func assumeGiven(m *module, k siteKey, per []*siteRec) []*siteRec {
	t, f := 0, 1
	switch k.kind {
	case siteIf:
		if len(m.clauses(k.node)) > 2 {
			return per
		}
	case siteAssert, siteReturn, siteTernary:
	case siteSkipif:
		t, f = 1, 0
	default:
		return per
	}
	var out []*siteRec
	for i, r := range per {
		if r == nil || r.names == nil || len(r.names.given) == 0 || r.raw >= 0 {
			continue
		}
		raw := nameRaw(r, t, f)
		if raw == r.raw {
			continue
		}
		if out == nil {
			out = slices.Clone(per)
		}
		c := *r
		c.raw = raw
		out[i] = &c
	}
	if out == nil {
		return per
	}
	return out
}
