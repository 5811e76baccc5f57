package python

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unsafe"
)

// Device-name gates: code that decides by the GPU's product name
// (`"H100" in torch.cuda.get_device_name()`, `props.name.startswith(
// "NVIDIA GeForce RTX 50")`, `is_h20 = "H20" in device_name`) rather than by
// its capability. A capability's run reads the name as the set of product
// names GPUs of that capability report (data/gpu-names.tsv): a vName. A test
// on it is answered for each of those names at once, as a bit mask over
// them (nameBits), so that `"H100" in name or "H800" in name` and `not ...`
// combine exactly; it is decided when every name answers alike (False on
// 12.0 for `"H100" in name`) and undecided otherwise (9.0: H100 matches,
// H200 does not), where the gate reads it as the run-time value it is.

//go:embed data/gpu-names.tsv
var gpuNamesTSV string

// gpuName is one row of the table.
type gpuName struct {
	name, group string
}

// gpuNames are the table's names by capability, in the table's order.
var gpuNames = parseGPUNames(gpuNamesTSV)

func parseGPUNames(tsv string) map[Capability][]gpuName {
	out := map[Capability][]gpuName{}
	for n, line := range strings.Split(tsv, "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "cap\t") {
			continue
		}
		f := strings.Split(line, "\t")
		var c Capability
		if len(f) != 4 {
			panic(fmt.Sprintf("gpu-names.tsv:%d: want 4 columns", n+1))
		}
		if _, err := fmt.Sscanf(f[0], "%d.%d", &c.Major, &c.Minor); err != nil {
			panic(fmt.Sprintf("gpu-names.tsv:%d: %v", n+1, err))
		}
		out[c] = append(out[c], gpuName{name: f[1], group: f[2]})
		if len(out[c]) > 64 {
			panic(fmt.Sprintf("gpu-names.tsv:%d: more than 64 names for %s", n+1, c))
		}
	}
	return out
}

// nameForms is a vName: the capability's product names, as the code has
// transformed them (.lower(), .replace(" ", "_")), index for index with
// the table's.
type nameForms struct {
	cap   Capability
	forms []string
}

// devName is the GPU's product name for this worker's capability.
func (w *worker) devName() Value {
	c := w.capability()
	names := gpuNames[c]
	if len(names) == 0 {
		return unknown
	}
	forms := make([]string, len(names))
	for i, n := range names {
		forms[i] = n.name
	}
	return vnameForms(&nameForms{cap: c, forms: forms})
}

func vnameForms(nf *nameForms) Value {
	return Value{k: vName, Cap: true, p: unsafe.Pointer(nf)}
}

func (v Value) nameForms() *nameForms {
	if v.k != vName {
		return nil
	}
	return (*nameForms)(v.p)
}

// mapName is the name with every form transformed by fn.
func mapName(v Value, fn func(string) string) Value {
	nf := v.nameForms()
	out := &nameForms{cap: nf.cap, forms: make([]string, len(nf.forms))}
	for i, s := range nf.forms {
		out.forms[i] = fn(s)
	}
	return vnameForms(out)
}

// nameBits is a truth value that depends on the GPU's product name: bit i
// is set when the capability's i-th name makes it true. Tests are the
// source texts of the name tests it comes from, for the message.
type nameBits struct {
	cap   Capability
	n     int
	mask  uint64
	tests []string
	// lits are the strings the name is tested against ("H100").
	lits []string
	// given are the run-time conditions the mask assumes true: in
	// `use_triton and "100" not in name` the name decides only when
	// use_triton holds. Such a value stays undecided for the
	// interpreter (both ways run); the gate reads the mask (nameRaw).
	given []string
	// match: the value is a regular expression's match on the name
	// (reName), which `is None` / `is not None` test; a test's bool is
	// never None.
	match bool
}

func (b *nameBits) full() uint64 {
	if b.n == 64 {
		return ^uint64(0)
	}
	return 1<<b.n - 1
}

