package walk

import "strings"

// This file matches gitignore globs with git's wildmatch semantics
// (wildmatch.c), but compiled to a small NFA and run in one pass over the
// text: O(len(pattern) * len(text)) whatever the pattern. git's own
// backtracking matcher is exponential on patterns like "/*a*a*a*a*b", and a
// fork's .gitignore is untrusted input. wildmatch_ref_test.go holds a
// line-by-line port of git's matcher that this one is checked against.
//
// Semantics, as in git, bytewise ("?" matches one byte, not one rune):
//   - With pathname (WM_PATHNAME, used for patterns that contain a "/"),
//     "*", "?" and bracket classes do not match "/". "**" matches across
//     directories only when it is a whole path element: "**/x" (zero or
//     more leading directories), "x/**" (everything inside), "x/**/y" (zero
//     or more directories between); any other "**" is a "*".
//   - Without pathname (base-name patterns), "*" and "**" match anything.
//   - "[...]" classes: ranges, "!" or "^" negation, a leading "]" taken
//     literally, backslash escapes, and POSIX "[:alpha:]"-style classes.
//   - A backslash makes the next byte literal.
//   - A pattern that git can never match (a trailing backslash, an
//     unterminated class, an unknown [:class:]) matches nothing.

type tokKind uint8

const (
	tokLit   tokKind = iota // one literal byte
	tokAny                  // "?"
	tokClass                // "[...]"
	tokStar                 // "*" or "**"
	// tokSplit reads nothing: it leads both to the next token and to
	// skip. It sits before the star of a "**/" so that the zero-directory
	// shortcut is taken only before the star consumed anything.
	tokSplit
)

// globTok is one element of a compiled glob.
type globTok struct {
	kind tokKind
	lit  byte
	// slash: a star that may match "/" (a "**", or any star without
	// pathname).
	slash bool
	// skip is the tokSplit's second target: past the "**/" it precedes.
	skip int
	set  *[256]bool // tokClass members
}

// glob is a compiled wildmatch pattern.
type glob struct {
	toks     []globTok
	pathname bool
	never    bool // malformed: git's matcher aborts on it, so nothing matches
	// Literal text every match must start with, end with, and contain:
	// cheap tests that reject almost every path before the NFA runs.
	prefix, suffix, inner string
}

// compileGlob compiles a pattern for matching with or without pathname.
func compileGlob(p string, pathname bool) *glob {
	g := &glob{pathname: pathname}
	for pi := 0; pi < len(p); {
		switch c := p[pi]; c {
		case '\\':
			if pi+1 >= len(p) {
				g.never = true
				return g
			}
			g.toks = append(g.toks, globTok{kind: tokLit, lit: p[pi+1]})
			pi += 2
		case '?':
			g.toks = append(g.toks, globTok{kind: tokAny})
			pi++
		case '[':
			var set [256]bool
			end := 0
			for b := range 256 {
				e, m, malformed := classMatch(p, pi, byte(b))
				if malformed {
					g.never = true
					return g
				}
				set[b], end = m, e
			}
			if pathname {
				set['/'] = false
			}
			g.toks = append(g.toks, globTok{kind: tokClass, set: &set})
			pi = end + 1
		case '*':
			start := pi
			for pi < len(p) && p[pi] == '*' {
				pi++
			}
			t := globTok{kind: tokStar, slash: !pathname}
			if pathname && pi-start >= 2 &&
				(start == 0 || p[start-1] == '/') &&
				(pi == len(p) || p[pi] == '/' || (p[pi] == '\\' && at(p, pi+1) == '/')) {
				t.slash = true
				if pi < len(p) && p[pi] == '/' {
					// "**/" is "(.*/)?": split past the split, the star
					// and the "/" that the loop adds next.
					g.toks = append(g.toks, globTok{kind: tokSplit, skip: len(g.toks) + 3})
				}
			}
			g.toks = append(g.toks, t)
		default:
			g.toks = append(g.toks, globTok{kind: tokLit, lit: c})
			pi++
		}
	}
	g.findLiterals()
	return g
}

// findLiterals fills prefix, suffix and inner from the runs of literal
// tokens that every match must read. The "/" of a "**/" is not such a
// token: the zero-directory shortcut skips it.
func (g *glob) findLiterals() {
	n := len(g.toks)
	optional := make([]bool, n)
	for i, t := range g.toks {
		if t.kind == tokSplit {
			for j := i + 1; j < t.skip; j++ {
				optional[j] = true
			}
		}
	}
	isLit := func(i int) bool { return g.toks[i].kind == tokLit && !optional[i] }
	text := func(from, to int) string {
		b := make([]byte, 0, to-from)
		for _, t := range g.toks[from:to] {
			b = append(b, t.lit)
		}
		return string(b)
	}
	end := 0
	for end < n && isLit(end) {
		end++
	}
	g.prefix = text(0, end)
	start := n
	for start > 0 && isLit(start-1) {
		start--
	}
	g.suffix = text(start, n)
	for i := 0; i < n; {
		j := i
		for j < n && isLit(j) {
			j++
		}
		if j-i > len(g.inner) {
			g.inner = text(i, j)
		}
		i = max(j, i+1)
	}
}

