package cst

import (
	"bytes"
	"slices"
	"testing"
)

func TestKernelShapes(t *testing.T) {
	src := readFixture(t, "kernels.cu")
	f := mustParse(t, src)
	if f.ErrorNodes != 0 {
		t.Fatalf("clean fixture has %d error nodes at lines %v", f.ErrorNodes, f.ErrorLines)
	}

	wantKernels := []string{"scale_kernel", "bounded_kernel", "late_bounds_kernel",
		"static_kernel", "method_kernel", "c_linkage_kernel"}
	if got := names(f.Kernels); !slices.Equal(got, wantKernels) {
		t.Errorf("Kernels = %v, want %v", got, wantKernels)
	}
	wantFuncs := []string{"square", "clampi", "scale_kernel", "bounded_kernel",
		"late_bounds_kernel", "static_kernel", "add", "method_kernel",
		"c_linkage_kernel", "launch_all"}
	if got := names(f.Functions); !slices.Equal(got, wantFuncs) {
		t.Errorf("Functions = %v, want %v", got, wantFuncs)
	}

	tests := []struct {
		name                       string
		global, device             bool
		start, end                 int
		bodyStartLine, bodyEndLine int
		calls                      []string
	}{
		{"square", false, true, 6, 6, 6, 6, nil},
		{"clampi", false, true, 8, 10, 8, 10, nil},
		// Template kernels start at their template<> header.
		{"scale_kernel", true, false, 12, 18, 13, 18, []string{"square"}},
		{"bounded_kernel", true, false, 20, 22, 20, 22, []string{"clampi"}},
		{"late_bounds_kernel", true, false, 24, 30, 25, 30, []string{"__syncthreads"}},
		{"static_kernel", true, false, 32, 32, 32, 32, nil},
		{"add", false, true, 36, 36, 36, 36, []string{"square"}},
		{"method_kernel", true, false, 39, 42, 39, 42, []string{"add"}},
		{"c_linkage_kernel", true, false, 46, 46, 46, 46, []string{"square"}},
		{"launch_all", false, false, 48, 52, 48, 52,
			[]string{"cudaStreamSynchronize", "scale_kernel", "static_kernel"}},
	}
	for _, tc := range tests {
		fn := findFunction(t, f.Functions, tc.name)
		if fn.Global != tc.global || fn.Device != tc.device {
			t.Errorf("%s: Global=%v Device=%v, want %v %v", tc.name, fn.Global, fn.Device, tc.global, tc.device)
		}
		if fn.StartLine != tc.start || fn.EndLine != tc.end {
			t.Errorf("%s: lines %d-%d, want %d-%d", tc.name, fn.StartLine, fn.EndLine, tc.start, tc.end)
		}
		if fn.BodyStartLine != tc.bodyStartLine || fn.BodyEndLine != tc.bodyEndLine {
			t.Errorf("%s: body lines %d-%d, want %d-%d", tc.name, fn.BodyStartLine, fn.BodyEndLine, tc.bodyStartLine, tc.bodyEndLine)
		}
		if !slices.Equal(fn.Calls, tc.calls) {
			t.Errorf("%s: Calls = %q, want %q", tc.name, fn.Calls, tc.calls)
		}
		checkBodyBytes(t, src, fn)
		if fn.Recovered {
			t.Errorf("%s: Recovered in a clean file", tc.name)
		}
	}
}

