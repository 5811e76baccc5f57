package python

import (
	"bytes"
	"slices"
	"strings"
)

// The reference byte scan: the lexer Lexer.Digest replaced, kept as it
// was, so that the tests can compare the two on every fixture and on real
// trees (ARCHLINT_DIGEST_TREES).

// refLexState is one scan of one file.
type refLexState struct {
	lx    *Lexer
	src   []byte
	d     *Digest
	words []uint64
	// seen holds the hashes already in words (open addressing, 0 for
	// empty; the hash 0 itself goes to zero), so that words is unique
	// before it is sorted: a file repeats its words about six times,
	// and sorting every occurrence was a fifth of the byte scan.
	seen []uint64
	zero bool
	// brackets are the open brackets of the logical line; ints says
	// whether everything inside one so far is an integer an arch list
	// may hold.
	brackets []refBracket
	// lineStart is where the logical line began; needCtx: it holds a
	// literal that is an arch list only in an architecture context.
	lineStart int
	needCtx   bool
	// lineFirst: no token yet on this logical line; decorator: the line
	// started with '@' and no '(' came yet.
	lineFirst bool
	decorator bool
	afterDef  bool
	// defName: the last token was a def's name, so a '(' opens its
	// parameters; params counts the open parameter lists.
	defName     bool
	params      int
	afterImport bool
	afterFrom   bool
}

type refBracket struct {
	ints   bool
	params bool
	n      int
}

// refDigest is the byte scan as it was before the fast one (lex.go): a
// byte-by-byte lexer kept to check that Lexer.Digest gives the same
// Digest (TestDigestSameAsReference).
func refDigest(lx *Lexer, src []byte) *Digest {
	s := &refLexState{lx: lx, src: src, d: &Digest{}, lineFirst: true}
	s.code(0, false)
	s.endLine(len(src))
	slices.Sort(s.words)
	// Copied to size: the digests of every file are held until the
	// selection is made, and appending left up to twice the room.
	s.d.words = slices.Clone(s.words)
	slices.Sort(s.d.defs)
	s.d.defs = slices.Clone(s.d.defs)
	slices.Sort(s.d.imports)
	s.d.imports = slices.Clone(slices.Compact(s.d.imports))
	return s.d
}

// addWord adds h to words unless it is there already.
func (s *refLexState) addWord(h uint64) {
	if h == 0 {
		if !s.zero {
			s.zero = true
			s.words = append(s.words, 0)
		}
		return
	}
	if 2*(len(s.words)+1) > len(s.seen) {
		// Kept at most half full: grow and put the words back.
		s.seen = make([]uint64, max(256, 4*len(s.seen)))
		for _, w := range s.words {
			if w != 0 {
				s.insert(w)
			}
		}
	}
	if s.insert(h) {
		s.words = append(s.words, h)
	}
}

// insert puts h into seen and says whether it was new.
func (s *refLexState) insert(h uint64) bool {
	mask := uint64(len(s.seen) - 1)
	for i := (h ^ h>>29) & mask; ; i = (i + 1) & mask {
		switch s.seen[i] {
		case h:
			return false
		case 0:
			s.seen[i] = h
			return true
		}
	}
}

// code scans code from i; inBrace: inside an f-string interpolation,
// which ends at its closing brace (the position after it is returned).
func (s *refLexState) code(i int, inBrace bool) int {
	src := s.src
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			i += 2 // line continuation
		case c == '\n':
			if len(s.brackets) == 0 && !inBrace {
				s.endLine(i)
				s.lineStart = i + 1
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case isWordStart(c):
			j := i + 1
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			if q := s.stringPrefix(i, j); q >= 0 {
				i = s.str(i, q)
				continue
			}
			s.word(src[i:j], true)
			i = j
		case c == '"' || c == '\'':
			i = s.str(i, i)
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) && (isWordByte(src[j]) || src[j] == '.') {
				j++
			}
			s.number(src[i:j])
			i = j
		case c == '(' || c == '[' || c == '{':
			params := c == '(' && s.defName
			s.token()
			if c == '(' {
				s.decorator = false
			}
			if c == '{' && inBrace {
				depth++
			}
			if params {
				s.params++
			}
			s.brackets = append(s.brackets, refBracket{ints: true, params: params})
			i++
		case c == ')' || c == ']' || c == '}':
			if c == '}' && inBrace {
				if depth == 0 {
					return i + 1
				}
				depth--
			}
			if n := len(s.brackets); n > 0 {
				b := s.brackets[n-1]
				s.brackets = s.brackets[:n-1]
				if b.params {
					s.params--
				}
				if b.ints && b.n > 0 {
					s.needCtx = true
				}
				s.token()
			}
			i++
		case c == ',':
			i++
		case c == '@' && s.lineFirst:
			s.lineFirst = false
			s.decorator = true
			i++
		default:
			if c == '*' && s.afterImport {
				s.d.StarImport = true
			}
			s.token()
			i++
		}
	}
	return i
}

// token notes a token that is neither an integer nor a comma: the
// innermost bracket is then no integer list.
func (s *refLexState) token() {
	s.lineFirst = false
	s.afterDef = false
	s.defName = false
	s.afterImport = false
	s.afterFrom = false
	if n := len(s.brackets); n > 0 {
		s.brackets[n-1].ints = false
	}
}