// value is b as a truth value: decided when every name answers alike.
func (b *nameBits) value() Value {
	var v Value
	switch {
	case len(b.given) > 0:
	case b.mask == 0:
		v = vbool(false)
	case b.mask == b.full():
		v = vbool(true)
	}
	v.Cap = true
	return v.withName(b)
}

// nameTest is the value of a test (pred) on each form of name value v,
// written test in the source.
func nameTest(v Value, test string, lits []string, pred func(string) bool) Value {
	nf := v.nameForms()
	b := &nameBits{cap: nf.cap, n: len(nf.forms), tests: []string{test}, lits: lits}
	for i, s := range nf.forms {
		if pred(s) {
			b.mask |= 1 << i
		}
	}
	return b.value()
}

// formFactor matches the name tests that ask about a board, not a GPU
// family: PCIe, SXM, NVL, HBM, a memory size, MIG, Max-Q, Laptop.
var formFactor = regexp.MustCompile(`(?i)^[-_ ]?(pcie|sxm\d?|nvl|hbm\d?e?|\d+ ?gb|mig|max-?q|laptop( gpu)?)[-_ ]?$`)

// compareName is the comparison op of a and b when one of them is the
// GPU's name (ok false otherwise, or when the other is no string).
func compareName(op string, a, b Value, test string) (Value, bool) {
	switch {
	case b.k == vName && (op == "in" || op == "not in") && a.k == vStr && formFactor.MatchString(a.text()):
		// A board's form factor or memory (DeepEP's `'PCIE' in name`
		// for the A100 PCIe's pairwise NVLink) is no architecture: every
		// family has such boards.
		return unknown, true
	case b.k == vName && (op == "in" || op == "not in") && a.k == vStr:
		s := a.text()
		v := nameTest(b, test, []string{s}, func(f string) bool { return strings.Contains(f, s) })
		if op == "not in" {
			v = notName(v)
		}
		return v, true
	case a.k == vName && (op == "in" || op == "not in") && (b.k == vList || b.k == vTuple || b.k == vSet):
		var strs []string
		for _, e := range b.elems() {
			if e.k != vStr {
				return Value{}, false
			}
			strs = append(strs, e.text())
		}
		v := nameTest(a, test, strs, func(f string) bool { return slices.Contains(strs, f) })
		if op == "not in" {
			v = notName(v)
		}
		return v, true
	case (op == "==" || op == "!=") && (a.k == vName && b.k == vStr || b.k == vName && a.k == vStr):
		if b.k == vName {
			a, b = b, a
		}
		s := b.text()
		v := nameTest(a, test, []string{s}, func(f string) bool { return f == s })
		if op == "!=" {
			v = notName(v)
		}
		return v, true
	}
	return Value{}, false
}

// nameMethod is a method of the GPU's name: a test (startswith, endswith),
// another form of it (lower, replace), or nothing known.
func nameMethod(obj Value, name string, a callArgs, test string) Value {
	arg := func(i int) Value {
		if i < len(a.pos) {
			return a.pos[i]
		}
		return unknown
	}
	switch name {
	case "startswith", "endswith":
		var cands []string
		switch x := arg(0); x.k {
		case vStr:
			cands = []string{x.text()}
		case vTuple:
			for _, e := range x.elems() {
				if e.k != vStr {
					return unknown
				}
				cands = append(cands, e.text())
			}
		default:
			return unknown
		}
		return nameTest(obj, test, cands, func(f string) bool {
			for _, c := range cands {
				if name == "startswith" && strings.HasPrefix(f, c) || name == "endswith" && strings.HasSuffix(f, c) {
					return true
				}
			}
			return false
		})
	case "lower", "casefold":
		return mapName(obj, strings.ToLower)
	case "decode":
		// pynvml before 11.5 returns bytes.
		return obj
	case "upper":
		return mapName(obj, strings.ToUpper)
	case "strip":
		if len(a.pos) == 0 {
			return mapName(obj, strings.TrimSpace)
		}
	case "replace":
		if x, y := arg(0), arg(1); x.k == vStr && y.k == vStr && len(a.pos) == 2 {
			return mapName(obj, func(s string) string { return strings.ReplaceAll(s, x.text(), y.text()) })
		}
	case "find", "count", "index":
		// Positions and counts are no truth value the table decides
		// here; the name is not read as anything else.
		return unknown
	}
	// Anything else (split(), formatting) is a value that no longer
	// tells GPUs apart for archlint: a key into a tuning table, a log
	// line.
	return unknown
}

