package python

import (
	"maps"
	"math"
	"strconv"
	"strings"
)

// eval computes an expression's abstract value for this capability.
func (f *frame) eval(n nodeID) Value {
	if n == noNode || !f.tick() {
		return unknown
	}
	m := f.mod
	switch m.op(n) {
	case opIdentifier:
		return f.lookup(m.ident(n))
	case opInteger:
		// A view: the literal's text is only parsed.
		return parseIntLit(m.ident(n))
	case opFloat:
		t := strings.ReplaceAll(m.text(n), "_", "")
		if x, err := strconv.ParseFloat(t, 64); err == nil {
			return vfloat(x)
		}
		return unknown
	case opTrue:
		return vbool(true)
	case opFalse:
		return vbool(false)
	case opNone:
		return Value{k: vNone}
	case opString:
		return f.evalString(n)
	case opConcatenatedString:
		out := vstr("")
		for k := range m.named(n) {
			out = f.binop("+", out, f.eval(k))
		}
		return out
	case opParenthesizedExpression:
		if k := m.onlyNamed(n); k != noNode {
			return f.eval(k)
		}
		return unknown
	case opTuple, opExpressionList:
		return f.evalSeq(n, vTuple)
	case opList:
		return f.evalSeq(n, vList)
	case opSet:
		return f.evalSeq(n, vSet)
	case opDictionary:
		return f.evalDict(n)
	case opAttribute:
		o := m.child(n, fObject)
		obj := f.eval(o)
		// Views of the source: attr keeps no name it is given.
		name := m.view(m.child(n, fAttribute))
		if m.op(o) == opIdentifier {
			if v, ok := f.env.getDotted(&f.w.key, m.ident(o), name); ok {
				return v
			}
		}
		return f.attr(obj, name)
	case opSubscript:
		return f.evalSubscript(n)
	case opCall:
		return f.evalCall(n)
	case opNotOperator:
		v := f.eval(m.child(n, fArgument))
		if v.names() != nil {
			return notName(v)
		}
		out := unknownIf(v.Cap)
		switch v.truth() {
		case triTrue:
			out = vbool(false).tainted(v.Cap)
		case triFalse:
			out = vbool(true).tainted(v.Cap)
		}
		return out.withVia(v.via())
	case opBooleanOperator:
		return f.evalBoolOp(n)
	case opComparisonOperator:
		return f.evalCompare(n)
	case opBinaryOperator:
		op := m.view(m.child(n, fOperator))
		l, r := f.eval(m.child(n, fLeft)), f.eval(m.child(n, fRight))
		if op == "/" && pathOperands(l, r) {
			return pathJoin(l, r)
		}
		return f.binop(op, l, r)
	case opUnaryOperator:
		v := f.eval(m.child(n, fArgument))
		switch m.view(m.child(n, fOperator)) {
		case "-":
			return f.binop("-", vint(0), v)
		case "+":
			return v
		}
		return unknownIf(v.Cap)
	case opConditionalExpression:
		return f.evalTernary(n)
	case opNamedExpression:
		v := f.eval(m.child(n, fValue))
		f.assign(m.view(m.child(n, fName)), v) // a view, as in bindTarget
		return v
	case opAssignment:
		return f.evalAssign(n)
	case opAwait:
		if k := m.onlyNamed(n); k != noNode {
			return f.eval(k)
		}
	case opListComprehension, opSetComprehension, opGeneratorExpression, opDictionaryComprehension:
		return f.evalComprehension(n)
	}
	return unknown
}

// view is module.ident, "" for no node: the text of a name or operator
// that is only compared or looked up, without the copy module.text makes.
func (m *module) view(n nodeID) string {
	if n == noNode {
		return ""
	}
	return m.ident(n)
}

func parseIntLit(t string) Value {
	if v, ok := parseDecimal(t); ok {
		return v
	}
	t = strings.ReplaceAll(strings.ToLower(t), "_", "")
	t = strings.TrimSuffix(t, "l")
	base := 10
	switch {
	case strings.HasPrefix(t, "0x"):
		base, t = 16, t[2:]
	case strings.HasPrefix(t, "0o"):
		base, t = 8, t[2:]
	case strings.HasPrefix(t, "0b"):
		base, t = 2, t[2:]
	}
	i, err := strconv.ParseInt(t, base, 64)
	if err != nil {
		return unknown
	}
	return vint(i)
}

