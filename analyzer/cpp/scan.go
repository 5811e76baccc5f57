// Package cpp finds preprocessor directives, builds the #if chain structure
// of each file, and evaluates every condition per compilation pass in
// translation-unit context, as nvcc's preprocessor would.
package cpp

import (
	"bytes"
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

var dirKinds = map[string]DirKind{
	"if": DirIf, "ifdef": DirIfdef, "ifndef": DirIfndef, "elif": DirElif, "elifdef": DirElifdef,
	"elifndef": DirElifndef, "else": DirElse, "endif": DirEndif, "define": DirDefine, "undef": DirUndef,
	"include": DirInclude, "include_next": DirInclude, "import": DirInclude, "error": DirError,
	"warning": DirOther, "pragma": DirPragma,
}

// Opens reports whether the directive starts a chain.
func (k DirKind) Opens() bool { return k == DirIf || k == DirIfdef || k == DirIfndef }

// Continues reports whether the directive is a later branch of a chain.
func (k DirKind) Continues() bool {
	return k == DirElif || k == DirElifdef || k == DirElifndef || k == DirElse
}

// Conditional reports whether the directive is part of an #if chain.
func (k DirKind) Conditional() bool { return k.Opens() || k.Continues() || k == DirEndif }

// Line is one logical source line: physical lines joined at backslash-newline,
// comments replaced by a space, string literals kept.
type Line struct {
	Text      string // comment-free text of the logical line
	StartLine int    // first physical line, 1-based
	EndLine   int    // last physical line
	Offset    int    // byte offset of the first physical line
	Directive int    // index into Source.Directives, or -1 for code
}

// Directive is one preprocessor directive.
type Directive struct {
	Kind    DirKind
	Keyword string // as written: "if", "elif", "define", ...
	Args    string // the rest of the logical line, comments removed, whitespace collapsed
	Line    int    // first physical line, 1-based
	EndLine int    // last physical line (continuations)
	Col     int    // 1-based column of '#'
	LineIdx int    // index into Source.Lines
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

// Source is the scanner's view of one file.
type Source struct {
	Lines      []Line
	Directives []Directive
}

// Scan splits src into logical lines and directives. It never fails: an
// unterminated comment or string just runs to the end of the file. It keeps
// every directive, wherever it sits (inside a parameter list, splitting a
// signature): it only looks at lines, never at C++ structure.
func Scan(src []byte) *Source {
	s := &Source{}
	n := len(src)
	physLine := 1
	inBlockComment := false
	var buf strings.Builder
	i := 0
	for i < n {
		start := i
		startLine := physLine
		buf.Reset()
		// Read one logical line: until an unescaped newline outside a block comment.
		inStr := byte(0)
		rawDelim := ""
		for i < n {
			c := src[i]
			if inBlockComment {
				if c == '*' && i+1 < n && src[i+1] == '/' {
					inBlockComment = false
					i += 2
					buf.WriteByte(' ')
					continue
				}
				if c == '\n' {
					// A block comment spanning lines ends the logical line
					// only if it was not opened on a directive line; C
					// treats the comment as one space, so directives keep
					// going. Keep it simple and exact: continue the line.
					physLine++
				}
				i++
				continue
			}
			if rawDelim != "" {
				end := ")" + rawDelim + "\""
				if bytes.HasPrefix(src[i:], []byte(end)) {
					buf.WriteString(end)
					i += len(end)
					rawDelim = ""
					continue
				}
				if c == '\n' {
					physLine++
				}
				buf.WriteByte(c)
				i++
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
				// Line comment: skip to the end of the line, honoring splices.
				for i < n && src[i] != '\n' {
					if src[i] == '\\' && i+1 < n && src[i+1] == '\n' {
						physLine++
						i += 2
						continue
					}
					i++
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
		text := buf.String()
		ln := Line{Text: text, StartLine: startLine, EndLine: endLine, Offset: start, Directive: -1}
		if d, ok := parseDirective(text); ok {
			d.Line, d.EndLine, d.LineIdx = startLine, endLine, len(s.Lines)
			d.Col = strings.IndexByte(text, '#') + 1
			ln.Directive = len(s.Directives)
			s.Directives = append(s.Directives, d)
		}
		s.Lines = append(s.Lines, ln)
	}
	return s
}

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
	t := strings.TrimLeft(text, " \t\f\v")
	if !strings.HasPrefix(t, "#") {
		return Directive{}, false
	}
	t = strings.TrimLeft(t[1:], " \t\f\v")
	k := 0
	for k < len(t) && isIdentByte(t[k]) {
		k++
	}
	kw := t[:k]
	if kw == "" || (kw[0] >= '0' && kw[0] <= '9') {
		return Directive{}, false // null directive or "# 12 file" line marker
	}
	kind, ok := dirKinds[kw]
	if !ok {
		kind = DirOther
	}
	return Directive{Kind: kind, Keyword: kw, Args: collapseSpace(t[k:])}, true
}

func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
