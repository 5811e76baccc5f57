package python

import (
	"strings"
	"unicode"
)

// Tuning gates: a capability check whose arms only set numbers (tile
// sizes, thread and stage counts, a size limit read from a table) picks
// parameters, not code. The target taking an older GPU's numbers runs the
// same code with them, which is the C++ side's AL105 (arch-tuning-branch),
// not a shut-out:
//
//	if arch == "sm90":          if cap in MAX_SIZES:
//	    BLKQ, BLKK = 64, 128        max_size = min(MAX_SIZES[cap][ws], max_size)
//	else:
//	    BLKQ = 128
//
// A string, a boolean, a call other than arithmetic, or a name alone on
// every arm (backend = fa3_backend) chooses a path, so such an arm is not
// tuning.

// tuningArms says whether every arm of the if statement s (and the code
// after it when it has no else: the target skips the assignment and keeps
// the value set before) only sets numbers, with a number or a table entry
// somewhere among them.
func (m *module) tuningArms(cl []clause) bool {
	numeric := false
	for _, c := range cl {
		stmts := m.namedList(c.body)
		if len(stmts) == 0 {
			return false
		}
		for _, s := range stmts {
			if !m.tuningStmt(s, &numeric) {
				return false
			}
		}
	}
	return numeric
}

// tuningTernary: both values of `a if cond else b` are numbers, and the
// ternary is the value assigned (padding = 128 if sm100 else 64). One
// inside an expression is not a parameter: `shape[0 if transposed else 1]`
// picks a layout.
func (m *module) tuningTernary(n nodeID) bool {
	kids := m.namedList(n)
	if len(kids) != 3 {
		return false
	}
	at := n
	p := m.parent(at)
	for m.kind(p) == "parenthesized_expression" {
		at, p = p, m.parent(p)
	}
	if k := m.kind(p); k != "assignment" && k != "augmented_assignment" || m.child(p, fRight) != at {
		return false
	}
	numeric := false
	return m.numberExpr(kids[0], &numeric) && m.numberExpr(kids[2], &numeric) && numeric
}

// tuningStmt: s assigns numbers to names, attributes or entries.
func (m *module) tuningStmt(s nodeID, numeric *bool) bool {
	if m.kind(s) != "expression_statement" {
		return false
	}
	kids := m.namedList(s)
	if len(kids) != 1 {
		return false
	}
	a := kids[0]
	switch m.kind(a) {
	case "assignment", "augmented_assignment":
	default:
		return false
	}
	left, right := m.child(a, fLeft), m.child(a, fRight)
	if right == noNode {
		return false
	}
	switch m.kind(left) {
	case "identifier", "attribute", "subscript":
		if ArchNumberName(lastName(m.view(left))) {
			return false
		}
		return m.numberExpr(right, numeric)
	case "pattern_list", "tuple_pattern":
		// BLKQ, BLKK = 64, 128
		if m.kind(right) != "expression_list" && m.kind(right) != "tuple" {
			return false
		}
		for _, v := range m.namedList(right) {
			if !m.numberExpr(v, numeric) {
				return false
			}
		}
		return true
	}
	return false
}

// ArchNumberName reports a name that holds an architecture or a version, not a
// parameter (sm_mma = 80 picks the MMA instructions of 8.0, arch = 90 the
// kernels of 9.0).
func ArchNumberName(name string) bool {
	name = strings.ToLower(strings.Trim(name, "_"))
	parts := strings.Split(name, "_")
	switch parts[0] {
	case "sm", "arch", "cc", "cap", "capability", "major", "minor", "compute", "version", "cuda":
		return true
	}
	switch parts[len(parts)-1] {
	case "sm", "arch", "cc", "capability", "major", "minor", "version":
		return true
	}
	return false
}

// numberArith are the calls that keep a number a number.
var numberArith = map[string]bool{
	"min": true, "max": true, "int": true, "round": true, "abs": true, "ceil": true, "floor": true,
	"cdiv": true, "ceil_div": true, "next_power_of_2": true,
}

// numberExpr: n is a number, a name, an entry of a constant table (a name
// in capitals: MAX_SIZES[cap][ws]), or arithmetic, min/max or a ternary of
// those. numeric is set when n holds a literal number or a table entry,
// which a name alone does not show.
func (m *module) numberExpr(n nodeID, numeric *bool) bool {
	switch m.kind(n) {
	case "integer", "float":
		*numeric = true
		return true
	case "identifier":
		return true
	case "parenthesized_expression":
		kids := m.namedList(n)
		return len(kids) == 1 && m.numberExpr(kids[0], numeric)
	case "unary_operator":
		return m.numberExpr(m.child(n, fArgument), numeric)
	case "binary_operator":
		switch m.view(m.child(n, fOperator)) {
		case "+", "-", "*", "/", "//", "%", "**", "<<", ">>":
		default:
			return false
		}
		return m.numberExpr(m.child(n, fLeft), numeric) && m.numberExpr(m.child(n, fRight), numeric)
	case "conditional_expression":
		kids := m.namedList(n)
		return len(kids) == 3 && m.numberExpr(kids[0], numeric) && m.numberExpr(kids[2], numeric)
	case "subscript":
		base := n
		for m.kind(base) == "subscript" {
			base = m.child(base, fValue)
		}
		if m.kind(base) == "attribute" {
			base = m.child(base, fAttribute)
		}
		if m.kind(base) != "identifier" || !constantName(m.view(base)) {
			return false
		}
		*numeric = true
		return true
	case "call":
		fn := m.view(m.child(n, fFunction))
		if i := strings.LastIndexByte(fn, '.'); i >= 0 {
			fn = fn[i+1:]
		}
		if !numberArith[fn] {
			return false
		}
		args := m.namedList(m.child(n, fArguments))
		for _, a := range args {
			if !m.numberExpr(a, numeric) {
				return false
			}
		}
		return len(args) > 0
	}
	return false
}

// constantName: a name in capitals (MAX_SIZES, _SM90_TILES), Python's
// convention for a module constant such as a tuning table.
func constantName(s string) bool {
	upper := false
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			return false
		}
	}
	return upper
}
