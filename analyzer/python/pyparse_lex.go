package python

import "unicode/utf8"

// The hand-written parser's lexer. It produces the tokens tree-sitter's
// Python grammar sees, including the zero-width NEWLINE, INDENT and DEDENT
// tokens of its external scanner (src/scanner.c of tree-sitter-python
// v0.23.6) at the very byte offsets that scanner puts them: node ranges
// and the placement of comments depend on them. Comments and line
// continuations are extras, kept aside with the index of the token that
// follows them. Anything the emulation is not sure of bails out (see
// errBail): the caller then falls back to tree-sitter.

type tkind uint8

const (
	tkEOF tkind = iota
	tkNewline
	tkIndent
	tkDedent
	tkName
	tkInt
	tkFloat
	tkOp
	tkStrStart
	tkStrContent
	tkStrEnd
	tkTypeConv
	tkFmtText
)

// ptok is one token. For tkName, op is the keyword (oNone for a plain
// identifier); for tkOp the operator. A tkStrContent token's escape
// sequences are escs[esc0:esc1].
type ptok struct {
	k          tkind
	op         opc
	sb, eb     uint32
	esc0, esc1 int32
}

// pextra is a comment or line continuation: next is the index of the
// token that follows it.
type pextra struct {
	cont   bool // line_continuation, else comment
	sb, eb uint32
	next   int32
}

// pesc is an escape_sequence or escape_interpolation inside a string.
type pesc struct {
	interp bool
	sb, eb uint32
}

type pylexer struct {
	src     []byte
	pos     int
	toks    []ptok
	extras  []pextra
	escs    []pesc
	indents []int
	depth   int    // open brackets in code
	lastEnd uint32 // end of the last token or extra: where zero-width tokens go
}

func (lx *pylexer) bail() { panic(errBail) }

func (lx *pylexer) emit(k tkind, op opc, sb, eb int) {
	t := lx.newTok()
	t.k, t.op, t.sb, t.eb, t.esc0, t.esc1 = k, op, uint32(sb), uint32(eb), 0, 0
	lx.lastEnd = uint32(eb)
}

func (lx *pylexer) emitVirtual(k tkind) {
	t := lx.newTok()
	t.k, t.op, t.sb, t.eb, t.esc0, t.esc1 = k, oNone, lx.lastEnd, lx.lastEnd, 0, 0
}

// newTok adds a token for the caller to fill, every field.
func (lx *pylexer) newTok() *ptok { return grow(&lx.toks) }

// grow adds one element to *s and returns it for the caller to fill,
// every field (within capacity it holds an old element's values):
// appending a struct literal built it on the stack and copied it with
// wide loads of narrower stores, which stalled (a tenth of the parser's
// time).
func grow[T any](s *[]T) *T {
	n := len(*s)
	if n < cap(*s) {
		*s = (*s)[:n+1]
	} else {
		var zero T
		*s = append(*s, zero)
	}
	return &(*s)[n]
}

func (lx *pylexer) extra(cont bool, sb, eb int) {
	lx.extras = append(lx.extras, pextra{cont: cont, sb: uint32(sb), eb: uint32(eb), next: int32(len(lx.toks))})
	lx.lastEnd = uint32(eb)
}

func (lx *pylexer) top() int { return lx.indents[len(lx.indents)-1] }

// run tokenizes the whole source.
func (lx *pylexer) run() {
	src := lx.src
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		lx.pos = 3
	}
	lx.indents = append(lx.indents[:0], 0)
	lx.fileStart()
	for {
		lx.skipSpace()
		if lx.pos >= len(src) {
			if lx.depth > 0 {
				lx.bail()
			}
			// The last line ends at the end of the file, unless it was
			// ended already (a file that ends in a newline).
			if n := len(lx.toks); n > 0 && lx.toks[n-1].k != tkNewline && lx.toks[n-1].k != tkDedent {
				lx.endLine()
			}
			lx.toks = append(lx.toks, ptok{k: tkEOF, sb: uint32(len(src)), eb: uint32(len(src))})
			return
		}
		switch c := src[lx.pos]; c {
		case '#':
			lx.comment()
		case '\\':
			lx.continuation()
		case '\n':
			if lx.depth > 0 {
				lx.pos++
				lx.bracketLine()
				continue
			}
			lx.endLine()
		default:
			lx.codeToken(false)
		}
	}
}

// skipSpace skips blanks within a line. Vertical tabs and form feeds are
// whitespace to tree-sitter but reset the scanner's indentation count;
// they are rare enough to refuse.
func (lx *pylexer) skipSpace() {
	for lx.pos < len(lx.src) {
		switch lx.src[lx.pos] {
		case ' ', '\t', '\r':
			lx.pos++
		case '\f', '\v', 0:
			lx.bail()
		default:
			return
		}
	}
}

// comment lexes "#.*" (a carriage return is part of it).
func (lx *pylexer) comment() {
	s := lx.pos
	e := s
	for e < len(lx.src) && lx.src[e] != '\n' {
		e++
	}
	lx.extra(false, s, e)
	lx.pos = e
}

