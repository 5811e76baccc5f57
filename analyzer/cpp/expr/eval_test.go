package expr

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// openEnv is an open world: names not defined are Unknown, except those
// listed as undefined.
func openEnv(defs []string, undefined ...string) *MapEnv {
	env := &MapEnv{Default: Unknown}
	for _, d := range defs {
		env.Define(d)
	}
	for _, u := range undefined {
		if env.Macros == nil {
			env.Macros = map[string]*Macro{}
		}
		env.Macros[u] = nil
	}
	return env
}

type evalCase struct {
	name     string
	defs     []string
	expr     string
	truth    Tri
	val      string // "" to skip; "error"; a value as in regressionCases
	unknowns []string
	used     []string
}

var closedCases = []evalCase{
	{name: "arith", expr: "1 + 2 * 3 - 4 / 2 % 3", truth: True, val: "5"},
	{name: "precedence", expr: "1 | 2 ^ 3 & 4 << 1 == 8 > 1", truth: True, val: "3"},
	{name: "unary", expr: "-~!+0", truth: True, val: "2"},
	{name: "parens", expr: "((((7))))", truth: True, val: "7"},
	{name: "comments left in", expr: "/* a */ 1 /* b */ + 1 // c", truth: True, val: "2"},
	{name: "continuation", expr: "1 + \\\n 2", truth: True, val: "3"},
	{name: "newline as space", expr: "1 +\n 2", truth: True, val: "3"},
	{name: "object macro", defs: []string{"A 1", "B A + 1"}, expr: "B * 2", truth: True, val: "3", used: []string{"A", "B"}},
	{name: "function macro", defs: []string{"F(x, y) ((x) * (y))"}, expr: "F(2, 3 + 1)", truth: True, val: "8", used: []string{"F"}},
	{name: "function name alone", defs: []string{"F(x) x"}, expr: "F + 1", truth: True, val: "1"},
	{name: "defined used", defs: []string{"A"}, expr: "defined A && !defined B", truth: True, val: "1", used: []string{"A"}},
	{name: "used sorted unique", defs: []string{"Z 1", "A Z + Z"}, expr: "A + Z + defined(Z)", truth: True, val: "4", used: []string{"A", "Z"}},
	{name: "cuda arch", defs: []string{"__CUDA_ARCH__ 900"}, expr: "(defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))", truth: True, val: "1", used: []string{"__CUDA_ARCH__"}},
	{name: "cuda arch undefined", expr: "defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900", truth: False, val: "0"},
	{name: "family macro", defs: []string{"__CUDA_ARCH_FAMILY_SPECIFIC__ 1000", "CUDA_ARCH_FAMILY(n) (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ == n)"},
		expr: "CUTLASS_ARCH_MMA_SM100A_ENABLED || CUDA_ARCH_FAMILY(1000)", truth: True, val: "1", used: []string{"CUDA_ARCH_FAMILY", "__CUDA_ARCH_FAMILY_SPECIFIC__"}},
	{name: "unsigned", expr: "0u - 1", truth: True, val: "18446744073709551615u"},
	{name: "division by zero", expr: "1 / 0", val: "error"},
	{name: "unevaluated division by zero", expr: "0 && 1 / 0", truth: False, val: "0"},
	{name: "missing expression", expr: "", val: "error"},
	{name: "missing binary operator", expr: "1 1", val: "error"},
	{name: "unbalanced", expr: "(1", val: "error"},
	{name: "missing colon", expr: "1 ? 2", val: "error"},
	{name: "defined without identifier", expr: "defined()", val: "error"},
	{name: "string literal", expr: `"a" == "a"`, val: "error"},
	{name: "floating literal", expr: "1.5 > 1", val: "error"},
	{name: "invalid suffix", expr: "12abc", val: "error"},
	{name: "unterminated arguments", defs: []string{"F(x) x"}, expr: "F(1", val: "error"},
	{name: "has_include without header", expr: "__has_include()", val: "error"},
	{name: "has_include true", expr: "__has_include(<cstdio>)", truth: True, val: "1"},
	{name: "has_include macro operand", defs: []string{"H \"cstdlib\""}, expr: "__has_include(H)", truth: True, val: "1", used: []string{"H"}},
	{name: "has_include glued", defs: []string{"H < nonexistent_zz.h >"}, expr: "__has_include(H)", truth: False, val: "0", used: []string{"H"}},
	{name: "assertion", expr: "#cpu(x86_64) || #machine", truth: False, val: "0"},
}