func (s *refLexState) word(w []byte, code bool) {
	h := wordHash(w)
	s.addWord(h)
	lx := s.lx
	if !s.d.Seed {
		if lx.maybeSeed(h) && lx.seeds[string(w)] || code && s.params > 0 && len(w) <= 18 && refFoldWord(lx, w) {
			s.d.Seed = true
		}
		if s.decorator && code {
			for _, sub := range capListWords {
				if containsFold(string(w), sub) {
					s.d.Seed = true
				}
			}
		}
	}
	if !code {
		return
	}
	named := s.afterDef
	if named {
		s.d.defs = append(s.d.defs, h)
	}
	if s.afterImport || s.afterFrom {
		s.d.imports = append(s.d.imports, h)
	}
	isDef := string(w) == "def"
	s.token()
	s.afterDef = isDef
	s.defName = named
	s.afterImport = string(w) == "import"
	s.afterFrom = string(w) == "from"
}

// number notes a numeric literal: one an integer arch list may hold keeps
// the innermost bracket an integer list.
func (s *refLexState) number(t []byte) {
	n := len(s.brackets)
	if n == 0 {
		s.token()
		return
	}
	b := &s.brackets[n-1]
	ok := b.ints
	if ok {
		v := parseIntLit(string(t))
		_, arch := parseArch(string(t))
		ok = v.known() && v.i >= 20 && v.i <= 1300 && arch
	}
	s.lineFirst, s.afterDef, s.defName = false, false, false
	if !ok {
		b.ints = false
		return
	}
	b.n++
}

// stringPrefix returns where the quote is when the word src[i:j] is a
// string prefix (r, b, f, rb, ...) right before a quote, else -1.
func (s *refLexState) stringPrefix(i, j int) int {
	if j-i > 2 || j >= len(s.src) || s.src[j] != '"' && s.src[j] != '\'' {
		return -1
	}
	for _, c := range s.src[i:j] {
		switch c {
		case 'r', 'R', 'b', 'B', 'u', 'U', 'f', 'F', 't', 'T':
		default:
			return -1
		}
	}
	return j
}

// str scans a string literal whose prefix starts at start and whose quote
// is at q; it returns the position after the literal.
func (s *refLexState) str(start, q int) int {
	src := s.src
	prefix := src[start:q]
	fstr := bytes.ContainsAny(prefix, "fFtT")
	quote := src[q]
	triple := q+2 < len(src) && src[q+1] == quote && src[q+2] == quote
	i := q + 1
	if triple {
		i = q + 3
	}
	cs := i
	ce := -1
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == quote:
			if !triple {
				ce = i
				i++
			} else if i+2 < len(src) && src[i+1] == quote && src[i+2] == quote {
				ce = i
				i += 3
			}
		case c == '\n' && !triple:
			// An unterminated string ends at the line, as
			// tree-sitter recovers.
			ce = i
		case fstr && c == '{':
			if i+1 < len(src) && src[i+1] == '{' {
				i += 2
				continue
			}
			i = s.code(i+1, true)
			continue
		}
		if ce >= 0 {
			break
		}
		i++
	}
	if ce < 0 {
		ce = len(src)
		i = len(src)
	}
	s.stringContent(src[cs:ce])
	s.token()
	return min(i, len(src))
}

// stringContent notes the words of a string and whether it may be an arch
// list (specsOf reads it).
func (s *refLexState) stringContent(b []byte) {
	for i := 0; i < len(b); {
		if !isWordStart(b[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(b) && isWordByte(b[j]) {
			j++
		}
		s.word(b[i:j], false)
		i = j
	}
	if s.d.ArchList || len(b) > 4096 || !bytes.ContainsAny(b, "0123456789") {
		return
	}
	str := string(b)
	if strings.Contains(str, "arch=compute_") || strings.Contains(str, "code=sm_") {
		s.d.ArchList = true
		return
	}
	variants := []string{str}
	if strings.ContainsAny(str, `\{}`) {
		// tree-sitter's string_content leaves escapes and f-string
		// braces out; try the text without them too.
		variants = append(variants, stripEscapes(str))
	}
	for _, v := range variants {
		if _, ok := specsOf(v); !ok {
			continue
		}
		l := strings.ToLower(strings.TrimSpace(v))
		if strings.HasPrefix(l, "sm") || strings.HasPrefix(l, "compute_") || strings.Contains(l, "arch=") ||
			strings.HasPrefix(l, "-arch") || strings.HasPrefix(l, "--gpu-architecture") {
			s.d.ArchList = true
			return
		}
		s.needCtx = true
	}
}

// endLine closes a logical line: a literal that needs an architecture
// context makes the file an arch-list candidate when the line names one
// anywhere (contextName reads a name of the same statement).
func (s *refLexState) endLine(end int) {
	if s.needCtx && !s.d.ArchList && s.lineStart <= end {
		line := strings.ToLower(string(s.src[s.lineStart:end]))
		for _, w := range archContextWords {
			if strings.Contains(line, w) {
				s.d.ArchList = true
				break
			}
		}
	}
	s.needCtx = false
	s.lineFirst = true
	s.decorator = false
	s.afterDef = false
	s.defName = false
	s.params = 0
	s.brackets = s.brackets[:0]
}

// refFoldWord is Lexer.foldWord without its hash filter: leading
// underscores aside, as capParam reads them.
func refFoldWord(lx *Lexer, w []byte) bool {
	w = bytes.TrimLeft(w, "_")
	if len(w) == 0 {
		return lx.fold["_"]
	}
	for _, c := range w {
		if c >= 'A' && c <= 'Z' {
			return lx.fold[strings.ToLower(string(w))]
		}
	}
	return lx.fold[string(w)]
}

// stripEscapes is the reference's text without escapes and f-string
// braces (the byte scan's appendStripped).
func stripEscapes(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{', '}':
		default:
			sb.WriteByte(s[i])
		}
	}
	return sb.String()
}
