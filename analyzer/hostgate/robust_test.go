package hostgate

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/python"
)

// TestDeepNesting: 10,000 nested blocks, ifs and parentheses must neither
// overflow the stack nor lose the gate at the bottom.
func TestDeepNesting(t *testing.T) {
	const depth = 10000
	var b strings.Builder
	b.WriteString("void f() {\n int sm = getSMVersion();\n")
	for range depth {
		b.WriteString("if (sm > 0) {\n")
	}
	b.WriteString("if (" + strings.Repeat("(", depth) + "sm == 90" + strings.Repeat(")", depth) + ") { g(); }\n")
	b.WriteString("if (sm == 90) { g(); } else { TORCH_CHECK(false, \"x\"); }\n")
	for range depth {
		b.WriteString("}\n")
	}
	b.WriteString("}\n")
	gates, err := Analyze("", "deep.cu", []byte(b.String()), testConfig(t, python.DefaultCaps()))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, g := range gates {
		if g.Expr == "sm == 90" && g.Refusal != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("the innermost ladder was not found among %d gates", len(gates))
	}
}

// TestDeepGroups: 10,000 nested decided preprocessor groups are replaced
// without overflowing the stack, and the gate at the bottom is found.
func TestDeepGroups(t *testing.T) {
	const depth = 10000
	var b strings.Builder
	b.WriteString("void f() {\n int sm = getSMVersion();\n")
	for range depth {
		b.WriteString("#if CUDA_VERSION >= 12000\n")
	}
	b.WriteString("if (sm >= 90) { return; }\n")
	for range depth {
		b.WriteString("#endif\n")
	}
	b.WriteString("TORCH_CHECK(false, \"x\");\n}\n")
	gates, err := Analyze("", "deep.cu", []byte(b.String()), testConfig(t, python.DefaultCaps()))
	if err != nil {
		t.Fatal(err)
	}
	if len(gates) != 1 || gates[0].Refusal == "" {
		t.Errorf("want the ladder with its refusal, got %+v", gates)
	}
}

// FuzzAnalyze: any input analyzes without panicking, and twice alike.
func FuzzAnalyze(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("void f(){ switch (getSMVersion()) { case 90: default: } }"))
	f.Add([]byte("void f(){ int a; cudaDeviceGetAttribute(&a, cudaDevAttrComputeCapabilityMajor, 0); a ? 1 : 0; TORCH_CHECK_GE(a, 9); }"))
	caps := python.DefaultCaps()
	cfg := testConfig(f, caps)
	f.Fuzz(func(t *testing.T, src []byte) {
		a, err := Analyze("r", "f.cu", src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Analyze("r", "f.cu", src, cfg)
		if !reflect.DeepEqual(a, b) {
			t.Fatal("two runs differ")
		}
		// The partial parse runs too (its gates are checked on real
		// trees by TestPartialCorpus: tree-sitter's error recovery may
		// read a declaration differently without its neighbours).
		p := cst.NewParser()
		defer p.Close()
		partial, err := AnalyzeSource(context.Background(), p, "r", "f.cu", src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		a = append(a, partial...)
		for _, g := range a {
			if len(g.Branch) != len(caps) || g.Line < 1 || g.Col < 1 || g.EndLine < g.Line {
				t.Fatalf("malformed gate %+v", g)
			}
			for _, x := range g.Branch {
				if x < -2 || x >= len(g.Outcomes) {
					t.Fatalf("branch %d out of range in %+v", x, g)
				}
			}
		}
	})
}