// match runs the NFA: live[i] means "the first i tokens match the text
// read so far". Every edge points forward, so one ascending pass computes
// the epsilon closure.
func (g *glob) match(text string) bool {
	if g.never || !strings.HasPrefix(text, g.prefix) || !strings.HasSuffix(text, g.suffix) ||
		!strings.Contains(text, g.inner) {
		return false
	}
	n := len(g.toks)
	var buf [2 * 64]bool // no allocation for patterns of up to 63 tokens
	var cur, next []bool
	if 2*(n+1) <= len(buf) {
		cur, next = buf[:n+1], buf[n+1:2*(n+1)]
	} else {
		cur, next = make([]bool, n+1), make([]bool, n+1)
	}
	cur[0] = true
	g.closure(cur)
	for j := 0; j < len(text); j++ {
		c := text[j]
		clear(next)
		alive := false
		for i, t := range g.toks {
			if !cur[i] {
				continue
			}
			switch t.kind {
			case tokLit:
				next[i+1] = next[i+1] || c == t.lit
			case tokAny:
				next[i+1] = next[i+1] || !g.pathname || c != '/'
			case tokClass:
				next[i+1] = next[i+1] || t.set[c]
			case tokStar:
				next[i] = next[i] || t.slash || c != '/'
			}
			alive = alive || next[i] || next[i+1]
		}
		if !alive {
			return false
		}
		g.closure(next)
		cur, next = next, cur
	}
	return cur[n]
}

// closure adds the states reachable without reading: a star may match
// nothing, and "**/" may match no directory at all.
func (g *glob) closure(live []bool) {
	for i, t := range g.toks {
		if !live[i] {
			continue
		}
		switch t.kind {
		case tokStar:
			live[i+1] = true
		case tokSplit:
			live[i+1] = true
			live[t.skip] = true
		}
	}
}

// at returns s[i], or 0 past the end (C's NUL terminator).
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// classMatch parses the bracket expression at p[pi] ("[") as git does and
// tests tc against it. It returns the index of the closing "]", whether tc
// is accepted (before the pathname rule), and whether the class is
// malformed, in which case git aborts the whole match. The parse never
// depends on tc.
func classMatch(p string, pi int, tc byte) (end int, matched, malformed bool) {
	pi++
	pc := at(p, pi)
	if pc == '^' {
		pc = '!'
	}
	negated := pc == '!'
	if negated {
		pi++
		pc = at(p, pi)
	}
	var prev byte
	for {
		// A "]" right after "[" or "[!" is a literal, which is why the
		// loop tests for the end only after its first element.
		if pi >= len(p) {
			return 0, false, true
		}
		switch {
		case pc == '\\':
			pi++
			if pi >= len(p) {
				return 0, false, true
			}
			pc = p[pi]
			if tc == pc {
				matched = true
			}
		case pc == '-' && prev != 0 && pi+1 < len(p) && p[pi+1] != ']':
			pi++
			pc = p[pi]
			if pc == '\\' {
				pi++
				if pi >= len(p) {
					return 0, false, true
				}
				pc = p[pi]
			}
			if tc <= pc && tc >= prev {
				matched = true
			}
			pc = 0 // a range cannot start another range
		case pc == '[' && at(p, pi+1) == ':':
			s := pi + 2
			e := s
			for e < len(p) && p[e] != ']' {
				e++
			}
			if e >= len(p) {
				return 0, false, true
			}
			if e-s-1 < 0 || p[e-1] != ':' {
				// No ":]": the "[" is an ordinary member.
				if tc == '[' {
					matched = true
				}
				pc = '['
				break
			}
			m, known := posixClass(p[s:e-1], tc)
			if !known {
				return 0, false, true
			}
			if m {
				matched = true
			}
			pi = e
			pc = 0
		default:
			if tc == pc {
				matched = true
			}
		}
		prev = pc
		pi++
		pc = at(p, pi)
		if pi >= len(p) {
			return 0, false, true
		}
		if pc == ']' {
			return pi, matched != negated, false
		}
	}
}

// posixClass evaluates "[:name:]" for a byte, as git does (bytes above
// 0x7f belong to no class).
func posixClass(name string, c byte) (match, known bool) {
	lower := 'a' <= c && c <= 'z'
	upper := 'A' <= c && c <= 'Z'
	digit := '0' <= c && c <= '9'
	switch name {
	case "alnum":
		return lower || upper || digit, true
	case "alpha":
		return lower || upper, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return c > 0x20 && c < 0x7f, true
	case "lower":
		return lower, true
	case "print":
		return c >= 0x20 && c < 0x7f, true
	case "punct":
		return c > 0x20 && c < 0x7f && !lower && !upper && !digit, true
	case "space":
		return c == ' ' || (c >= '\t' && c <= '\r'), true
	case "upper":
		return upper, true
	case "xdigit":
		return digit || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F'), true
	}
	return false, false
}