// parseDecimal is parseIntLit's common case, a few plain decimal digits,
// without the lowering and underscore removal (each a copy) the general
// case makes; ok is false for anything else.
func parseDecimal(t string) (Value, bool) {
	if t == "" || len(t) > 18 || len(t) > 1 && t[0] == '0' {
		return Value{}, false
	}
	var i int64
	for j := 0; j < len(t); j++ {
		c := t[j]
		if c < '0' || c > '9' {
			return Value{}, false
		}
		i = i*10 + int64(c-'0')
	}
	return vint(i), true
}

func (f *frame) evalSeq(n nodeID, k vkind) Value {
	var elems []Value
	if c := f.mod.namedCount(n); c > 0 {
		elems = make([]Value, 0, c)
	}
	capDep := false
	for e := range f.mod.named(n) {
		if o := f.mod.op(e); o == opListSplat || o == opParenthesizedListSplat {
			inner := f.eval(f.mod.firstNamed(e))
			if inner.k != vList && inner.k != vTuple && inner.k != vSet {
				return unknownIf(inner.Cap)
			}
			elems = append(elems, inner.elems()...)
			capDep = capDep || inner.Cap
			continue
		}
		v := f.eval(e)
		capDep = capDep || v.Cap
		elems = append(elems, v)
	}
	return seqValue(k, elems, capDep)
}

func (f *frame) evalDict(n nodeID) Value {
	m := f.mod
	// The keys and then the values in one array (dictValue), sized once.
	pairs := m.namedCount(n)
	kv := make([]Value, 2*pairs)
	capDep := false
	i := 0
	for p := range m.named(n) {
		if m.op(p) != opPair {
			return unknown
		}
		k := f.eval(m.child(p, fKey))
		v := f.eval(m.child(p, fValue))
		kv[i], kv[pairs+i] = k, v
		i++
		capDep = capDep || k.Cap
	}
	return dictValue(kv, capDep)
}

// evalString joins a string literal's parts, f-string interpolations
// included; any unknown part makes the whole string unknown.
func (f *frame) evalString(n nodeID) Value {
	m := f.mod
	raw, fstr, tail := false, false, false
	// The prefix (r, f, b, any case) is the source before the first
	// quote: the string_start node that held it is not kept (dropKinds).
	for _, c := range m.src[m.start(n):m.end(n)] {
		if c == '\'' || c == '"' {
			break
		}
		raw = raw || c == 'r' || c == 'R'
		fstr = fstr || c == 'f' || c == 'F'
	}
	var sb strings.Builder
	capDep, known := false, true
	for k := range m.kids(n) {
		switch m.op(k) {
		// The parts are read without copies (module.ident): the
		// builder copies what it keeps.
		case opStringContent:
			t := m.ident(k)
			if !raw {
				t = unescape(t)
			}
			if fstr {
				t = strings.ReplaceAll(strings.ReplaceAll(t, "{{", "{"), "}}", "}")
			}
			sb.WriteString(t)
		case opEscapeInterpolation:
			sb.WriteString(m.ident(k)[:1])
		case opInterpolation:
			e := m.firstNamed(k)
			if e == noNode {
				known = false
				continue
			}
			v := f.eval(e)
			if v.k == vName {
				// The GPU's name in a file name or a log line is no
				// decision (a tuning table's "device_name=..." key).
				known = false
				continue
			}
			capDep = capDep || v.Cap
			if v.k == vPath && !v.exactPath() && known {
				// f"{unknown_dir}/x.cu": what follows the directory is
				// still a path tail.
				tail = true
				sb.Reset()
				sb.WriteString(v.text())
				continue
			}
			s, ok := v.str()
			if !ok {
				known = false
			}
			sb.WriteString(s)
		}
	}
	if !known {
		return unknownIf(capDep)
	}
	if tail {
		return vpathTail(sb.String()).tainted(capDep)
	}
	return vstr(sb.String()).tainted(capDep)
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return unescaper.Replace(s)
}