var openCases = []evalCase{
	{name: "unknown name", expr: "U", truth: Unknown, unknowns: []string{"U"}},
	{name: "unknown defined", expr: "defined(U)", truth: Unknown, unknowns: []string{"U"}},
	{name: "unknown defined bare", expr: "!defined U", truth: Unknown, unknowns: []string{"U"}},
	{name: "0 && U", expr: "0 && U", truth: False, val: "0"},
	{name: "1 || U", expr: "1 || U", truth: True, val: "1"},
	{name: "U && 0", expr: "U && 0", truth: False, val: "0"},
	{name: "U || 1", expr: "U || 1", truth: True, val: "1"},
	{name: "U && 1", expr: "U && 1", truth: Unknown, unknowns: []string{"U"}},
	{name: "U || 0", expr: "U || 0", truth: Unknown, unknowns: []string{"U"}},
	{name: "two unknowns", expr: "V && U", truth: Unknown, unknowns: []string{"U", "V"}},
	{name: "decided part", expr: "U || (V && 0)", truth: Unknown, unknowns: []string{"U"}},
	{name: "equal arms", expr: "U ? 2 : 2", truth: True, val: "2"},
	{name: "different arms", expr: "U ? 2 : 3", truth: Unknown, unknowns: []string{"U"}},
	{name: "known condition", expr: "1 ? 2 : defined(U)", truth: True, val: "2"},
	// The type of ?: is that of both arms: if U is 1u, the result is 2u.
	{name: "known condition, other arm's type", expr: "1 ? 2 : U", truth: True, unknowns: []string{"U"}},
	{name: "known condition, unknown type", expr: "1 ? -1 : U", truth: True, unknowns: []string{"U"}},
	{name: "type matters", expr: "(1 ? -1 : U) < 0", truth: Unknown, unknowns: []string{"U"}},
	{name: "type does not matter", expr: "(1 ? -1 : U) != 0", truth: True, val: "1"},
	{name: "known condition, known type", expr: "(1 ? -1 : (U, 0u)) > 0", truth: True, val: "1"},
	{name: "U * 0 stays unknown", expr: "U * 0", truth: Unknown, unknowns: []string{"U"}},
	{name: "unknown invocation", expr: "U(1, (2, 3)) > 3", truth: Unknown, unknowns: []string{"U"}},
	{name: "unknown invocation unterminated", expr: "U(1", val: "error"},
	{name: "unknown invocation arguments not evaluated", expr: "U(1.5, \"s\") || 1", truth: True, val: "1"},
	{name: "unknown through macro", defs: []string{"M U + 1"}, expr: "M", truth: Unknown, unknowns: []string{"U"}, used: []string{"M"}},
	{name: "unknown argument", defs: []string{"F(x) (x) * 0"}, expr: "F(U)", truth: Unknown, unknowns: []string{"U"}, used: []string{"F"}},
	{name: "unknown discarded argument", defs: []string{"F(x) 5"}, expr: "F(U)", truth: True, val: "5", used: []string{"F"}},
	{name: "defined known", defs: []string{"K"}, expr: "defined(K) || U", truth: True, val: "1", used: []string{"K"}},
	{name: "undefined in open world", expr: "defined(X) || X", truth: False, val: "0"},
	{name: "keywords stay keywords", expr: "true && !false", truth: True, val: "1"},
	{name: "syntax error despite unknowns", expr: "U +", val: "error"},
	{name: "error in every resolution", expr: "U ? 1 / 0 : 2 % 0", val: "error"},
	{name: "error in the evaluated operand", expr: "1 / 0 || U", val: "error"},
	{name: "error unless U", expr: "U || 1 / 0", truth: Unknown, unknowns: []string{"U"}},
	{name: "error in some resolutions", expr: "U && 1 / 0", truth: Unknown, unknowns: []string{"U"}},
	{name: "maybe error survives short circuit", expr: "(U && 1 / 0) || 1", truth: Unknown, unknowns: []string{"U"}},
	{name: "maybe error skipped", expr: "0 && (U && 1 / 0)", truth: False, val: "0"},
	{name: "divisor may be zero", expr: "1 / U", truth: Unknown, unknowns: []string{"U"}},
	{name: "divisor may be zero, or", expr: "1 / U || 1", truth: Unknown, unknowns: []string{"U"}},
	{name: "cuda arch unknown", expr: "(defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))", truth: Unknown, unknowns: []string{"__CUDA_ARCH__"}},
	{name: "has_include unknown", expr: "__has_include(<cuda.h>) && 1", truth: Unknown, unknowns: []string{"__has_include(<cuda.h>)"}},
	{name: "has_builtin left to the env", expr: "__has_builtin(__builtin_expect)", truth: Unknown, unknowns: []string{"__has_builtin"}},
	{name: "assertion unknown", expr: "#machine(x86_64)", truth: Unknown, unknowns: []string{"#machine(x86_64)"}},
}

