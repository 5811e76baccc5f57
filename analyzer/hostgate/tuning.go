package hostgate

import (
	"regexp"
	"strings"

	"github.com/archlint/archlint/analyzer/python"
)

// Tuning in C++ host code, as in Python (analyzer/python/tuning.go): a
// capability check whose arms only set numbers picks parameters for the
// same code (bitsandbytes' `mt = (cc_major == 10) ? 128 : 64;`), which is
// AL105, not a shut-out. A ternary counts when it is the value assigned or
// declared; an if/else ladder when every arm, the else included, only
// assigns numbers.

// cNumberArith are the calls that keep a number a number.
var cNumberArith = map[string]bool{"min": true, "max": true, "cdiv": true, "ceil_div": true, "div_up": true, "round_up": true}

// numberExpr: n is a number, a name, or arithmetic, min/max or a ternary of
// those; numeric is set when a literal number shows.
func (w *walker) numberExpr(n node, numeric *bool) bool {
	switch w.kind(n) {
	case "number_literal":
		*numeric = true
		return true
	case "identifier", "field_expression":
		// A name, or a member: ctx->worldSize.
		return true
	case "parenthesized_expression":
		kids := w.named(n)
		return len(kids) == 1 && w.numberExpr(kids[0], numeric)
	case "unary_expression":
		return w.text(w.field(n, fOperator)) == "-" && w.numberExpr(w.field(n, fArgument), numeric)
	case "binary_expression":
		switch w.text(w.field(n, fOperator)) {
		case "+", "-", "*", "/", "%", "<<", ">>":
		default:
			return false
		}
		return w.numberExpr(w.field(n, fLeft), numeric) && w.numberExpr(w.field(n, fRight), numeric)
	case "conditional_expression":
		return w.numberExpr(w.field(n, fConsequence), numeric) && w.numberExpr(w.field(n, fAlternative), numeric)
	case "call_expression":
		fn := w.text(w.field(n, fFunction))
		if i := strings.LastIndex(fn, "::"); i >= 0 {
			fn = fn[i+2:]
		}
		args := w.named(w.field(n, fArguments))
		if !cNumberArith[fn] || len(args) == 0 {
			return false
		}
		for _, a := range args {
			if !w.numberExpr(a, numeric) {
				return false
			}
		}
		return true
	}
	return false
}

// tuningTernary: both values of cond ? a : b are numbers, and the ternary
// is what an assignment or a declaration stores in a name that is not an
// architecture's (sm_mma, arch).
func (w *walker) tuningTernary(n node) bool {
	numeric := false
	if !w.numberExpr(w.field(n, fConsequence), &numeric) || !w.numberExpr(w.field(n, fAlternative), &numeric) || !numeric {
		return false
	}
	at, p := n, w.t.Parent(n)
	for w.kind(p) == "parenthesized_expression" {
		at, p = p, w.t.Parent(p)
	}
	switch w.kind(p) {
	case "assignment_expression":
		return w.field(p, fRight) == at && !python.ArchNumberName(w.text(w.field(p, fLeft)))
	case "init_declarator":
		return w.field(p, fValue) == at && !python.ArchNumberName(w.text(w.field(p, fDeclarator)))
	}
	return false
}

// tuningArms: every body (the else's included: a ladder without one is not
// tuning, the fall-through keeps whatever was set before) only sets
// numbers, and a literal number shows among them.
func (w *walker) tuningArms(bodies []node) bool {
	numeric := false
	for _, b := range bodies {
		if b == noNode {
			return false
		}
		if stmts := w.stmtsOf(b); len(stmts) == 0 || !w.tuningStmts(stmts, &numeric) {
			return false
		}
	}
	return numeric
}

// stmtsOf are the statements of block b, or b alone when it is no block.
func (w *walker) stmtsOf(b node) []node {
	if w.kind(b) == "compound_statement" {
		return w.named(b)
	}
	return []node{b}
}

// resizeArms: a chain with no else whose every arm only reassigns sizes:
// a computed one (min/max or arithmetic: mscclpp's GB200 block count,
// `if (ccMajor == 10) blocks.first = max(1, min(128 / worldSize,
// MAX_NBLOCKS));`) or a literal other than 0 and 1. The target keeps the
// size set before. A 0 or a 1 alone may be a switch (`use_fast = 1`),
// which picks a path.
func (w *walker) resizeArms(bodies []node) bool {
	numeric := false
	for _, b := range bodies {
		stmts := w.stmtsOf(b)
		if len(stmts) == 0 || !w.tuningStmts(stmts, &numeric) {
			return false
		}
		for _, s := range stmts {
			// Assignments only (tuningStmts also takes returns and
			// breaks), of a size rather than a switch or a name.
			if w.kind(s) != "expression_statement" {
				return false
			}
			right := w.field(w.named(s)[0], fRight)
			if k := w.kind(right); k == "number_literal" && (w.text(right) == "0" || w.text(right) == "1") || k == "identifier" {
				return false
			}
		}
	}
	return numeric
}

// tuningCases: a switch with a default whose labels only set or return
// numbers (GPTQModel's launch shape: `case 80: case 89: return 8;
// default: return 4;`).
func (w *walker) tuningCases(bodies [][]node, hasDefault bool) bool {
	numeric := false
	for _, b := range bodies {
		if !w.tuningStmts(b, &numeric) {
			return false
		}
	}
	return hasDefault && numeric
}

