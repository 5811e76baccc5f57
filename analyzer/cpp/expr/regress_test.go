package expr

import (
	"strconv"
	"testing"
)

// regressionCases are tricky conditions found while writing and debugging
// the evaluator, with cpp's answer. want is "error", or the value with a
// "u" suffix when it is unsigned. TestRegressionMatchesCPP re-checks every
// answer against the real cpp when it is available.
var regressionCases = []struct {
	defs []string
	expr string
	want string
}{
	// Comma: allowed in C++ mode (only a pedantic warning); same
	// precedence as ?: in gcc's parser, and it does not reduce a '?'.
	{nil, "1, 0", "0"},
	{nil, "(1, 2) + 1", "3"},
	{nil, "1 ? 2, 3 : 4", "3"},
	{nil, "1 ? 2 : 3, 4", "4"},
	{nil, "0 ? 1 : 2, 0", "0"},
	{nil, "1 ? 2", "error"},
	{nil, "1 ? : 2", "error"},
	{nil, "(1 ? 2 : 3) ? 4", "error"},
	{nil, "1 : 2", "error"},
	{nil, "1 ? 2 : 3 ? 4 : 5", "2"},
	{nil, "0 ? 2 : 0 ? 4 : 5", "5"},

	// Shifts follow libcpp: negative counts shift the other way, counts
	// of 64 and more give 0 or the sign.
	{nil, "1 << -1", "0"},
	{nil, "1 >> -1", "2"},
	{nil, "-1 >> 64", "-1"},
	{nil, "-1 >> 1000", "-1"},
	{nil, "-1 << 64", "0"},
	{nil, "1u << -1", "0u"},
	{nil, "1 << 0x8000000000000000", "0"},
	{nil, "1 << -0x8000000000000000", "0"},
	{nil, "1 << (-9223372036854775807-1)", "0"},
	{nil, "-8 >> (-9223372036854775807-1)", "0"},
	{nil, "0xFFFFFFFFFFFFFFFF >> 63", "1u"},
	{nil, "-1 >> 63u", "-1"},
	{nil, "1 << 63", "-9223372036854775808"},
	{nil, "2 >> 1u", "1"},

	// Conversions and wrapping.
	{nil, "-1 < 0u", "0"},
	{nil, "-1 > 0u", "1"},
	{nil, "0x7fffffffffffffff + 1 < 0", "1"},
	{nil, "(-9223372036854775807-1) / -1", "-9223372036854775808"},
	{nil, "(-9223372036854775807-1) % -1", "0"},
	{nil, "-7 / 2", "-3"},
	{nil, "-7 % 2", "-1"},
	{nil, "7 % -2", "1"},
	{nil, "-7 / 2u", "9223372036854775804u"},
	{nil, "18446744073709551615 == -1", "1"},
	{nil, "18446744073709551615", "18446744073709551615u"},
	{nil, "9223372036854775808", "9223372036854775808u"},
	{nil, "0x8000000000000000", "9223372036854775808u"},
	{nil, "0x1FFFFFFFFFFFFFFFF", "-1"}, // too large: wraps and stays signed
	{nil, "36893488147419103231 < 0", "1"},
	{nil, "18446744073709551616", "0"},
	{nil, "~0u", "18446744073709551615u"},
	{nil, "-1u", "18446744073709551615u"},
	{nil, "!0u", "1"},
	{nil, "(1 ? -1 : 0u) > 0", "1"},
	{nil, "(0 ? 1u : -1) > 0", "1"},

	// Division by zero: an error only where evaluated, and an unevaluated
	// x/0 keeps the type of x.
	{nil, "1 / 0", "error"},
	{nil, "1 % 0", "error"},
	{nil, "0 && 1 / 0", "0"},
	{nil, "1 || 1 % 0", "1"},
	{nil, "0 ? 1 / 0 : 2", "2"},
	{nil, "1 ? 2 : 1 / 0", "2"},
	{nil, "0 * (1 / 0)", "error"},
	{nil, "(1 / 0, 1)", "error"},
	{nil, "1 && 1 / 0", "error"},
	{nil, "0 || 1 / 0", "error"},
	{nil, "0 ? (1u / 0) : -1", "18446744073709551615u"},
	{nil, "0 ? (-5 / 0u) : -1", "-1"},
	{nil, "1 ? -1 : 1 / 0u", "-1"},
	{nil, "1 ? -1 : zz / 0", "-1"},
	{nil, "zz ? 1 : 2 / zz", "error"},
	{[]string{"Z 0"}, "Z && 1 / Z", "0"},

	// Literals.
	{nil, "1'000 == 1000", "1"},
	{nil, "0x1'f", "31"},
	{nil, "0'7", "7"},
	{nil, "0b101", "5"},
	{nil, "0B11u", "3u"},
	{nil, "017", "15"},
	{nil, "1uLL + 2LLu + 3ull + 4Lu + 5lu + 6z + 7uz + 8Zu", "36u"},
	{nil, "1lL", "error"},
	{nil, "1lul", "error"},
	{nil, "1uu", "error"},
	{nil, "1zl", "error"},
	{nil, "1i", "error"},
	{nil, "1_x", "error"},
	{nil, "1''0", "error"},
	{nil, "0x'1", "error"},
	{nil, "08", "error"},
	{nil, "0b2", "error"},
	{nil, "0b12", "error"},
	{nil, "0x", "error"},
	{nil, "0b", "error"},
	{nil, "1.0", "error"},
	{nil, ".5", "error"},
	{nil, "1e3", "error"},
	{nil, "0e", "error"},
	{nil, "0x1p3", "error"},
	{nil, "0xe+1", "error"}, // one pp-number
	{nil, "1.2.3", "error"},
	{nil, `"s"`, "error"},
	{nil, `R"x(a)x"`, "error"},

	// Character constants (char is signed, int 32 bits, wchar_t signed).
	{nil, "'a'", "97"},
	{nil, `'\377' < 0`, "1"},
	{nil, `'\xff'`, "-1"},
	{nil, "'ab'", "24930"},
	{nil, "'abcde' == 'bcde'", "1"},
	{nil, `'\x100'`, "0"},
	{nil, `'\400'`, "0"},
	{nil, `'\q'`, "113"},
	{nil, `'\e'`, "27"},
	{nil, `'\''`, "39"},
	{nil, `'\u00e9'`, "50089"},
	{nil, "'é'", "50089"},
	{nil, "u'é'", "233u"},
	{nil, `u'\xffff'`, "65535u"},
	{nil, `u'\x12345'`, "9029u"},
	{nil, `U'\xffffffff'`, "4294967295u"},
	{nil, `U'\x123456789'`, "591751049u"},
	{nil, `U'\U0001F600'`, "128512u"},
	{nil, "U'a' - 98 > 0", "1"},
	{nil, `L'\xffffffff'`, "-1"},
	{nil, "L'ab'", "98"},
	{nil, `u8'\xff'`, "-1"},
	{nil, "u8'a'", "97"},
	{nil, "u8'ab'", "error"},
	{nil, "u'ab'", "error"},
	{nil, `u'\U0001F600'`, "error"},
	{nil, "''", "error"},
	{nil, `'\x'`, "error"},
	{nil, `'\u12'`, "error"},
	{nil, `'\ud800'`, "error"},
	{nil, "'a'_x", "error"},
	{nil, "'a", "error"},

	// Identifiers and keywords.
	{nil, "true", "1"},
	{nil, "false", "0"},
	{nil, "zz", "0"},
	{[]string{"true 0"}, "true", "0"},
	{nil, "1 and 1", "1"},
	{nil, "not 0 bitand 3", "1"},
	{nil, "compl 0 xor 1", "-2"},
	{nil, "1 not_eq 2", "1"},
	{nil, "0 or 2", "1"},
	{nil, "1 and_eq 1", "error"},
	{nil, "1 = 1", "error"},
	{nil, "1 <: 2", "error"},
	{nil, "1 <::> 2", "error"},
	{nil, "a.b", "error"},
	{nil, "@", "error"},
	{nil, "", "error"},
	{nil, "()", "error"},
	{nil, "(1", "error"},
	{nil, "1)", "error"},
	{nil, "1 2", "error"},
	{nil, "1 +", "error"},
	{nil, "* 1", "error"},
	{nil, "- - 1", "1"},
	{nil, "--1", "error"},
	{nil, "1 ~ 2", "error"},

	// defined.
	{[]string{"X(a) a"}, "defined X && defined(X) && !defined(Y) && defined ( X )", "1"},
	{[]string{"X(a) a"}, "X", "0"},
	{nil, "defined", "error"},
	{nil, "defined(", "error"},
	{nil, "defined(X", "error"},
	{nil, "defined(1)", "error"},
	{nil, "defined and", "error"},
	{nil, "defined(__has_include) && defined __has_include_next", "1"},
	{nil, "defined defined", "0"},
	{[]string{"D defined(E)", "E"}, "D", "1"},
	{[]string{"D2 defined"}, "D2 D2 && D2(D2)", "1"},
	{[]string{"D3 defined(", "E"}, "D3 E)", "1"},
	{[]string{"DF(x) defined(x)", "E"}, "DF(F)", "0"},
	{[]string{"DF(x) defined(x)", "E"}, "DF(E)", "error"}, // E is pre-expanded to nothing

	// Macro expansion.
	{[]string{"E"}, "E 1", "1"},
	{[]string{"E"}, "E", "error"},
	{[]string{"E"}, "(E)", "error"},
	{[]string{"NOPE )"}, "(1 NOPE", "1"},
	{[]string{"A A"}, "A", "0"},
	{[]string{"A B", "B A"}, "A + 1", "1"},
	{[]string{"f(x) g", "g f"}, "f(1)(2)", "error"}, // the second f is painted
	{[]string{"f2(x) x", "M f2(M"}, "M)", "0"},
	{[]string{"f(x) x", "g f"}, "g(2)", "2"},
	{[]string{"h(x) x(1)", "k(y) y"}, "h(k)", "1"},
	{[]string{"f(x) x"}, "f(f(3))", "3"},
	{[]string{"f(x) x+1"}, "f(f)(1)", "error"},
	{[]string{"F(x) x", "G F"}, "G", "0"},
	{[]string{"F(x) x"}, "F (2)", "2"},
	{[]string{"F(x, y) x y"}, "F((1, 2), +3)", "5"},
	{[]string{"F(x, y) x"}, "F(1)", "error"},
	{[]string{"F(x) x"}, "F(1, 2)", "error"},
	{[]string{"F(x) x"}, "F()", "error"},
	{[]string{"F(x) x"}, "F(", "error"},
	{[]string{"F(x) x"}, "F(1", "error"},
	{[]string{"Z() 3"}, "Z() + Z( ) == 6", "1"},
	{[]string{"Z() 3"}, "Z(1)", "error"},
	{[]string{"V(...) 0 __VA_ARGS__"}, "V(+ 1, + 2)", "2"},
	{[]string{"V(...) (0, __VA_ARGS__)"}, "V(1, 2)", "2"},
	{[]string{"V(a, ...) a __VA_OPT__(+ 1)", "E"}, "V(1) == 1 && V(1, 2) == 2 && V(1, E) == 1", "1"},
	{[]string{"V(a, args...) a + args"}, "V(1, 2)", "3"},
	{[]string{"G(fmt, ...) H(fmt, ## __VA_ARGS__)", "H(...) 7"}, "G(1)", "7"},
	{[]string{"G(fmt, ...) H(fmt, ## __VA_ARGS__)", "H(a) a"}, "G(1)", "1"},
	{[]string{"G(fmt, ...) H(fmt, ## __VA_ARGS__)", "H(a) a"}, "G(1,)", "error"},
	// The GNU comma rule looks at the last token emitted, even one from
	// an argument: the "," ending the first __VA_ARGS__ is not pasted.
	{[]string{"FC(a, ...) __VA_ARGS__ ## __VA_ARGS__"}, "FC(0, 2, ) + 1", "1"},
	{[]string{"FC(a, ...) __VA_ARGS__ ## __VA_ARGS__"}, "FC(0, 2, 3)", "3"},
	{[]string{"P(a,b) a ## b", "ONE 1"}, "P(1,2) == 12 && P(,3) == 3 && P(0x, 1F) == 31 && P(ONE, ) == 1", "1"},
	{[]string{"P(a,b) a ## b"}, "P(-,1)", "error"},
	{[]string{"P(a,b) a ## b"}, "P(/,/) 1", "error"},
	{[]string{"P(a,b) a ## b"}, "P(<,<) 1", "error"},
	{[]string{"P(a,b) a ## b"}, "1 P(<,<) 1", "2"},
	{[]string{"P(a,b) a ## b"}, "P(1, u) + P(0, x1)", "2u"},
	{[]string{"P(a,b) a ## b", "AB 5"}, "P(A, B)", "5"},
	{[]string{"P3(a,b,c) a ## b ## c"}, "P3(1, , 2) + P3(, , 3)", "15"},
	{[]string{"O 1 ## 0"}, "O", "10"},
	{[]string{"S(x) #x"}, "S(a)", "error"},
	{[]string{"S(x) #x"}, "__has_include(S(cstdio))", "1"},
	{[]string{"HI __has_include(<cstdio>)"}, "HI", "1"},
	{[]string{"LP ("}, "LP 1)", "1"},

	// __has_include.
	{nil, "__has_include(<cstdio>)", "1"},
	{nil, `__has_include("cstdio")`, "1"},
	{nil, "__has_include(<nonexistent_zz.h>)", "0"},
	{nil, "__has_include(cstdio)", "error"},
	{nil, "__has_include", "error"},
	{nil, "__has_include(<cstdio>", "error"},
	{nil, "__has_include <cstdio>", "error"},
	{nil, "__has_include(L\"x\")", "error"},
	{[]string{"HDR <cstdio>"}, "__has_include(HDR)", "1"},
	// __has_include is a builtin macro (gcc 10+): expanded to 0 or 1 even
	// during argument pre-expansion, with its operand inside the argument.
	{[]string{"FB(...) __VA_ARGS__ ## 1", "FC(a) FB(a)"}, "FC(__has_include(<cstdio>)) == 11", "1"},
	{[]string{"FB(...) __VA_ARGS__ ## 1"}, "FB(__has_include(<cstdio>))", "error"}, // operand of ##: not expanded
	{[]string{"F(x) x"}, "F(__has_include)(<cstdio>)", "error"},
	{[]string{"F(x) x"}, "F(__has_include(<cstdio>))", "1"},
	{[]string{"P(a, b) a ## b"}, "P(__has_include, (<cstdio>))", "error"},
	{[]string{"S(x) #x"}, "S(__has_include(<cstdio>))", "error"},
	{nil, "defined __has_include + defined(__has_include_next)", "2"},

	// More corners of expansion, pasting and lexing.
	{[]string{"X 1", "F(x) x"}, "F(defined X)", "error"},
	{[]string{"X 1", "F(x) x"}, "F(defined(X))", "error"},
	{[]string{"X", "F(x) x"}, "F(defined X)", "error"},
	{[]string{"F(x) x"}, "F(defined Y)", "0"},
	{[]string{"F(x) x", "G(x) #x"}, "F(defined G)", "1"},
	{nil, "1 <=> 2", "error"},
	{nil, "1 ? 2 :: 3", "error"},
	{nil, "'\\8'", "56"},
	{nil, "é", "0"},
	{nil, "$a + 1", "1"},
	{nil, "1 %: 2", "error"},
	{nil, "%:x", "0"},
	{nil, "0 || %:x(y)", "0"},
	{nil, "#x()", "error"},
	{[]string{"H #"}, "H x", "0"},
	{[]string{"true 2"}, "true + defined(true)", "3"},
	{[]string{"E"}, "defined E E", "1"},
	{[]string{"Q(x) x", "R Q"}, "defined R", "1"},
	{[]string{"F(a) a", "G F(1"}, "G)", "1"},
	{[]string{"F(a) a", "G F(1"}, "G", "error"},
	{[]string{"F(a, b) b"}, "F((1, 2)) + 1", "error"},
	{[]string{"F(a, b) a b"}, "F(, 1) + F(1, ) + F(,)2", "4"},
	{[]string{"L(x) L ## x"}, "L('a') + L(1)", "97"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(u, 'a') + CAT(u8, 'a') + CAT(U, 'a')", "291u"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(1, .5)", "error"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(1e, +5)", "error"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(0x, e+1)", "15"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(an, d) 1", "error"},
	{[]string{"CAT(a, b) a ## b"}, "1 CAT(an, d) 1", "1"},
	{[]string{"CAT(a, b) a ## b"}, "1 CAT(&, &) 1 CAT(|, |) 0", "1"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(def, ined) X", "0"},
	{[]string{"CAT(a, b) a ## b"}, "CAT(__has_, include)(<cstdio>)", "1"},
	{[]string{"CAT(a, b) a ## b", "AB 3"}, "CAT(A, B)", "3"},
	{[]string{"CAT(a, b) a ## b", "AB(x) x"}, "CAT(A, B)(4)", "4"},
	{[]string{"STR(x) #x", "XSTR(x) STR(x)"}, "__has_include(XSTR(cstdio))", "1"},
	{[]string{"STR(x) #x"}, "__has_include(STR(  cstdio  ))", "1"},
	{[]string{"N(x) x"}, "N(N)(N)(5)", "error"},
	{[]string{"N(x) x", "M N"}, "M(M)(3)", "error"},
	{[]string{"A B(", "B(x) x"}, "A 7)", "7"},
	{[]string{"A(x) B(x", "B(x) x"}, "A(1))", "1"},
	{[]string{"A(x) B", "B(x) A(x)"}, "A(1)(2)(3)", "error"},
	{[]string{"A(x) x B", "B(x) A"}, "A(1)(2)(3)", "error"},
	{[]string{"f(x) g", "g(x) f"}, "f(1)(2)(3)", "0"},
	{[]string{"f(x) x g", "g f"}, "f(1)(2)", "error"},
	{[]string{"EMPTY", "F(x) x"}, "F EMPTY (1)", "error"},
	{[]string{"LPAREN (", "F(x) x"}, "F LPAREN 1)", "error"},
	{[]string{"V(x, ...) x + __VA_ARGS__ + 0"}, "V(1) + V(1,2) + V(1,2,3)", "3"},
	{[]string{"V(...) __VA_OPT__(1 +) 2"}, "V() + V(x)", "5"},
	{[]string{"V(...) a ## __VA_OPT__(b c) ## d", "ab 1", "cd 2", "ad 5"}, "V(1) + V()", "error"},
	{[]string{"V(x, ...) #__VA_OPT__(x)"}, "V(1, 2)", "error"},
	{[]string{"V(x, ...) __VA_OPT__"}, "V(1, 2)", "error"},
	{[]string{"V(x, ...) __VA_OPT__(", "W 1"}, "V(1, 2)", "error"},
	// Lexing inside discarded macro arguments: only lexical errors count.
	{[]string{"F(x) 1"}, "F(R\"abc)", "error"},
	{[]string{"F(x) 1"}, "F(R\"a b(x)a b\")", "error"},
	{[]string{"F(x) 1"}, "F(R\"x(unterminated)", "error"},
	{[]string{"F(x) 1"}, "F(R\"x(ok)x\")", "1"},
	{[]string{"F(x) 1"}, "F(\"unterminated)", "error"},
	{[]string{"F(x) 1"}, "F('a)", "error"},
	{[]string{"F(x) 1"}, "F(1''2)", "error"},
	{[]string{"F(x) 1"}, "F(1.5 \"s\" @ \\ 'a'_x)", "1"},
	{[]string{"F(x) 1"}, "F(a /* ) */ )", "1"},
	{[]string{"F(x) 1"}, "F(\")\")", "1"},
	{[]string{"F(x) 1"}, "F(')')", "1"},
	{[]string{"F(x) 1"}, "F(u8R\"(x)\")", "1"},
	// Assertions do not exist under -undef.
	{nil, "#machine(x86_64)", "0"},
	{nil, "#", "error"},
	{nil, "#1", "error"},
}

func parseWant(t *testing.T, s string) (Value, bool) {
	t.Helper()
	if s == "error" {
		return Value{}, false
	}
	if u, ok := trimSuffix(s, "u"); ok {
		v, err := strconv.ParseUint(u, 10, 64)
		if err != nil {
			t.Fatalf("bad want %q", s)
		}
		return Value{Known: true, Val: int64(v), Unsigned: true}, true
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("bad want %q", s)
	}
	return Value{Known: true, Val: v}, true
}

func trimSuffix(s, suf string) (string, bool) {
	if len(s) > len(suf) && s[len(s)-len(suf):] == suf {
		return s[:len(s)-len(suf)], true
	}
	return s, false
}

func TestRegression(t *testing.T) {
	for _, c := range regressionCases {
		want, ok := parseWant(t, c.want)
		r, err := Eval(c.expr, closedEnv(c.defs))
		switch {
		case !ok && err == nil:
			t.Errorf("#if %s (macros %q) = %+v, want an error", c.expr, c.defs, r.Value)
		case ok && err != nil:
			t.Errorf("#if %s (macros %q): %v, want %s", c.expr, c.defs, err, c.want)
		case ok && r.Value != want:
			t.Errorf("#if %s (macros %q) = %+v, want %+v", c.expr, c.defs, r.Value, want)
		}
	}
}

// TestRegressionMatchesCPP keeps the table honest.
func TestRegressionMatchesCPP(t *testing.T) {
	requireCPP(t)
	cases := make([]cppCase, len(regressionCases))
	for i, c := range regressionCases {
		cases[i] = cppCase{defs: c.defs, expr: c.expr}
	}
	compareWithCPP(t, cases)
}
