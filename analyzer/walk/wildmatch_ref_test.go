package walk

// This file is a line-by-line port of git's wildmatch.c, the reference the
// production matcher (wildmatch.go) is checked against. The port itself is
// not used in production: its backtracking is exponential on hostile
// patterns such as "/*a*a*a*a*b", which a fork's .gitignore may contain.

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

// refWildmatch is git's wildmatch(): pathname is WM_PATHNAME.
func refWildmatch(pattern, text string, pathname bool) bool {
	return dowild(pattern, text, pathname) == wmMatch
}

func isGlobSpecial(c byte) bool {
	return c == '*' || c == '?' || c == '[' || c == '\\'
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
			end, matched, malformed := classMatch(p, pi, tc)
			if malformed {
				return wmAbortAll
			}
			if !matched || (pathname && tc == '/') {
				return wmNoMatch
			}
			pi = end
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
