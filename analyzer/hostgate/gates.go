package hostgate

import (
	"strings"

	"github.com/archlint/archlint/analyzer/comment"
	"github.com/archlint/archlint/analyzer/python"
)

// Branch values of analyzer/shutout.
const (
	refused = -1
	unknown = -2
)

// record turns per-capability outcome indices (raw: an index into outs,
// or unknown) into a gate, unless every capability takes the same path;
// it returns the gate recorded, nil when none was.
func (w *walker) record(from, to node, expr string, raw []int, outs []outcome, vals ...*val) *python.Gate {
	g := python.Gate{Root: w.root, Path: w.path, Kind: Kind, Expr: expr, Function: w.name, IsTest: python.IsTestPath(w.path),
		Branch: make([]int, len(w.caps)), DefName: w.defName, DefLine: w.startLine(w.def)}
	row, col := w.t.Start(from)
	g.Line, g.Col = row+1, col+1
	row, col = w.t.End(to)
	g.EndLine, g.EndCol = row+1, col+1
	g.Comment = w.commentAbout(from)
	for i, r := range raw {
		switch {
		case w.cur != nil && !w.cur[i]:
			// An enclosing check sends this capability elsewhere: it
			// has no outcome here (as a Python gate's shadow visit).
			g.Branch[i] = unknown
		case r < 0 || r >= len(outs) || outs[r].broken:
			g.Branch[i] = unknown
		case outs[r].refuses:
			g.Branch[i] = refused
			if g.Refusal == "" {
				g.Refusal = outs[r].desc
			}
		default:
			g.Branch[i] = r
			g.Admits = append(g.Admits, w.caps[i])
		}
	}
	if uniform(g.Branch) {
		return nil
	}
	named := false
	for _, o := range outs {
		g.Outcomes = append(g.Outcomes, o.desc)
		named = named || len(o.names) > 0
	}
	if named {
		g.ArmNames = make([][]string, len(outs))
		for i, o := range outs {
			g.ArmNames[i] = o.names
		}
	}
	for _, v := range vals {
		if v != nil && v.helper != "" {
			g.Helper, g.HelperPath, g.HelperLine = v.helper, w.path, v.helperLine
			break
		}
	}
	w.gates = append(w.gates, g)
	return &w.gates[len(w.gates)-1]
}

// commentAbout is the comment the code has about the gate at n
// (comment.About): a condition on the second line of a return has its
// reason above the statement.
func (w *walker) commentAbout(n node) string {
	stmt := -1
	for s := w.t.Parent(n); s != noNode; s = w.t.Parent(s) {
		if k := w.kind(s); strings.HasSuffix(k, "_statement") || strings.HasSuffix(k, "declaration") {
			stmt = w.t.StartByte(s)
			break
		}
	}
	return comment.About(w.src, w.t.StartByte(n), stmt, comment.Slashes)
}

// markArms records which capabilities may reach each arm of a ladder
// (reach): those that reach the ladder and take arm i, or may.
func (w *walker) markArms(bodies []node, raw []int) {
	for ai, b := range bodies {
		if b == noNode {
			continue
		}
		m := make([]bool, len(raw))
		for ci, r := range raw {
			m[ci] = (w.cur == nil || w.cur[ci]) && (r == ai || r == unknown)
		}
		w.reach[b] = m
	}
}

// markAfter records that the capabilities whose arm of a ladder leaves
// the function do not reach the statements after its last if (end):
// vllm's `if (sm >= 120) { run_sm120(); return; }` (in a group of a build
// switch, archBuildMacro) sends 12.0 away before the #if of the older
// kernels' ladder that follows, and that ladder is no path of 12.0.
func (w *walker) markAfter(end node, raw []int, outs []outcome) {
	var m []bool
	for ci, r := range raw {
		if r >= 0 && r < len(outs) && outs[r].exits && !outs[r].broken && (w.cur == nil || w.cur[ci]) {
			if m == nil {
				m = make([]bool, len(raw))
				for i := range m {
					m[i] = w.cur == nil || w.cur[i]
				}
			}
			m[ci] = false
		}
	}
	if m == nil {
		return
	}
	for s := w.nextOf(end); s != noNode; s = w.nextOf(s) {
		w.reach[s] = m
	}
}

