package python

import (
	"slices"
	"strings"
	"testing"
)

// TestDecidingCalls: in a test's function, the calls whose values can
// reach a decision are the ones followed into the library. Each call below
// is named for what it should be: d_* deciding, n_* not.
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
    got = d_lookup_table().get(d_lookup_key())
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
	m.markDeciding(fn, d)
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

// TestDriverPaths: which files drive the library.
func TestDriverPaths(t *testing.T) {
	var got []string
	for _, p := range []string{
		"tests/attention/test_x.py", "test/registered/moe.py", "benchmarks/routines/gemm.py",
		"benchmark/kernels/x.py", "python/sglang/bench_serving.py", "scripts/benchmark_moe.py",
		"pkg/conftest.py", "pkg/foo_test.py", "bench/run.py",
		"flashinfer/testing/utils.py", "flashinfer/prefill.py", "python/sglang/srt/layers/attention.py",
		"pkg/contest.py", "benchmarking.py",
	} {
		if isDriverPath(p) {
			got = append(got, p)
		}
	}
	want := []string{"tests/attention/test_x.py", "test/registered/moe.py", "benchmarks/routines/gemm.py",
		"benchmark/kernels/x.py", "python/sglang/bench_serving.py", "scripts/benchmark_moe.py",
		"pkg/conftest.py", "pkg/foo_test.py", "bench/run.py"}
	if !slices.Equal(got, want) {
		t.Errorf("drivers %q, want %q", got, want)
	}
}
