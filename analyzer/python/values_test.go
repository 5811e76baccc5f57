package python

import (
	"math"
	"testing"
	"unsafe"
)

// TestValueFields: a float lives in i's bits and the definition a value
// stands for shares one pointer; each must read back as it was made, and
// compare (sameValue, equal) as when each had a field of its own: a NaN
// is not the same as itself, 0.0 is -0.0, a float is not its bits as an
// int, and a definition is nothing for another kind.
func TestValueFields(t *testing.T) {
	m := &module{name: "m"}
	c := &classDef{mod: m, name: "C"}
	fn := &funcDef{mod: m, name: "f", class: c}
	if v := vfunc(fn); v.fn() != fn || v.cls() != nil || v.mod() != nil {
		t.Errorf("vfunc: fn %p cls %p mod %p", v.fn(), v.cls(), v.mod())
	}
	if v := vclass(c); v.cls() != c || v.fn() != nil || v.mod() != nil {
		t.Errorf("vclass: fn %p cls %p mod %p", v.fn(), v.cls(), v.mod())
	}
	if v := vobj(c, nil); v.cls() != c || v.fn() != nil {
		t.Errorf("vobj: fn %p cls %p", v.fn(), v.cls())
	}
	if v := vmodule(m); v.mod() != m || v.fn() != nil || v.cls() != nil {
		t.Errorf("vmodule: fn %p cls %p mod %p", v.fn(), v.cls(), v.mod())
	}
	for _, x := range []float64{0, 1.5, -2.25, math.Inf(1), 1e300} {
		if got := vfloat(x).float(); got != x {
			t.Errorf("vfloat(%v).float() = %v", x, got)
		}
	}
	if nan := vfloat(math.NaN()); sameValue(nan, nan) {
		t.Error("a NaN is the same as itself")
	}
	if !sameValue(vfloat(0), vfloat(math.Copysign(0, -1))) {
		t.Error("0.0 is not the same as -0.0")
	}
	if sameValue(vfloat(1.5), vfloat(2.5)) || !sameValue(vfloat(1.5), vfloat(1.5)) {
		t.Error("floats compare by value")
	}
	one := vfloat(1)
	if sameValue(one, Value{k: vInt, i: one.i}) || equal(one, vint(1)) != triTrue || equal(vfloat(2), vint(1)) != triFalse {
		t.Error("a float compares as its number, not its bits")
	}
	if sameValue(vfunc(fn), vclass(c)) || !sameValue(vfunc(fn), vfunc(fn)) || sameValue(vfunc(fn), vfunc(&funcDef{mod: m})) {
		t.Error("functions compare by definition")
	}
	d := Value{k: vDict, elems: []Value{vstr("a")}, dict: &[]Value{vint(1)}}
	e := Value{k: vDict, elems: []Value{vstr("a")}, dict: &[]Value{vint(2)}}
	if sameValue(d, e) || !sameValue(d, d) || len(Value{}.vals()) != 0 {
		t.Error("dicts compare by their values")
	}
	if s := unsafe.Sizeof(Value{}); s > 88 {
		t.Errorf("Value is %d bytes, want at most 88", s)
	}
}
