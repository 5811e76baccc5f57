// Package filter holds the post-processing stages between the rules and the
// reports (design.md section 11.4): each takes findings and returns the ones
// that stay. One filter per file: inline suppressions (suppress.go), a
// baseline SARIF log (baseline.go) and the lines changed since a git revision
// (newfromrev.go). Filters never change the findings they are given; a
// finding they mark is a copy with its own Properties map.
package filter

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
)

// Property keys that filters set and report reads (SARIF suppressions and
// baselineState).
const (
	// PropSuppressed holds the justification of an inline suppression.
	PropSuppressed = "suppressed"
	// PropBaselineState holds the SARIF baselineState: "new" or "unchanged".
	PropBaselineState = "baselineState"
)

// SuppressionRule documents the findings that Suppress makes about the
// suppression comments themselves (rules.AL901, in the catalogue so that
// SARIF, docs/rules.md and `archlint explain` describe it).
var SuppressionRule = rules.AL901

// FileRef names a scanned file the way findings name it (Location.Root and
// Location.Path).
type FileRef struct {
	Root, Path string
}

// ReadFunc returns the content of a scanned file; the same shape as
// report.Run.ReadFile.
type ReadFunc func(root, path string) ([]byte, error)

// marker is the text every suppression comment contains; files without it
// are not parsed further (most of a large tree).
var marker = []byte("archlint:")

// suppressionRE matches one suppression comment: the comment opener (`//`,
// `/*` or `#`), `archlint: ignore[IDS]` and the rest of the line, the reason.
var suppressionRE = regexp.MustCompile(`(//|/\*|#)\s*archlint:\s*ignore\[([^\]]*)\](.*)$`)

// ruleIDRE is the shape of a rule ID.
var ruleIDRE = regexp.MustCompile(`^AL[0-9]{3}$`)

// comment is one parsed suppression.
type comment struct {
	file   FileRef
	line   int
	col    int
	text   string
	ids    []string
	reason string
	used   map[string]bool
}