// tuningStmts: stmts only assign numbers to names that are not an
// architecture's, return literal numbers and constants (in a function not
// named for an architecture: get_sm_version's `return 90;` names a GPU),
// or break. A returned expression over other names computes a result.
func (w *walker) tuningStmts(stmts []node, numeric *bool) bool {
	for _, s := range stmts {
		kids := w.named(s)
		switch w.kind(s) {
		case "break_statement":
		case "return_statement":
			if len(kids) != 1 || python.ArchNumberName(w.name) || !w.numberExpr(kids[0], numeric) || !w.constantsOnly(kids[0]) {
				return false
			}
		case "expression_statement":
			if len(kids) != 1 || w.kind(kids[0]) != "assignment_expression" {
				return false
			}
			a := kids[0]
			if python.ArchNumberName(w.text(w.field(a, fLeft))) || !w.numberExpr(w.field(a, fRight), numeric) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// constantsOnly: every name in n is a constant's (kBlockM, BLOCK_M) or
// an arithmetic call's.
func (w *walker) constantsOnly(n node) bool {
	if w.kind(n) == "identifier" {
		name := w.text(n)
		if cNumberArith[name] || python.ConstantName(name) {
			return true
		}
		return len(name) > 1 && name[0] == 'k' && name[1] >= 'A' && name[1] <= 'Z'
	}
	for _, k := range w.named(n) {
		if !w.constantsOnly(k) {
			return false
		}
	}
	return true
}

// numberLitRE is a number literal in C++ source text.
var numberLitRE = regexp.MustCompile(`\b\d+(?:\.\d+)?[uUlLfF]*\b`)

// sameShapeArms: every statement the arms run (through blocks and ifs, an
// `if constexpr` on a template switch included) is one statement with
// other numbers: flash-attention's launch templates run
// `run_flash_fwd<Flash_fwd_kernel_traits<Headdim, 64, 64, 4, ...>>` for
// 8.6-8.9 and `<Headdim, 128, 64, 4, ...>` for the rest, the tile sizes
// being all that differs. Numbers that may name an architecture do not
// count as tuning.
func (w *walker) sameShapeArms(bodies []node) bool {
	shapes := python.NumberShapes{Numbers: numberLitRE}
	sameShape := func(s node) bool { return w.kind(s) == "expression_statement" && shapes.Add(w.text(s)) }
	for _, b := range bodies {
		if !w.allLeafStmts(b, sameShape) {
			return false
		}
	}
	return len(bodies) > 1 && shapes.Differ
}

// elseBody is the statement of if statement n's else, noNode without one.
func (w *walker) elseBody(n node) node {
	alt := w.field(n, fAlternative)
	if alt != noNode && w.kind(alt) == "else_clause" {
		if kids := w.named(alt); len(kids) == 1 {
			return kids[0]
		}
	}
	return alt
}

// fallThroughCount: the statements after a ladder whose arms all return
// numbers are constant declarations and one return of a count computed
// by a call, so the function picks a number for every GPU (FBGEMM's
// get_masked_index_default_pipeline_sms: `if (prop.major == 8) return 4;
// else if (prop.major == 9) return 16;` then `constexpr int RATIO = 8;
// return div_round_up(get_device_sm_cnt_(), RATIO);`, the SM count the
// GPU reports over a ratio).
func (w *walker) fallThroughCount(end node) bool {
	for s := w.nextOf(end); s != noNode; s = w.nextOf(s) {
		switch w.kind(s) {
		case "declaration":
			for _, d := range w.named(s) {
				if w.kind(d) != "init_declarator" {
					continue
				}
				if numeric := false; python.ArchNumberName(w.text(w.field(d, fDeclarator))) || !w.numberExpr(w.field(d, fValue), &numeric) {
					return false
				}
			}
		case "return_statement":
			// A literal after the arms (DeepGEMM's mk_alignment: `return
			// 128;` for all but 10.x, then `return 256;`) is what the
			// path needs, as an arm's is; a count read from the device
			// fits the number to each GPU.
			kids := w.named(s)
			return len(kids) == 1 && w.kind(kids[0]) == "call_expression" && w.countExpr(kids[0])
		default:
			return false
		}
	}
	return false
}

// countExpr: n is a number (numberExpr) or a call of numbers and calls
// (`div_round_up(get_device_sm_cnt_(), RATIO)`), none named for an
// architecture.
func (w *walker) countExpr(n node) bool {
	if numeric := false; w.numberExpr(n, &numeric) {
		return true
	}
	if w.kind(n) != "call_expression" {
		return false
	}
	fn := w.text(w.field(n, fFunction))
	if i := strings.LastIndex(fn, "::"); i >= 0 {
		fn = fn[i+2:]
	}
	if python.ArchNumberName(fn) || strings.Contains(strings.ToLower(fn), "arch") || strings.Contains(strings.ToLower(fn), "version") {
		return false
	}
	for _, a := range w.named(w.field(n, fArguments)) {
		if !w.countExpr(a) {
			return false
		}
	}
	return true
}
