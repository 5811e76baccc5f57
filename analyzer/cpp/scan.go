// Package cpp finds preprocessor directives, builds the #if chain structure
// of each file, and evaluates every condition per compilation pass in
// translation-unit context, as nvcc's preprocessor would.
package cpp

import (
	"bytes"
	"fmt"
	"iter"
	"slices"
	"sort"
	"strings"
)

// DirKind is the kind of a preprocessor directive.
type DirKind uint8

const (
	DirOther DirKind = iota
	DirIf
	DirIfdef
	DirIfndef
	DirElif
	DirElifdef
	DirElifndef
	DirElse
	DirEndif
	DirDefine
	DirUndef
	DirInclude
	DirError
	DirPragma
)

// dirKeyword is a known directive keyword: its kind and the spelling every
// directive of that keyword shares.
type dirKeyword struct {
	kind DirKind
	word string
}

// dirKinds maps directive keywords to their kinds. Directives take their
// Keyword from here: a slice of the line's text would keep the whole line
// alive for the scan.
var dirKinds = func() map[string]dirKeyword {
	m := map[string]dirKeyword{}
	for word, kind := range map[string]DirKind{
		"if": DirIf, "ifdef": DirIfdef, "ifndef": DirIfndef, "elif": DirElif, "elifdef": DirElifdef,
		"elifndef": DirElifndef, "else": DirElse, "endif": DirEndif, "define": DirDefine, "undef": DirUndef,
		"include": DirInclude, "include_next": DirInclude, "import": DirInclude, "error": DirError,
		"warning": DirOther, "pragma": DirPragma,
	} {
		m[word] = dirKeyword{kind: kind, word: word}
	}
	return m
}()

// Opens reports whether the directive starts a chain.
func (k DirKind) Opens() bool { return k == DirIf || k == DirIfdef || k == DirIfndef }

// Continues reports whether the directive is a later branch of a chain.
func (k DirKind) Continues() bool {
	return k == DirElif || k == DirElifdef || k == DirElifndef || k == DirElse
}

// Conditional reports whether the directive is part of an #if chain.
func (k DirKind) Conditional() bool { return k.Opens() || k.Continues() || k == DirEndif }

// Line is where one logical source line lies: physical lines joined at
// backslash-newline (and across block comments and raw strings). Its
// comment-free text is File.LineText's.
type Line struct {
	StartLine int // first physical line, 1-based
	EndLine   int // last physical line
	Directive int // index into Source.Directives, or -1 for code
}

// Directive is one preprocessor directive. Kind and Macro come last, side
// by side: 72 bytes instead of 80, for every directive of the scan.
type Directive struct {
	Keyword string // as written: "if", "elif", "define", ...
	Args    string // the rest of the logical line, comments removed, whitespace collapsed
	Line    int    // first physical line, 1-based
	EndLine int    // last physical line (continuations)
	Col     int    // 1-based column of '#'
	LineIdx int    // index of its logical line (Source.Line)
	Kind    DirKind
	// Macro marks a pseudo-directive standing for an <nv/target> gate
	// (Keyword "NV_IF_TARGET", Args the query).
	Macro bool
}

// Display is how the directive reads in a message: "#if", "#elif",
// "NV_IF_ELSE_TARGET".
func (d *Directive) Display() string {
	if d.Macro {
		return d.Keyword
	}
	return "#" + d.Keyword
}

// Source is the scanner's view of one file: its directives and its logical
// lines.
//
// A scan holds every file until it reports, so a Source keeps no per-line
// record once its file is compacted: where lines lie is a table of the few
// that span several physical lines (lineTable), a line's directive is found
// among Directives (ordered by line), and the lines' text is dropped by
// File.Compact (File.LineText reads it again).
type Source struct {
	Directives []Directive
	lines      lineTable
	// code is the comment-free text of every logical line (physical
	// lines joined, comments replaced by a space, string literals kept),
	// one after the other, and ends[li] where line li's text ends in it:
	// one string per file, not one per line. ends is nil once the text is
	// dropped (File.Compact, File.DropLineText).
	code string
	ends []int
}

