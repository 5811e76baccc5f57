package python

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// vkind is the shape of an abstract value.
type vkind uint8

const (
	vUnknown vkind = iota // the interpreter cannot tell
	vNone
	vBool
	vInt
	vFloat
	vStr
	vTuple
	vList
	vSet
	vDict
	vCap     // a capability whose encoding is not known (sm_version-like sources): compared by the literal's form
	vVersion // packaging.version.Version and friends: numeric components
	vFunc    // a function defined in a scanned module
	vClass   // a class defined in a scanned module
	vModule  // a scanned module
	vExt     // a name outside the scanned files, by dotted path ("torch.cuda.get_device_capability")
	vObj     // an object with known attributes (device properties, self)
	vPath    // a filesystem path (paths.go)
	vName    // the GPU's product name: the capability's names in the table (devname.go)
)

// Value is an abstract Python value. Every run of the interpreter is for one
// capability, so capability reads are concrete numbers there; Cap records
// that the value depends on the capability (by data or by control), which is
// what makes a decision a gate.
//
// Values fill the module globals, class attributes, objects and memos that
// every capability worker holds for every loaded module and are copied on
// every evaluation step, so the struct is kept small (32 bytes; 88 with a
// field for each use, 128 before that): a value is only one kind, so its
// text (vStr, vExt, vPath), its elements (sequences, dicts, versions) or the
// definition it stands for (vFunc, vClass, vObj, vModule) share one pointer
// p with a length n in the header's padding; a float is kept in i's bits;
// the attributes and helper predicate few values have sit behind x.
//
// Values are never changed in place: an operation builds a new one. What p
// and x point to is never written once the value is built (elems() has
// no room past its length, so an append copies), so values share them freely.
type Value struct {
	k   vkind
	Cap bool
	// capObj marks tuples and objects that are capabilities themselves
	// (they answer .major, .minor, .to_int()).
	capObj bool
	// n is the text's length in bytes (vStr, vExt, vPath) or the number of
	// elements (a dict's keys); 0 for the definition kinds.
	n uint32
	// i is an int's, a bool's (0 or 1) or a capability's value, whether a
	// path is exact (1), and a float's bits (float()).
	i int64
	// p is, by kind, the text's first byte (text), the definition
	// (*funcDef, *classDef, *module: fn, cls, mod), or the first element
	// (elems; a dict's n keys are followed by its n values in one array).
	p unsafe.Pointer
	// x holds what few values have (nil for most): an object's attributes
	// or a bound method's self, and the helper predicate whose call produced
	// the value.
	x *valueExt
}

// valueExt is the part of a Value few values have. It is shared by the
// copies of a value and never written after it is built: a value with other
// attributes or another predicate gets a new one (withVia).
type valueExt struct {
	attrs map[string]Value // vObj; a bound method's self (vFunc)
	// via is the helper predicate whose call produced this value, for
	// "helper-predicate" gates.
	via *funcDef
	// bound are the arguments functools.partial gave a function (vFunc):
	// a call passes them ahead of its own (callArgs.after).
	bound *callArgs
	// name is the truth a test of the GPU's product name gave, for each
	// of the capability's names (devname.go).
	name *nameBits
}

// valueSize is a Value's size, for stepping from a dict's keys to its values.
const valueSize = unsafe.Sizeof(Value{})

// hasText reports whether p and n are a kind's text.
func (k vkind) hasText() bool { return k == vStr || k == vExt || k == vPath }

// hasDef reports whether p is a kind's definition.
func (k vkind) hasDef() bool { return k == vFunc || k == vClass || k == vObj || k == vModule }

// textValue is a value of a text kind (vStr, vExt, vPath) with text s.
func textValue(k vkind, s string) Value {
	return Value{k: k, n: length(len(s)), p: unsafe.Pointer(unsafe.StringData(s))}
}

// seqValue is a value of kind k (a sequence or version) with elements e.
// e must not be written afterwards: the value shares it.
func seqValue(k vkind, e []Value, capDep bool) Value {
	return Value{k: k, Cap: capDep, n: length(len(e)), p: unsafe.Pointer(unsafe.SliceData(e))}
}

// withElems is v with elements e instead of its own (v is of a kind that
// has elements, not a dict).
func (v Value) withElems(e []Value) Value {
	v.n, v.p = length(len(e)), unsafe.Pointer(unsafe.SliceData(e))
	return v
}

// dictValue is a dict whose keys are kv's first half and values its second
// half, in the same order; kv must not be written afterwards.
func dictValue(kv []Value, capDep bool) Value {
	return Value{k: vDict, Cap: capDep, n: length(len(kv) / 2), p: unsafe.Pointer(unsafe.SliceData(kv))}
}

