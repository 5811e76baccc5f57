// Package comment reads what a source's authors wrote about a line: the
// comment that ends it, or the block of comment lines right above it. A
// gate's message quotes it, because that is where code says why a GPU is
// left out ("DeepGEMM requires TMEM/tcgen05 (SM100+datacenter), not
// available on SM120") or that nobody checked ("TODO: other compute
// capabilities may be supported but are untested"): the first thing a CUDA
// engineer triaging a finding looks for.
package comment

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Syntax is a language's comment syntax.
type Syntax uint8

const (
	// Hash is Python's and CMake's: # to the end of the line.
	Hash Syntax = iota
	// Slashes is C's and C++'s: // to the end of the line, and /* */.
	Slashes
)

// MaxLen bounds a quoted comment, in bytes: longer ones are cut at a word
// and end in "...". A message stays a message.
const MaxLen = 240

// maxLines bounds the comment block read above a line: a gate's reason is
// a sentence or two, and a long block above it is a section's header.
const maxLines = 6

// At returns the comment about the line holding src[off]: the comment
// that ends that line if there is one, else the comment lines right above
// it (no blank line between), joined into one line with the comment
// markers dropped; "" when there is none. Directives for tools (noqa,
// type:, pylint:, fmt:, clang-format, NOLINT, archlint:) are not
// explanations and are left out.
func At(src []byte, off int, syn Syntax) string {
	if off < 0 || off > len(src) {
		return ""
	}
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := len(src)
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		end = off + i
	}
	if c := trailing(src[start:end], off-start, syn); c != "" {
		return clip(c)
	}
	var block []string
	code := 0 // lines of code commented out: read, not quoted
	for lineEnd := start - 1; lineEnd > 0 && len(block)+code < maxLines; {
		lineStart := bytes.LastIndexByte(src[:lineEnd], '\n') + 1
		text, ok := commentLine(src[lineStart:lineEnd], syn)
		if !ok {
			break
		}
		if syn == Slashes && codeLike(text) {
			text = ""
			code++
		}
		if text != "" {
			block = append(block, text)
		}
		lineEnd = lineStart - 1
	}
	for i, j := 0, len(block)-1; i < j; i, j = i+1, j-1 {
		block[i], block[j] = block[j], block[i]
	}
	return clip(strings.Join(block, " "))
}

// About is the comment about the gate at src[off] inside a statement that
// starts at src[stmt]: the one At off, else, when the statement starts on
// an earlier line (a condition on a decorator's or a command's second
// line), the one At stmt.
func About(src []byte, off, stmt int, syn Syntax) string {
	if c := At(src, off, syn); c != "" {
		return c
	}
	if stmt >= 0 && stmt < off && off <= len(src) && bytes.IndexByte(src[stmt:off], '\n') >= 0 {
		return At(src, stmt, syn)
	}
	return ""
}

// trailing is the comment that ends line, after column from (where the
// gate starts): "" when there is none, or when a string on the line makes
// it unclear where one would start.
func trailing(line []byte, from int, syn Syntax) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if syn == Hash && i+2 < len(line) && line[i+1] == c && line[i+2] == c {
				return "" // a triple-quoted string: its end may be lines away
			}
			quote = c
		case syn == Hash && c == '#' && i >= from:
			return keep(string(line[i+1:]))
		case syn == Slashes && c == '/' && i+1 < len(line) && i >= from:
			switch line[i+1] {
			case '/':
				return prose(keep(strings.TrimLeft(string(line[i+2:]), "/!")))
			case '*':
				body := string(line[i+2:])
				if j := strings.Index(body, "*/"); j >= 0 && strings.TrimSpace(body[j+2:]) == "" {
					return prose(keep(body[:j]))
				}
				return ""
			}
		}
	}
	return ""
}

// commentLine says whether line holds a comment and nothing else, and
// gives its text (markers dropped; "" for a tool directive or an empty
// comment line).
func commentLine(line []byte, syn Syntax) (string, bool) {
	s := strings.TrimSpace(string(line))
	switch syn {
	case Hash:
		if !strings.HasPrefix(s, "#") || strings.HasPrefix(s, "#!") {
			return "", false
		}
		return keep(strings.TrimLeft(s, "#")), true
	default:
		switch {
		case strings.HasPrefix(s, "//"):
			return keep(strings.TrimLeft(s, "/!")), true
		case strings.HasPrefix(s, "/*") && strings.HasSuffix(s, "*/") && len(s) >= 4:
			return keep(strings.TrimLeft(s[2:len(s)-2], "*!")), true
		case strings.HasPrefix(s, "*/"):
			return "", true
		case strings.HasPrefix(s, "*"):
			// Inside a block comment: its first line is read on the way up.
			return keep(strings.TrimSuffix(strings.TrimLeft(s, "*"), "*/")), true
		case strings.HasPrefix(s, "/*"):
			return keep(strings.TrimLeft(s[2:], "*!")), true
		}
		return "", false
	}
}

// prose is a C/C++ comment's text, or "" when it is code commented out
// (codeLike): FasterTransformer keeps a disabled Volta dispatch as
// `/* if (sm_ >= 70 && sm_ < 75) { */` lines right above the check that
// replaced it, which say nothing of why. Above a check (At), such a line
// still belongs to the comment block, so prose right above it is read;
// it counts toward maxLines, so prose above a long disabled block (a
// TODO about the disabled code) is not.
func prose(s string) string {
	if codeLike(s) {
		return ""
	}
	return s
}

// codeStarts begin a comment line that is a statement commented out.
var codeStarts = []string{"if (", "if(", "else", "for (", "for(", "while (", "while(", "switch (", "switch(", "return ", "return;",
	"#if", "#else", "#elif", "#endif", "#include", "#define", "#undef"}

// codeLike reports a comment line that reads as C/C++ code rather than
// prose: it ends a statement or a block (`;`, `{`, `}`), opens a call's
// arguments (`(`), starts with a brace, or starts like a statement or a
// preprocessor directive (codeStarts). Prose rarely ends a line so.
func codeLike(s string) bool {
	if s == "" {
		return false
	}
	switch s[len(s)-1] {
	case ';', '{', '}', '(':
		return true
	}
	if s[0] == '{' || s[0] == '}' {
		return true
	}
	for _, p := range codeStarts {
		if strings.HasPrefix(s, p) {
			if p == "else" && len(s) > 4 && s[4] != ' ' && s[4] != '{' {
				continue // elsewhere
			}
			return true
		}
	}
	return false
}

// toolDirectives begin comments that speak to a tool, not to a reader;
// `want "..."` is an analyzer test's expectation (the analysistest
// convention archlint's own fixtures follow).
var toolDirectives = []string{"noqa", "type:", "pylint:", "fmt:", "isort:", "pragma:", "clang-format", "NOLINT", "archlint:", "yapf:", "mypy:", "ruff:", `want "`}

// keep is a comment's text, trimmed; "" for a tool directive.
func keep(s string) string {
	s = strings.TrimSpace(s)
	for _, d := range toolDirectives {
		if strings.HasPrefix(s, d) {
			return ""
		}
	}
	return s
}

// clip joins a comment's words with single spaces and bounds it (MaxLen).
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= MaxLen {
		return s
	}
	cut := strings.LastIndexByte(s[:MaxLen-3], ' ')
	if cut <= 0 {
		// One long word: cut at a character's start.
		cut = MaxLen - 3
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return s[:cut] + "..."
}