// continuation lexes a backslash-newline. The scanner skips it silently
// when a string starts right after (the string's padding takes it); a
// continuation before a blank line, a comment or the end of the file
// makes the scanner's newline logic see through it, which is not worth
// emulating.
func (lx *pylexer) continuation() {
	src := lx.src
	s := lx.pos
	e := s + 1
	if e < len(src) && src[e] == '\r' {
		e++
	}
	if e >= len(src) || src[e] != '\n' {
		lx.bail()
	}
	e++
	// What follows, past blanks and further continuations?
	i := e
	for i < len(src) {
		c := src[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		if c == '\\' {
			j := i + 1
			if j < len(src) && src[j] == '\r' {
				j++
			}
			if j < len(src) && src[j] == '\n' {
				i = j + 1
				continue
			}
		}
		break
	}
	if i >= len(src) || src[i] == '\n' || src[i] == '\r' || src[i] == '#' || src[i] == '\\' || src[i] == '\f' || src[i] == '\v' {
		lx.bail()
	}
	if lx.stringAhead(i) {
		lx.pos = i // swallowed into the string's padding
		return
	}
	lx.extra(true, s, e)
	lx.pos = e
}

// stringAhead says whether a string literal (prefix letters and a quote)
// starts at i.
func (lx *pylexer) stringAhead(i int) bool {
	for i < len(lx.src) {
		switch lx.src[i] {
		case 'f', 'F', 'r', 'R', 'b', 'B', 'u', 'U':
			i++
			continue
		case '"', '\'', '`':
			return true
		}
		return false
	}
	return false
}

// fileStart skips blank lines and lexes comment lines before the first
// statement, which must not be indented.
func (lx *pylexer) fileStart() {
	src := lx.src
	for {
		ls := lx.pos
		lx.skipSpace()
		if lx.pos >= len(src) {
			return
		}
		switch src[lx.pos] {
		case '\n':
			lx.pos++
			continue
		case '#':
			lx.comment()
			continue
		}
		if lx.pos != ls {
			lx.bail() // an indented first statement
		}
		return
	}
}

// bracketLine checks the line after a newline inside brackets: the
// scanner may emit a DEDENT there (an error) when the line is indented
// less than the current block, so such lines are refused.
func (lx *pylexer) bracketLine() {
	src := lx.src
	i, ind := lx.pos, 0
	for i < len(src) {
		switch src[i] {
		case ' ':
			ind++
		case '\t':
			ind += 8
		case '\r':
			ind = 0
		case '\n':
			ind = 0
		case '\f', '\v':
			lx.bail()
		default:
			if ind < lx.top() {
				lx.bail()
			}
			return
		}
		i++
	}
}

// lookLine is what the scanner sees from pos at the end of a logical
// line: the first comment line's indentation and extent (cind = -1 when
// there is none before the next statement) and the next statement's
// indentation and start (0 and the end of the file at the end).
func (lx *pylexer) lookLine(pos int) (cind, cs, ce, ind, rs int) {
	src := lx.src
	cind = -1
	eol := false
	for i := pos; ; {
		if i >= len(src) {
			return cind, cs, ce, 0, len(src)
		}
		switch src[i] {
		case '\n':
			eol = true
			ind = 0
		case ' ':
			ind++
		case '\r':
			ind = 0
		case '\t':
			ind += 8
		case '#':
			if !eol {
				lx.bail() // a same-line comment is lexed before this
			}
			e := i
			for e < len(src) && src[e] != '\n' {
				e++
			}
			if cind < 0 {
				cind, cs, ce = ind, i, e
			}
			i = e
			ind = 0
			continue
		case '\\', '\f', '\v', 0:
			lx.bail()
		default:
			if !eol {
				lx.bail()
			}
			return cind, cs, ce, ind, i
		}
		i++
	}
}

// endLine ends a logical line outside brackets: NEWLINE, or INDENT after
// a block's colon, then the DEDENTs and comment lines in the order the
// scanner produces them.
func (lx *pylexer) endLine() {
	n := len(lx.toks)
	header := false
	if n > 0 {
		switch t := lx.toks[n-1]; t.k {
		case tkNewline, tkIndent, tkDedent:
			lx.bail() // cannot happen: blank lines are skipped below
		case tkOp:
			header = t.op == oColon
		}
	}
	if n == 0 {
		lx.bail()
	}
	if header {
		_, _, _, ind, _ := lx.lookLine(lx.pos)
		if ind <= lx.top() || ind > 255 {
			lx.bail() // an empty block, or an indentation the scanner's state truncates
		}
		lx.indents = append(lx.indents, ind)
		lx.emitVirtual(tkIndent)
	} else {
		lx.emitVirtual(tkNewline)
	}
	for {
		cind, cs, ce, ind, rs := lx.lookLine(lx.pos)
		if ind < lx.top() && cind < lx.top() {
			lx.indents = lx.indents[:len(lx.indents)-1]
			lx.emitVirtual(tkDedent)
			continue
		}
		if cind >= 0 {
			lx.extra(false, cs, ce)
			lx.pos = ce
			continue
		}
		if ind != lx.top() {
			lx.bail() // an unexpected indent, or a dedent to no enclosing level
		}
		lx.pos = rs
		return
	}
}

// codeToken lexes one name, number, string or operator.
func (lx *pylexer) codeToken(inInterp bool) {
	src := lx.src
	s := lx.pos
	c := src[s]
	switch {
	case c >= 0x80:
		lx.bail() // non-ASCII identifiers and odd spaces
	case pyIdentStart(c):
		if lx.stringAhead(s) {
			lx.lexString()
			return
		}
		e := s + 1
		for e < len(src) && pyIdentChar(src[e]) {
			e++
		}
		if e < len(src) && src[e] >= 0x80 {
			lx.bail()
		}
		lx.emit(tkName, keywordOf(src[s:e]), s, e)
		lx.pos = e
	case c == '"' || c == '\'':
		lx.lexString()
	case c >= '0' && c <= '9' || c == '.' && s+1 < len(src) && src[s+1] >= '0' && src[s+1] <= '9':
		lx.number()
	default:
		op, n := matchOp(src[s:])
		if op == oNone {
			lx.bail()
		}
		// Interpolations count their own brackets.
		switch {
		case inInterp:
		case op == oLParen || op == oLBrack || op == oLBrace:
			lx.depth++
		case op == oRParen || op == oRBrack || op == oRBrace:
			if lx.depth == 0 {
				lx.bail()
			}
			lx.depth--
		}
		lx.emit(tkOp, op, s, s+n)
		lx.pos = s + n
	}
}

// pyIdent has, for each byte, bit 1 when an identifier may start with it
// (an ASCII letter or '_') and bit 2 when one may go on with it (those
// and the digits): a table lookup where the comparisons' branches were a
// fifth of the lexer's time.
var pyIdent = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' {
			t[c] = 3
		} else if b >= '0' && b <= '9' {
			t[c] = 2
		}
	}
	return t
}()

