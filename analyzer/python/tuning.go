package python

import (
	"regexp"
	"slices"
	"strconv"
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
// somewhere among them. An arm may return its numbers (a config function's
// `return {"BV": 64, "threads": 256}`); then the code the target runs
// after an if with no else must return numbers too, since a fall-through
// to `return None` or a generic launch chooses a path.
func (m *module) tuningArms(s nodeID, cl []clause) bool {
	numeric, returns := false, false
	for _, c := range cl {
		// Through nested ifs on other values (trimul's `if dim <= 256:
		// config = (16, 1) elif ...` under a capability check).
		if !m.allLeafStmts(c.body, func(st nodeID) bool {
			returns = returns || m.kind(st) == "return_statement"
			return m.tuningStmt(st, &numeric)
		}) {
			return false
		}
	}
	if returns && cl[len(cl)-1].cond != noNode {
		rest := m.stmtsAfter(s)
		if !m.returnsAt(rest) {
			return false
		}
		for _, st := range rest {
			if !m.tuningStmt(st, &numeric) {
				return false
			}
		}
	}
	return numeric && !(returns && m.archFunction(s))
}

// returnsNumbers: v, a returned value, is a parameter: numbers, a tuple or
// a config dict of them, or arithmetic on literals and constants. A
// returned expression over other names computes the function's result
// (`return x * 2` against `return x` picks a path).
func (m *module) returnsNumbers(v nodeID, numeric *bool) bool {
	switch m.kind(v) {
	case "tuple", "expression_list", "dictionary":
		return m.numberExpr(v, numeric)
	case "conditional_expression":
		kids := m.namedList(v)
		return len(kids) == 3 && m.returnsNumbers(kids[0], numeric) && m.returnsNumbers(kids[2], numeric)
	}
	if !m.numberExpr(v, numeric) {
		return false
	}
	for k := v; k < m.next(v); k++ {
		if m.kind(k) == "identifier" && !ConstantName(m.view(k)) && !numberArith[m.view(k)] {
			return false
		}
	}
	return true
}

// archFunction: n is inside a function named for an architecture or a
// version (get_sm_version, device_cc), whose returned numbers name a GPU.
func (m *module) archFunction(n nodeID) bool {
	f := m.enclosingFunc(n)
	return f != nil && ArchNumberName(f.name)
}

// tuningTernary: both values of `a if cond else b` are numbers, and the
// ternary is a value set or passed as a parameter: assigned (padding =
// 128 if sm100 else 64), a dict entry or keyword (`"BK": 64 if cc == 90
// else 32`), returned, or an operand of arithmetic or min/max on the way
// to one of those. One inside any other expression is not a parameter:
// `shape[0 if transposed else 1]` picks a layout.
func (m *module) tuningTernary(n nodeID) bool {
	kids := m.namedList(n)
	if len(kids) != 3 {
		return false
	}
	numeric := false
	if !m.numberExpr(kids[0], &numeric) || !m.numberExpr(kids[2], &numeric) || !numeric {
		return false
	}
	at := n
	for p := m.parent(at); p != noNode; at, p = p, m.parent(p) {
		switch m.kind(p) {
		case "parenthesized_expression", "dictionary", "argument_list":
		case "binary_operator":
			if !arithOp(m.view(m.child(p, fOperator))) {
				return false
			}
		case "call":
			if !numberArith[lastName(m.view(m.child(p, fFunction)))] {
				return false
			}
		case "assignment", "augmented_assignment":
			return m.child(p, fRight) == at && !ArchNumberName(lastName(m.view(m.child(p, fLeft))))
		case "pair":
			key := m.child(p, fKey)
			return m.child(p, fValue) == at && m.kind(key) == "string" && !ArchNumberName(m.stringText(key))
		case "keyword_argument":
			return m.child(p, fValue) == at && !ArchNumberName(m.view(m.child(p, fName)))
		case "return_statement":
			return !m.archFunction(p) && m.returnsNumbers(n, &numeric)
		default:
			return false
		}
	}
	return false
}

// tuningStmt: s assigns numbers to names, attributes or entries.
func (m *module) tuningStmt(s nodeID, numeric *bool) bool {
	if k := m.kind(s); k != "expression_statement" && k != "return_statement" {
		return false
	}
	kids := m.namedList(s)
	if len(kids) != 1 {
		return false
	}
	a := kids[0]
	if m.kind(s) == "return_statement" {
		return m.returnsNumbers(a, numeric)
	}
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

// configEntry: a config's entry named key holds v, a number or a switch
// (`"enable_rasteration": True` beside the tile sizes), under a name that
// is not an architecture's.
func (m *module) configEntry(key string, v nodeID, numeric *bool) bool {
	if ArchNumberName(key) {
		return false
	}
	if k := m.kind(v); k == "true" || k == "false" {
		return true
	}
	return m.numberExpr(v, numeric)
}

// arithOp: a binary operator that keeps a number a number.
func arithOp(op string) bool {
	switch op {
	case "+", "-", "*", "/", "//", "%", "**", "<<", ">>":
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
		if !arithOp(m.view(m.child(n, fOperator))) {
			return false
		}
		return m.numberExpr(m.child(n, fLeft), numeric) && m.numberExpr(m.child(n, fRight), numeric)
	case "conditional_expression":
		kids := m.namedList(n)
		return len(kids) == 3 && m.numberExpr(kids[0], numeric) && m.numberExpr(kids[2], numeric)
	case "tuple", "expression_list", "list":
		// return 64, 128; a list of numbers to choose from (flash-linear-
		// attention's autotune `NUM_WARPS = [2, 4] if IS_NVIDIA_HOPPER
		// else [2, 4, 8]`), unless every number is an architecture's
		// ([80, 90] is an arch list).
		kids := m.namedList(n)
		archs := 0
		for _, k := range kids {
			if !m.numberExpr(k, numeric) {
				return false
			}
			if m.kind(k) == "integer" && ArchLikeNumber(m.view(k)) {
				archs++
			}
		}
		return len(kids) > 0 && !(m.kind(n) == "list" && archs == len(kids))
	case "dictionary":
		// a config: {"BV": 64, "threads": 256}, string keys that are
		// not an architecture's name, or an enum's members (vLLM's
		// `{UsageContext.LLM_CLASS: 16384, ...}` batch defaults).
		kids := m.namedList(n)
		for _, pr := range kids {
			key := m.child(pr, fKey)
			if m.kind(pr) == "pair" && m.kind(key) == "attribute" && m.kind(m.child(pr, fValue)) == "integer" {
				*numeric = true
				continue
			}
			if m.kind(pr) != "pair" || m.kind(key) != "string" || !m.configEntry(m.stringText(key), m.child(pr, fValue), numeric) {
				return false
			}
		}
		return len(kids) > 0
	case "subscript":
		base := n
		for m.kind(base) == "subscript" {
			base = m.child(base, fValue)
		}
		if m.kind(base) == "attribute" {
			base = m.child(base, fAttribute)
		}
		if m.kind(base) != "identifier" || !ConstantName(m.view(base)) {
			return false
		}
		*numeric = true
		return true
	case "call":
		fn := m.view(m.child(n, fFunction))
		if fn == "dict" {
			// dict(block_N=128, threads=128), a config as keywords.
			args := m.namedList(m.child(n, fArguments))
			for _, a := range args {
				if m.kind(a) != "keyword_argument" || !m.configEntry(m.view(m.child(a, fName)), m.child(a, fValue), numeric) {
					return false
				}
			}
			return len(args) > 0
		}
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

// ConstantName: a name in capitals (MAX_SIZES, _SM90_TILES), Python's
// convention for a module constant such as a tuning table.
func ConstantName(s string) bool {
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

// pyNumberRE is a number literal in Python source text.
var pyNumberRE = regexp.MustCompile(`\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b`)

// sameShapeArms: the chain has an else, and every statement its arms run
// (through nested ifs) is one statement with other numbers: a Triton
// launch with `BLOCK_M=64` on one GPU and `BLOCK_M=128` on the others.
// Numbers that may name an architecture do not count as tuning
// (ArchLikeNumber).
func (m *module) sameShapeArms(cl []clause) bool {
	if len(cl) < 2 || cl[len(cl)-1].cond != noNode {
		return false
	}
	shapes := NumberShapes{Numbers: pyNumberRE}
	sameShape := func(st nodeID) bool {
		k := m.kind(st)
		return (k == "expression_statement" || k == "return_statement") && shapes.Add(m.text(st))
	}
	for _, c := range cl {
		if !m.allLeafStmts(c.body, sameShape) {
			return false
		}
	}
	return shapes.Differ
}

// sameCallArms: every statement the chain's arms run (through nested ifs)
// returns one call of the same function whose arguments are numbers,
// tuples of them or entries of a constant table, and so does the code
// after the chain when it has no else (its ifs read the same way): flux's
// Triton configs,
//
//	if _is_A_gpu():
//	    if key in A800_TUNEMAP:
//	        return _as_triton_config_info(A800_TUNEMAP[key])
//	    return _as_triton_config_info((128, 256, 32, 2, 3, 8))
//	return _as_triton_config_info((128, 128, 64, 4, 4, 4))
//
// The same function builds every arm's result from other numbers: the
// target gets a config, not another path. A number that may name an
// architecture (ArchLikeNumber) among the arguments is no tuning.
func (m *module) sameCallArms(s nodeID, cl []clause) bool {
	callee, first, stmtKind := "", "", ""
	numeric, differ := false, false
	// strs are the string arguments of the first call, by position or
	// keyword: the others must pass the same (a label, a dtype's name).
	strs := map[string]string{}
	sameCall := func(st nodeID) bool {
		kids := m.namedList(st)
		if k := m.kind(st); k != "return_statement" && k != "expression_statement" || stmtKind != "" && k != stmtKind ||
			len(kids) != 1 || m.kind(kids[0]) != "call" {
			return false
		}
		stmtKind = m.kind(st)
		c := kids[0]
		fn := m.view(m.child(c, fFunction))
		if ArchNumberName(lastName(fn)) || callee != "" && fn != callee {
			return false
		}
		callee = fn
		args := m.namedList(m.child(c, fArguments))
		if len(args) == 0 {
			return false
		}
		for i, a := range args {
			key := strconv.Itoa(i)
			if m.kind(a) == "keyword_argument" {
				if ArchNumberName(m.view(m.child(a, fName))) {
					return false
				}
				key = m.view(m.child(a, fName))
				a = m.child(a, fValue)
			}
			if m.kind(a) == "string" {
				if prev, ok := strs[key]; ok && prev != m.text(a) || !ok && first != "" {
					return false
				}
				strs[key] = m.text(a)
				continue
			}
			if !m.constantNumbers(a, &numeric) {
				return false
			}
		}
		text := m.text(m.child(c, fArguments))
		for _, v := range pyNumberRE.FindAllString(text, -1) {
			if ArchLikeNumber(v) {
				return false
			}
		}
		if first == "" {
			first = text
		}
		differ = differ || text != first
		return true
	}
	for _, c := range cl {
		if !m.allLeafStmts(c.body, sameCall) {
			return false
		}
	}
	if cl[len(cl)-1].cond != noNode {
		rest := m.stmtsAfter(s)
		if !m.returnsAt(rest) {
			return false
		}
		// Returns of the call, and ifs whose every arm ends in one (a
		// table looked up before the default: `if key in TUNED: return
		// f(TUNED[key])`).
		for _, st := range rest {
			if m.kind(st) == "if_statement" {
				for _, c := range m.clauses(st) {
					if !m.allLeafStmts(c.body, sameCall) {
						return false
					}
				}
			} else if !sameCall(st) {
				return false
			}
		}
	}
	return numeric && differ
}

// constantNumbers: v is numbers (numberExpr) whose names are constants or
// number functions, a constant table's index aside (`A800_TUNEMAP[key]`
// is an entry of the table whatever the key). An expression over other
// names computes a result: `x * 2` against `x` picks a path, and so does
// a parameter named in capitals (a GEMM's `M`, `N`).
func (m *module) constantNumbers(v nodeID, numeric *bool) bool {
	if !m.numberExpr(v, numeric) {
		return false
	}
	var params []param
	if f := m.enclosingFunc(v); f != nil {
		params = f.params
	}
	for k := v; k < m.next(v); k++ {
		if m.kind(k) == "conditional_expression" {
			// `3.0 if version == "1.4" else 4.0`: the condition picks
			// between numbers, it computes none.
			if kids := m.namedList(k); len(kids) == 3 {
				if !m.constantNumbers(kids[0], numeric) || !m.constantNumbers(kids[2], numeric) {
					return false
				}
			}
			k = m.next(k) - 1
			continue
		}
		if m.kind(k) == "subscript" {
			// numberExpr took it for a constant table's entry: the
			// index is no operand.
			k = m.next(k) - 1
			continue
		}
		if m.kind(k) != "identifier" {
			continue
		}
		name := m.view(k)
		if !ConstantName(name) && !numberArith[name] || slices.ContainsFunc(params, func(p param) bool { return p.name == name }) {
			return false
		}
	}
	return true
}

// NumberShapes checks that statements are one statement with other
// numbers (Python's or C++'s number literals, Numbers): the first sets the
// shape, each next must have it. Differ says some number differed; a
// differing number that may name an architecture fails the check.
type NumberShapes struct {
	Numbers *regexp.Regexp
	Differ  bool
	shape   string
	nums    []string
	set     bool
}

// Add takes the next statement's text and says whether it keeps the shape.
func (s *NumberShapes) Add(text string) bool {
	shape, nums := s.Numbers.ReplaceAllString(text, "#"), s.Numbers.FindAllString(text, -1)
	if !s.set {
		s.shape, s.nums, s.set = shape, nums, true
		return true
	}
	if shape != s.shape || len(nums) != len(s.nums) {
		return false
	}
	for i, v := range nums {
		if v != s.nums[i] {
			if ArchLikeNumber(v) || ArchLikeNumber(s.nums[i]) {
				return false
			}
			s.Differ = true
		}
	}
	return true
}

// ArchLikeNumber reports a number an architecture may be written as (90,
// 100, 120): arms differing in one pick a GPU's code, not a size.
func ArchLikeNumber(v string) bool {
	switch v {
	case "70", "75", "80", "86", "87", "89", "90", "100", "103", "110", "120", "121":
		return true
	}
	return false
}