// length is a text's or element list's length as n holds it. Sources are
// read whole into memory, so no text or list comes near 4 GiB.
func length(n int) uint32 {
	if n > math.MaxUint32 {
		panic("python: value of 4 GiB or more")
	}
	return uint32(n)
}

// text is a vStr's text, a vExt's dotted path or a vPath's path; "" for
// other kinds.
func (v Value) text() string {
	if !v.k.hasText() {
		return ""
	}
	return unsafe.String((*byte)(v.p), v.n)
}

// elems is a tuple's, list's or set's elements, a dict's keys or a
// version's components; nil for the text and definition kinds. Its capacity
// is its length, so appending to it copies.
func (v Value) elems() []Value {
	if v.n == 0 || v.k.hasText() {
		return nil
	}
	return unsafe.Slice((*Value)(v.p), v.n)
}

// vals is a dict's values, in the order of its keys in elems (nil for
// other kinds).
func (v Value) vals() []Value {
	if v.k != vDict || v.n == 0 {
		return nil
	}
	return unsafe.Slice((*Value)(unsafe.Add(v.p, uintptr(v.n)*valueSize)), v.n)
}

// attrs is a vObj's attributes or a bound method's self (nil if none).
func (v Value) attrs() map[string]Value {
	if v.x == nil {
		return nil
	}
	return v.x.attrs
}

// via is the helper predicate whose call produced v (nil if none).
func (v Value) via() *funcDef {
	if v.x == nil {
		return nil
	}
	return v.x.via
}

// bound are the arguments functools.partial gave function v (nil if none).
func (v Value) bound() *callArgs {
	if v.x == nil {
		return nil
	}
	return v.x.bound
}

// withVia is v produced by a call of the helper predicate fn (nil: none).
// The shared valueExt is not written: v gets a new one.
func (v Value) withVia(fn *funcDef) Value {
	if v.via() == fn {
		return v
	}
	attrs, bound, name := v.attrs(), v.bound(), v.names()
	if attrs == nil && fn == nil && bound == nil && name == nil {
		v.x = nil
		return v
	}
	v.x = &valueExt{attrs: attrs, via: fn, bound: bound, name: name}
	return v
}

// vpartial is functools.partial(fn, a...): fn (a function, or a method
// bound to its self) with a's arguments bound ahead of a call's.
func vpartial(fn Value, a callArgs) Value {
	if b := fn.bound(); b != nil {
		a = a.after(*b)
	}
	// The call's arguments live on the worker's argument stack (evalArgs)
	// and its keyword names in the source: the value keeps copies.
	a.pos, a.posN = slices.Clone(a.pos), nil
	a.kws = slices.Clone(a.kws)
	for i := range a.kws {
		a.kws[i].name, a.kws[i].n = strings.Clone(a.kws[i].name), noNode
	}
	fn.x = &valueExt{attrs: fn.attrs(), via: fn.via(), bound: &a}
	return fn
}

func vfunc(fn *funcDef) Value  { return Value{k: vFunc, p: unsafe.Pointer(fn)} }
func vclass(c *classDef) Value { return Value{k: vClass, p: unsafe.Pointer(c)} }
func vmodule(m *module) Value  { return Value{k: vModule, p: unsafe.Pointer(m)} }
func vfloat(f float64) Value   { return Value{k: vFloat, i: int64(math.Float64bits(f))} }

// withAttrs is an ext holding attrs, nil when attrs is nil (a nil map and
// an empty one differ: calls.go tells a bound method by a non-nil self).
func withAttrs(attrs map[string]Value) *valueExt {
	if attrs == nil {
		return nil
	}
	return &valueExt{attrs: attrs}
}

// vobj is an object of class c (nil: not known) with attributes attrs.
func vobj(c *classDef, attrs map[string]Value) Value {
	return Value{k: vObj, p: unsafe.Pointer(c), x: withAttrs(attrs)}
}

// vmethod is fn bound to an object with attributes self.
func vmethod(fn *funcDef, self map[string]Value) Value {
	return Value{k: vFunc, p: unsafe.Pointer(fn), x: withAttrs(self)}
}

// fn is the function a vFunc value is, nil for other kinds.
func (v Value) fn() *funcDef {
	if v.k != vFunc {
		return nil
	}
	return (*funcDef)(v.p)
}

// cls is the class a vClass value is or a vObj value is an instance of,
// nil for other kinds.
func (v Value) cls() *classDef {
	if v.k != vClass && v.k != vObj {
		return nil
	}
	return (*classDef)(v.p)
}