// capAnd marks a check whose condition is an `&&` that the capability
// decides for some GPUs and leaves to the rest of the condition for others
// (ppl.llm's `std::is_same<DT, bf16>::value && 80 <= cc && cc < 100`: false
// on 12.0, up to the type on 8.x and 9.x), as the Python side's
// Gate.CapAnd: the rules read the undecided GPUs that reach it as taking
// the arm when the rest holds. Only for an arm that does work and goes
// on, or returns the path it picks (picksPath): one that refuses, only
// restricts (RETURN_..._ERROR_IF), or leaves with a verdict
// (cudnn-frontend's samples return after an exception on old GPUs,
// flashinfer's config filter continues) serves no GPU that takes it.
func (w *walker) capAnd(g *python.Gate, cond, body node, raw []int, outs []outcome) {
	for w.kind(cond) == "parenthesized_expression" && len(w.named(cond)) == 1 {
		cond = w.named(cond)[0]
	}
	if w.kind(cond) != "binary_expression" || len(outs) == 0 || outs[0].refuses || w.restrictsOnly(body) {
		return
	}
	if op := w.text(w.field(cond, fOperator)); op != "&&" && op != "and" {
		return
	}
	goesOn := w.allLeafStmts(body, func(s node) bool {
		switch w.kind(s) {
		case "continue_statement", "break_statement", "throw_statement", "goto_statement":
			return false
		case "return_statement":
			// `return run_sm80(cb);` returns the work done, `return
			// FUSED;` the path picked (picksPath); `return;`, `return
			// false;`, an error code or a name leave with a verdict.
			kids := w.named(s)
			return len(kids) > 0 && (w.kind(kids[0]) == "call_expression" || w.picksPath(s, kids[0]))
		}
		return true
	})
	if !goesOn {
		// Anywhere in the arm, nested ifs included (flashinfer's
		// `if (patchF2fp && sm == 103) { if (cfg.sm != Sm103a) continue;
		// }` filters configs).
		return
	}
	for i, r := range raw {
		if r == unknown && (w.cur == nil || w.cur[i]) {
			if g.Undecided == nil {
				g.Undecided = make([]bool, len(raw))
			}
			g.Undecided[i] = true
		}
	}
	g.CapAnd = g.Undecided != nil
}

// uniform reports a decision every capability takes the same way, or that
// could not be evaluated for any: no gate.
func uniform(b []int) bool {
	for _, x := range b {
		if x != b[0] {
			return false
		}
	}
	return true
}

// condOf is the expression an if/switch condition_clause tests, or
// noNode for a declaration condition.
func (t tree) condOf(n node) node {
	c := t.field(n, fCondition)
	if c == noNode {
		return noNode
	}
	if t.kind(c) == "condition_clause" {
		v := t.field(c, fValue)
		if v == noNode || t.kind(v) == "declaration" {
			return noNode
		}
		return v
	}
	return c
}

