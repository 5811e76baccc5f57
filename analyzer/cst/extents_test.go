package cst

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// extentsOf renders FunctionExtents's answer as "name{first line of the
// body}" entries, for table tests.
func extentsOf(t *testing.T, src string) ([]string, bool) {
	t.Helper()
	fns, ok := FunctionExtents([]byte(src))
	var out []string
	for _, f := range fns {
		body := src[f.BodyStart:f.BodyEnd]
		if !strings.HasPrefix(body, "{") || !strings.HasSuffix(body, "}") {
			t.Fatalf("%q: body %q is not a braced block", f.Name, body)
		}
		first, _, _ := strings.Cut(strings.TrimSpace(body[1:]), "\n")
		out = append(out, f.Name+"{"+strings.TrimSpace(first))
	}
	return out, ok
}

func TestFunctionExtents(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"free and template", "int f(int x) { return x; }\ntemplate <typename T, int N = (3 > 2)> __device__ T g(T a) { return a; }\n",
			[]string{"f{return x; }", "g{return a; }"}},
		{"specialization", "template <> __device__ bool is_zero<float>(float x) {\n  return x == 0;\n}\n", []string{"is_zero{return x == 0;"}},
		{"out of line member", "template <class T> void Foo<T>::bar(int) const {\n  go();\n}\nFoo::~Foo() {\n  stop();\n}\n",
			[]string{"bar{go();", "~Foo{stop();"}},
		{"class methods", "struct S : Base<decltype(x)> {\n  S() : a_(1), b_{2} {\n    init();\n  }\n  int get() const noexcept(true) { return a_; }\n  void skip() = delete;\n  S& operator=(const S&) = default;\n  bool operator==(int i) const { return true; }\n  void operator()(int p) {\n    call(p);\n  }\n  int a_, b_;\n};\n",
			[]string{"S{init();", "get{return a_; }", "operator=={return true; }", "operator(){call(p);"}},
		{"template class and namespaces", "namespace a::b {\ninline namespace v1 {\ntemplate <typename T>\nclass K {\n public:\n  __device__ void run() {\n    work();\n  }\n};\n}  // namespace v1\n}  // namespace a::b\nextern \"C\" {\nvoid c_api() { x(); }\n}\n",
			[]string{"run{work();", "c_api{x(); }"}},
		{"specifiers with parentheses", "__global__ void __launch_bounds__(256, 1) k1(float* p) {\n  p[0] = 1;\n}\n[[nodiscard]] __device__ __forceinline__ int k2() { return 2; }\n",
			[]string{"k1{p[0] = 1;", "k2{return 2; }"}},
		{"unknown macros", "DIAG_SUPPRESS(20094)\nstruct W {\n  int v;\n  HOST_DEVICE W(int x) : v(x) {}\n};\nLAUNCH_MACRO(128) __global__ void k(int n) {\n  go(n);\n}\n",
			[]string{"W{}", "k{go(n);"}},
		{"no functions", "struct __align__(16) RankData { void* p[8]; };\ntypedef struct ALIGN(8) { int x; } T;\nenum class E : int { A, B };\nauto f = [](int x) { return x; };\nint a[] = {1, 2};\nusing F = void (*)(int);\nvoid proto(int);\n",
			nil},
		{"elaborated return type", "inline class cb* get_cb() {\n  return cur;\n}\n", []string{"get_cb{return cur;"}},
		{"trailing return and try", "auto add(int a, int b) -> decltype(a + b) {\n  return a + b;\n}\nint main() try {\n  run();\n} catch (const std::exception& e) {\n  log(e);\n} catch (...) {\n}\n",
			[]string{"add{return a + b;", "main{run();"}},
		{"branches of a group", "#if A\n__device__ void f() { a(); }\n#else\n__device__ void f() { b(); }\n#endif\n", []string{"f{a(); }", "f{b(); }"}},
		{"comments and literals", "// void no() {\n/* int nor() { */\nconst char* s = \"{\";\nvoid yes() { char c = '}'; auto r = R\"x(})x\"; }\n",
			[]string{"yes{char c = '}'; auto r = R\"x(})x\"; }"}},
		{"local classes are not listed", "void outer() {\n  struct L { void in() {} };\n}\n", []string{"outer{struct L { void in() {} };"}},
		{"groups opening and closing a brace in a body", prefillLike, []string{"k{int a = 0;", "after{done(); }"}},
	}
	for _, c := range cases {
		got, ok := extentsOf(t, c.src)
		if !ok || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %q (ok %v), want %q", c.name, got, ok, c.want)
		}
	}
	// The kernel's body holds both groups: it ends at the kernel's own
	// closing brace.
	fns, _ := FunctionExtents([]byte(prefillLike))
	if len(fns) != 2 || !strings.HasSuffix(prefillLike[:fns[0].BodyEnd], "#endif\n}") || fns[0].BodyEndLine != 12 {
		t.Errorf("kernel with groups: %+v", brief(fns))
	}
	// The function-try-block's body runs on to its last handler, as a
	// whole parse's does.
	src := "int main() try {\n  run();\n} catch (...) {\n  fail();\n}\n"
	fns, _ = FunctionExtents([]byte(src))
	if len(fns) != 1 || !strings.HasSuffix(src[fns[0].BodyStart:fns[0].BodyEnd], "fail();\n}") {
		t.Errorf("function-try-block: %+v", fns)
	}
}

