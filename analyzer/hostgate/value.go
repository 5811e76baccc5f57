package hostgate

import (
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/python"
)

// val is an integer (or boolean 0/1) evaluated once per reference
// capability, so one walk over a function serves every capability.
// A nil *val is an unknown value that does not depend on the capability.
type val struct {
	n  []int  // the value for caps[i]
	ok []bool // whether n[i] is known
	// taint says the value depends on the capability: a decision on it is
	// a gate.
	taint bool
	// flex marks a raw capability whose encoding is not known
	// (getSMVersion(), an sm_version parameter): a comparison with a
	// literal decides the scale from the literal, as the Python analyzer
	// does (<= 13 a major, 2-3 digits major*10+minor, 4 digits
	// __CUDA_ARCH__).
	flex bool
	// weak marks a capability read only from the plain name sm (sm_, _sm):
	// the name holds shared-memory sizes and SM counts as often, so only
	// a comparison with an architecture number (archNumber) reads it as
	// the capability; any other use of it is unknown.
	weak bool
	// props marks a cudaDeviceProp-like object: .major and .minor read
	// the capability.
	props bool
	// helper names the same-file function the value came from, if any.
	helper     string
	helperLine int
}

// evaluator holds what one function's evaluation needs.
type evaluator struct {
	tree
	caps []python.Capability
	// groups decides the preprocessor groups of the function: an arm's
	// statements are those compiled.
	groups *groups
	// env maps a variable (or a member access, by its text) to its value.
	env map[string]*val
	// helpers are same-file functions whose result depends on the
	// capability, by name.
	helpers map[string]*val
	// members are data members (or globals) the file assigns a
	// capability to in one function and reads in others: mSM in
	// Runner() { mSM = getSMVersion(); }.
	members map[string]*val
	// conflicted are the file's members also assigned something else
	// than a capability (file.conflicted).
	conflicted map[string]bool
	// consts are the file's constants at file or namespace scope
	// (fileConsts), by their unqualified names.
	consts map[string]*val
	// memo holds results of eval by node while env is unchanged; cuts
	// counts evaluations cut short by the depth bound.
	memo map[node]*val
	cuts int
}

func (e *evaluator) konst(n int) *val {
	v := &val{n: make([]int, len(e.caps)), ok: make([]bool, len(e.caps))}
	for i := range v.n {
		v.n[i], v.ok[i] = n, true
	}
	return v
}

// capVal is the capability read through f.
func (e *evaluator) capVal(f func(python.Capability) int, flex bool) *val {
	v := &val{n: make([]int, len(e.caps)), ok: make([]bool, len(e.caps)), taint: true, flex: flex}
	for i, c := range e.caps {
		v.n[i], v.ok[i] = f(c), true
	}
	return v
}

func smScale(c python.Capability) int { return c.Major*10 + c.Minor }
func majorOf(c python.Capability) int { return c.Major }
func minorOf(c python.Capability) int { return c.Minor }

// constant reports the value when it is known, the same for every
// capability and not capability-derived.
func (v *val) constant() (int, bool) {
	if v == nil || v.taint || len(v.ok) == 0 {
		return 0, false
	}
	for i := range v.ok {
		if !v.ok[i] || v.n[i] != v.n[0] {
			return 0, false
		}
	}
	return v.n[0], true
}

// weakCap is the capability read from a variable named plain sm (weak).
func (e *evaluator) weakCap() *val {
	v := e.capVal(smScale, false)
	v.weak = true
	return v
}

// unweaken reads a weak operand of op (weak) as the capability when op
// compares it with an architecture number, and as unknown otherwise.
func (e *evaluator) unweaken(op string, a, b *val) (*val, *val) {
	strong := func(v *val) *val {
		w := *v
		w.weak = false
		return &w
	}
	switch {
	case a != nil && a.weak && b != nil && b.weak:
		return nil, nil
	case a != nil && a.weak:
		if k, ok := b.constant(); ok && isCompare(op) && archNumber(k) {
			return strong(a), b
		}
		return nil, b
	default:
		if k, ok := a.constant(); ok && isCompare(op) && archNumber(k) {
			return a, strong(b)
		}
		return a, nil
	}
}

// archNumber reports a number a capability as major*10+minor is compared
// with: a compute capability's (3.0 to 12.1), or a round bound from 30 to
// 130 (sm < 130). 48, 64, 96 or 227 (shared-memory sizes in KiB) are not.
func archNumber(k int) bool {
	switch k {
	case 32, 35, 37, 52, 53, 61, 62, 72, 75, 86, 87, 88, 89, 101, 103, 121:
		return true
	}
	return k >= 30 && k <= 130 && k%10 == 0
}

// rescale is a flex value read at the scale a compared literal implies.
func (e *evaluator) rescale(v *val, lit int) *val {
	var f func(python.Capability) int
	switch {
	case lit >= 0 && lit <= 13:
		f = majorOf
	case lit >= 1000:
		f = python.Capability.Age
	default:
		return v
	}
	w := e.capVal(f, false)
	w.helper, w.helperLine = v.helper, v.helperLine
	return w
}