func runEvalCases(t *testing.T, cases []evalCase, env func([]string) *MapEnv) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Eval(c.expr, env(c.defs))
			if c.val == "error" {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("Eval(%q) = %+v, %v; want an *Error", c.expr, r, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Eval(%q): %v", c.expr, err)
			}
			if r.Truth != c.truth {
				t.Errorf("Eval(%q).Truth = %v, want %v (%+v)", c.expr, r.Truth, c.truth, r)
			}
			if c.val != "" {
				want, _ := parseWant(t, c.val)
				if r.Value != want {
					t.Errorf("Eval(%q).Value = %+v, want %+v", c.expr, r.Value, want)
				}
			} else if r.Value.Known {
				t.Errorf("Eval(%q).Value = %+v, want unknown", c.expr, r.Value)
			}
			if !reflect.DeepEqual(r.Unknowns, c.unknowns) {
				t.Errorf("Eval(%q).Unknowns = %q, want %q", c.expr, r.Unknowns, c.unknowns)
			}
			if !reflect.DeepEqual(r.Used, c.used) {
				t.Errorf("Eval(%q).Used = %q, want %q", c.expr, r.Used, c.used)
			}
		})
	}
}

func TestEvalClosed(t *testing.T) {
	runEvalCases(t, closedCases, closedEnv)
}

func TestEvalOpen(t *testing.T) {
	runEvalCases(t, openCases, func(defs []string) *MapEnv { return openEnv(defs, "X") })
}

// A Macro whose Name differs from the name it is looked up by is still
// disabled within its own expansion.
func TestMisnamedMacro(t *testing.T) {
	env := &MapEnv{Macros: map[string]*Macro{"A": {Name: "B", Body: "A + 1"}}}
	r, err := Eval("A", env)
	if err != nil || r.Value.Val != 1 || !reflect.DeepEqual(r.Used, []string{"A"}) {
		t.Errorf("got %+v, %v", r, err)
	}
}

func TestNilEnv(t *testing.T) {
	r, err := Eval("defined X + X + 2", nil)
	if err != nil || r.Value.Val != 2 {
		t.Errorf("Eval with nil Env = %+v, %v", r, err)
	}
}

func TestErrorType(t *testing.T) {
	_, err := Eval("1 +", &MapEnv{})
	var e *Error
	if !errors.As(err, &e) || e.Msg == "" || !strings.Contains(err.Error(), e.Msg) {
		t.Fatalf("got %T %v", err, err)
	}
}

// An identifier the Env does not define, followed by '(', is reported as
// the undefined function-like macro it is used as (clang's wording), so
// that the scan can group conditions by the macro; any other operand
// before '(' keeps gcc's message.
func TestUndefinedFunctionLikeMessage(t *testing.T) {
	env := &MapEnv{}
	env.Define("HAS_X() HAS_Y()")
	env.Define("PAINTED(x) PAINTED(x) + 1")
	cases := map[string]string{
		"UNDEF(1)":            `#if: function-like macro "UNDEF" is not defined`,
		"HAS_X() && 1":        `#if: function-like macro "HAS_Y" is not defined`,
		"defined(A) || B (2)": `#if: function-like macro "B" is not defined`,
		"(A) (1)":             `#if: missing binary operator before token "("`,
		"1 (1)":               `#if: missing binary operator before token "("`,
		"A B":                 `#if: missing binary operator before token "B"`,
		// A macro name painted inside its own expansion is defined.
		"PAINTED(1)": `#if: missing binary operator before token "("`,
	}
	for cond, want := range cases {
		if _, err := Eval(cond, env); err == nil || err.Error() != want {
			t.Errorf("Eval(%q) error = %v, want %s", cond, err, want)
		}
	}
	// An unknown name (build configuration) with arguments is an unknown
	// value, not an error.
	if _, err := Eval("CONFIG(1)", &MapEnv{Default: Unknown}); err != nil {
		t.Errorf("Eval(CONFIG(1)) in an open world: %v", err)
	}
}