// mod is the module a vModule value is, nil for other kinds.
func (v Value) mod() *module {
	if v.k != vModule {
		return nil
	}
	return (*module)(v.p)
}

// float is a vFloat value's number.
func (v Value) float() float64 { return math.Float64frombits(uint64(v.i)) }

var unknown = Value{}

func vbool(b bool) Value  { return Value{k: vBool, i: b2i(b)} }
func vint(i int64) Value  { return Value{k: vInt, i: i} }
func vstr(s string) Value { return textValue(vStr, s) }

// vext is the value of a name from outside the scanned files, by its
// dotted path. typing.TYPE_CHECKING is False when the code runs: what a
// file binds under it is for type checkers alone (vllm's
// `current_platform: Platform`, which had bound the name and hidden the
// module's lazy __getattr__ from every `from vllm.platforms import
// current_platform`).
func vext(path string) Value {
	if path == "typing.TYPE_CHECKING" || path == "typing_extensions.TYPE_CHECKING" {
		return vbool(false)
	}
	return textValue(vExt, path)
}
func vtuple(e ...Value) Value { return seqValue(vTuple, e, false) }
func unknownIf(c bool) Value  { return Value{Cap: c} }
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// tainted returns v marked as depending on the capability when c holds.
func (v Value) tainted(c bool) Value {
	if c {
		v.Cap = true
	}
	return v
}

func (v Value) known() bool { return v.k != vUnknown }

// tri is a three-valued truth.
type tri int8

const (
	triUnknown tri = iota
	triFalse
	triTrue
)

func triOf(b bool) tri {
	if b {
		return triTrue
	}
	return triFalse
}

// truth is Python's truthiness.
func (v Value) truth() tri {
	switch v.k {
	case vNone:
		return triFalse
	case vBool, vInt, vCap:
		return triOf(v.i != 0)
	case vFloat:
		return triOf(v.float() != 0)
	case vStr:
		return triOf(v.text() != "")
	case vTuple, vList, vSet, vDict:
		return triOf(len(v.elems()) > 0)
	case vFunc, vClass, vModule, vObj, vVersion, vPath, vName:
		return triTrue
	}
	return triUnknown
}

// capInt is the major*10+minor encoding of a capability value.
func capOf(major, minor int) int64 { return int64(major*10 + minor) }

// bareMajor reports a literal a capability of unknown encoding (vCap) is
// compared with as its major: "sm >= 9" for "sm_major >= 9", "sm == 10"
// for 10.0 and 10.3 alike.
func bareMajor(v Value) bool { return v.k == vInt && v.i >= 0 && v.i < 20 }

// equal is Python ==, three-valued.
func equal(a, b Value) tri {
	if !a.known() || !b.known() {
		return triUnknown
	}
	if a.k == vCap || b.k == vCap {
		if a.k != vCap {
			a, b = b, a
		}
		if bareMajor(b) {
			// "compute_capability == 10": 10.0 and 10.3 both, as
			// compare reads it.
			return triOf(a.i/10 == b.i)
		}
		c, ok := capLiteral(b, true)
		if !ok {
			return triUnknown
		}
		return triOf(c == a.i)
	}
	if isNum(a) && isNum(b) {
		if a.k == vFloat || b.k == vFloat {
			return triOf(num(a) == num(b))
		}
		return triOf(a.i == b.i)
	}
	if a.k != b.k {
		// Lists never equal tuples, and so on; externals and objects
		// may be anything.
		if a.k == vExt || b.k == vExt || a.k == vObj || b.k == vObj || a.k == vPath || b.k == vPath {
			return triUnknown
		}
		if a.k == vName || b.k == vName {
			// The GPU's name as a table key: one of several strings
			// (compareName decides the tests written as such).
			return triUnknown
		}
		return triFalse
	}
	switch a.k {
	case vNone:
		return triTrue
	case vStr:
		return triOf(a.text() == b.text())
	case vTuple, vList, vSet, vVersion:
		if a.k == vVersion {
			c, ok := cmpSeq(a.elems(), b.elems())
			if !ok {
				return triUnknown
			}
			return triOf(c == 0)
		}
		if len(a.elems()) != len(b.elems()) {
			if a.k == vSet {
				return triUnknown
			}
			return triFalse
		}
		res := triTrue
		for i := range a.elems() {
			switch equal(a.elems()[i], b.elems()[i]) {
			case triFalse:
				if a.k != vSet {
					return triFalse
				}
				res = triUnknown
			case triUnknown:
				res = triUnknown
			}
		}
		return res
	case vFunc:
		return triOf(a.fn() == b.fn())
	case vClass:
		return triOf(a.cls() == b.cls())
	case vModule:
		return triOf(a.mod() == b.mod())
	}
	return triUnknown
}