// ladder records an if / else if / else chain from its first
// capability-dependent condition: one outcome per arm, plus "continues"
// when the chain has no else.
func (w *walker) ladder(n node) {
	w.consumeChain(n)
	arms, elseBody, _ := w.chain(n)
	start := -1
	for i, a := range arms {
		if a.cond != noNode && a.v != nil && a.v.taint {
			start = i
			break
		}
	}
	if start < 0 {
		return
	}
	arms = arms[start:]
	var outs []outcome
	vals := make([]*val, len(arms))
	for i, a := range arms {
		outs = append(outs, w.e.describe(a.body))
		vals[i] = a.v
	}
	last := arms[len(arms)-1].cond
	end := n // the last if of the ladder
	if elseBody == noNode && allExit(outs) {
		arms, outs, end = w.extend(n, arms, outs)
		for i := len(vals); i < len(arms); i++ {
			vals = append(vals, arms[i].v)
		}
		last = arms[len(arms)-1].cond
	} else if elseBody != noNode {
		outs = append(outs, w.e.describe(elseBody))
	} else {
		outs = append(outs, outcome{desc: "continues"})
	}
	// A parse error inside the chain, or a dangling else cut off by a
	// preprocessor branch, leaves what follows the chain unknown.
	if w.t.HasError(n) || w.beforeError[n] {
		outs[len(outs)-1].broken = true
	}
	raw := make([]int, len(w.caps))
	for ci := range w.caps {
		raw[ci] = len(arms) // the else / fall-through
		for ai, a := range arms {
			if a.cond == noNode || a.v == nil || !a.v.ok[ci] {
				raw[ci] = unknown
				break
			}
			if a.v.n[ci] != 0 {
				raw[ci] = ai
				break
			}
		}
	}
	bodies := make([]node, len(arms), len(arms)+1)
	for i, a := range arms {
		bodies[i] = a.body
	}
	withElse := append(bodies, elseBody)
	w.markArms(withElse, raw)
	w.markAfter(end, raw, outs)
	if last == noNode {
		last = arms[0].cond
	}
	for len(vals) < len(arms) {
		vals = append(vals, nil)
	}
	if g := w.record(arms[0].cond, last, w.text(arms[0].cond), raw, outs, vals...); g != nil {
		if elseBody != noNode {
			g.Tuning = w.tuningArms(withElse) || w.sameShapeArms(withElse)
		} else {
			g.Tuning = w.resizeArms(bodies) || allExit(outs[:len(arms)]) && w.tuningArms(bodies) && w.fallThroughCount(end)
		}
		g.Restricts = make([]bool, len(outs))
		for i, b := range withElse[:len(outs)] {
			g.Restricts[i] = w.restrictsOnly(b)
		}
		if len(arms) == 1 {
			w.capAnd(g, arms[0].cond, arms[0].body, raw, outs)
		} else {
			// Where each arm is: the rules name the arm nearest the
			// target, whose bound leaves it out (the first arm, where
			// the finding is, may be Volta's).
			for i, a := range arms {
				ref := python.GateRef{Outcome: outs[i].desc}
				if a.cond != noNode {
					row, col := w.t.Start(a.cond)
					ref.Expr, ref.Line, ref.Col = clip(w.text(a.cond)), row+1, col+1
				}
				g.Arms = append(g.Arms, ref)
			}
		}
	}
}

// restrictsOnly says whether statement b (a block, usually) only adds
// checks that may refuse: check and error macros (TORCH_CHECK,
// RETURN_CUDNN_FRONTEND_ERROR_IF), throws, and ifs and loops whose bodies
// do only that; or turns a feature off (`use_granular_tiling = false;`,
// with a printf saying so: flashinfer's fmha_v2 for e4m3 on 8.0). In a
// function that returns why something cannot run (nvFuser's
// getMatmulRunTimeRejectReason: "" when it can), a returned reason is the
// refusal, and the locals and stream writes that build its message do
// nothing else. A GPU that takes another path misses the restriction, not
// code.
func (w *walker) restrictsOnly(b node) bool {
	restricts := false // prints alone restrict nothing
	reasons := rejectReasonFunc(w.defName)
	only := w.allLeafStmts(b, func(s node) bool {
		switch w.kind(s) {
		case "throw_statement":
			restricts = true
			return true
		case "declaration":
			// A local of the arm (the message's stream): only what
			// the arm then does counts.
			return reasons
		case "return_statement":
			if reasons && w.returnsReason(s) {
				restricts = true
				return true
			}
			return false
		case "expression_statement":
			kids := w.named(s)
			if len(kids) != 1 {
				return false
			}
			if reasons && w.streamWrite(kids[0]) {
				return true
			}
			if w.kind(kids[0]) == "assignment_expression" && w.text(w.field(kids[0], fRight)) == "false" {
				restricts = true
				return true
			}
			call := w.e.streamHead(kids[0])
			if call == noNode || w.kind(call) != "call_expression" {
				return false
			}
			name := w.e.callee(call)
			switch name {
			case "printf", "fprintf", "puts":
				// Saying what the arm turns off or refuses.
				return true
			}
			if isCheckMacro(name) || isErrorMacro(name) || cmpSuffix(name) != "" || isUpperMacro(name) && strings.Contains(name, "ERROR_IF") {
				restricts = true
				return true
			}
		}
		return false
	})
	return only && restricts
}

