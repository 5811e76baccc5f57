package python

// String literals as tree-sitter-python's external scanner cuts them:
// string_start (prefix and quotes), then content runs that stop at every
// backslash the scanner leaves to the grammar's escape_sequence token, and
// in f-strings at braces, then string_end. The runs between two
// interpolations make one string_content node, so the lexer merges them
// into one token and keeps the escapes inside aside.

type strDelim struct {
	quote                   byte
	triple, raw, bytes, fmt bool
}

// strPart is what one call of the scanner's string branch returns.
type strPart uint8

const (
	spNone    strPart = iota // the grammar's own lexer takes over here
	spContent                // string content up to end
	spEnd                    // the closing quotes, up to end
	spEscInterp
)

// lexString lexes a whole string literal starting at lx.pos, f-string
// interpolations included.
func (lx *pylexer) lexString() {
	src := lx.src
	s := lx.pos
	var d strDelim
	i := s
	for ; i < len(src); i++ {
		switch src[i] {
		case 'f', 'F':
			d.fmt = true
			continue
		case 'r', 'R':
			d.raw = true
			continue
		case 'b', 'B':
			d.bytes = true
			continue
		case 'u', 'U':
			continue
		}
		break
	}
	if i >= len(src) || src[i] != '"' && src[i] != '\'' {
		lx.bail() // backquotes
	}
	d.quote = src[i]
	i++
	if i+1 < len(src) && src[i] == d.quote && src[i+1] == d.quote {
		d.triple = true
		i += 2
	}
	lx.emit(tkStrStart, oNone, s, i)
	lx.pos = i
	contentTok := -1 // index of the open string_content token
	for {
		part, end := lx.scanStrPart(lx.pos, &d)
		switch part {
		case spEnd:
			lx.emit(tkStrEnd, oNone, lx.pos, end)
			lx.pos = end
			return
		case spContent:
			contentTok = lx.content(contentTok, lx.pos, end)
			lx.pos = end
			continue
		case spEscInterp:
			contentTok = lx.content(contentTok, lx.pos, lx.pos+2)
			lx.escs = append(lx.escs, pesc{interp: true, sb: uint32(lx.pos), eb: uint32(lx.pos + 2)})
			lx.toks[contentTok].esc1++
			lx.pos += 2
			continue
		}
		// The grammar's lexer: an escape sequence, a lone backslash, or
		// an interpolation's brace.
		p := lx.pos
		if p >= len(src) {
			lx.bail()
		}
		switch src[p] {
		case '\\':
			n := escapeLen(src[p:])
			contentTok = lx.content(contentTok, p, p+max(n, 1))
			if n > 0 {
				lx.escs = append(lx.escs, pesc{sb: uint32(p), eb: uint32(p + n)})
				lx.toks[contentTok].esc1++
			}
			lx.pos = p + max(n, 1)
		case '{':
			if !d.fmt {
				lx.bail()
			}
			contentTok = -1
			lx.interpolation(&d)
		default:
			lx.bail() // a newline in a one-line string, a stray '}', the end of the file
		}
	}
}

// content extends the open string_content token to end, or opens one.
func (lx *pylexer) content(tok, sb, end int) int {
	if tok >= 0 {
		lx.toks[tok].eb = uint32(end)
		lx.lastEnd = uint32(end)
		return tok
	}
	lx.toks = append(lx.toks, ptok{k: tkStrContent, sb: uint32(sb), eb: uint32(end), esc0: int32(len(lx.escs)), esc1: int32(len(lx.escs))})
	lx.lastEnd = uint32(end)
	return len(lx.toks) - 1
}

// scanStrPart follows the scanner's string branch from pos, step for
// step (its quirks included: in a raw string a backslash pair does not
// count as content, so a string of nothing else ends in a string_end
// that holds it; in bytes a \N, \u or \U swallows the character after).
func (lx *pylexer) scanStrPart(pos int, d *strDelim) (strPart, int) {
	src := lx.src
	n := len(src)
	if d.fmt && pos < n && (src[pos] == '{' || src[pos] == '}') {
		if pos+1 < n && src[pos+1] == src[pos] {
			return spEscInterp, pos + 2
		}
		return spNone, pos
	}
	i := pos
	has := false
	for i < n && src[i] != 0 {
		c := src[i]
		if d.fmt && (c == '{' || c == '}') {
			if has {
				return spContent, i
			}
			return spNone, pos
		}
		switch {
		case c == '\\':
			if d.raw {
				i++
				if i < n && (src[i] == d.quote || src[i] == '\\') {
					i++
				}
				if i < n && src[i] == '\r' {
					i++
					if i < n && src[i] == '\n' {
						i++
					}
				} else if i < n && src[i] == '\n' {
					i++
				}
				continue
			}
			if !d.bytes {
				if has {
					return spContent, i
				}
				return spNone, pos
			}
			mark := i
			i++
			if i < n && (src[i] == 'N' || src[i] == 'u' || src[i] == 'U') {
				i++
			} else {
				if has {
					return spContent, mark
				}
				return spNone, pos
			}
		case c == d.quote:
			if d.triple {
				mark := i
				i++
				if i < n && src[i] == d.quote {
					i++
					if i < n && src[i] == d.quote {
						if has {
							return spContent, mark
						}
						return spEnd, i + 1
					}
					return spContent, i
				}
				return spContent, i
			}
			if has {
				return spContent, i
			}
			return spEnd, i + 1
		case c == '\n' && has && !d.triple:
			return spNone, pos // the scanner fails; the grammar's lexer goes on at pos
		}
		if i < n {
			if src[i] < 0x80 {
				i++
			} else {
				i += runeLen(src[i:])
			}
		}
		has = true
	}
	lx.bail() // the end of the file, or a NUL, inside a string
	return spNone, pos
}