// prefillLike is flashinfer's prefill kernel's shape: two #if groups whose
// first branches open and close a brace, inside one kernel body.
const prefillLike = `__global__ void k(int n) {
  int a = 0;
#if (__CUDA_ARCH__ < 800)
  if (n) {
    fail();
  } else {
#endif
    go(n);
#if (__CUDA_ARCH__ < 800)
  }
#endif
}
__device__ void after() { done(); }
`

// FunctionExtents gives up where it cannot read the tokens with certainty,
// and the caller parses instead.
func TestFunctionExtentsGivesUp(t *testing.T) {
	for name, src := range map[string]string{
		"group opening a body twice":         "#if A\nvoid f(int a) {\n#else\nvoid f(int a, int b) {\n#endif\n  go();\n}\n",
		"groups that make two functions one": "void f() {\n#if A\n  if (x) {\n#endif\n  a();\n}\nvoid g() {\n  b();\n#if A\n  }\n#endif\n}\n",
		"unbalanced":                         "void f() {\n  if (x) {\n}\n",
		"stray closer":                       "void f() {}\n}\n",
		"unterminated comment":               "void f() {}\n/* open\n",
		"unterminated group":                 "#if A\nvoid f() {}\n",
		"hash inside a line":                 "void f() { a # b; }\n",
	} {
		if fns, ok := FunctionExtents([]byte(src)); ok {
			t.Errorf("%s: read %+v, want a give-up", name, fns)
		}
	}
}

// On well-formed code FunctionExtents lists what a whole parse lists:
// every function of the fixtures above that a clean parse also reads.
func TestFunctionExtentsLikeParse(t *testing.T) {
	p := NewParser()
	defer p.Close()
	for _, src := range []string{
		"int f(int x) { return x; }\ntemplate <typename T> __device__ T g(T a) { return a; }\n",
		"template <class T> void Foo<T>::bar(int) const {\n  go();\n}\nFoo::~Foo() {\n  stop();\n}\n",
		"struct S {\n  S() : a_(1), b_{2} {\n    init();\n  }\n  int get() const noexcept(true) { return a_; }\n  bool operator==(int i) const { return true; }\n  void operator()(int p) {\n    call(p);\n  }\n  int a_, b_;\n};\n",
		"namespace a::b {\ntemplate <typename T>\nclass K {\n public:\n  __device__ void run() {\n    work();\n  }\n};\n}\nextern \"C\" {\nvoid c_api() { x(); }\n}\n",
		"#if A\n__device__ void f() { a(); }\n#else\n__device__ void f() { b(); }\n#endif\n",
		string(generatedCUDA(30)),
	} {
		facts, err := p.Parse([]byte(src))
		if err != nil || facts.ErrorNodes > 0 {
			t.Fatalf("fixture does not parse cleanly (%v): %s", err, src)
		}
		got, ok := FunctionExtents([]byte(src))
		if !ok || !sameExtents(got, facts.Functions) {
			t.Errorf("extents %+v (ok %v)\nparse %+v\nof %s", brief(got), ok, brief(facts.Functions), src)
		}
	}
}