// unescaper is built once: a Replacer is safe for concurrent use and never
// changes, and building one per string literal with a backslash was a
// tenth of the time spent on string literals.
var unescaper = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`, `\'`, `'`, `\"`, `"`)

func (f *frame) evalBoolOp(n nodeID) Value {
	m := f.mod
	op := m.view(m.child(n, fOperator))
	a := f.eval(m.child(n, fLeft))
	ta := a.truth()
	shortCircuit := (op == "and" && ta == triFalse) || (op == "or" && ta == triTrue)
	if shortCircuit {
		f.sideEval(m.child(n, fRight))
		return a
	}
	b := f.eval(m.child(n, fRight))
	if a.names() != nil || b.names() != nil {
		// Tests of the GPU's product name combine name by name.
		if v, ok := boolName(op, a, b, m.text(m.child(n, fLeft)), m.text(m.child(n, fRight))); ok {
			via := a.via()
			if via == nil {
				via = b.via()
			}
			return v.withVia(via)
		}
	}
	if ta != triUnknown {
		b = b.tainted(a.Cap)
		if b.via() == nil {
			b = b.withVia(a.via())
		}
		return b
	}
	// The left side is unknown: the result's truth is known only when the
	// right side forces it.
	tb := b.truth()
	out := unknownIf(a.Cap || b.Cap)
	if (op == "and" && tb == triFalse) || (op == "or" && tb == triTrue) {
		out = vbool(tb == triTrue).tainted(a.Cap || b.Cap)
	}
	via := a.via()
	if via == nil {
		via = b.via()
	}
	return out.withVia(via)
}

func (f *frame) evalCompare(n nodeID) Value {
	m := f.mod
	var operandsBuf, opsBuf [4]nodeID
	operands := m.appendNamed(operandsBuf[:0], n)
	ops := m.appendChildrenBy(opsBuf[:0], n, fOperators)
	if len(operands) < 2 || len(ops) != len(operands)-1 {
		return unknown
	}
	left := f.eval(operands[0])
	result := vbool(true)
	capDep := left.Cap
	via := left.via()
	for i, o := range ops {
		right := f.eval(operands[i+1])
		capDep = capDep || right.Cap
		if via == nil {
			via = right.via()
		}
		if len(ops) == 1 && left.names() != nil && left.names().match && right.k == vNone {
			// re.search(pattern, name) is not None: the match's truth.
			// (A test's bool, `"NVIDIA H" in name`, is never None:
			// unsloth-zoo's `True if answer is None else bool(answer)`.)
			switch compareOpName(m.view(o)) {
			case "is not", "!=":
				return left
			case "is", "==":
				return notName(left)
			}
		}
		if len(ops) == 1 && (left.k == vName || right.k == vName) {
			// A test of the GPU's product name (devname.go).
			if v, ok := compareName(compareOpName(m.view(o)), left, right, strings.Clone(m.text(n))); ok {
				return v.withVia(via)
			}
			return unknown
		}
		r := compareOp(compareOpName(m.view(o)), left, right)
		switch r {
		case triFalse:
			return vbool(false).tainted(capDep).withVia(via)
		case triUnknown:
			result = unknown
		}
		left = right
	}
	return result.tainted(capDep).withVia(via)
}

// compareOpName is a comparison operator's text with its words one space
// apart ("not  in" is "not in"); most operators are one word, read as is.
func compareOpName(t string) string {
	switch t {
	case "not in", "is not":
		// The two-word operators as usually written: no copy.
		return t
	}
	if !strings.ContainsAny(t, " \t\r\n\\") {
		return t
	}
	return strings.Join(strings.Fields(t), " ")
}

func compareOp(op string, a, b Value) tri {
	switch op {
	case "==", "!=":
		t := equal(a, b)
		if t == triUnknown {
			t = otherDeviceTest("==", a, b)
		}
		if t == triUnknown {
			t = otherDeviceTest("==", b, a)
		}
		if op == "!=" {
			return not(t)
		}
		return t
	case "<", "<=", ">", ">=":
		c, ok := compare(a, b)
		if !ok {
			return triUnknown
		}
		return orderHolds(op, c)
	case "in", "not in":
		t := contains(b, a)
		if t == triUnknown {
			t = otherDeviceTest("in", a, b)
		}
		if op == "not in" {
			return not(t)
		}
		return t
	case "is":
		if a.k == vNone || b.k == vNone {
			if !a.known() || !b.known() {
				return triUnknown
			}
			return triOf(a.k == b.k)
		}
		return triUnknown
	case "is not":
		if a.k == vNone || b.k == vNone {
			if !a.known() || !b.known() {
				return triUnknown
			}
			return triOf(a.k != b.k)
		}
		return triUnknown
	}
	return triUnknown
}

// orderHolds says whether c, the result of a comparison (-1, 0 or 1),
// satisfies op: <, <=, >, >= or ==.
func orderHolds(op string, c int) tri {
	switch op {
	case "<":
		return triOf(c < 0)
	case "<=":
		return triOf(c <= 0)
	case ">":
		return triOf(c > 0)
	case ">=":
		return triOf(c >= 0)
	case "==":
		return triOf(c == 0)
	}
	return triUnknown
}

func not(t tri) tri {
	switch t {
	case triTrue:
		return triFalse
	case triFalse:
		return triTrue
	}
	return triUnknown
}

// contains is Python's "x in c".
func contains(c, x Value) tri {
	switch c.k {
	case vStr:
		if x.k == vStr {
			return triOf(strings.Contains(c.text(), x.text()))
		}
		return triUnknown
	case vList, vTuple, vSet, vDict:
		res := triFalse
		for _, e := range c.elems() {
			switch equal(e, x) {
			case triTrue:
				return triTrue
			case triUnknown:
				res = triUnknown
			}
		}
		return res
	}
	return triUnknown
}

// binop is a Python binary operator on known numbers, strings and sequences.
func binop(op string, a, b Value) Value {
	capDep := a.Cap || b.Cap
	if a.k == vCap {
		a = vint(a.i).tainted(a.Cap)
	}
	if b.k == vCap {
		b = vint(b.i).tainted(b.Cap)
	}
	if a.k == vBool {
		a.k = vInt
	}
	if b.k == vBool {
		b.k = vInt
	}
	switch {
	case a.k == vInt && b.k == vInt:
		x, y := a.i, b.i
		var r int64
		switch op {
		case "+":
			r = x + y
		case "-":
			r = x - y
		case "*":
			r = x * y
		case "//", "%":
			if y == 0 {
				return unknownIf(capDep)
			}
			q := x / y
			if (x%y != 0) && ((x < 0) != (y < 0)) {
				q--
			}
			if op == "//" {
				r = q
			} else {
				r = x - q*y
			}
		case "/":
			if y == 0 {
				return unknownIf(capDep)
			}
			return vfloat(float64(x) / float64(y)).tainted(capDep)
		case "**":
			if y < 0 || y > 62 {
				return unknownIf(capDep)
			}
			return vfloat(math.Pow(float64(x), float64(y))).tainted(capDep).toIntIfExact()
		default:
			return unknownIf(capDep)
		}
		return vint(r).tainted(capDep)
	case isNum(a) && isNum(b):
		x, y := num(a), num(b)
		switch op {
		case "+":
			return vfloat(x + y).tainted(capDep)
		case "-":
			return vfloat(x - y).tainted(capDep)
		case "*":
			return vfloat(x * y).tainted(capDep)
		case "/":
			if y != 0 {
				return vfloat(x / y).tainted(capDep)
			}
		}
	case a.k == vStr && b.k == vStr && op == "+":
		return vstr(a.text() + b.text()).tainted(capDep)
	case (a.k == vList || a.k == vTuple) && a.k == b.k && op == "+":
		return seqValue(a.k, append(append([]Value(nil), a.elems()...), b.elems()...), capDep)
	case (a.k == vSet && b.k == vSet) && (op == "|" || op == "&" || op == "-"):
		return setOp(op, a, b)
	case a.k == vStr && b.k == vInt && op == "*" && b.i >= 0 && b.i < 64:
		return vstr(strings.Repeat(a.text(), int(b.i))).tainted(capDep)
	case a.k == vStr && op == "%":
		return percentFormat(a, b)
	}
	return unknownIf(capDep)
}

func (v Value) toIntIfExact() Value {
	if f := v.float(); v.k == vFloat && f == math.Trunc(f) && math.Abs(f) < 1<<62 {
		return Value{k: vInt, i: int64(f), Cap: v.Cap}
	}
	return v
}

func setOp(op string, a, b Value) Value {
	capDep := a.Cap || b.Cap
	in := func(c Value, x Value) tri { return contains(c, x) }
	var elems []Value
	switch op {
	case "|":
		elems = append(elems, a.elems()...)
		for _, e := range b.elems() {
			switch in(a, e) {
			case triFalse:
				elems = append(elems, e)
			case triUnknown:
				return unknownIf(capDep)
			}
		}
	case "&", "-":
		for _, e := range a.elems() {
			t := in(b, e)
			if t == triUnknown {
				return unknownIf(capDep)
			}
			if (t == triTrue) == (op == "&") {
				elems = append(elems, e)
			}
		}
	}
	return seqValue(vSet, elems, capDep)
}

// percentFormat handles "%d%d" % (major, minor) and "sm_%s" % x.
func percentFormat(a, b Value) Value {
	args := []Value{b}
	if b.k == vTuple {
		args = b.elems()
	}
	var sb strings.Builder
	s := a.text()
	j := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		i++
		if s[i] == '%' {
			sb.WriteByte('%')
			continue
		}
		if !strings.ContainsRune("dsi", rune(s[i])) || j >= len(args) {
			return unknownIf(a.Cap || b.Cap)
		}
		str, ok := args[j].str()
		if !ok {
			return unknownIf(a.Cap || b.Cap)
		}
		sb.WriteString(str)
		j++
	}
	return vstr(sb.String()).tainted(a.Cap || b.Cap)
}

func (f *frame) evalTernary(n nodeID) Value { return f.evalTernaryAt(n, true) }

// evalTernaryAt evaluates `a if c else b`; record says whether a
// capability-dependent c is a site.
func (f *frame) evalTernaryAt(n nodeID, record bool) Value {
	var buf [3]nodeID
	kids := f.mod.appendNamed(buf[:0], n)
	if len(kids) != 3 {
		return unknown
	}
	c := f.eval(kids[1])
	if f.record && record && c.Cap {
		f.recordTernary(n, kids[1], c)
	}
	switch c.truth() {
	case triTrue:
		v := f.eval(kids[0]).tainted(c.Cap)
		f.sideEval(kids[2])
		return v
	case triFalse:
		f.sideEval(kids[0])
		return f.eval(kids[2]).tainted(c.Cap)
	}
	return join(f.eval(kids[0]), f.eval(kids[2])).tainted(c.Cap)
}

// evalComprehension evaluates [e for x in known_sequence if cond] when the
// sequence is known and short; otherwise the result is unknown.
func (f *frame) evalComprehension(n nodeID) Value {
	m := f.mod
	var buf [4]nodeID
	kids := m.appendNamed(buf[:0], n)
	if len(kids) < 2 || m.kind(n) == "dictionary_comprehension" {
		return unknown
	}
	body := kids[0]
	var fors, ifs []nodeID
	for _, k := range kids[1:] {
		switch m.kind(k) {
		case "for_in_clause":
			fors = append(fors, k)
		case "if_clause":
			ifs = append(ifs, k)
		}
	}
	if len(fors) != 1 {
		return unknown
	}
	it := f.eval(m.child(fors[0], fRight))
	if (it.k != vList && it.k != vTuple && it.k != vSet) || len(it.elems()) > 64 {
		// The body is not run; its calls still count.
		f.sideEval(body)
		return unknownIf(it.Cap)
	}
	if f.ms != nil {
		// At a module's top level the comprehension reads a copy of the
		// globals, and its bindings go to both (assign): after it they
		// are globals, but a nested comprehension's are not seen by the
		// enclosing one. Rare enough to keep as it always was.
		saved := f.env
		f.env = &env{m: maps.Clone(saved.m)}
		defer func() { f.env = saved }()
	} else {
		// The loop variable is the comprehension's own.
		mark := f.env.save()
		defer f.env.restore(mark)
	}
	kind, capDep := vList, it.Cap
	if m.kind(n) == "set_comprehension" {
		kind = vSet
	}
	var elems []Value
	for _, e := range it.elems() {
		f.bindTarget(m.child(fors[0], fLeft), e)
		keep := triTrue
		for _, c := range ifs {
			cv := f.eval(m.firstNamed(c))
			capDep = capDep || cv.Cap
			if t := cv.truth(); t != triTrue {
				keep = t
				break
			}
		}
		switch keep {
		case triUnknown:
			return unknownIf(capDep)
		case triTrue:
			v := f.eval(body)
			capDep = capDep || v.Cap
			elems = append(elems, v)
		}
	}
	return seqValue(kind, elems, capDep)
}

// evalSubscript indexes known sequences and dicts; a dict literal looked
// up by a capability-dependent key is a table gate.
func (f *frame) evalSubscript(n nodeID) Value {
	m := f.mod
	obj := f.eval(m.child(n, fValue))
	var subsBuf [4]nodeID
	subs := m.appendChildrenBy(subsBuf[:0], n, fSubscript)
	var key Value
	switch {
	case len(subs) == 1 && m.kind(subs[0]) == "slice":
		return f.evalSlice(obj, subs[0])
	case len(subs) == 1 && layoutIndex(m, subs[0]):
		key = f.evalTernaryAt(subs[0], false)
	case len(subs) == 1:
		key = f.eval(subs[0])
	default:
		key = f.evalSeq(n, vTuple)
		var elems []Value
		for _, s := range subs {
			v := f.eval(s)
			key.Cap = key.Cap || v.Cap
			elems = append(elems, v)
		}
		key = key.withElems(elems)
	}
	capDep := obj.Cap || key.Cap
	switch obj.k {
	case vDict:
		idx := -1
		res := triFalse
		for i, k := range obj.elems() {
			switch equal(k, key) {
			case triTrue:
				idx, res = i, triTrue
			case triUnknown:
				res = triUnknown
			}
			if res == triTrue {
				break
			}
		}
		if f.record && key.Cap {
			b := idx
			if res == triUnknown {
				b = -2
			}
			f.recordLookup(n, obj, b)
		}
		if res == triTrue {
			return obj.vals()[idx].tainted(capDep)
		}
		return unknownIf(capDep)
	case vTuple, vList, vStr:
		if key.k != vInt && key.k != vBool {
			return unknownIf(capDep)
		}
		i := key.i
		ln := int64(len(obj.elems()))
		if obj.k == vStr {
			ln = int64(len(obj.text()))
		}
		if i < 0 {
			i += ln
		}
		if i < 0 || i >= ln {
			return unknownIf(capDep)
		}
		if obj.k == vStr {
			return vstr(obj.text()[i : i+1]).tainted(capDep)
		}
		return obj.elems()[i].tainted(capDep)
	case vCap:
		if key.k == vInt && (key.i == 0 || key.i == 1) {
			major, minor := capParts(obj)
			if key.i == 0 {
				return major
			}
			return minor
		}
	}
	return unknownIf(capDep)
}

func (f *frame) evalSlice(obj Value, s nodeID) Value {
	m := f.mod
	parts := []Value{}
	for k := range m.named(s) {
		parts = append(parts, f.eval(k))
	}
	if obj.k != vStr && obj.k != vList && obj.k != vTuple {
		return unknownIf(obj.Cap)
	}
	// Only the common a[:n] and a[n:] forms, told apart by the colon.
	t := m.text(s)
	if len(parts) != 1 || parts[0].k != vInt {
		return unknownIf(obj.Cap)
	}
	ln := int64(len(obj.elems()))
	if obj.k == vStr {
		ln = int64(len(obj.text()))
	}
	i := parts[0].i
	if i < 0 {
		i += ln
	}
	i = max(0, min(i, ln))
	lo, hi := int64(0), ln
	if strings.HasPrefix(strings.TrimSpace(t), ":") {
		hi = i
	} else {
		lo = i
	}
	if obj.k == vStr {
		return vstr(obj.text()[lo:hi]).tainted(obj.Cap || parts[0].Cap)
	}
	// The slice shares obj's elements: neither is ever written.
	return obj.withElems(obj.elems()[lo:hi]).tainted(parts[0].Cap)
}

// layoutIndex says whether n, a subscript's index, is a ternary on a flag
// (`shape[0 if v_gmem_transposed else 1]`): the flag names how the data
// is laid out, set where the layout was chosen (`v_gmem_transposed = arch
// != 90`), and the index only follows it, so it picks no path of its own
// (sglang's FA4 paged KV read as sending 12.0 the way of 8.x). A ternary
// that tests the capability itself (`shape[0 if major == 9 else 1]`) is
// still a site: nothing says the layout was chosen alike.
func layoutIndex(m *module, n nodeID) bool {
	if m.kind(n) != "conditional_expression" {
		return false
	}
	var buf [3]nodeID
	kids := m.appendNamed(buf[:0], n)
	if len(kids) != 3 {
		return false
	}
	c := kids[1]
	if m.kind(c) == "not_operator" {
		c = m.child(c, fArgument)
	}
	switch m.kind(c) {
	case "identifier", "attribute":
		return true
	}
	return false
}