func TestMapEnv(t *testing.T) {
	var env MapEnv
	if m, st := env.Lookup("X"); m != nil || st != False {
		t.Errorf("zero MapEnv Lookup = %v, %v", m, st)
	}
	if st := env.HasInclude("x.h", true); st != Unknown {
		t.Errorf("zero MapEnv HasInclude = %v", st)
	}
	m := env.Define("F(a, ...) a")
	if m == nil || !m.FuncLike || !m.Variadic || !reflect.DeepEqual(m.Params, []string{"a", "__VA_ARGS__"}) || m.Body != "a" {
		t.Fatalf("Define = %+v", m)
	}
	if got, st := env.Lookup("F"); got != m || st != True {
		t.Errorf("Lookup(F) = %v, %v", got, st)
	}
	env.Macros["G"] = nil
	env.Default = Unknown
	if _, st := env.Lookup("G"); st != False {
		t.Errorf("nil entry should be undefined, got %v", st)
	}
	if _, st := env.Lookup("H"); st != Unknown {
		t.Errorf("default Unknown, got %v", st)
	}
}

func TestParseDefine(t *testing.T) {
	tests := []struct {
		in   string
		want *Macro
	}{
		{"X", &Macro{Name: "X"}},
		{"X 1 + 2 ", &Macro{Name: "X", Body: "1 + 2"}},
		{"X (a) a", &Macro{Name: "X", Body: "(a) a"}},
		{"F() 1", &Macro{Name: "F", FuncLike: true, Body: "1"}},
		{"F(a,b) a##b", &Macro{Name: "F", FuncLike: true, Params: []string{"a", "b"}, Body: "a##b"}},
		{"F(...) __VA_ARGS__", &Macro{Name: "F", FuncLike: true, Params: []string{"__VA_ARGS__"}, Variadic: true, Body: "__VA_ARGS__"}},
		{"F(a, rest...) rest", &Macro{Name: "F", FuncLike: true, Params: []string{"a", "rest"}, Variadic: true, Body: "rest"}},
		{"", nil},
		{"1X", nil},
		{"F(a", nil},
		{"F(a,)", nil},
		{"F(..., a)", nil},
	}
	for _, tt := range tests {
		if got := ParseDefine(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseDefine(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestTri(t *testing.T) {
	vals := []Tri{False, True, Unknown}
	for _, a := range vals {
		if a.Not().Not() != a {
			t.Errorf("%v.Not().Not()", a)
		}
		for _, b := range vals {
			if a.And(b) != b.And(a) || a.Or(b) != b.Or(a) {
				t.Errorf("not commutative: %v %v", a, b)
			}
			if a.And(b).Not() != a.Not().Or(b.Not()) {
				t.Errorf("De Morgan fails: %v %v", a, b)
			}
		}
	}
	if False.And(Unknown) != False || True.Or(Unknown) != True || True.And(Unknown) != Unknown {
		t.Error("Kleene logic")
	}
	if False.String() != "false" || True.String() != "true" || Unknown.String() != "unknown" {
		t.Error("String")
	}
}

// An Evaluator reused across conditions and environments answers like Eval.
func TestEvaluatorMatchesEval(t *testing.T) {
	var x Evaluator
	check := func(expr string, env Env) {
		t.Helper()
		r1, err1 := Eval(expr, env)
		r2, err2 := x.Eval(expr, env)
		if fmt.Sprint(r1, err1) != fmt.Sprint(r2, err2) {
			t.Errorf("%q: Eval %+v %v, Evaluator %+v %v", expr, r1, err1, r2, err2)
		}
	}
	for round := 0; round < 2; round++ {
		for _, c := range regressionCases {
			check(c.expr, closedEnv(c.defs))
		}
		for _, c := range closedCases {
			check(c.expr, closedEnv(c.defs))
		}
		for _, c := range openCases {
			check(c.expr, openEnv(c.defs, "X"))
		}
		check(strings.Repeat("(", 1000)+"1"+strings.Repeat(")", 1000), closedEnv(nil))
	}
	// A Macro changed in place is recompiled.
	env := closedEnv([]string{"A 1"})
	check("A", env)
	env.Macros["A"].Body = "2"
	if r, _ := x.Eval("A", env); r.Value.Val != 2 {
		t.Errorf("stale definition: %+v", r.Value)
	}
	// Results do not share memory with the Evaluator.
	env = closedEnv([]string{"A B", "B 1"})
	r, _ := x.Eval("A", env)
	used := fmt.Sprint(r.Used)
	x.Eval("defined C || defined D", closedEnv([]string{"C", "D"}))
	if fmt.Sprint(r.Used) != used {
		t.Errorf("Used changed to %q after reuse", r.Used)
	}
}