// escapeLen is the length of the escape_sequence token at b (b[0] is a
// backslash), 0 when there is none (the grammar then takes the backslash
// alone).
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	hex := func(k int) int {
		if len(b) < 2+k {
			return 0
		}
		for _, c := range b[2 : 2+k] {
			if !(c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f') {
				return 0
			}
		}
		return 2 + k
	}
	switch c := b[1]; {
	case c == 'u':
		return hex(4)
	case c == 'U':
		return hex(8)
	case c == 'x':
		return hex(2)
	case c >= '0' && c <= '9':
		n := 2
		for n < 4 && n < len(b) && b[n] >= '0' && b[n] <= '9' {
			n++
		}
		return n
	case c == '\n':
		return 2
	case c == '\r':
		if len(b) > 2 && b[2] == '\n' {
			return 3
		}
		return 0
	case c == '\'' || c == '"' || c == 'a' || c == 'b' || c == 'f' || c == 'r' || c == 'n' || c == 't' || c == 'v' || c == '\\':
		return 2
	case c == 'N':
		if len(b) < 4 || b[2] != '{' {
			return 0
		}
		for i := 3; i < len(b); i++ {
			switch b[i] {
			case '}':
				if i == 3 {
					return 0
				}
				return i + 1
			case '\n', '"', '\'':
				panic(errBail) // [^}]+ would run past the string
			}
		}
		return 0
	}
	return 0
}

// interpolation lexes "{" expression ["="] ["!x"] [":" spec] "}" inside
// an f-string; the braces, brackets and format spec are told apart by
// depth, as in Python's own tokenizer.
func (lx *pylexer) interpolation(d *strDelim) {
	src := lx.src
	lx.emit(tkOp, oLBrace, lx.pos, lx.pos+1)
	lx.pos++
	depth := 0
	for {
		for lx.pos < len(src) && (src[lx.pos] == ' ' || src[lx.pos] == '\t') {
			lx.pos++
		}
		if lx.pos >= len(src) {
			lx.bail()
		}
		c := src[lx.pos]
		switch {
		case c == '\n' || c == '\r' || c == '#' || c == '\\':
			lx.bail() // multi-line interpolations and the scanner's flags
		case c == '}' && depth == 0:
			lx.emit(tkOp, oRBrace, lx.pos, lx.pos+1)
			lx.pos++
			return
		case c == ':' && depth == 0:
			if lx.pos+1 < len(src) && src[lx.pos+1] == '=' {
				lx.bail()
			}
			lx.emit(tkOp, oColon, lx.pos, lx.pos+1)
			lx.pos++
			lx.formatSpec(d)
			return
		case c == '!' && depth == 0 && lx.pos+1 < len(src) && src[lx.pos+1] >= 'a' && src[lx.pos+1] <= 'z':
			lx.emit(tkTypeConv, oNone, lx.pos, lx.pos+2)
			lx.pos += 2
		default:
			lx.codeToken(true)
			t := lx.toks[len(lx.toks)-1]
			if t.k == tkOp {
				switch t.op {
				case oLParen, oLBrack, oLBrace:
					depth++
				case oRParen, oRBrack, oRBrace:
					depth--
					if depth < 0 {
						lx.bail()
					}
				}
			}
		}
	}
}

// formatSpec lexes a format spec up to the interpolation's closing brace:
// text runs ([^{}\n]+) and nested interpolations. Spaces are refused
// (tree-sitter may take them for padding rather than text), and so are
// the string's own quotes, which the text token would swallow.
func (lx *pylexer) formatSpec(d *strDelim) {
	src := lx.src
	for {
		if lx.pos >= len(src) {
			lx.bail()
		}
		switch c := src[lx.pos]; c {
		case '}':
			lx.emit(tkOp, oRBrace, lx.pos, lx.pos+1)
			lx.pos++
			return
		case '{':
			lx.interpolation(d)
		default:
			s := lx.pos
			e := s
			for e < len(src) && src[e] != '{' && src[e] != '}' {
				switch src[e] {
				case '\n', '\r', ' ', '\t', '\\', '"', '\'', 0:
					lx.bail()
				}
				e++
			}
			lx.emit(tkFmtText, oNone, s, e)
			lx.pos = e
		}
	}
}