// text is the comment-free text of logical line li; the Source must hold
// its text.
func (s *Source) text(li int) string {
	start := 0
	if li > 0 {
		start = s.ends[li-1]
	}
	return s.code[start:s.ends[li]]
}

// hasText says whether the Source holds its lines' text.
func (s *Source) hasText() bool { return s.ends != nil }

// dropText lets the lines' text go.
func (s *Source) dropText() { s.code, s.ends = "", nil }

// NumLines is the number of logical lines.
func (s *Source) NumLines() int { return s.lines.n }

// Line says where logical line li lies and which directive it holds.
func (s *Source) Line(li int) Line {
	start, end := s.lines.at(li)
	return Line{StartLine: start, EndLine: end, Directive: s.directiveAt(li)}
}

// Lines lists the logical lines in order; cheaper than Line for each.
func (s *Source) Lines() iter.Seq2[int, Line] {
	return func(yield func(int, Line) bool) {
		multi, dirs := s.lines.multi, s.Directives
		k, d, before := 0, 0, 0
		for li := 0; li < s.lines.n; li++ {
			ln := Line{StartLine: 1 + li + before, Directive: -1}
			ln.EndLine = ln.StartLine
			if k < len(multi) && multi[k].idx == li {
				ln.EndLine += multi[k].extra
				before += multi[k].extra
				k++
			}
			if d < len(dirs) && dirs[d].LineIdx == li {
				ln.Directive = d
				d++
			}
			if !yield(li, ln) {
				return
			}
		}
	}
}

// directiveAt is the index of the directive on logical line li, or -1.
// Directives are in line order, one per line at most.
func (s *Source) directiveAt(li int) int {
	dirs := s.Directives
	d := sort.Search(len(dirs), func(k int) bool { return dirs[k].LineIdx >= li })
	if d < len(dirs) && dirs[d].LineIdx == li {
		return d
	}
	return -1
}

// lineTable says on which physical lines each logical line lies. A logical
// line starts on the physical line after the previous one ends (the first
// on line 1), so only the lines that span more than one physical line
// need recording: 15,400 of 3.5 million on the six real trees.
type lineTable struct {
	n     int         // logical lines
	multi []multiLine // the lines spanning several physical lines, in order
}

// multiLine is a logical line that spans more than one physical line.
type multiLine struct {
	idx   int // logical line
	extra int // physical lines after its first
	// before counts the extra physical lines of all the logical lines
	// before it: it starts on physical line 1 + idx + before.
	before int
}

// add records the next logical line, on physical lines start..end.
func (t *lineTable) add(start, end int) {
	if end > start {
		t.multi = append(t.multi, multiLine{idx: t.n, extra: end - start, before: start - 1 - t.n})
	}
	t.n++
}

// at is the first and last physical line of logical line li.
func (t *lineTable) at(li int) (start, end int) {
	if li < 0 || li >= t.n {
		panic(fmt.Sprintf("cpp: logical line %d of %d", li, t.n))
	}
	k := sort.Search(len(t.multi), func(k int) bool { return t.multi[k].idx >= li })
	before := 0
	if k > 0 {
		before = t.multi[k-1].before + t.multi[k-1].extra
	}
	start = 1 + li + before
	end = start
	if k < len(t.multi) && t.multi[k].idx == li {
		end += t.multi[k].extra
	}
	return start, end
}