func isNum(v Value) bool { return v.k == vInt || v.k == vBool || v.k == vFloat }

func num(v Value) float64 {
	if v.k == vFloat {
		return v.float()
	}
	return float64(v.i)
}

// compare orders a and b: -1, 0, 1; ok is false when Python would not or
// the values are not known.
func compare(a, b Value) (int, bool) {
	if !a.known() || !b.known() {
		return 0, false
	}
	if a.k == vCap || b.k == vCap {
		sw := false
		if a.k != vCap {
			a, b, sw = b, a, true
		}
		c, ok := capLiteral(b, false)
		if !ok {
			return 0, false
		}
		r := cmpInt(a.i, c)
		if bareMajor(b) {
			r = cmpInt(a.i/10, b.i)
		}
		if sw {
			r = -r
		}
		return r, true
	}
	if isNum(a) && isNum(b) {
		x, y := num(a), num(b)
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	}
	if a.k == vVersion || b.k == vVersion {
		av, aok := asVersion(a)
		bv, bok := asVersion(b)
		if !aok || !bok {
			return 0, false
		}
		return cmpSeq(av, bv)
	}
	if a.k != b.k {
		return 0, false
	}
	switch a.k {
	case vStr:
		return strings.Compare(a.text(), b.text()), true
	case vTuple, vList:
		return cmpSeq(a.elems(), b.elems())
	}
	return 0, false
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpSeq is lexicographic order, as Python compares tuples.
func cmpSeq(a, b []Value) (int, bool) {
	for i := 0; i < len(a) && i < len(b); i++ {
		if e := equal(a[i], b[i]); e == triTrue {
			continue
		} else if e == triUnknown {
			return 0, false
		}
		return compare(a[i], b[i])
	}
	return cmpInt(int64(len(a)), int64(len(b))), true
}

func asVersion(v Value) ([]Value, bool) {
	switch v.k {
	case vVersion:
		return v.elems(), true
	case vStr:
		return parseVersion(v.text())
	case vTuple:
		return v.elems(), true
	}
	return nil, false
}

// parseVersion reads "12.8", "12.8.1", "2.5.0+cu128" into numbers.
func parseVersion(s string) ([]Value, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "+-"); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return nil, false
	}
	var out []Value
	for _, p := range strings.Split(s, ".") {
		j := 0
		for j < len(p) && p[j] >= '0' && p[j] <= '9' {
			j++
		}
		if j == 0 {
			break
		}
		n, err := strconv.ParseInt(p[:j], 10, 64)
		if err != nil {
			return nil, false
		}
		out = append(out, vint(n))
		if j < len(p) {
			break
		}
	}
	return out, len(out) > 0
}

// capLiteral reads a literal compared with a capability of unknown encoding
// into major*10+minor, by its form: "sm_90a", "sm90", "compute_90", "9.0",
// "90" or 90, (9, 0), 9.0; ints by magnitude (12 is a major, 120 is
// major*10+minor, 1200 is the __CUDA_ARCH__ scale).
func capLiteral(v Value, eq bool) (int64, bool) {
	switch v.k {
	case vInt:
		n := v.i
		switch {
		case n < 0:
			return 0, false
		case n < 20:
			return n * 10, true
		case n < 200:
			return n, true
		case n < 2000:
			return n / 10, true
		}
		return 0, false
	case vFloat:
		return int64(v.float()*10 + 0.5), true
	case vStr:
		if c, ok := parseArch(v.text()); ok {
			return capOf(c.cap.Major, c.cap.Minor), true
		}
	case vTuple:
		if len(v.elems()) == 2 && v.elems()[0].k == vInt && v.elems()[1].k == vInt {
			return capOf(int(v.elems()[0].i), int(v.elems()[1].i)), true
		}
	}
	return 0, false
}

// archSpec is one architecture named in an arch string.
type archSpec struct {
	cap    Capability
	suffix string // "a", "f" or ""
	ptx    bool   // "+PTX" or code=compute_XX: runs on newer GPUs through the driver JIT
	// alsoSASS: with ptx, a cubin is built too (CMake's "80", which is
	// "80-real;80-virtual").
	alsoSASS bool
}

