package expr

import (
	"math/rand"
	"sort"
	"strconv"
	"strings"
)

// gen produces random #if conditions with random macro sets for the
// differential test. It leans towards the places where preprocessors
// differ: unsigned conversions, shift counts, division by zero in
// evaluated and unevaluated operands, macros that expand to macro names,
// recursion, pasting, defined produced by expansion, and token soup.
type gen struct {
	r    *rand.Rand
	funs map[string][]string // function-like macros of the current case
}

var (
	objNames = []string{"OA", "OB", "OC", "OD"}
	funNames = []string{"FA", "FB", "FC"}
	undefs   = []string{"zz0", "zz1", "nothing_here"}
	binOps   = []string{
		"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==", "!=",
		"&", "^", "|", "&&", "||", ",", "and", "or", "bitand", "bitor", "xor", "not_eq",
	}
	unOps = []string{"-", "+", "~", "!", "not", "compl"}
)

func (g *gen) pick(s []string) string { return s[g.r.Intn(len(s))] }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

// macroSet defines a random subset of the macro names.
func (g *gen) macroSet() (defs []string, funParams map[string][]string) {
	funParams = map[string][]string{}
	for _, n := range objNames {
		if g.chance(0.55) {
			defs = append(defs, n+" "+g.objBody())
		}
	}
	for _, n := range funNames {
		if !g.chance(0.75) {
			continue
		}
		var params []string
		switch g.r.Intn(7) {
		case 0:
			params = nil
		case 1, 2:
			params = []string{"a"}
		case 3, 4:
			params = []string{"a", "b"}
		case 5:
			params = []string{"a", "..."}
		case 6:
			params = []string{"..."}
		}
		funParams[n] = params
		defs = append(defs, n+"("+strings.Join(params, ", ")+") "+g.funBody(params))
	}
	return defs, funParams
}

func (g *gen) objBody() string {
	switch g.r.Intn(24) {
	case 0:
		return ""
	case 1:
		return "defined"
	case 2:
		return "defined(" + g.pick(objNames) + ")"
	case 3:
		return g.pick(funNames)
	case 4:
		return g.pick([]string{"(", ")", "+", "1 +", ", 1", "?", "1 :"})
	case 5:
		return "__has_include(<cstdio>)"
	case 6:
		return g.pick([]string{"zz ## 1", "1 ## 0", "0 ## x ## 1F", "< ## <", "- ## 1", "1 ## u", "OA ## B", "& ## &"})
	case 7:
		return g.pick(objNames) + " + 1"
	case 8:
		return g.pick(funNames) + "(1)"
	case 9:
		return g.pick(funNames) + "("
	}
	for {
		// Adjacent digit separators are an error in the #define itself.
		if body := g.render(g.expr(2, nil)); !strings.Contains(body, "''") {
			return body
		}
	}
}

func (g *gen) funBody(params []string) string {
	var names []string
	for _, p := range params {
		if p == "..." {
			names = append(names, "__VA_ARGS__")
		} else {
			names = append(names, p)
		}
	}
	if len(names) > 0 && g.chance(0.35) {
		p := g.pick(names)
		q := g.pick(names)
		switch g.r.Intn(10) {
		case 0:
			return p + " ## " + q
		case 1:
			return p + " ## 1"
		case 2:
			return "0x ## " + p
		case 3:
			return "defined(" + p + ")"
		case 4:
			return "defined " + p
		case 5:
			return "(" + p + ") ? " + q + " : 0"
		case 6:
			if params[len(params)-1] == "..." {
				return "FB(0 , ## __VA_ARGS__)"
			}
			return p + " " + p
		case 7:
			if params[len(params)-1] == "..." {
				return "1 __VA_OPT__(+ __VA_ARGS__)"
			}
			return "-" + p
		case 8:
			return g.pick(funNames) + "(" + p + ")"
		case 9:
			return g.pick(funNames) + " " + p
		}
	}
	for {
		// '#' must be followed by a parameter in a function-like macro.
		if body := g.render(g.expr(2, names)); !strings.Contains(body, "#") && !strings.Contains(body, "''") {
			return body
		}
	}
}