// checkBodyBytes asserts the body offsets point at the braces.
func checkBodyBytes(t *testing.T, src []byte, fn Function) {
	t.Helper()
	if fn.BodyStart < 0 || fn.BodyEnd > len(src) || fn.BodyStart >= fn.BodyEnd {
		t.Errorf("%s: body bytes [%d,%d) out of range", fn.Name, fn.BodyStart, fn.BodyEnd)
		return
	}
	if src[fn.BodyStart] != '{' || src[fn.BodyEnd-1] != '}' {
		t.Errorf("%s: body bytes [%d,%d) = %q...%q, want braces", fn.Name, fn.BodyStart, fn.BodyEnd,
			src[fn.BodyStart], src[fn.BodyEnd-1])
	}
	if got := 1 + bytes.Count(src[:fn.BodyStart], []byte("\n")); got != fn.BodyStartLine {
		t.Errorf("%s: BodyStart is on line %d, BodyStartLine = %d", fn.Name, got, fn.BodyStartLine)
	}
	if got := 1 + bytes.Count(src[:fn.BodyEnd-1], []byte("\n")); got != fn.BodyEndLine {
		t.Errorf("%s: BodyEnd-1 is on line %d, BodyEndLine = %d", fn.Name, got, fn.BodyEndLine)
	}
}

func TestKernelsAreIndependentCopies(t *testing.T) {
	f := mustParse(t, []byte("__global__ void k() { a(); }\n"))
	if len(f.Kernels) != 1 || len(f.Functions) != 1 {
		t.Fatalf("got %d kernels, %d functions", len(f.Kernels), len(f.Functions))
	}
	f.Kernels[0].Calls[0] = "changed"
	if f.Functions[0].Calls[0] != "a" {
		t.Error("Kernels and Functions share Calls storage")
	}
}

func TestFunctionNames(t *testing.T) {
	src := []byte(`struct Box {
  Box() = default;
  ~Box() { release(); }
  int& operator[](int i) { return at(i); }
  operator bool() const { return valid(); }
};
namespace outer { namespace inner {
template <typename T> struct Holder { __device__ T get() const; };
} }
template <typename T>
__device__ T outer::inner::Holder<T>::get() const { return load(); }
int (*pick(int which))(int) { return choose(which); }
void guarded() try { risky(); } catch (...) { recover(); }
`)
	f := mustParse(t, src)
	want := []struct{ name, qualified string }{
		{"~Box", "~Box"},
		{"operator[]", "operator[]"},
		{"operator bool", "operator bool"},
		{"get", "outer::inner::Holder<T>::get"},
		{"pick", "pick"},
		{"guarded", "guarded"},
	}
	if len(f.Functions) != len(want) {
		t.Fatalf("got functions %q, want %d", names(f.Functions), len(want))
	}
	for i, w := range want {
		fn := f.Functions[i]
		if fn.Name != w.name || fn.QualifiedName != w.qualified {
			t.Errorf("function %d: %q / %q, want %q / %q", i, fn.Name, fn.QualifiedName, w.name, w.qualified)
		}
	}
	get := findFunction(t, f.Functions, "get")
	if !get.Device || get.StartLine != 10 {
		t.Errorf("out-of-line template member: Device=%v StartLine=%d, want true, 10", get.Device, get.StartLine)
	}
	// A function-try-block's body runs from the try block's '{' to the
	// last handler's '}'.
	g := findFunction(t, f.Functions, "guarded")
	if got := string(src[g.BodyStart:g.BodyEnd]); got != "{ risky(); } catch (...) { recover(); }" {
		t.Errorf("try body = %q", got)
	}
	if !slices.Equal(g.Calls, []string{"recover", "risky"}) {
		t.Errorf("try calls = %q", g.Calls)
	}
}

func TestCalls(t *testing.T) {
	src := []byte(`__global__ void child(int*);
__device__ void callee_kernel_side(int* p) {
  plain(p);
  ns::deep::qualified(p);
  templated<int, 4>(p);
  obj.member(p);
  ptr->arrow(p);
  holder.template tmember<float>(p);
  ns::Tpl<int>::static_fn(p);
  plain(p);
  (*fp)(p);
  table[0](p);
  auto lam = [&](int v) { return in_lambda(v); };
  int x = static_cast<int>(reinterpret_cast<long>(p));
  child<<<1, 32>>>(p);
}
`)
	f := mustParse(t, src)
	fn := findFunction(t, f.Functions, "callee_kernel_side")
	want := []string{"arrow", "child", "in_lambda", "member", "plain", "qualified",
		"static_fn", "templated", "tmember"}
	if !slices.Equal(fn.Calls, want) {
		t.Errorf("Calls = %q, want %q", fn.Calls, want)
	}
	if len(f.Kernels) != 0 {
		t.Errorf("a __global__ declaration without body is not a kernel: %+v", f.Kernels)
	}
}