// names is the name-dependent truth v carries (nil if none).
func (v Value) names() *nameBits {
	if v.x == nil {
		return nil
	}
	return v.x.name
}

// withName is v carrying name-dependent truth b.
func (v Value) withName(b *nameBits) Value {
	if v.names() == b {
		return v
	}
	e := valueExt{name: b}
	if v.x != nil {
		e = *v.x
		e.name = b
	}
	v.x = &e
	return v
}

// notName is `not v` for a name-dependent truth.
func notName(v Value) Value {
	b := v.names()
	return (&nameBits{cap: b.cap, n: b.n, mask: ^b.mask & b.full(), tests: b.tests, lits: b.lits, given: b.given}).value().withVia(v.via())
}

// boolName combines two truth values of which at least one depends on the
// name (and/or); ok is false when the other one is undecided by anything
// else, which leaves the result as the interpreter reads it already, but
// for an `and` with a run-time value that does not depend on the
// capability (`use_triton and "100" not in name`, whose text is given):
// the name then decides where that value holds.
func boolName(op string, a, b Value, aText, bText string) (Value, bool) {
	na, nb := a.names(), b.names()
	if na != nil && nb != nil && na.cap == nb.cap && na.n == nb.n {
		out := &nameBits{cap: na.cap, n: na.n, tests: joinTests(na.tests, nb.tests), lits: joinTests(na.lits, nb.lits), given: joinTests(na.given, nb.given)}
		if op == "and" {
			out.mask = na.mask & nb.mask
		} else {
			out.mask = na.mask | nb.mask
		}
		return out.value(), true
	}
	nb2, other, otherText := na, b, bText
	if nb2 == nil {
		nb2, other, otherText = nb, a, aText
	}
	if nb2 == nil {
		return Value{}, false
	}
	t := other.truth()
	if t == triUnknown {
		if op != "and" || other.Cap || other.via() != nil || otherText == "" {
			return Value{}, false
		}
		given := joinTests(nb2.given, []string{otherText})
		return (&nameBits{cap: nb2.cap, n: nb2.n, mask: nb2.mask, tests: nb2.tests, lits: nb2.lits, given: given}).value(), true
	}
	out := &nameBits{cap: nb2.cap, n: nb2.n, mask: nb2.mask, tests: nb2.tests, lits: nb2.lits, given: nb2.given}
	switch {
	case op == "and" && t == triFalse:
		out.mask = 0
	case op == "or" && t == triTrue:
		out.mask = out.full()
	}
	return out.value().tainted(other.Cap), true
}