// allLeafStmts says whether statement b has statements and leaf holds for
// each, through blocks and the arms of ifs (an `if constexpr` on a
// template switch included; every block must have statements); comments
// are skipped.
func (w *walker) allLeafStmts(b node, leaf func(node) bool) bool {
	if b == noNode {
		return false
	}
	switch w.kind(b) {
	case "compound_statement":
		stmts := w.named(b)
		if len(stmts) == 0 {
			return false
		}
		for _, s := range stmts {
			if w.kind(s) != "comment" && !w.allLeafStmts(s, leaf) {
				return false
			}
		}
		return true
	case "if_statement":
		alt := w.elseBody(b)
		return w.allLeafStmts(w.field(b, fConsequence), leaf) && (alt == noNode || w.allLeafStmts(alt, leaf))
	case "for_range_loop", "for_statement", "while_statement":
		return w.allLeafStmts(w.field(b, fBody), leaf)
	}
	return leaf(b)
}

// rejectReasonFunc says whether a function's name says it returns why
// something cannot run: getMatmulRunTimeRejectReason, reject_reason,
// unsupportedReason.
func rejectReasonFunc(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "reject") || strings.HasSuffix(n, "reason")
}

// returnsReason says whether return statement s returns a reason: a value
// other than nothing, an empty string literal or an empty string built
// (`return "";`, `return {};`, `return std::string();`).
func (w *walker) returnsReason(s node) bool {
	kids := w.named(s)
	if len(kids) == 0 {
		return false
	}
	switch strings.Join(strings.Fields(w.text(kids[0])), "") {
	case `""`, "{}", "std::string()", "std::string{}", "string()", "nullptr", "std::nullopt":
		return false
	}
	return true
}

// streamWrite says whether expression e writes into a stream (`ss << "..."
// << x`): building a message, nothing more.
func (w *walker) streamWrite(e node) bool {
	if w.kind(e) != "binary_expression" || w.text(w.field(e, fOperator)) != "<<" {
		return false
	}
	return w.kind(w.streamHead(e)) == "identifier"
}

// hasCase reports a case label anywhere in the group g (nested groups
// included; not in a nested switch).
func (w *walker) hasCase(g node) bool {
	stack := []node{g}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := w.t.FirstChild(n); c != noNode; c = w.t.NextSibling(c) {
			switch w.kind(c) {
			case "case_statement":
				return true
			case "preproc_if", "preproc_ifdef", "preproc_elif", "preproc_else", "preproc_elifdef":
				stack = append(stack, c)
			}
		}
	}
	return false
}

