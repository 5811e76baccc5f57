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
	d := dictValue([]Value{vstr("a"), vint(1)}, false)
	e := dictValue([]Value{vstr("a"), vint(2)}, false)
	if sameValue(d, e) || !sameValue(d, d) || len(Value{}.vals()) != 0 {
		t.Error("dicts compare by their values")
	}
	if s := unsafe.Sizeof(Value{}); s > 32 {
		t.Errorf("Value is %d bytes, want at most 32", s)
	}
}

// TestValueShared: a value's text, elements and definition share one
// pointer, read by kind; each reads back as it was made and is nothing for
// the other kinds, texts compare by content, and what two values share is
// never written by an operation on one of them.
func TestValueShared(t *testing.T) {
	m := &module{name: "m"}
	fn := &funcDef{mod: m, name: "f"}
	for _, v := range []Value{vstr("abc"), vext("torch.cuda"), vpathExact("a/b.cu"), vfunc(fn), vmodule(m)} {
		if len(v.elems()) != 0 || len(v.vals()) != 0 {
			t.Errorf("kind %d has elements %v", v.k, v.elems())
		}
	}
	if v := vtuple(vint(1), vint(2)); v.text() != "" || v.fn() != nil || v.cls() != nil || len(v.elems()) != 2 {
		t.Errorf("a tuple reads as text %q, fn %p, cls %p, %d elements", v.text(), v.fn(), v.cls(), len(v.elems()))
	}
	if v := vfunc(fn); v.text() != "" || v.fn() != fn {
		t.Errorf("a function reads as text %q, fn %p", v.text(), v.fn())
	}
	if p := vpathExact("a/b.cu"); p.text() != "a/b.cu" || !p.exactPath() || vpathTail("x/y").exactPath() {
		t.Errorf("path %q exact %v", p.text(), p.exactPath())
	}
	// Texts with their own bytes are the same value; another kind with
	// the same text is not.
	ab := string([]byte{'a', 'b'})
	if !sameValue(vstr("ab"), vstr(ab)) || sameValue(vstr("ab"), vstr("ac")) || sameValue(vstr("ab"), vext("ab")) {
		t.Error("texts compare by kind and content")
	}
	if !sameValue(vtuple(vstr("ab")), vtuple(vstr(ab))) || sameValue(vtuple(vint(1)), vtuple(vint(2))) {
		t.Error("tuples compare element by element")
	}
	// A dict's keys and then its values in one array.
	d := dictValue([]Value{vstr("a"), vstr("b"), vint(1), vint(2)}, true)
	if k, v := d.elems(), d.vals(); len(k) != 2 || len(v) != 2 || k[1].text() != "b" || v[0].i != 1 || v[1].i != 2 || !d.Cap {
		t.Errorf("dict keys %v values %v", k, v)
	}
	// Appending to a value's elements copies: a dict's values and a
	// shorter list's neighbours are not overwritten.
	if keys := append(d.elems(), vstr("c")); len(keys) != 3 || d.vals()[0].i != 1 {
		t.Error("appending to a dict's keys wrote its values")
	}
	list := seqValue(vList, []Value{vint(1), vint(2), vint(3)}, false)
	head := list.withElems(list.elems()[:1])
	if grown := append(head.elems(), vint(9)); grown[1].i != 9 || list.elems()[1].i != 2 {
		t.Error("appending to a slice of a list wrote the list")
	}
	// A predicate on one copy is not on another; attributes stay, and a
	// nil self is not an empty one.
	attrs := map[string]Value{"x": vint(1)}
	obj := vobj(nil, attrs)
	g := &funcDef{mod: m, name: "g"}
	marked := obj.withVia(g)
	if obj.via() != nil || marked.via() != g || marked.attrs()["x"].i != 1 || marked.withVia(nil).via() != nil {
		t.Error("withVia wrote the shared part or lost the attributes")
	}
	if vmethod(fn, nil).attrs() != nil || vmethod(fn, map[string]Value{}).attrs() == nil {
		t.Error("a nil self and an empty one differ")
	}
	if u := join(vbool(true).withVia(g), vbool(false)); u.known() || u.via() != g {
		t.Errorf("join keeps the predicate: %v", u.via())
	}
}

// TestCapabilityComparisons reads a capability of unknown encoding (vCap:
// an sm_version or a parameter named compute_capability) against literals
// by their form, alike for == and for ordering: a bare major (< 20) is the
// major, 2-3 digits major*10+minor, 4 digits __CUDA_ARCH__.
func TestCapabilityComparisons(t *testing.T) {
	c103 := Value{k: vCap, i: capOf(10, 3), Cap: true}
	for _, c := range []struct {
		lit      Value
		eq       tri
		cmp      int
		cmpKnown bool
		desc     string
	}{
		{vint(10), triTrue, 0, true, "bare major 10 is 10.x"},
		{vint(9), triFalse, 1, true, "bare major 9"},
		{vint(100), triFalse, 1, true, "100 is 10.0"},
		{vint(103), triTrue, 0, true, "103 is 10.3"},
		{vint(1030), triTrue, 0, true, "__CUDA_ARCH__ form"},
		{vstr("sm_103a"), triTrue, 0, true, "an arch string"},
	} {
		if got := equal(c103, c.lit); got != c.eq {
			t.Errorf("%s: 10.3 == %v gives %v, want %v", c.desc, c.lit, got, c.eq)
		}
		if got, ok := compare(c103, c.lit); ok != c.cmpKnown || got != c.cmp {
			t.Errorf("%s: compare(10.3, %v) = %d, %v; want %d", c.desc, c.lit, got, ok, c.cmp)
		}
	}
}