// TestFunctionExtentsCorpus compares FunctionExtents with a whole parse on
// every file of ARCHLINT_CST_CORPUS that defines a kernel (the files whose
// functions verdicts read) and parses without an error: the lists agree
// but for functions inside other functions' bodies (local classes), which
// FunctionExtents does not list, and two shapes a clean parse misreads
// (seven real trees): a struct after an unknown macro read as a function
// (struct ALIGN_256 Info {...}), and a kernel whose parameter list is a
// macro not read as one (__global__ void k(KERNEL_PARAMS) {}).
func TestFunctionExtentsCorpus(t *testing.T) {
	p := NewParser()
	defer p.Close()
	var files, read, clean int
	macroParams := regexp.MustCompile(`^\(\s*[A-Z_][A-Z0-9_]*\s*\)\s*$`)
	eachKernelCorpusFile(t, func(path string, src []byte) {
		files++
		got, ok := FunctionExtents(src)
		if !ok {
			return
		}
		read++
		facts, err := p.Parse(src)
		if err != nil || facts.ErrorNodes > 0 {
			return
		}
		clean++
		parsed := map[[2]int]Function{}
		for _, f := range facts.Functions {
			if !nested(f, facts.Functions) {
				parsed[[2]int{f.BodyStart, f.BodyEnd}] = f
			}
		}
		for _, f := range got {
			k := [2]int{f.BodyStart, f.BodyEnd}
			if g, ok := parsed[k]; ok && g.Name == f.Name {
				delete(parsed, k)
				if g.Global != f.Global || g.Device != f.Device || g.StartLine != f.StartLine ||
					g.BodyStartLine != f.BodyStartLine || g.BodyEndLine != f.BodyEndLine || g.EndLine != f.EndLine {
					t.Errorf("%s: %q read as %+v, parsed as %+v", path, f.Name, brief([]Function{f}), brief([]Function{g}))
				}
				continue
			}
			head := src[max(0, bytes.LastIndexByte(src[:f.BodyStart], '\n')):f.BodyStart]
			if i := bytes.Index(head, []byte(f.Name)); i >= 0 && macroParams.Match(head[i+len(f.Name):]) {
				continue
			}
			t.Errorf("%s: %q at byte %d is not a function of the parse", path, f.Name, f.BodyStart)
		}
		for _, f := range parsed {
			start := lineText(src, f.StartLine)
			if k := strings.Fields(start); len(k) > 0 && (k[0] == "struct" || k[0] == "class" || k[0] == "union") {
				continue
			}
			t.Errorf("%s: the parse's %q at line %d is missing", path, f.Name, f.BodyStartLine)
		}
	})
	if files > 0 {
		t.Logf("%d kernel files, %d read by tokens, %d of them parse cleanly", files, read, clean)
	}
}

// nested reports whether f lies inside another function's body.
func nested(f Function, all []Function) bool {
	for _, g := range all {
		if g.BodyStart < f.BodyStart && f.BodyEnd <= g.BodyEnd {
			return true
		}
	}
	return false
}

// lineText is the 1-based line n of src.
func lineText(src []byte, n int) string {
	lines := bytes.SplitN(src, []byte("\n"), n+1)
	if n < 1 || n > len(lines) {
		return ""
	}
	return string(lines[n-1])
}

func sameExtents(a, b []Function) bool {
	return fmt.Sprint(brief(a)) == fmt.Sprint(brief(b))
}