// switchGate records switch (sm) { case 90: ... default: ... }: one
// outcome per case label (an empty label falls through to the next), plus
// "continues" without a default.
func (w *walker) switchGate(n node) {
	c := w.condOf(n)
	v := w.e.eval(c, 0)
	if c == noNode || v == nil || !v.taint {
		return
	}
	// The labels are those compiled: a case inside a decided group is
	// the switch's when its branch is compiled (groups). A case inside
	// a group left undecided may or may not be a label: the switch is
	// not read.
	var cases []node
	for _, k := range w.groups.compiledNamed(w.field(n, fBody)) {
		switch w.kind(k) {
		case "case_statement":
			cases = append(cases, k)
		case "preproc_if", "preproc_ifdef":
			if w.hasCase(k) {
				return
			}
		}
	}
	if len(cases) == 0 {
		return
	}
	outs := make([]outcome, 0, len(cases)+1)
	matches := make([]*val, len(cases))
	def := -1
	bodies := make([][]node, len(cases))
	for i, cs := range cases {
		value := w.field(cs, fValue)
		label := "default"
		if value == noNode {
			def = i
		} else {
			label = "case " + w.text(value)
			matches[i] = w.e.binop("==", v, w.e.eval(value, 0))
		}
		for _, s := range w.groups.compiledNamed(cs) {
			if value == noNode || s != value {
				bodies[i] = append(bodies[i], s)
			}
		}
		o := w.e.describeStmts(bodies[i])
		o.desc = clip(label + ": " + o.desc)
		o.broken = w.t.HasError(cs)
		outs = append(outs, o)
	}
	outs = append(outs, outcome{desc: "continues"})
	raw := make([]int, len(w.caps))
	for ci := range w.caps {
		r := def
		if r < 0 {
			r = len(cases)
		}
		for i, m := range matches {
			if i == def {
				continue
			}
			if m == nil || !m.ok[ci] {
				r = unknown
				break
			}
			if m.n[ci] != 0 {
				r = i
				break
			}
		}
		// An empty label falls through to the next one with statements.
		for r >= 0 && r < len(cases)-1 && len(bodies[r]) == 0 {
			r++
		}
		raw[ci] = r
	}
	// Labels whose statements are the same code are one path (GPTQModel's
	// `case 80: return 4;` beside `default: return 4;`: 12.0 gets what
	// 8.0 gets).
	code := make([]string, len(cases))
	for i := range cases {
		for _, st := range bodies[i] {
			code[i] += w.text(st) + "\n"
		}
	}
	canon := python.SameCode(code)
	for ci, r := range raw {
		if r >= 0 && r < len(cases) {
			raw[ci] = canon[r]
		}
	}
	if g := w.record(c, c, w.text(c), raw, outs, v); g != nil {
		g.Tuning = w.tuningCases(bodies, def >= 0)
	}
}

// ternary records cond ? a : b on the capability.
func (w *walker) ternary(n node) {
	c := w.field(n, fCondition)
	v := w.e.eval(c, 0)
	if c == noNode || v == nil || !v.taint {
		return
	}
	outs := []outcome{
		{desc: clip("takes " + w.text(w.field(n, fConsequence))), names: w.archNames([]node{w.field(n, fConsequence)})},
		{desc: clip("takes " + w.text(w.field(n, fAlternative))), names: w.archNames([]node{w.field(n, fAlternative)})},
	}
	raw := w.truthOutcomes(v)
	// A ternary nested in an arm is met only by the GPUs taking that arm
	// (flash-attention's `arch >= 90 ? bm_h : (arch == 86 || arch == 89 ?
	// bm_ada : bm_amp)`: 12.0 takes bm_h, not the inner choice's bm_amp).
	w.markArms([]node{w.field(n, fConsequence), w.field(n, fAlternative)}, raw)
	if g := w.record(c, c, w.text(c), raw, outs, v); g != nil {
		g.Tuning = w.tuningTernary(n)
	}
}

// checkGate records TORCH_CHECK(cond, ...)-style assertions on the
// capability: they continue where cond holds and fail where it does not.
func (w *walker) checkGate(n node, name string, a []node, streamed string) {
	if len(a) == 0 {
		return
	}
	cond := a[0]
	var v *val
	if op := cmpSuffix(name); op != "" && len(a) >= 2 {
		v = w.e.binop(op, w.e.eval(a[0], 0), w.e.eval(a[1], 0))
	} else if isCheckMacro(name) {
		v = w.e.eval(cond, 0)
	} else {
		return
	}
	if v == nil || !v.taint {
		return
	}
	msg := w.e.message(a[1:]) + streamed
	if msg != "" {
		msg = ": " + msg
	}
	outs := []outcome{{desc: "continues"}, {desc: clip("fails " + name + msg), refuses: true, exits: true}}
	raw := w.truthOutcomes(v)
	// TORCH_CHECK_GE(a, b) has no condition expression: the call is it.
	if cmpSuffix(name) != "" {
		cond = n
	}
	w.record(cond, cond, w.text(cond), raw, outs, v)
	// A GPU the check throws for reaches none of the statements after
	// it: DeepSpeed's blocked_flash.cpp repeats `TORCH_CHECK(is_sm90 ||
	// is_sm8x, ...)` for bf16 further down, which 12.0 never gets to.
	if st := w.statementOf(n); st != noNode {
		w.markAfter(st, raw, outs)
	}
}