func pyIdentStart(c byte) bool { return pyIdent[c]&1 != 0 }

func pyIdentChar(c byte) bool { return pyIdent[c]&2 != 0 }

// number lexes tree-sitter's integer and float tokens, refusing the
// spellings where its regular expressions and Python part ways (a
// trailing underscore, a letter right after the number).
func (lx *pylexer) number() {
	src := lx.src
	s := lx.pos
	i := s
	digits := func(ok func(byte) bool) int {
		n := 0
		for i < len(src) {
			if ok(src[i]) {
				i++
				n++
				continue
			}
			if src[i] == '_' && i+1 < len(src) && ok(src[i+1]) && n > 0 {
				i++
				continue
			}
			break
		}
		return n
	}
	dec := func(c byte) bool { return c >= '0' && c <= '9' }
	kind := tkInt
	if src[i] == '0' && i+1 < len(src) && (src[i+1]|0x20 == 'x' || src[i+1]|0x20 == 'o' || src[i+1]|0x20 == 'b') {
		var ok func(byte) bool
		switch src[i+1] | 0x20 {
		case 'x':
			ok = func(c byte) bool { return dec(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
		case 'o':
			ok = func(c byte) bool { return c >= '0' && c <= '7' }
		default:
			ok = func(c byte) bool { return c == '0' || c == '1' }
		}
		i += 2
		if i < len(src) && src[i] == '_' {
			i++
		}
		if digits(ok) == 0 {
			lx.bail()
		}
		if i < len(src) && src[i]|0x20 == 'l' {
			i++
		}
	} else {
		n := digits(dec)
		if i < len(src) && src[i] == '.' {
			if i+1 < len(src) && src[i+1] == '.' {
				lx.bail()
			}
			i++
			kind = tkFloat
			m := digits(dec)
			if n == 0 && m == 0 {
				lx.bail()
			}
		}
		if i < len(src) && src[i]|0x20 == 'e' {
			i++
			if i < len(src) && (src[i] == '+' || src[i] == '-') {
				i++
			}
			if digits(dec) == 0 {
				lx.bail()
			}
			kind = tkFloat
		}
		if i < len(src) && src[i]|0x20 == 'j' {
			i++
		} else if kind == tkInt && i < len(src) && src[i]|0x20 == 'l' {
			i++
		}
	}
	if i < len(src) && (pyIdentChar(src[i]) || src[i] == '.' || src[i] >= 0x80) {
		lx.bail()
	}
	lx.emit(kind, oNone, s, i)
	lx.pos = i
}

// runeLen is the length of the character at b[0] (1 for a lone byte).
func runeLen(b []byte) int {
	if b[0] < 0x80 {
		return 1
	}
	_, n := utf8.DecodeRune(b)
	return n
}
