package walk

// This file is a port of git's wildmatch.c (the matcher behind .gitignore),
// kept close to the original so that edge cases behave exactly as in git.
// It works on bytes, like git: "?" matches one byte, not one rune.

type wmResult int8

const (
	wmMatch wmResult = iota
	wmNoMatch
	// wmAbortAll: the text ran out, so no later start position of an
	// enclosing "*" can match either. This cut is what keeps matching
	// polynomial on hostile patterns such as "*a*a*a*a*b".
	wmAbortAll
	// wmAbortToStarStar: a single "*" hit a "/"; only an enclosing "**"
	// may still advance past it.
	wmAbortToStarStar
)

// wildmatch reports whether text matches the glob pattern. With pathname
// set (git's WM_PATHNAME), "*", "?" and classes do not match "/", and only
// "**" between slashes (or at either end) crosses directories.
func wildmatch(pattern, text string, pathname bool) bool {
	return dowild(pattern, text, pathname) == wmMatch
}

func isGlobSpecial(c byte) bool {
	return c == '*' || c == '?' || c == '[' || c == '\\'
}

// at returns s[i], or 0 past the end, standing in for C's NUL terminator.
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func dowild(p, text string, pathname bool) wmResult {
	pi, ti := 0, 0
	for ; pi < len(p); pi, ti = pi+1, ti+1 {
		pc := p[pi]
		if ti >= len(text) && pc != '*' {
			return wmAbortAll
		}
		tc := at(text, ti)
		switch pc {
		case '\\':
			// Literal match with the next byte; a trailing backslash
			// matches nothing.
			pi++
			if pi >= len(p) || p[pi] != tc {
				return wmNoMatch
			}
		case '?':
			if pathname && tc == '/' {
				return wmNoMatch
			}
		case '*':
			r, done, npi, nti := star(p, pi, text, ti, pathname)
			if done {
				return r
			}
			// A single "*" followed by "/" jumped to the next slash of
			// text; the loop increment consumes both slashes.
			pi, ti = npi, nti
		case '[':
			np, ok, r := class(p, pi, tc, pathname)
			if !ok {
				return r
			}
			pi = np
		default:
			if tc != pc {
				return wmNoMatch
			}
		}
	}
	if ti < len(text) {
		return wmNoMatch
	}
	return wmMatch
}

// star handles a "*" or "**" at p[pi] against text[ti:]. It returns
// done=true with the final result, or done=false with the indexes of the
// "/" that follows a single "*" in p and of the next "/" in text.
func star(p string, pi int, text string, ti int, pathname bool) (r wmResult, done bool, npi, nti int) {
	matchSlash := !pathname
	pi++
	if at(p, pi) == '*' {
		prev := pi - 2
		for pi++; at(p, pi) == '*'; pi++ {
		}
		if !pathname {
			// Without WM_PATHNAME "**" is just "*", which already
			// crosses slashes.
			matchSlash = true
		} else if (prev < 0 || p[prev] == '/') &&
			(pi >= len(p) || p[pi] == '/' || (p[pi] == '\\' && at(p, pi+1) == '/')) {
			// "**/" may match zero directories: try the rest right here.
			if pi < len(p) && p[pi] == '/' && dowild(p[pi+1:], text[ti:], pathname) == wmMatch {
				return wmMatch, true, 0, 0
			}
			matchSlash = true
		} else {
			// "**" not delimited by slashes is an ordinary "*".
			matchSlash = !pathname
		}
	}
	if pi >= len(p) {
		// A trailing "**" matches everything; a trailing "*" only if
		// no slash is left.
		if !matchSlash {
			for i := ti; i < len(text); i++ {
				if text[i] == '/' {
					return wmNoMatch, true, 0, 0
				}
			}
		}
		return wmMatch, true, 0, 0
	}
	if !matchSlash && p[pi] == '/' {
		for i := ti; i < len(text); i++ {
			if text[i] == '/' {
				return 0, false, pi, i
			}
		}
		return wmNoMatch, true, 0, 0
	}
	for ; ti < len(text); ti++ {
		tc := text[ti]
		// Fast forward to the literal that follows the star; bytes
		// before it must belong to the star.
		if !isGlobSpecial(p[pi]) {
			for ti < len(text) && (matchSlash || text[ti] != '/') && text[ti] != p[pi] {
				ti++
			}
			if ti >= len(text) || text[ti] != p[pi] {
				return wmNoMatch, true, 0, 0
			}
			tc = text[ti]
		}
		m := dowild(p[pi:], text[ti:], pathname)
		if m != wmNoMatch {
			if !matchSlash || m != wmAbortToStarStar {
				return m, true, 0, 0
			}
		} else if !matchSlash && tc == '/' {
			return wmAbortToStarStar, true, 0, 0
		}
	}
	return wmAbortAll, true, 0, 0
}

// class matches the bracket expression at p[pi] ("[") against tc. It
// returns the index of the closing "]" and ok=true when tc is accepted, or
// ok=false with the result to return.
func class(p string, pi int, tc byte, pathname bool) (end int, ok bool, r wmResult) {
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
	matched := false
	for {
		// A "]" right after "[" or "[!" is a literal, which is why the
		// loop tests for the end only after its first element.
		if pi >= len(p) {
			return 0, false, wmAbortAll
		}
		switch {
		case pc == '\\':
			pi++
			if pi >= len(p) {
				return 0, false, wmAbortAll
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
					return 0, false, wmAbortAll
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
				return 0, false, wmAbortAll
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
				return 0, false, wmAbortAll
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
			return 0, false, wmAbortAll
		}
		if pc == ']' {
			break
		}
	}
	if matched == negated || (pathname && tc == '/') {
		return 0, false, wmNoMatch
	}
	return pi, true, 0
}

// posixClass evaluates "[:name:]" for an ASCII byte, as git does (bytes
// above 0x7f belong to no class).
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
