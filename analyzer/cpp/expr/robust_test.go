package expr

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// Inputs that could blow the stack or run away must return a value or an
// error, quickly.
func TestRobust(t *testing.T) {
	const deep = 100000
	chain := &MapEnv{}
	for i := 0; i < deep; i++ {
		chain.Define(fmt.Sprintf("M%d M%d", i, i+1))
	}
	chain.Define(fmt.Sprintf("M%d 42", deep))
	exp := &MapEnv{}
	exp.Define("A0 1")
	for i := 1; i <= 60; i++ {
		exp.Define(fmt.Sprintf("A%d (A%d + A%d)", i, i-1, i-1))
	}
	funcs := closedEnv([]string{"F(x) x", "G(x) G(x) + x", "H(x) H"})
	tests := []struct {
		name string
		expr string
		env  Env
		want string // a value, "error", or "any"
	}{
		{"nested parens", strings.Repeat("(", deep) + "1" + strings.Repeat(")", deep), closedEnv(nil), "1"},
		{"unbalanced parens", strings.Repeat("(", deep) + "1", closedEnv(nil), "error"},
		{"closing parens", "1" + strings.Repeat(")", deep), closedEnv(nil), "error"},
		{"nested not", strings.Repeat("!", deep) + "0", closedEnv(nil), "0"},
		{"nested minus", strings.Repeat("- ", deep) + "1", closedEnv(nil), "1"},
		{"nested conditional", strings.Repeat("1 ? ", deep) + "7" + strings.Repeat(" : 0", deep), closedEnv(nil), "7"},
		{"right-nested conditional", strings.Repeat("0 ? 1 : ", deep) + "9", closedEnv(nil), "9"},
		{"long sum", strings.Repeat("1 + ", deep) + "1", closedEnv(nil), fmt.Sprint(deep + 1)},
		{"long and", strings.Repeat("1 && ", deep) + "U", openEnv(nil), "any"},
		{"nested macro arguments", strings.Repeat("F(", deep) + "1" + strings.Repeat(")", deep), funcs, "error"},
		{"moderately nested arguments", strings.Repeat("F(", 500) + "1" + strings.Repeat(")", 500), funcs, "1"},
		{"nested defined", strings.Repeat("(", deep) + "defined X" + strings.Repeat(")", deep), closedEnv(nil), "0"},
		{"macro chain", "M0", chain, "42"},
		{"exponential macro", "A60", exp, "error"},
		{"recursive function macro", "G(1)", funcs, "error"}, // G(1) + 1: G painted, so 0 (1) + 1
		{"self name", "H(1)(2)(3)", funcs, "error"},
		{"long identifier", strings.Repeat("x", 1<<20), closedEnv(nil), "0"},
		{"long number", strings.Repeat("9", 1<<20), closedEnv(nil), "any"},
		{"unknown invocation", "U" + strings.Repeat("(", deep) + strings.Repeat(")", deep), openEnv(nil), "any"},
		{"garbage", strings.Repeat("@#%&|", deep), closedEnv(nil), "error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r, err := Eval(tt.expr, tt.env)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
			switch tt.want {
			case "any":
			case "error":
				if err == nil {
					t.Errorf("= %+v, want an error", r.Value)
				}
			default:
				if err != nil {
					t.Fatalf("error %v, want %s", err, tt.want)
				}
				if got := fmt.Sprint(r.Value.Val); !r.Value.Known || got != tt.want {
					t.Errorf("= %+v, want %s", r.Value, tt.want)
				}
			}
		})
	}
}

// Eval keeps no global state: concurrent evaluations sharing one Env must
// agree with sequential ones (run with -race).
func TestConcurrent(t *testing.T) {
	env := closedEnv([]string{"F(x) ((x) + 1)", "A F(2)", "CAT(a, b) a ## b"})
	exprs := []string{"A * 2", "F(F(1)) == 3", "CAT(1, 2) + A", "defined(A) ? A : 0", "U / 0"}
	want := make([]Result, len(exprs))
	for i, e := range exprs {
		want[i], _ = Eval(e, env)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				i := k % len(exprs)
				got, _ := Eval(exprs[i], env)
				if fmt.Sprint(got) != fmt.Sprint(want[i]) {
					t.Errorf("Eval(%q) = %+v, want %+v", exprs[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// Macros from an Env need not be well-formed; none may crash Eval.
func TestMalformedMacros(t *testing.T) {
	macros := []*Macro{
		{Name: "M", FuncLike: true, Variadic: true, Body: "__VA_OPT__(1) __VA_ARGS__ 2"},
		{Name: "M", FuncLike: false, Variadic: true, Params: []string{"a"}, Body: "a __VA_OPT__(x)"},
		{Name: "M", FuncLike: true, Params: []string{"a", "a"}, Body: "a ## a # a"},
		{Name: "M", FuncLike: true, Params: []string{""}, Body: "# ## #"},
		{Name: "", Body: "M"},
		{Name: "M", Body: "## M ##"},
		{Name: "M", FuncLike: true, Variadic: true, Params: []string{"x"}, Body: "__VA_OPT__(__VA_OPT__()) __VA_OPT__"},
		{Name: "M", FuncLike: true, Body: `\ "' 'x`},
	}
	for _, m := range macros {
		env := &MapEnv{Macros: map[string]*Macro{"M": m}}
		for _, expr := range []string{"M", "M()", "M(1)", "M(1, 2)", "M(,)", "defined M", "M(M(1))"} {
			Eval(expr, env) // must not panic
		}
	}
}
