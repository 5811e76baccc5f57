package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
)

// GitHub shows at most 10 error, 10 warning and 10 notice annotations per
// step of a workflow (and 50 per job); the rest of the workflow commands are
// accepted but not shown. WriteGitHub prints the most severe first up to
// these caps and summarizes the others in one plain line.
const githubAnnotationsPerLevel = 10

// WriteGitHub prints the findings as GitHub Actions workflow commands
// (`::error file=…,line=…,col=…,title=…::message`), which annotate a pull
// request without any write token. Paths are relative to the run's WorkDir
// (the checkout, which is where GitHub resolves them). Findings marked
// suppressed are not annotated. The bytes are the same for the same input.
func WriteGitHub(w io.Writer, runs []Run) error {
	type item struct {
		cmd  string
		rank int
		line string
	}
	var items []item
	for _, r := range runs {
		loc := newLocator(r.WorkDir, r.Roots)
		rs := r.ruleSet()
		for _, f := range r.Findings {
			if _, ok := f.Properties["suppressed"]; ok {
				continue
			}
			level := effectiveLevel(f, rs)
			cmd := githubCommand(level)
			props := githubProperties(loc.place(f.Location).display, f.Location, githubTitle(f, rs, r.Target, len(runs) > 1))
			items = append(items, item{cmd, level.Rank(), "::" + cmd + " " + props + "::" + escapeData(githubMessage(f))})
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].rank > items[j].rank })

	shown := map[string]int{}
	left := map[string]int{}
	var b strings.Builder
	for _, it := range items {
		if shown[it.cmd] >= githubAnnotationsPerLevel {
			left[it.cmd]++
			continue
		}
		shown[it.cmd]++
		b.WriteString(it.line)
		b.WriteByte('\n')
	}
	if n := left["error"] + left["warning"] + left["notice"]; n > 0 {
		var parts []string
		for _, c := range []string{"error", "warning", "notice"} {
			if left[c] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s%s", left[c], c, map[bool]string{true: "", false: "s"}[left[c] == 1]))
			}
		}
		fmt.Fprintf(&b, "archlint: %d more finding%s not annotated (%s): GitHub shows at most %d annotations of each "+
			"level per step; run archlint with --format text or upload its SARIF to see them all.\n",
			n, map[bool]string{true: "", false: "s"}[n == 1], strings.Join(parts, ", "), githubAnnotationsPerLevel)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("report: writing GitHub annotations: %w", err)
	}
	return nil
}

// githubCommand is the workflow command of a level. GitHub has no "note":
// its lowest annotation is "notice" (and "none" is shown as one too).
func githubCommand(l finding.Level) string {
	switch l {
	case finding.LevelError:
		return "error"
	case finding.LevelWarning:
		return "warning"
	}
	return "notice"
}

// githubTitle is "AL101 arch-range-excludes-target", with the target added
// when one log covers several.
func githubTitle(f finding.Finding, rs []rules.Rule, target string, several bool) string {
	title := f.RuleID
	for _, r := range rs {
		if r.ID == f.RuleID && r.Name != "" {
			title += " " + r.Name
			break
		}
	}
	if several {
		title += " (" + orText(f.Target, target) + ")"
	}
	return title
}

// githubProperties renders file, line, endLine, col and title. GitHub
// ignores col without a line, and col on an annotation of several lines;
// endColumn is left out as the docs do not say whether it is inclusive.
func githubProperties(file string, l finding.Location, title string) string {
	props := []string{"file=" + escapeProperty(file)}
	if l.Line > 0 {
		props = append(props, "line="+strconv.Itoa(l.Line))
		if l.EndLine > l.Line {
			props = append(props, "endLine="+strconv.Itoa(l.EndLine))
		}
		if l.Col > 0 {
			props = append(props, "col="+strconv.Itoa(l.Col))
		}
	}
	return strings.Join(append(props, "title="+escapeProperty(title)), ",")
}

// githubMessage is the message, with the condition and what the target gets
// on lines of their own (an annotation shows line breaks).
func githubMessage(f finding.Finding) string {
	msg := strings.TrimSpace(f.Message)
	if msg == "" {
		msg = "archlint rule " + f.RuleID + " matched here."
	}
	if f.Condition != "" {
		msg += "\nCondition: " + f.Condition
	}
	if f.Gets != "" {
		msg += "\nThe target gets: " + f.Gets
	}
	return msg
}

// escapeData and escapeProperty escape exactly as @actions/core's
// command.ts does (escapeData, escapeProperty): the runner decodes these and
// nothing else, so a message keeps its "%", line breaks and (in the message
// part) its ":" and ",".
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