func brief(fns []Function) []string {
	var out []string
	for _, f := range fns {
		out = append(out, fmt.Sprintf("%s@%d-%d global %v device %v lines %d,%d-%d,%d", f.Name, f.BodyStart, f.BodyEnd,
			f.Global, f.Device, f.StartLine, f.BodyStartLine, f.BodyEndLine, f.EndLine))
	}
	return out
}

// FuzzFunctionExtents: whatever the input, a reading it accepts lists
// braced bodies inside it, in order and apart.
func FuzzFunctionExtents(f *testing.F) {
	f.Add([]byte("struct S { S() : a{1} {} int f() const { return 1; } };\nint main() try {} catch (...) {}\n"))
	f.Add(generatedCUDA(20))
	f.Add([]byte("template <typename T> auto g(T t) -> decltype(t) { return t; }\n#if A\nvoid h() {}\n#endif\n"))
	f.Add([]byte(prefillLike)) // read by extentsMerging
	f.Fuzz(func(t *testing.T, src []byte) {
		fns, ok := FunctionExtents(src)
		if !ok {
			return
		}
		end := 0
		for _, fn := range fns {
			if fn.BodyStart < end || fn.BodyEnd <= fn.BodyStart || fn.BodyEnd > len(src) ||
				src[fn.BodyStart] != '{' || src[fn.BodyEnd-1] != '}' {
				t.Fatalf("body %d-%d of %q out of order or not braced in %q", fn.BodyStart, fn.BodyEnd, fn.Name, src)
			}
			end = fn.BodyEnd
		}
	})
}

// TestFunctionExtentsNesting: namespaces read inside one another up to
// maxDeclNesting; deeper, the reading gives up (the file is parsed) instead
// of recursing without bound.
func TestFunctionExtentsNesting(t *testing.T) {
	nested := func(n int) []byte {
		return []byte(strings.Repeat("namespace a {\n", n) + "__global__ void k(float* x) { x[0] = 1; }\n" + strings.Repeat("}\n", n))
	}
	fns, ok := FunctionExtents(nested(maxDeclNesting))
	if !ok || len(fns) != 1 || fns[0].Name != "k" || !fns[0].Global {
		t.Errorf("%d deep: %+v, %v; want kernel k", maxDeclNesting, fns, ok)
	}
	if fns, ok := FunctionExtents(nested(maxDeclNesting + 1)); ok {
		t.Errorf("%d deep: read %+v; want to give up", maxDeclNesting+1, fns)
	}
	if _, ok := FunctionExtents(nested(100_000)); ok {
		t.Error("100000 deep: read; want to give up")
	}
}

// TestFunctionExtentsMergingCorpus measures extentsMerging on the files of
// ARCHLINT_CST_CORPUS that define a kernel and that the plain reading
// gives up on: how many it reads, and how many of the functions a whole
// parse lists (outside other functions' bodies) it lists alike, where
// the parse has errors too (tree-sitter reads such groups by error
// recovery, so that is a measurement, not a failure).
func TestFunctionExtentsMergingCorpus(t *testing.T) {
	p := NewParser()
	defer p.Close()
	var files, read, same, parsed int
	eachKernelCorpusFile(t, func(path string, src []byte) {
		if _, ok := readExtents(src, nil); ok {
			return
		}
		files++
		got, ok := FunctionExtents(src)
		if !ok {
			return
		}
		read++
		facts, err := p.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		byBody := map[[2]int]Function{}
		for _, f := range got {
			byBody[[2]int{f.BodyStart, f.BodyEnd}] = f
		}
		for _, f := range facts.Functions {
			if nested(f, facts.Functions) {
				continue
			}
			parsed++
			if g, ok := byBody[[2]int{f.BodyStart, f.BodyEnd}]; ok && g.Name == f.Name {
				same++
			} else {
				t.Logf("%s: the parse's %q at line %d (%d errors in the file) is not read alike", path, f.Name, f.BodyStartLine, facts.ErrorNodes)
			}
		}
	})
	if files > 0 {
		t.Logf("%d kernel files the plain reading gives up on, %d read merging; %d of the parse's %d functions read alike", files, read, same, parsed)
	}
}