// parseInt reads a C integer literal (decimal, hex, octal, binary, with
// u/l suffixes and ' separators).
func parseInt(s string) (int, bool) {
	s = strings.ReplaceAll(s, "'", "")
	s = strings.TrimRight(s, "uUlLzZ")
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil || n > 1<<40 || n < -(1<<40) {
		return 0, false
	}
	return int(n), true
}

// binop applies op per capability; unknown inputs give unknown outputs
// except where && and || short-circuit on a known operand.
func (e *evaluator) binop(op string, a, b *val) *val {
	if a == nil && b == nil {
		return nil
	}
	if a != nil && a.weak || b != nil && b.weak {
		if a, b = e.unweaken(op, a, b); a == nil && b == nil {
			return nil
		}
	}
	if a != nil && a.flex && (b == nil || !b.flex) {
		if k, ok := b.constant(); ok && isCompare(op) {
			a = e.rescale(a, k)
		}
	}
	if b != nil && b.flex && (a == nil || !a.flex) {
		if k, ok := a.constant(); ok && isCompare(op) {
			b = e.rescale(b, k)
		}
	}
	r := &val{n: make([]int, len(e.caps)), ok: make([]bool, len(e.caps))}
	for _, x := range []*val{a, b} {
		if x != nil {
			r.taint = r.taint || x.taint
			if r.helper == "" {
				r.helper, r.helperLine = x.helper, x.helperLine
			}
		}
	}
	at := func(v *val, i int) (int, bool) {
		if v == nil || len(v.ok) <= i {
			return 0, false
		}
		return v.n[i], v.ok[i]
	}
	for i := range e.caps {
		x, xok := at(a, i)
		y, yok := at(b, i)
		switch op {
		case "&&":
			switch {
			case (xok && x == 0) || (yok && y == 0):
				r.n[i], r.ok[i] = 0, true
			case xok && yok:
				r.n[i], r.ok[i] = 1, true
			}
			continue
		case "||":
			switch {
			case (xok && x != 0) || (yok && y != 0):
				r.n[i], r.ok[i] = 1, true
			case xok && yok:
				r.n[i], r.ok[i] = 0, true
			}
			continue
		}
		if !xok || !yok {
			continue
		}
		r.n[i], r.ok[i] = arith(op, x, y)
	}
	return r
}

func isCompare(op string) bool {
	switch op {
	case "==", "!=", "<", "<=", ">", ">=":
		return true
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// arith is one C operator on known operands; false where C would be
// undefined or the operator is not modelled.
func arith(op string, x, y int) (int, bool) {
	switch op {
	case "==":
		return b2i(x == y), true
	case "!=":
		return b2i(x != y), true
	case "<":
		return b2i(x < y), true
	case "<=":
		return b2i(x <= y), true
	case ">":
		return b2i(x > y), true
	case ">=":
		return b2i(x >= y), true
	case "+":
		return x + y, true
	case "-":
		return x - y, true
	case "*":
		return x * y, true
	case "/":
		if y == 0 {
			return 0, false
		}
		return x / y, true
	case "%":
		if y == 0 {
			return 0, false
		}
		return x % y, true
	case "&":
		return x & y, true
	case "|":
		return x | y, true
	case "^":
		return x ^ y, true
	}
	return 0, false
}

// unop is !, - or + per capability.
func (e *evaluator) unop(op string, a *val) *val {
	if a == nil || a.weak || (op != "!" && op != "-" && op != "+") {
		return nil
	}
	r := &val{n: make([]int, len(e.caps)), ok: make([]bool, len(e.caps)), taint: a.taint, helper: a.helper, helperLine: a.helperLine}
	for i := range e.caps {
		if i >= len(a.ok) || !a.ok[i] {
			continue
		}
		r.ok[i] = true
		switch op {
		case "!":
			r.n[i] = b2i(a.n[i] == 0)
		case "-":
			r.n[i] = -a.n[i]
		default:
			r.n[i] = a.n[i]
		}
	}
	return r
}

// choose is c ? a : b per capability.
func (e *evaluator) choose(c, a, b *val) *val {
	if c == nil || c.weak {
		return nil
	}
	r := &val{n: make([]int, len(e.caps)), ok: make([]bool, len(e.caps)), taint: c.taint || (a != nil && a.taint) || (b != nil && b.taint),
		weak: a != nil && a.weak || b != nil && b.weak}
	for i := range e.caps {
		if !c.ok[i] {
			continue
		}
		pick := b
		if c.n[i] != 0 {
			pick = a
		}
		if pick != nil && i < len(pick.ok) && pick.ok[i] {
			r.n[i], r.ok[i] = pick.n[i], true
		}
	}
	return r
}
