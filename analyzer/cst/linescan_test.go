package cst

import (
	"bytes"
	"regexp"
)

// conditionalRE matches a conditional directive at the start of a line.
var conditionalRE = regexp.MustCompile(`^\s*#\s*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b`)

// scanDirectives is the reference the tree-sitter facts are checked against:
// the 1-based lines that begin a conditional directive, skipping
// continuation lines and lines inside block comments. It is deliberately
// simple (no string-literal awareness), which is enough for the fixtures
// and for measuring real headers.
func scanDirectives(src []byte) []int {
	var lines []int
	inComment, continued := false, false
	for i, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		wasContinued := continued
		continued = bytes.HasSuffix(line, []byte(`\`))
		if inComment {
			end := bytes.Index(line, []byte("*/"))
			if end < 0 {
				continue
			}
			inComment = false
			line = line[end+2:]
		} else if !wasContinued && conditionalRE.Match(line) {
			lines = append(lines, i+1)
		}
		// Track a block comment left open at the end of this line.
		for {
			start := bytes.Index(line, []byte("/*"))
			if start < 0 || bytes.Contains(line[:start], []byte("//")) {
				break
			}
			end := bytes.Index(line[start+2:], []byte("*/"))
			if end < 0 {
				inComment = true
				break
			}
			line = line[start+2+end+2:]
		}
	}
	return lines
}