// Scan splits src into logical lines and directives. It never fails: an
// unterminated comment or string just runs to the end of the file. It keeps
// every directive, wherever it sits (inside a parameter list, splitting a
// signature): it only looks at lines, never at C++ structure.
func Scan(src []byte) *Source {
	// A logical line holds at least one physical line, and its text is
	// never longer than its bytes: ends and the text are allocated once.
	s := &Source{ends: make([]int, 0, bytes.Count(src, []byte{'\n'})+1)}
	n := len(src)
	physLine := 1
	inBlockComment := false
	var buf strings.Builder
	buf.Grow(n)
	i := 0
	for i < n {
		startLine := physLine
		start := buf.Len()
		// Read one logical line: until an unescaped newline outside a block comment.
		inStr := byte(0)
		rawDelim := ""
		for i < n {
			c := src[i]
			if inBlockComment {
				// A block comment spanning lines ends the logical line
				// only if it was not opened on a directive line; C
				// treats the comment as one space, so directives keep
				// going. Keep it simple and exact: continue the line.
				k := bytes.Index(src[i:], commentEnd)
				if k < 0 {
					physLine += bytes.Count(src[i:], newline)
					i = n
					continue
				}
				physLine += bytes.Count(src[i:i+k], newline)
				inBlockComment = false
				i += k + len(commentEnd)
				buf.WriteByte(' ')
				continue
			}
			if rawDelim != "" {
				// The raw string's text is kept as it is, to the first
				// )delim".
				end := ")" + rawDelim + "\""
				k := bytes.Index(src[i:], []byte(end))
				if k < 0 {
					k = n - i
				} else {
					rawDelim = ""
					k += len(end)
				}
				physLine += bytes.Count(src[i:i+k], newline)
				buf.Write(src[i : i+k])
				i += k
				continue
			}
			// Runs of bytes that mean nothing to the scanner are copied
			// at once: byte by byte, the copy was most of Scan.
			if inStr == 0 && plainCode[c] {
				j := i + 1
				for j < n && plainCode[src[j]] {
					j++
				}
				buf.Write(src[i:j])
				i = j
				continue
			}
			if inStr != 0 && c != '\\' && c != '\n' && c != inStr {
				j := i + 1
				for j < n && src[j] != '\\' && src[j] != '\n' && src[j] != inStr {
					j++
				}
				buf.Write(src[i:j])
				i = j
				continue
			}
			if c == '\\' && i+1 < n && (src[i+1] == '\n' || (src[i+1] == '\r' && i+2 < n && src[i+2] == '\n')) {
				// Line continuation: splice.
				if src[i+1] == '\r' {
					i++
				}
				i += 2
				physLine++
				continue
			}
			if c == '\n' {
				if inStr != 0 {
					inStr = 0 // unterminated literal ends at the line end
				}
				break
			}
			if inStr != 0 {
				buf.WriteByte(c)
				if c == '\\' && i+1 < n && src[i+1] != '\n' {
					buf.WriteByte(src[i+1])
					i += 2
					continue
				}
				if c == inStr {
					inStr = 0
				}
				i++
				continue
			}
			if c == '/' && i+1 < n && src[i+1] == '*' {
				inBlockComment = true
				i += 2
				continue
			}
			if c == '/' && i+1 < n && src[i+1] == '/' {
				// Line comment: skip to the end of the line, honoring
				// splices (a newline right after a backslash).
				for {
					k := bytes.IndexByte(src[i:], '\n')
					if k < 0 {
						i = n
						break
					}
					if j := i + k; j > i && src[j-1] == '\\' {
						physLine++
						i = j + 1
						continue
					}
					i += k
					break
				}
				continue
			}
			if c == '"' || c == '\'' {
				if c == '\'' && isDigitSeparator(src, i) {
					buf.WriteByte(c)
					i++
					continue
				}
				if c == '"' && i > 0 && src[i-1] == 'R' && (i < 2 || !isIdentByte(src[i-2]) || isRawPrefix(src, i-1)) {
					if d, ok := rawStringDelim(src[i+1:]); ok {
						rawDelim = d
						buf.WriteByte(c)
						i++
						continue
					}
				}
				inStr = c
			}
			if c != '\r' {
				buf.WriteByte(c)
			}
			i++
		}
		endLine := physLine
		if i < n && src[i] == '\n' {
			i++
			physLine++
		}
		// A view of the text so far: the builder only ever appends.
		text := buf.String()[start:]
		if d, ok := parseDirective(text); ok {
			d.Line, d.EndLine, d.LineIdx = startLine, endLine, s.lines.n
			d.Col = strings.IndexByte(text, '#') + 1
			s.Directives = append(s.Directives, d)
		}
		s.ends = append(s.ends, buf.Len())
		s.lines.add(startLine, endLine)
	}
	s.code = buf.String()
	// Directives are kept for the whole scan: give back what appending
	// left spare.
	s.Directives = slices.Clone(s.Directives)
	return s
}