// expr returns the tokens of a random expression of depth at most d;
// params are names usable as operands inside a macro body.
func (g *gen) expr(d int, params []string) []string {
	if d <= 0 || g.chance(0.25) {
		return g.leaf(params)
	}
	switch g.r.Intn(12) {
	case 0, 1:
		return append([]string{g.pick(unOps)}, g.expr(d-1, params)...)
	case 2, 3, 4, 5:
		op := g.pick(binOps)
		l := g.expr(d-1, params)
		var r []string
		switch {
		case (op == "/" || op == "%") && g.chance(0.4):
			r = g.zeroish()
		case (op == "<<" || op == ">>") && g.chance(0.5):
			r = []string{g.pick([]string{"0", "1", "63", "64", "65", "100", "(-1)", "(-63)", "(-64)", "(-65)", "0x8000000000000000", "18446744073709551615u", "(-9223372036854775807-1)"})}
		default:
			r = g.expr(d-1, params)
		}
		out := append(l, op)
		return append(out, r...)
	case 6:
		out := g.expr(d-1, params)
		out = append(out, "?")
		out = append(out, g.expr(d-1, params)...)
		out = append(out, ":")
		return append(out, g.expr(d-1, params)...)
	case 7, 8:
		out := append([]string{"("}, g.expr(d-1, params)...)
		return append(out, ")")
	case 9:
		return g.call(d, params)
	case 10:
		n := g.name(params)
		if g.chance(0.5) {
			return []string{"defined", "(", n, ")"}
		}
		return []string{"defined", n}
	case 11:
		// Short-circuit around something that would fail if evaluated.
		bad := append([]string{"("}, g.leaf(params)...)
		bad = append(bad, "/", "0", ")")
		if g.chance(0.5) {
			return append([]string{g.pick([]string{"0", "1", "zz0", "OA"}), g.pick([]string{"&&", "||"})}, bad...)
		}
		return append(append([]string{g.pick([]string{"0", "1", "zz0", "OB"}), "?"}, bad...), ":", "(", "1", "%", g.pick([]string{"0", "1"}), ")")
	}
	return g.leaf(params)
}

func (g *gen) zeroish() []string {
	switch g.r.Intn(6) {
	case 0:
		return []string{"0"}
	case 1:
		return []string{g.pick(undefs)}
	case 2:
		return []string{"(", "1", "-", "1", ")"}
	case 3:
		return []string{g.pick(objNames)}
	case 4:
		return []string{"0u"}
	}
	return []string{"false"}
}

func (g *gen) call(d int, params []string) []string {
	f := g.pick(funNames)
	if g.chance(0.1) {
		return []string{f}
	}
	// Mostly invoke a defined macro with the right number of arguments.
	n := g.r.Intn(4)
	if len(g.funs) > 0 && g.chance(0.85) {
		names := make([]string, 0, len(g.funs))
		for name := range g.funs {
			names = append(names, name)
		}
		sort.Strings(names) // map order would break reproducibility
		f = g.pick(names)
		ps := g.funs[f]
		if g.chance(0.85) {
			n = len(ps)
			if n > 0 && ps[n-1] == "..." {
				n += g.r.Intn(3) - 1
			}
		}
	}
	out := []string{f, "("}
	for i := 0; i < n; i++ {
		if i > 0 {
			out = append(out, ",")
		}
		if g.chance(0.15) {
			continue // empty argument
		}
		out = append(out, g.expr(d-1, params)...)
	}
	if g.chance(0.03) {
		return out // unterminated
	}
	return append(out, ")")
}

func (g *gen) name(params []string) string {
	switch g.r.Intn(6) {
	case 0:
		return g.pick(undefs)
	case 1:
		return g.pick(funNames)
	case 2:
		if len(params) > 0 {
			return g.pick(params)
		}
	}
	return g.pick(objNames)
}

