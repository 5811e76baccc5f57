package cpp

import (
	"strings"
	"testing"
)

func kinds(s *Source) string {
	var out []string
	for _, d := range s.Directives {
		out = append(out, d.Keyword)
	}
	return strings.Join(out, " ")
}

func TestScanDirectives(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"spacing", "#  if A\n  #   else\n#endif\n", "if else endif"},
		{"continuation", "#if defined(A) && \\\n    B\nx\n#endif\n", "if endif"},
		{"crlf", "#if A\r\nx\r\n#endif\r\n", "if endif"},
		{"block comment hides", "/*\n#if A\n*/\n#ifdef B\n#endif\n", "ifdef endif"},
		{"line comment hides", "// #if A\n#ifdef B\n#endif\n", "ifdef endif"},
		{"string hides", "const char* s = \"\\\n#if A\";\n#ifdef B\n#endif\n", "ifdef endif"},
		{"raw string hides", "auto s = R\"x(\n#if A\n)x\";\n#ifdef B\n#endif\n", "ifdef endif"},
		{"digit separator", "int n = 1'000;\n#ifdef B\n#endif\n", "ifdef endif"},
		{"comment before hash", "/* c */ #if A\n#endif\n", "if endif"},
		{"null directive and line marker", "#\n# 12 \"f.h\"\n#if A\n#endif\n", "if endif"},
		{"inside parameter list", "void f(int a,\n#if A\n int b,\n#endif\n int c);\n", "if endif"},
	}
	for _, c := range cases {
		if got := kinds(Scan([]byte(c.src))); got != c.want {
			t.Errorf("%s: got %q want %q", c.name, got, c.want)
		}
	}
}

func TestScanConditionText(t *testing.T) {
	s := Scan([]byte("#if defined(__CUDA_ARCH__) /* device */ && \\\n   (__CUDA_ARCH__ >= 900) // tail\nx\n#endif\n"))
	d := s.Directives[0]
	if d.Args != "defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)" {
		t.Errorf("args: %q", d.Args)
	}
	if d.Line != 1 || d.EndLine != 2 || s.Directives[1].Line != 4 {
		t.Errorf("lines: %d-%d, endif %d", d.Line, d.EndLine, s.Directives[1].Line)
	}
}

func TestBuildChains(t *testing.T) {
	src := "#if A\na\n#if B\nb\n#endif\n#elif C\n#define X 1\n#else\n__trap();\n#endif\n"
	st := Build(Scan([]byte(src)))
	if len(st.Chains) != 2 || len(st.Problems) != 0 {
		t.Fatalf("chains %d problems %v", len(st.Chains), st.Problems)
	}
	outer := st.Chains[0]
	if len(outer.Branches) != 3 || outer.Branches[0].Children[0] != 1 || st.Chains[1].Parent != 0 {
		t.Fatalf("structure wrong: %+v", outer)
	}
	if !outer.Branches[1].Content.DefineOnly || outer.Branches[2].Content.Failure != "__trap()" || outer.Branches[0].Content.Empty {
		t.Errorf("content: %+v", outer.Branches)
	}
}

func TestBuildRecovers(t *testing.T) {
	st := Build(Scan([]byte("#endif\n#else\n#if A\n#if B\n")))
	if len(st.Problems) != 4 || len(st.Chains) != 2 {
		t.Errorf("problems %q chains %d", st.Problems, len(st.Chains))
	}
}

func TestDeepNesting(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 10000; i++ {
		b.WriteString("#if defined(__CUDA_ARCH__)\n")
	}
	for i := 0; i < 10000; i++ {
		b.WriteString("#endif\n")
	}
	st := Build(Scan([]byte(b.String())))
	if len(st.Chains) != 10000 || st.Chains[9999].Depth != 9999 {
		t.Fatalf("chains %d", len(st.Chains))
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"#if A\nx\n#elif B\n#else\n#endif\n", "#if A \\\n&& B\n#endif", "/* #if */ #ifdef X\n#endif",
		"R\"(#if)\" #if", "#endif\n#else\n", "'\\''#if", "\"\\\n\"", "#define F(x) x\n#if F(1)\n#endif",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s := Scan(src)
		last := 0
		for _, d := range s.Directives {
			if d.Line < last || d.EndLine < d.Line {
				t.Fatalf("directive lines out of order: %d after %d", d.Line, last)
			}
			last = d.EndLine
		}
		st := Build(s)
		for _, c := range st.Chains {
			for _, b := range c.Branches {
				if b.FirstLine > b.EndLine+1 || b.EndLine > s.NumLines() {
					t.Fatalf("branch range %d..%d of %d lines", b.FirstLine, b.EndLine, s.NumLines())
				}
			}
		}
	})
}