func TestSplitDeclarationRecovery(t *testing.T) {
	// __cluster_dims__ is not in the grammar: tree-sitter parses
	// "__global__ void __cluster_dims__(2, 1, 1)" as a declaration missing
	// its ';' and "clustered(...) {...}" as a type-less definition.
	src := []byte(`template <int N>
__global__ void __cluster_dims__(2, 1, 1) clustered(float* p) {
  work(p);
}

__global__ void __cluster_dims__(4, 1, 1)
plain_clustered() { work(nullptr); }

struct Widget {
  __device__ Widget() { init(); }
};

template <int THREADS>
__global__ MY_LAUNCH_BOUNDS(THREADS) void macro_bounded(int* p) {
  work(p);
}

__global__ __maxnreg__(pick_regs(4)) void register_capped() { work(nullptr); }
`)
	f := mustParse(t, src)
	if got := names(f.Kernels); !slices.Equal(got, []string{"clustered", "plain_clustered", "macro_bounded", "register_capped"}) {
		t.Fatalf("Kernels = %v", got)
	}
	c := f.Kernels[0]
	if c.StartLine != 1 || c.BodyStartLine != 2 || c.BodyEndLine != 4 || !c.Recovered {
		t.Errorf("clustered = %+v", c)
	}
	if p := f.Kernels[1]; p.StartLine != 6 || p.BodyStartLine != 7 {
		t.Errorf("plain_clustered = %+v", p)
	}
	if m := f.Kernels[2]; m.StartLine != 13 || m.BodyStartLine != 14 || m.BodyEndLine != 16 || !m.Recovered {
		t.Errorf("macro_bounded = %+v", m)
	}
	if r := f.Kernels[3]; r.StartLine != 18 || !slices.Equal(r.Calls, []string{"work"}) {
		t.Errorf("register_capped = %+v", r)
	}
	// A constructor has no type either; it must not be merged with
	// what precedes it.
	w := findFunction(t, f.Functions, "Widget")
	if w.Global || !w.Device || w.StartLine != 10 || w.Recovered {
		t.Errorf("Widget = %+v", w)
	}
}