// statementOf is the expression statement that call n is (through the
// operators and parentheses around it: `TORCH_CHECK(c) << "msg";`), or
// noNode when n is part of anything else.
func (w *walker) statementOf(n node) node {
	for p := w.t.Parent(n); p != noNode; p = w.t.Parent(p) {
		switch w.kind(p) {
		case "expression_statement":
			return p
		case "binary_expression", "parenthesized_expression", "comma_expression":
			continue
		}
		return noNode
	}
	return noNode
}

func allExit(outs []outcome) bool {
	for _, o := range outs {
		if !o.exits {
			return false
		}
	}
	return true
}

// extend continues a ladder whose arms all leave the function over the
// capability-dependent ifs that directly follow it:
//
//	if (sm == 90) return run90();
//	if (sm == 100) return run100();
//	TORCH_CHECK(false, "unsupported");
//
// is one decision with three outcomes. It returns the arms and their
// outcomes, the last being what every capability no condition selects
// gets: a closing else, or the statements after the last if.
func (w *walker) extend(root node, arms []ifArm, outs []outcome) ([]ifArm, []outcome, node) {
	for range 100000 {
		nx := w.nextOf(root)
		if nx == noNode {
			return arms, append(outs, outcome{desc: "continues"}), root
		}
		if w.kind(nx) == "if_statement" && !w.t.HasError(nx) {
			more, elseBody, _ := w.chain(nx)
			var mo []outcome
			for _, a := range more {
				mo = append(mo, w.e.describe(a.body))
			}
			if more[0].v != nil && more[0].v.taint {
				switch {
				case elseBody != noNode:
					// A closing else ends the ladder.
					w.consumeChain(nx)
					return append(arms, more...), append(append(outs, mo...), w.e.describe(elseBody)), nx
				case allExit(mo):
					w.consumeChain(nx)
					arms, outs, root = append(arms, more...), append(outs, mo...), nx
					continue
				}
			}
		}
		var rest []node
		for s := nx; s != noNode && len(rest) < 64; s = w.nextOf(s) {
			rest = append(rest, s)
		}
		o := w.e.describeStmts(rest)
		for _, r := range rest {
			o.broken = o.broken || w.t.HasError(r)
		}
		return arms, append(outs, o), root
	}
	return arms, append(outs, outcome{desc: "continues", broken: true}), root
}

// consumeChain marks an if and its else-ifs as part of a ladder already
// recorded.
func (w *walker) consumeChain(n node) {
	for s := n; s != noNode; {
		w.consumed[s] = true
		alt := w.field(s, fAlternative)
		s = noNode
		if k := w.named(alt); len(k) == 1 && w.kind(k[0]) == "if_statement" {
			s = k[0]
		}
	}
}

// ifArm is one condition of a ladder and the statement it selects.
type ifArm struct {
	cond, body node
	v          *val
}

// chain is the if / else if list starting at n, with the final else body
// (noNode without one) and the last if of the list.
func (w *walker) chain(n node) ([]ifArm, node, node) {
	var arms []ifArm
	elseBody := noNode
	lastIf := n
	for s := n; s != noNode; {
		lastIf = s
		c := w.condOf(s)
		arms = append(arms, ifArm{cond: c, body: w.field(s, fConsequence), v: w.e.eval(c, 0)})
		alt := w.field(s, fAlternative)
		s = noNode
		if alt != noNode {
			k := w.named(alt)
			switch {
			case len(k) == 1 && w.kind(k[0]) == "if_statement":
				s = k[0]
			case len(k) == 1:
				elseBody = k[0]
			default:
				elseBody = alt
			}
		}
	}
	return arms, elseBody, lastIf
}

// truthOutcomes maps a condition's value per capability to outcome 0 (true),
// 1 (false) or unknown.
func (w *walker) truthOutcomes(v *val) []int {
	raw := make([]int, len(w.caps))
	for ci := range w.caps {
		switch {
		case !v.ok[ci]:
			raw[ci] = unknown
		case v.n[ci] != 0:
			raw[ci] = 0
		default:
			raw[ci] = 1
		}
	}
	return raw
}