func joinTests(a, b []string) []string {
	out := slices.Clip(a)
	for _, t := range b {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// NameFacts is how one capability's product names answer a gate's tests on
// the GPU's name.
type NameFacts struct {
	Tests       []string // the tests' source texts (`"H100" in name`)
	True, False []string // the names making the condition true / false
	// Given are the run-time conditions assumed to hold (`use_triton`).
	Given []string
	// Lits are the strings the name is tested against ("H100").
	Lits []string
}

// facts is b as NameFacts.
func (b *nameBits) facts() *NameFacts {
	f := &NameFacts{Tests: b.tests, Given: b.given, Lits: b.lits}
	for i, n := range gpuNames[b.cap] {
		if i >= b.n {
			break
		}
		if b.mask&(1<<i) != 0 {
			f.True = append(f.True, n.name)
		} else {
			f.False = append(f.False, n.name)
		}
	}
	return f
}

// NameList words a list of product names, a whole group of the table by
// the group's name ("GeForce RTX 50xx"), the rest one by one without the
// "NVIDIA " prefix.
func NameList(c Capability, names []string) string {
	in := map[string]bool{}
	for _, n := range names {
		in[n] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, row := range gpuNames[c] {
		if !in[row.name] || seen[row.group] {
			continue
		}
		whole := true
		for _, r := range gpuNames[c] {
			if r.group == row.group && !in[r.name] {
				whole = false
			}
		}
		if whole {
			seen[row.group] = true
			out = append(out, row.group)
			continue
		}
		out = append(out, strings.TrimPrefix(row.name, "NVIDIA "))
	}
	return strings.Join(out, ", ")
}

// NameCount is how many product names the table has for c.
func NameCount(c Capability) int { return len(gpuNames[c]) }

// anyAllName is any() or all() over elements some of which test the GPU's
// name (`any(n in name for n in ("H100", "H800"))`); ok is false when none
// does or another element is undecided.
func anyAllName(fn string, elems []Value) (Value, bool) {
	op := "or"
	if fn == "all" {
		op = "and"
	}
	var acc Value
	named := false
	for i, e := range elems {
		if e.names() != nil {
			named = true
		}
		if i == 0 {
			acc = e
			continue
		}
		if acc.names() == nil && e.names() == nil {
			t := acc.truth()
			if t == triUnknown {
				return Value{}, false
			}
			if op == "or" && t == triFalse || op == "and" && t == triTrue {
				acc = e
			}
			continue
		}
		v, ok := boolName(op, acc, e, "", "")
		if !ok {
			return Value{}, false
		}
		acc = v
	}
	if !named || acc.names() == nil {
		return Value{}, false
	}
	return acc, true
}

// nameRaw is the outcome a capability takes at a decision whose condition
// the interpreter left undecided only for a run-time value the name test
// assumes (nameBits.given): the outcome of a true (t) or false (f)
// condition where every product name answers alike, -2 otherwise.
func nameRaw(r *siteRec, t, f int) int {
	b := r.names
	if r.raw >= 0 || b == nil || len(b.given) == 0 {
		return r.raw
	}
	switch b.mask {
	case b.full():
		return t
	case 0:
		return f
	}
	return -2
}

// SystemNames says whether every string a name test compares with names a
// Grace superchip (GH200, GB200, GB300): such a test asks about the system
// (a Grace CPU, an MNNVL fabric of NVL72 racks), which a GPU of another
// capability lacks whatever code it runs, not about the GPU's architecture.
func SystemNames(lits []string) bool {
	if len(lits) == 0 {
		return false
	}
	for _, l := range lits {
		u := strings.ToUpper(strings.TrimSpace(l))
		u = strings.TrimPrefix(u, "NVIDIA ")
		if !(strings.HasPrefix(u, "GH200") || strings.HasPrefix(u, "GB200") || strings.HasPrefix(u, "GB300")) {
			return false
		}
	}
	return true
}

// reName is re.search/re.match/re.fullmatch(pattern, name[, flags]) on the
// GPU's name, as a test of every name; ok is false for anything else (a
// pattern archlint's regexp package does not take is undecided).
func reName(last string, a callArgs, test string) (Value, bool) {
	if len(a.pos) < 2 || a.pos[1].k != vName || a.pos[0].k != vStr {
		return Value{}, false
	}
	pat := a.pos[0].text()
	switch last {
	case "match":
		pat = `\A(?:` + pat + `)`
	case "fullmatch":
		pat = `\A(?:` + pat + `)\z`
	case "search":
	default:
		return Value{}, false
	}
	flags := unknown
	if len(a.pos) > 2 {
		flags = a.pos[2]
	} else if v, _, ok := a.kw("flags"); ok {
		flags = v
	}
	switch {
	case flags.k == vExt && (strings.HasSuffix(flags.text(), ".IGNORECASE") || strings.HasSuffix(flags.text(), ".I")):
		pat = "(?i)" + pat
	case flags.known():
		return unknown, true
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return unknown, true
	}
	v := nameTest(a.pos[1], test, []string{a.pos[0].text()}, re.MatchString)
	if b := v.names(); b != nil {
		b.match = true
	}
	return v, true
}