// parseArch reads one architecture token: sm_90a, sm90, compute_90,
// 9.0, 9.0a, 9.0+PTX, 90, 100a, 12.0f.
func parseArch(s string) (archSpec, bool) {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), `"'`))
	var a archSpec
	if t, ok := strings.CutSuffix(s, "+PTX"); ok {
		s, a.ptx = t, true
	}
	low := strings.ToLower(s)
	switch {
	case strings.HasPrefix(low, "sm_"), strings.HasPrefix(low, "sm"):
		low = strings.TrimPrefix(strings.TrimPrefix(low, "sm"), "_")
	case strings.HasPrefix(low, "compute_"):
		low = strings.TrimPrefix(low, "compute_")
		a.ptx = true
	}
	if low == "" {
		return a, false
	}
	if c := low[len(low)-1]; c == 'a' || c == 'f' {
		a.suffix = string(c)
		low = low[:len(low)-1]
	}
	if maj, min, ok := strings.Cut(low, "."); ok {
		M, err1 := strconv.Atoi(maj)
		m, err2 := strconv.Atoi(min)
		if err1 != nil || err2 != nil || len(min) != 1 || M < 1 || M > 20 {
			return a, false
		}
		a.cap = Capability{M, m}
		return a, true
	}
	n, err := strconv.Atoi(low)
	if err != nil || n < 10 || n > 199 || len(low) < 2 {
		return a, false
	}
	a.cap = Capability{n / 10, n % 10}
	return a, true
}

// sameValue is structural identity, used when joining environments.
func sameValue(a, b Value) bool {
	if a.k != b.k || a.Cap != b.Cap || a.capObj != b.capObj || a.n != b.n ||
		a.via() != b.via() || len(a.attrs()) != len(b.attrs()) || a.names() != b.names() {
		return false
	}
	// A float compares as a number: a NaN is not the same as itself, and
	// 0.0 is -0.0, as when the float had a field of its own.
	if a.k == vFloat {
		if a.float() != b.float() {
			return false
		}
	} else if a.i != b.i {
		return false
	}
	// p is compared as what it is for the kind: texts by content,
	// definitions by identity, elements one by one.
	switch {
	case a.k.hasText():
		if a.text() != b.text() {
			return false
		}
	case a.k.hasDef() || a.k == vName:
		if a.p != b.p {
			return false
		}
	default:
		ae, be := a.elems(), b.elems()
		for i := range ae {
			if !sameValue(ae[i], be[i]) {
				return false
			}
		}
		av, bv := a.vals(), b.vals()
		for i := range av {
			if !sameValue(av[i], bv[i]) {
				return false
			}
		}
	}
	if !sameBound(a.bound(), b.bound()) {
		return false
	}
	battrs := b.attrs()
	for k, v := range a.attrs() {
		w, ok := battrs[k]
		if !ok || !sameValue(v, w) {
			return false
		}
	}
	return true
}

// sameBound says whether two partials bind the same arguments.
func sameBound(a, b *callArgs) bool {
	if a == nil || b == nil {
		return a == b
	}
	if len(a.pos) != len(b.pos) || len(a.kws) != len(b.kws) {
		return false
	}
	for i := range a.pos {
		if !sameValue(a.pos[i], b.pos[i]) {
			return false
		}
	}
	for i := range a.kws {
		if a.kws[i].name != b.kws[i].name || !sameValue(a.kws[i].v, b.kws[i].v) {
			return false
		}
	}
	return true
}

// join is the value after two paths meet: itself if both agree, else unknown.
func join(a, b Value) Value {
	if sameValue(a, b) {
		return a
	}
	via := a.via()
	if via == nil {
		via = b.via()
	}
	return unknownIf(a.Cap || b.Cap).withVia(via)
}

// appendStr appends str()'s text (nothing where str has none) to buf,
// without making a string for numbers.
func (v Value) appendStr(buf []byte) []byte {
	switch v.k {
	case vInt, vCap:
		return strconv.AppendInt(buf, v.i, 10)
	case vStr:
		return append(buf, v.text()...)
	}
	s, _ := v.str()
	return append(buf, s...)
}

// str is Python's str() for known scalars.
func (v Value) str() (string, bool) {
	switch v.k {
	case vStr:
		return v.text(), true
	case vInt:
		return strconv.FormatInt(v.i, 10), true
	case vCap:
		return strconv.FormatInt(v.i, 10), true
	case vBool:
		if v.i != 0 {
			return "True", true
		}
		return "False", true
	case vNone:
		return "None", true
	case vPath:
		return v.text(), v.exactPath()
	case vFloat:
		s := strconv.FormatFloat(v.float(), 'f', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s, true
	}
	return "", false
}
