package python

import (
	"os"
	"strings"
	"testing"
)

// TestDecidingCalls: the calls whose values can reach one of a function's
// decisions are the ones followed. Each call below is named for what it
// should be: d_* deciding, n_* not.
func TestDecidingCalls(t *testing.T) {
	src := `
def test_case(q, backend):
    cap = d_capability()
    major = cap[0]
    if major < 9:
        pytest.skip("old")
    assert d_asserted(q)
    ok = d_and_a() and d_and_b()
    while ok:
        break
    n_dropped(q)
    out = n_output(q, n_inner(q))
    torch.testing.assert_close(out, n_reference(q))
    times = {}
    times[backend] = n_timed(q)
    if backend == "fa3":
        pass
    label = "x" if d_ternary() else "y"
    key = d_key()
    entry = TABLE[key]
    n = n_sliced()
    head = q[:n]
    got = d_lookup_table().get(d_lookup_key())
    other = get(n_plain_get())
    # A for loop binds its target unknown (exec.go), whatever the
    # iterable: the iterable's value decides nothing.
    for item in n_loop():
        if item:
            pass
    self_like = Holder()
    self_like.flag = d_attr()
    if self_like.flag:
        pass
    res = [n_comp(x) for x in d_comp_source() if d_comp_filter(x)]
    with d_ctx() as handle:
        if handle:
            pass
    picked = []
    picked.append(d_appended())
    if picked:
        pass
    unused = []
    unused.append(n_appended())
    # torch decides below, but a call on torch.testing rebinds nothing.
    if q.dtype == torch.float16:
        pass
    torch.testing.assert_close(n_checked(q), q)
    gen_jit_spec("m", supported_major_versions=d_majors())
    global SHARED
    SHARED = d_global()
    return d_returned()
`
	m, _ := indexedModuleForTest(t, []byte(src))
	var fn *funcDef
	for _, f := range m.funcs {
		if f.name == "test_case" {
			fn = f
		}
	}
	if fn == nil {
		t.Fatal("test_case not indexed")
	}
	d := &deciding{}
	m.markDeciding(fn.node, "", nil, d, &sliceWork{})
	var wrong []string
	for n := fn.node; n < m.next(fn.node); n++ {
		if m.op(n) != opCall {
			continue
		}
		name := lastName(m.ident(m.child(n, fFunction)))
		var want bool
		switch {
		case strings.HasPrefix(name, "d_"):
			want = true
		case strings.HasPrefix(name, "n_"):
		default:
			continue
		}
		if d.has(n) != want {
			wrong = append(wrong, name)
		}
	}
	if len(wrong) > 0 {
		t.Errorf("calls decided wrongly: %v", wrong)
	}
}

// TestSliceSameResults: leaving a function's statements and calls that
// decide nothing unrun changes no gate, JIT call or call edge, on every
// fixture and on the cases the slice has to get right: a list filled by
// append, an attribute set on an object, a walrus, a name a nested
// function decides on, a global, a comprehension over a helper's list, a
// table a call makes looked up by the capability, a JIT call's sources
// made by a call, a method reached through an object a call returns, a
// loop's target and a walrus in a with item that decide (a loop's
// iterable, a with item and a raise that decide nothing are not evaluated:
// frame.unread).
func TestSliceSameResults(t *testing.T) {
	lib := `import torch

def major():
    return torch.cuda.get_device_capability()[0]

def backends():
    if major() >= 9:
        return ["fa2", "fa3"]
    return ["fa2"]

def run(q, backend):
    return q

def src_dir():
    return "csrc"

def table():
    return {9: "fa3", 8: "fa2"}

class A:
    def go(self):
        return 1

class B:
    def go(self):
        return 2

def make():
    return A()

def ctx(v):
    return v
`
	tests := `import pytest
import torch
from torch.utils.cpp_extension import load
from torch.utils.cpp_extension import load as build_ext
from mylib import major, backends, run, src_dir, table, make, ctx

SEEN = None

class Box:
    pass

def test_append(q):
    flags = []
    flags.append(major() >= 10)
    out = run(q, "fa3")
    if not flags[0]:
        pytest.skip("blackwell")

def test_attr(q):
    box = Box()
    box.ok = major() == 9
    run(q, "fa2")
    if not box.ok:
        pytest.skip("hopper")

def test_walrus(q):
    print(m := major())
    if m < 8:
        pytest.skip("ampere")

def test_nested(q):
    cap = major()
    def check():
        if cap != 12:
            pytest.skip("sm120")
    check()

def test_global(q):
    global SEEN
    SEEN = major()
    torch.testing.assert_close(run(q, "x"), q)

def test_comprehension(q):
    fa3 = [b for b in backends() if b == "fa3"]
    if not fa3:
        pytest.skip("no fa3")

def build():
    # The JIT call's sources need root's value.
    root = src_dir()
    load(name="mymod", sources=[root + "/a.cu"])

def build_alias():
    # The same under another name: a bare name may alias a builder.
    base = src_dir()
    build_ext(name="other", sources=[base + "/b.cu"])

def test_table(q):
    t = table()
    name = t[major()]
    u = table()
    other = u.get(major())

def test_loop(q):
    # The loop's target decides: its iterable's taint reaches the return.
    for m in range(major()):
        run(q, "x")
    if m > 5:
        pytest.skip("many")

def test_loop_free(q):
    # The loop's target decides nothing: its iterable need not run.
    for b in backends():
        run(q, b)
    if major() < 8:
        pytest.skip("old")

def test_with(q):
    with ctx(k := major()):
        run(q, "x")
    with torch.no_grad():
        out = run(q, "y")
    if k < 9:
        pytest.skip("pre-hopper")

def test_raise(q):
    if major() < 7:
        raise ValueError(f"sm{major()}")
    run(q, "z")

def test_edge(q):
    # The edge to A.go needs what make() returns (go is not one method).
    obj = make()
    obj.go()
`
	srcs := []Source{
		{Root: "r", Path: "mylib.py", Src: []byte(lib)},
		{Root: "r", Path: "tests/test_slice.py", Src: []byte(tests)},
	}
	sameOnFixtures(t, map[string][]Source{"slice": srcs, "mains": mainsSources(), "adopt": adoptSources()},
		func(c *Config) { c.allStmts, c.allCalls = true, true }, "statements and calls outside the slice")
}

// BenchmarkMarkDeciding marks the deciding slice of every function in the
// Python fixtures, or in the trees under ARCHLINT_PYPARSE_TREES when set
// (colon-separated roots).
func BenchmarkMarkDeciding(b *testing.B) {
	srcs := pyFixtures(b)
	if roots := os.Getenv("ARCHLINT_PYPARSE_TREES"); roots != "" {
		srcs = pyTreeFiles(b, roots)
	}
	var mods []*module
	funcs := 0
	for _, src := range srcs {
		// A parser per file: a parse's records live in its parser.
		ps := newTestParser(b)
		pr, err := ps.parse(src)
		if err != nil || pr == nil {
			continue
		}
		m := &module{name: "mod", src: src, tab: ps.tab, parsed: pr, lines: newLineIndex(src)}
		m.index()
		mods = append(mods, m)
		funcs += len(m.funcs)
	}
	var sc sliceWork
	b.ResetTimer()
	for range b.N {
		for _, m := range mods {
			for _, fn := range m.funcs {
				m.markDeciding(fn.node, "", nil, &deciding{}, &sc)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*max(funcs, 1)), "ns/func")
}
