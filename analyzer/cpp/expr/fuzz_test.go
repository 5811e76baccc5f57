package expr

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzEval checks that Eval never panics, is deterministic, keeps its
// result invariants, and that its open-world answers are sound with
// respect to the closed world (one resolution of the unknowns: every
// unknown name undefined). defs holds one #define body per line.
func FuzzEval(f *testing.F) {
	for _, c := range regressionCases {
		f.Add(c.expr, strings.Join(c.defs, "\n"))
	}
	for _, cs := range [][]evalCase{closedCases, openCases} {
		for _, c := range cs {
			f.Add(c.expr, strings.Join(c.defs, "\n"))
		}
	}
	for _, c := range benchCases {
		f.Add(c.expr, strings.Join(c.defs, "\n"))
	}
	f.Fuzz(func(t *testing.T, expr, defs string) {
		var lines []string
		if defs != "" {
			lines = strings.Split(defs, "\n")
		}
		closed := closedEnv(lines)
		open := &MapEnv{Macros: closed.Macros, Default: Unknown, Include: closed.Include}

		r1, err1 := Eval(expr, closed)
		var x Evaluator
		for i := 0; i < 2; i++ { // a fresh and a reused Evaluator
			r2, err2 := x.Eval(expr, closed)
			if fmt.Sprint(r1, err1) != fmt.Sprint(r2, err2) {
				t.Fatalf("not deterministic: %+v %v vs %+v %v", r1, err1, r2, err2)
			}
		}
		checkResult(t, r1, err1)
		if err1 == nil && (!r1.Value.Known || r1.Truth == Unknown || len(r1.Unknowns) > 0) {
			t.Fatalf("closed world gave an unknown: %+v", r1)
		}

		ro, erro := Eval(expr, open)
		checkResult(t, ro, erro)
		switch {
		case erro != nil && err1 == nil:
			t.Fatalf("open world error %v, but the closed world gives %+v", erro, r1)
		case erro != nil || err1 != nil:
		case ro.Truth != Unknown && ro.Truth != r1.Truth:
			t.Fatalf("open world truth %v, closed %v", ro.Truth, r1.Truth)
		case ro.Value.Known && ro.Value != r1.Value:
			t.Fatalf("open world value %+v, closed %+v", ro.Value, r1.Value)
		}
	})
}

func checkResult(t *testing.T, r Result, err error) {
	t.Helper()
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("error of type %T", err)
		}
		if r.Truth != False || r.Value.Known || r.Unknowns != nil || r.Used != nil {
			t.Fatalf("non-zero result with error: %+v", r)
		}
		return
	}
	for _, l := range [][]string{r.Unknowns, r.Used} {
		if !slices.IsSorted(l) || len(slices.Compact(slices.Clone(l))) != len(l) {
			t.Fatalf("not sorted and unique: %q", l)
		}
	}
	if r.Value.Known && r.Truth != triOf(r.Value.Val != 0) {
		t.Fatalf("truth %v disagrees with value %+v", r.Truth, r.Value)
	}
	if r.Value.Known && len(r.Unknowns) > 0 {
		t.Fatalf("known value with unknowns: %+v", r)
	}
}

// FuzzMacro feeds Eval macros built field by field, not through
// ParseDefine, so that inconsistent ones (variadic without parameters,
// bodies cpp would reject) are covered too.
func FuzzMacro(f *testing.F) {
	f.Add("M(1, 2)", "a ## b", "a,b", true, false)
	f.Add("M(1) + M()", "__VA_OPT__(x) # a __VA_ARGS__", "a,__VA_ARGS__", true, true)
	f.Add("M", "M ## M", "", false, true)
	f.Fuzz(func(t *testing.T, expr, body, params string, funcLike, variadic bool) {
		m := &Macro{Name: "M", FuncLike: funcLike, Variadic: variadic, Body: body}
		if params != "" {
			m.Params = strings.Split(params, ",")
		}
		env := &MapEnv{Macros: map[string]*Macro{"M": m}}
		r, err := Eval(expr, env)
		checkResult(t, r, err)
		var x Evaluator
		r2, err2 := x.Eval(expr, env)
		if fmt.Sprint(r, err) != fmt.Sprint(r2, err2) {
			t.Fatalf("Eval %+v %v, Evaluator %+v %v", r, err, r2, err2)
		}
	})
}