var (
	commentEnd = []byte("*/")
	newline    = []byte{'\n'}
)

// plainCode marks the bytes that, outside comments and literals, Scan
// copies as they are: all but the ones that may start a comment, a
// literal, a splice or a line end, and '\r', which it drops.
var plainCode = func() (t [256]bool) {
	for c := range t {
		t[c] = true
	}
	for _, c := range []byte{'\\', '\n', '\r', '/', '"', '\''} {
		t[c] = false
	}
	return t
}()

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isRawPrefix accepts the encoding prefixes of raw strings: R, LR, uR, UR, u8R.
func isRawPrefix(src []byte, r int) bool {
	j := r - 1
	for j >= 0 && isIdentByte(src[j]) {
		j--
	}
	p := string(src[j+1 : r])
	return p == "L" || p == "u" || p == "U" || p == "u8"
}

func rawStringDelim(rest []byte) (string, bool) {
	for k := 0; k < len(rest) && k <= 16; k++ {
		switch rest[k] {
		case '(':
			return string(rest[:k]), true
		case ' ', ')', '\\', '\t', '\n', '"':
			return "", false
		}
	}
	return "", false
}

// isDigitSeparator recognizes C++14 digit separators (1'000'000) so they are
// not taken for character literals.
func isDigitSeparator(src []byte, i int) bool {
	if i == 0 || i+1 >= len(src) {
		return false
	}
	prev, next := src[i-1], src[i+1]
	if !(isHexDigit(prev) && isHexDigit(next)) {
		return false
	}
	// Walk back over the number to be sure it starts with a digit.
	j := i - 1
	for j >= 0 && (isIdentByte(src[j]) || src[j] == '\'' || src[j] == '.') {
		j--
	}
	return src[j+1] >= '0' && src[j+1] <= '9'
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func parseDirective(text string) (Directive, bool) {
	// Most lines are code: a look at their first non-blank byte settles
	// them (TrimLeft with a cutset on every line was a third of Scan).
	hash := 0
	for hash < len(text) && isDirectiveBlank(text[hash]) {
		hash++
	}
	if hash == len(text) || text[hash] != '#' {
		return Directive{}, false
	}
	t := strings.TrimLeft(text[hash+1:], " \t\f\v")
	k := 0
	for k < len(t) && isIdentByte(t[k]) {
		k++
	}
	kw := t[:k]
	if kw == "" || (kw[0] >= '0' && kw[0] <= '9') {
		return Directive{}, false // null directive or "# 12 file" line marker
	}
	known, ok := dirKinds[kw]
	if !ok {
		known = dirKeyword{kind: DirOther, word: strings.Clone(kw)}
	}
	return Directive{Kind: known.kind, Keyword: known.word, Args: collapseSpace(t[k:])}, true
}

// isDirectiveBlank is the white space that may stand before and after a
// directive's '#'.
func isDirectiveBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' }

// collapseSpace is s with runs of white space made one space and none at
// either end. The result never shares memory with s: a directive's Args
// outlives the line's text.
func collapseSpace(s string) string {
	f := strings.Fields(s)
	if len(f) == 1 {
		return strings.Clone(f[0])
	}
	return strings.Join(f, " ")
}
