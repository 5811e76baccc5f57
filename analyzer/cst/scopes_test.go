package cst

import (
	"reflect"
	"testing"
)

func TestNamedScopes(t *testing.T) {
	src := `// A wrapper family, as vllm's cutlass_extensions/common.hpp has.
#include <cstdio>
namespace vllm {
template <typename Kernel, class Other>
struct enable_sm80_to_sm89 : Kernel {
  template <typename... Args>
  CUTLASS_DEVICE static void invoke(Args&&... args) {
#if defined __CUDA_ARCH__
  #if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 890
    Kernel::invoke(args...);
  #else
    printf("only sm[80, 89) {\n");
    asm("trap;");
  #endif
#endif
  }
};
struct __align__(16) Tile { int x; };
__global__ void __launch_bounds__(128) kernel_sm90(int* p) {
  auto f = [&](int i) { return i; };
  if (p) { p[0] = f(1); } else { p[1] = 0; }
  int table[2] = {1, 2};
}
}  // namespace vllm
`
	got, ok := NamedScopes([]byte(src))
	if !ok {
		t.Fatal("NamedScopes: not ok")
	}
	want := []Scope{
		{Name: "vllm", StartLine: 3, EndLine: 24},
		{Name: "enable_sm80_to_sm89", Class: true, StartLine: 5, EndLine: 17},
		{Name: "invoke", StartLine: 7, EndLine: 16},
		{Name: "Tile", Class: true, StartLine: 18, EndLine: 18},
		{Name: "kernel_sm90", StartLine: 19, EndLine: 23},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("NamedScopes:\n got %+v\nwant %+v", got, want)
	}
}

func TestNamedScopesGivesUp(t *testing.T) {
	for name, src := range map[string]string{
		"uneven #if":       "void f() {\n#if A\n  if (x) {\n#else\n  if (y) {\n#endif\n  }\n}\n",
		"unclosed":         "struct S {\n int x;\n",
		"stray brace":      "int x; }\n",
		"open comment":     "void f() { /* never closed\n}\n",
		"unterminated str": "void f() { const char* s = \"abc\n; }\n",
	} {
		if got, ok := NamedScopes([]byte(src)); ok {
			t.Errorf("%s: ok with %+v, want not ok", name, got)
		}
	}
}

// FuzzNamedScopes checks that any input reads without a panic, and that
// what reads is a set of scopes in source order, each ending after it
// starts, nested or apart.
func FuzzNamedScopes(f *testing.F) {
	f.Add("namespace a { struct enable_sm80_to_sm89 : K { void run() { if (x) { } } }; }\n")
	f.Add("template <class T> struct S { int f() { return [](int a) { return a; }(1); } };\n#if A\n{\n#endif\n")
	f.Add("void f() { /* x */ const char* s = \"{\"; char c = '}'; }\n")
	f.Fuzz(func(t *testing.T, src string) {
		scopes, ok := NamedScopes([]byte(src))
		if !ok {
			return
		}
		for i, s := range scopes {
			if s.Name == "" || s.StartLine > s.EndLine {
				t.Fatalf("scope %d: %+v", i, s)
			}
			if i > 0 && s.StartLine < scopes[i-1].StartLine {
				t.Fatalf("scope %d starts before scope %d: %+v", i, i-1, scopes)
			}
		}
	})
}