func (g *gen) leaf(params []string) []string {
	switch g.r.Intn(20) {
	case 0, 1, 2, 3, 4:
		return []string{g.number()}
	case 5:
		return []string{g.charLit()}
	case 6, 7:
		return []string{g.name(params)}
	case 8:
		if len(params) > 0 {
			return []string{g.pick(params)}
		}
		return []string{g.pick(objNames)}
	case 9:
		return []string{g.pick([]string{"true", "false"})}
	case 10:
		return []string{g.pick(funNames)}
	case 11:
		if g.chance(0.15) {
			return []string{g.pick([]string{
				"1.5", `"s"`, "1e3", "08", "0x", "1lul", "1uu", "0b2", "1''0", ".5", "1_000", "0x1p3", "1i",
				"__has_include(<cstdio>)", `__has_include("nonexistent_zz.h")`, "__has_include(<nonexistent_zz.h>)",
				"__has_include(cstdio)", "__has_include", "=", "a.b", "#", "[", "@", "1 2",
			})}
		}
	}
	return []string{g.number()}
}

func (g *gen) number() string {
	switch g.r.Intn(16) {
	case 0:
		return g.pick([]string{
			"9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
			"0x7fffffffffffffff", "0xffffffffffffffff", "0x8000000000000000", "01777777777777777777777",
			"0b1111111111111111111111111111111111111111111111111111111111111111", "4294967296", "2147483648",
		})
	case 1:
		return "0x" + strconv.FormatUint(g.r.Uint64()>>uint(g.r.Intn(64)), 16) + g.suffix()
	case 2:
		return "0" + strconv.FormatUint(uint64(g.r.Intn(4096)), 8) + g.suffix()
	case 3:
		return "0b" + strconv.FormatUint(uint64(g.r.Intn(64)), 2) + g.suffix()
	case 4:
		return g.pick([]string{"1'000", "0x1'f", "0b1'0", "1'2'3u", "0'7"})
	case 5:
		return strconv.FormatUint(g.r.Uint64()>>uint(g.r.Intn(64)), 10) + g.suffix()
	}
	return strconv.Itoa(g.r.Intn(20)) + g.suffix()
}

func (g *gen) suffix() string {
	if g.chance(0.7) {
		return ""
	}
	if g.chance(0.1) {
		return g.pick([]string{"lL", "x", "uu", "lul", "_a", "i"})
	}
	return g.pick([]string{"u", "U", "l", "L", "ll", "LL", "ul", "lu", "ULL", "llu", "uLL", "Lu", "z", "uz", "Z", "zU"})
}

func (g *gen) charLit() string {
	return g.pick([]string{
		"'a'", `'\n'`, `'\x41'`, `'\0'`, `'\377'`, `'\xff'`, "'ab'", "'abcd'", "'abcde'", `'\''`, `'"'`, `'\\'`,
		"L'a'", `L'\xffffffff'`, "u'a'", `u'\xffff'`, "U'a'", `U'\xffffffff'`, "u8'a'", `u8'\x80'`,
		`'\u00e9'`, `'\e'`, `'\400'`, `'\a'`, `'\?'`, `U'\U0001F600'`, `u'\u20ac'`, "L'ab'", `'\q'`,
		"u8'ab'", "''", `'\x'`, "u'ab'", "'a'_x", // errors
	})
}

// render joins tokens, usually with a space, sometimes without, so that
// adjacent tokens can also lex differently (1+-1, --, 0x1u...).
func (g *gen) render(toks []string) string {
	var b strings.Builder
	for i, t := range toks {
		// Never glue a comment opener: "/" "/" must stay two tokens.
		glued := i > 0 && strings.HasSuffix(toks[i-1], "/") && (t[0] == '/' || t[0] == '*')
		if i > 0 && (glued || g.chance(0.9)) {
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	return b.String()
}

// mutate damages an expression now and then, to exercise syntax errors.
func (g *gen) mutate(toks []string) []string {
	if len(toks) == 0 || !g.chance(0.04) {
		return toks
	}
	i := g.r.Intn(len(toks))
	switch g.r.Intn(3) {
	case 0:
		return append(toks[:i:i], toks[i+1:]...)
	case 1:
		out := append(toks[:i:i], g.pick([]string{"(", ")", "?", ":", ",", "+", "defined", "1"}))
		return append(out, toks[i:]...)
	}
	out := append(toks[:i+1:i+1], toks[i])
	return append(out, toks[i+1:]...)
}

// next generates one case.
func (g *gen) next() cppCase {
	defs, funs := g.macroSet()
	g.funs = funs
	toks := g.mutate(g.expr(5, nil))
	return cppCase{defs: defs, expr: g.render(toks)}
}