// TestOpensOnConditional: the lines after a '{' reach a conditional
// directive before code, or the line scanner may read them otherwise.
func TestOpensOnConditional(t *testing.T) {
	tests := []struct {
		name, src string
		want      bool
	}{
		{"code first", "k() {\n  int x = 0;\n#if A\n  f();\n#endif\n}\n", false},
		{"directive first", "k() {\n#if A\n  f();\n#endif\n}\n", true},
		{"blank and comments first", "k() {\n\n  // why\n\t\n#ifdef A\n  f();\n#endif\n}\n", true},
		{"pragma first", "k() {\n#pragma unroll\n  for (;;) {}\n#if A\n#endif\n}\n", false},
		{"pragma then if", "k() {\n  #  pragma once\n  #  if A\n  #endif\n}\n", true},
		{"else first", "k() {\n#else\n}\n#endif\n", true},
		{"include counts", "k() {\n#include \"body.inc\"\n}\n", true},
		{"block comment", "k() {\n/* a\n   b */ x();\n}\n", true},
		{"block comment on the brace line", "k() { /* a\n  b\n*/\n}\n", true},
		{"raw string", "k() { asm(R\"(\nmov\n)\"); }\n", true},
		{"splice", "k() {\n  // a \\\n#if A\n}\n", true},
		{"lone carriage return", "k() {\r  x();\n}\n", true},
		{"crlf code", "k() {\r\n  x();\r\n#if A\r\n#endif\r\n}\r\n", false},
		{"crlf directive", "k() {\r\n#if A\r\n#endif\r\n}\r\n", true},
		{"digraph", "k() {\n%:if A\n%:endif\n}\n", true},
		{"closing line first", "k() {\n}\n#if A\n#endif\n", false},
		{"last line", "k() {", false},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		at := bytes.IndexByte(src, '{')
		if got := OpensOnConditional(src, at); got != tt.want {
			t.Errorf("%s: OpensOnConditional = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestKernelItemsOpenOnConditional: an item whose kernel body starts with
// code before its #if is not parsed for the empty-kernel check (c: the
// inner brace that opens on the #if is not the body's); one whose body
// opens on an #if is, and so is one where the body is not sure
// (alternative headers leave a parenthesis open).
func TestKernelItemsOpenOnConditional(t *testing.T) {
	src := []byte("__global__ void a() {\n  int x = 0;\n#if A\n  x++;\n#endif\n}\n" +
		"__global__ void b(S s = S{}) {\n#if A\n  f();\n#endif\n}\n" +
		"__global__ void c() {\n  if (x) {\n#if A\n    f();\n#endif\n  }\n}\n" +
		"__global__ void\n#if A\n__launch_bounds__(256) d(\n#else\nd(\n#endif\n  int n) {\n  f(n);\n}\n")
	pieces, ok := Split(src)
	if !ok {
		t.Fatal("Split gave up")
	}
	var kept []string
	for i, k := range KernelItems(src, pieces) {
		if k {
			text := src[pieces[i].Start:pieces[i].End]
			at := bytes.Index(text, []byte("void")) + len("void ")
			if text[at] == '#' {
				kept = append(kept, "d")
			} else {
				kept = append(kept, string(text[at:at+1]))
			}
		}
	}
	if want := []string{"b", "d"}; !slices.Equal(kept, want) {
		t.Errorf("kept items %v, want %v", kept, want)
	}
	p := NewParser()
	defer p.Close()
	ab := src[:bytes.Index(src, []byte("__global__ void c"))]
	kernels, whole, err := p.ParseKernels(t.Context(), ab)
	if err != nil || whole != nil {
		t.Fatalf("ParseKernels: whole %v, err %v", whole != nil, err)
	}
	// a stays out: items at file level are not glued (Piece.Glued).
	if got := names(kernels); !slices.Equal(got, []string{"b"}) {
		t.Errorf("ParseKernels gives %v, want [b]", got)
	}
	f := mustParse(t, ab)
	for _, k := range f.Kernels {
		if got, want := MayEmpty(ab, k.BodyStart, k.BodyEnd), k.Name == "b"; got != want {
			t.Errorf("MayEmpty(%s) = %v, want %v", k.Name, got, want)
		}
	}
	if kernels, whole, err := p.ParseKernels(t.Context(), src[:bytes.Index(src, []byte("__global__ void b"))]); err != nil || whole != nil || kernels != nil {
		t.Errorf("ParseKernels of a file with no kernel to report: %v, %v, %v; want nothing parsed", kernels, whole != nil, err)
	}
}

// TestCleanItemsFirstItem: a parse whose first range is an item with
// blank space before its declaration is clean (the root starts inside
// that item and spans the others: no crossing).
func TestCleanItemsFirstItem(t *testing.T) {
	src := []byte("int a() { return 1; }\nint b[4];\n\nint c() { return 2; }\nint d[4];\n\nint e() { return 3; }\n")
	pieces, ok := Split(src)
	if !ok {
		t.Fatal("Split gave up")
	}
	keep := make([]bool, len(pieces))
	for i, pc := range pieces {
		text := src[pc.Start:pc.End]
		keep[i] = pc.Item && (bytes.Contains(text, []byte("c()")) || bytes.Contains(text, []byte("e()")))
	}
	p := NewParser()
	defer p.Close()
	tr, err := p.ParseItems(t.Context(), src, pieces, keep)
	if err != nil || tr == nil {
		t.Fatalf("ParseItems: %v, %v; want a clean parse", tr, err)
	}
	if got := names(tr.Facts().Functions); !slices.Equal(got, []string{"c", "e"}) {
		t.Errorf("functions %v, want [c e]", got)
	}
}

// TestKernelItemsComments: a ';' or a '{' in a comment between a kernel's
// header and its body is no code, and the body that opens on an #if is
// kept; a literal there leaves KernelItems unsure, and it keeps the item.
func TestKernelItemsComments(t *testing.T) {
	for _, s := range []string{
		"__global__ void k(int n) // n > 0; see below\n{\n#if A\n  f();\n#endif\n}\n",
		"__global__ void k(int n) // {\n{\n#if A\n  f();\n#endif\n}\n",
		"__global__ void k(int n) /* ; */ {\n#if A\n  f();\n#endif\n}\n",
		"__global__ void k(int n /* ) */) {\n#if A\n  f();\n#endif\n}\n",
		"__global__ void k(int n) // a splice \\\n ; {\n#if A\n  f();\n#endif\n}\n",
		"__global__ void k(int n) QUOTED(\";\") ASM \";\" {\n#if A\n  f();\n#endif\n}\n",
	} {
		if !bodiesOpenOnConditional([]byte(s), 0, len(s)) {
			t.Errorf("%q: the kernel's item is not kept", s)
		}
	}
	// Code before the #if: left out, with a comment on the way.
	s := "__global__ void k(int n) // n > 0; see {below}\n{\n  int x = n;\n#if A\n  f();\n#endif\n}\n"
	if bodiesOpenOnConditional([]byte(s), 0, len(s)) {
		t.Error("a body opening on code is kept")
	}
}

// TestKernelItemsAt: ParseKernelsAt parses the kernel items KernelItems
// marks that hold one of the lines asked for, from their first line (the
// comment before a kernel is its item's) to their last, and nothing when
// none does: not even a file Split gives up on.
func TestKernelItemsAt(t *testing.T) {
	src := []byte("// a\n" + // 1
		"__global__ void a() {\n" + // 2
		"#if A\n" + // 3
		"  f();\n" + // 4
		"#endif\n" + // 5
		"}\n" + // 6
		"int x;\n" + // 7
		"int y;\n" + // 8
		"__global__ void b() {\n" + // 9
		"#if A\n" + // 10
		"  f();\n" + // 11
		"#endif\n" + // 12
		"}\n") // 13
	p := NewParser()
	defer p.Close()
	for _, c := range []struct {
		lines []int
		want  []string
	}{
		{nil, nil},
		{[]int{7}, nil},
		{[]int{1}, []string{"a"}},
		{[]int{6}, []string{"a"}},
		{[]int{10}, []string{"b"}},
		{[]int{3, 12}, []string{"a", "b"}},
		{[]int{14}, nil},
	} {
		kernels, whole, err := p.ParseKernelsAt(t.Context(), src, c.lines)
		if err != nil || whole != nil {
			t.Fatalf("lines %v: whole %v, err %v", c.lines, whole != nil, err)
		}
		if got := names(kernels); !slices.Equal(got, c.want) {
			t.Errorf("lines %v: kernels %v, want %v", c.lines, got, c.want)
		}
	}
	unsplit := append(slices.Clone(src), "/* unterminated"...)
	if _, ok := Split(unsplit); ok {
		t.Fatal("the fixture splits")
	}
	if kernels, whole, err := p.ParseKernelsAt(t.Context(), unsplit, nil); kernels != nil || whole != nil || err != nil {
		t.Errorf("no lines: %v, %v, %v; want nothing parsed", kernels, whole != nil, err)
	}
	if _, whole, _ := p.ParseKernelsAt(t.Context(), unsplit, []int{10}); whole == nil {
		t.Errorf("a file Split gives up on parses whole")
	}
}