// Suppress applies inline suppressions. A comment on line n hides the
// findings of the rules it names whose primary location is on line n or n+1.
// It reads every file that holds a finding and every file of files (the
// scanned files, so that stale suppressions anywhere are found), each once;
// a file that cannot be read has no suppressions (the scan already said why).
//
// Pass the findings of all targets together: a suppression is unused only
// when it matches no finding for any target. kept are the findings that
// stay, suppressed the hidden ones, marked with Properties[PropSuppressed] =
// the reason (report emits SARIF suppressions from it, for
// --show-suppressed). problems are SuppressionRule findings (empty Target:
// they hold for every target) for comments without a reason, with malformed
// or unknown rule IDs, or with IDs that matched nothing, ordered by file and
// line.
func Suppress(fs []finding.Finding, files []FileRef, read ReadFunc) (kept, suppressed, problems []finding.Finding) {
	if read == nil {
		return fs, nil, nil
	}
	byLine := map[FileRef]map[int][]*comment{}
	var all []*comment
	parse := func(ref FileRef) {
		if _, done := byLine[ref]; done {
			return
		}
		byLine[ref] = map[int][]*comment{}
		content, err := read(ref.Root, ref.Path)
		if err != nil || !bytes.Contains(content, marker) {
			return
		}
		for _, c := range parseComments(ref, content) {
			byLine[ref][c.line] = append(byLine[ref][c.line], c)
			all = append(all, c)
		}
	}
	for _, f := range fs {
		parse(FileRef{f.Location.Root, f.Location.Path})
	}
	for _, ref := range files {
		parse(ref)
	}

	for _, f := range fs {
		c := match(byLine[FileRef{f.Location.Root, f.Location.Path}], f)
		if c == nil {
			kept = append(kept, f)
			continue
		}
		c.used[f.RuleID] = true
		suppressed = append(suppressed, withProperty(f, PropSuppressed, orDefault(c.reason, "no reason given")))
	}
	for _, c := range all {
		problems = append(problems, c.problems()...)
	}
	sort.SliceStable(problems, func(i, j int) bool {
		a, b := problems[i].Location, problems[j].Location
		if a.Root != b.Root {
			return a.Root < b.Root
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Line < b.Line
	})
	return kept, suppressed, problems
}

// match returns the comment that hides f: one on its line, else one on the
// line before.
func match(lines map[int][]*comment, f finding.Finding) *comment {
	for _, line := range []int{f.Location.Line, f.Location.Line - 1} {
		for _, c := range lines[line] {
			for _, id := range c.ids {
				if id == f.RuleID {
					return c
				}
			}
		}
	}
	return nil
}

// parseComments finds the suppression comments of one file.
func parseComments(ref FileRef, content []byte) []*comment {
	var out []*comment
	for i, line := range strings.Split(string(content), "\n") {
		line = strings.TrimSuffix(line, "\r")
		m := suppressionRE.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		c := &comment{file: ref, line: i + 1, col: m[0] + 1, text: strings.TrimSpace(line[m[0]:]),
			used: map[string]bool{}}
		for _, id := range strings.Split(line[m[4]:m[5]], ",") {
			if id = strings.TrimSpace(id); id != "" {
				c.ids = append(c.ids, id)
			}
		}
		c.reason = reason(line[m[6]:m[7]], line[m[2]:m[3]] == "/*")
		out = append(out, c)
	}
	return out
}

// reason trims the text after `ignore[...]`: white space, a separator that
// people write ("-", "--", ":", "—") and, in a block comment, the closing
// "*/".
func reason(s string, block bool) string {
	s = strings.TrimSpace(s)
	if block {
		if i := strings.Index(s, "*/"); i >= 0 {
			s = strings.TrimSpace(s[:i])
		}
	}
	return strings.TrimSpace(strings.TrimLeft(s, "-:—"))
}

// problems are the findings a comment earns.
func (c *comment) problems() []finding.Finding {
	var out []finding.Finding
	add := func(msg string) {
		out = append(out, finding.Finding{
			RuleID:  SuppressionRule.ID,
			Level:   SuppressionRule.Level,
			Message: msg,
			Location: finding.Location{Root: c.file.Root, Path: c.file.Path, Line: c.line, Col: c.col,
				Snippet: c.text},
		})
	}
	if len(c.ids) == 0 {
		add("This archlint suppression names no rule: write `archlint: ignore[AL101] reason`.")
		return out
	}
	if c.reason == "" {
		add(fmt.Sprintf("This archlint suppression of %s gives no reason: say after `ignore[...]` why the target may "+
			"stay shut out.", strings.Join(c.ids, ", ")))
	}
	var unknown, unused []string
	for _, id := range c.ids {
		switch {
		case !knownRule(id):
			unknown = append(unknown, id)
		case !c.used[id]:
			unused = append(unused, id)
		}
	}
	if len(unknown) > 0 {
		add(fmt.Sprintf("This archlint suppression names %s, which %s no archlint rule: see `archlint rules`.",
			strings.Join(unknown, ", "), plural(len(unknown), "is", "are")))
	}
	if len(unused) > 0 {
		add(fmt.Sprintf("This archlint suppression of %s matches no finding on its line or the next: remove it "+
			"(the gate was fixed or moved).", strings.Join(unused, ", ")))
	}
	return out
}

func knownRule(id string) bool {
	if !ruleIDRE.MatchString(id) {
		return false
	}
	_, ok := rules.ByID(id)
	return ok || id == SuppressionRule.ID
}

// withProperty returns a copy of f whose Properties (a fresh map) has k=v.
func withProperty(f finding.Finding, k string, v any) finding.Finding {
	p := make(map[string]any, len(f.Properties)+1)
	for key, val := range f.Properties {
		p[key] = val
	}
	p[k] = v
	f.Properties = p
	return f
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
