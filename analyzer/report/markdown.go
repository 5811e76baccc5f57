package report

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/archlint/archlint/rules"
)

// RulesMarkdown renders docs/rules.md from the rule catalogue. The caller
// writes the file; a test keeps the committed copy in sync with this output.
//
// Each rule's heading is the bare ID ("## AL101") so that GitHub's anchor for
// it is the lower-cased ID, which is what HelpURI (and so every SARIF rule's
// helpUri) points at.
func RulesMarkdown(rs []rules.Rule) string {
	var b strings.Builder
	b.WriteString("# archlint rules\n\n")
	b.WriteString("<!-- Generated from the rule catalogue (rules/*.go) by report.RulesMarkdown; do not edit by hand. -->\n\n")
	b.WriteString("| ID | Name | Default level | Precision | Summary |\n")
	b.WriteString("| --- | --- | --- | --- | --- |\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %s |\n",
			r.ID, anchor(r.ID), tableCell(r.Name), r.Level, tableCell(r.Precision), tableCell(mdProse(r.Short)))
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "\n## %s\n\n", r.ID)
		fmt.Fprintf(&b, "**%s** · default level: %s · precision: %s", r.Name, r.Level, r.Precision)
		if len(r.Tags) > 0 {
			fmt.Fprintf(&b, " · tags: %s", strings.Join(r.Tags, ", "))
		}
		b.WriteString("\n\n")
		b.WriteString(mdProse(r.Short))
		b.WriteString("\n\n")
		b.WriteString(ruleBodyMarkdown(r, "###"))
	}
	return b.String()
}

// helpMarkdown is a rule's SARIF help.markdown: GitHub shows it under the
// alert, after the short and full descriptions.
func helpMarkdown(r rules.Rule) string {
	return ruleBodyMarkdown(r, "####")
}

// ruleBodyMarkdown is the full description followed by the Before and After
// examples as fenced code blocks.
func ruleBodyMarkdown(r rules.Rule, heading string) string {
	var b strings.Builder
	b.WriteString(mdProse(r.Full))
	b.WriteString("\n")
	lang := codeLanguage(r)
	if r.Before != "" {
		fmt.Fprintf(&b, "\n%s Before\n\n%s", heading, fence(r.Before, lang))
	}
	if r.After != "" {
		fmt.Fprintf(&b, "\n%s After\n\n%s", heading, fence(r.After, lang))
	}
	return b.String()
}

// helpText is a rule's SARIF help.text, for consumers that do not render
// Markdown: the same content with the examples indented.
func helpText(r rules.Rule) string {
	var b strings.Builder
	b.WriteString(r.Full)
	b.WriteString("\n")
	if r.Before != "" {
		fmt.Fprintf(&b, "\nBefore:\n%s", indent(r.Before, "    "))
	}
	if r.After != "" {
		fmt.Fprintf(&b, "\nAfter:\n%s", indent(r.After, "    "))
	}
	return b.String()
}

// ExplainText is the text of `archlint explain AL101`.
func ExplainText(r rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (default level: %s, precision: %s)\n\n", r.ID, r.Name, r.Level, r.Precision)
	b.WriteString(wrap(r.Short, 80))
	b.WriteString("\n")
	if r.Full != "" {
		b.WriteString("\n")
		b.WriteString(wrap(r.Full, 80))
		b.WriteString("\n")
	}
	if r.Before != "" {
		fmt.Fprintf(&b, "\nBefore:\n%s", indent(r.Before, "    "))
	}
	if r.After != "" {
		fmt.Fprintf(&b, "\nAfter:\n%s", indent(r.After, "    "))
	}
	b.WriteString("\n")
	if len(r.Tags) > 0 {
		fmt.Fprintf(&b, "Tags: %s\n", strings.Join(r.Tags, ", "))
	}
	fmt.Fprintf(&b, "Docs: %s\n", HelpURI(r.ID))
	return b.String()
}

// anchor is GitHub's heading anchor for a heading made of an ID alone.
func anchor(id string) string {
	return strings.ToLower(id)
}

// codeLanguage picks the fence language of a rule's examples: the Python
// rules are tagged "python", the others are CUDA C++.
func codeLanguage(r rules.Rule) string {
	if slices.Contains(r.Tags, "python") {
		return "python"
	}
	return "cuda"
}

// fence wraps code in a fenced block whose fence is longer than any run of
// backticks inside the code.
func fence(code, lang string) string {
	n, run := 3, 0
	for _, c := range code {
		if c == '`' {
			run++
			n = max(n, run+1)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", n)
	return f + lang + "\n" + strings.TrimRight(code, "\n") + "\n" + f + "\n"
}

// indent prefixes every line of s and ends it with a newline.
func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// tableCell keeps a cell on one line and escapes every "|" that mdProse
// left alone: GitHub splits table cells at a "|" even inside a code span.
func tableCell(s string) string {
	s = strings.ReplaceAll(s, `\|`, "\x00")
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\x00", `\|`)
	return strings.Join(strings.Fields(s), " ")
}

// codeLike matches identifiers and directives in rule prose that read best
// as code and that Markdown would mangle: "__CUDA_ARCH__" would turn bold,
// "#error" is a heading at the start of a line.
var codeLike = regexp.MustCompile(`#[a-z]+\b|\b[A-Za-z0-9_]*__[A-Za-z0-9_]*(\(\))?`)

// mdProse renders rule prose as Markdown: `code spans` stay as written,
// code-like words become code spans, and the rest has the punctuation that
// Markdown would read as syntax backslash-escaped ("<cuda.h>" must not be
// dropped as an HTML tag, "|" must not split a table cell). With unbalanced
// backticks everything is escaped.
func mdProse(s string) string {
	if strings.Count(s, "`")%2 != 0 {
		return mdEscape(s)
	}
	parts := strings.Split(s, "`")
	for i := 0; i < len(parts); i += 2 { // even parts are outside code spans
		var b strings.Builder
		last := 0
		for _, m := range codeLike.FindAllStringIndex(parts[i], -1) {
			b.WriteString(mdEscape(parts[i][last:m[0]]))
			b.WriteString("`" + parts[i][m[0]:m[1]] + "`")
			last = m[1]
		}
		b.WriteString(mdEscape(parts[i][last:]))
		parts[i] = b.String()
	}
	return strings.Join(parts, "`")
}

// mdEscape backslash-escapes Markdown syntax characters. An underscore
// inside a word ("sm_120f") cannot start emphasis and stays as it is.
func mdEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '*', '[', ']', '<', '>', '#', '|', '~', '`':
			b.WriteByte('\\')
		case '_':
			if i == 0 || i == len(s)-1 || !isWordByte(s[i-1]) || !isWordByte(s[i+1]) {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// wrap fills text to the given width, breaking only at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		switch {
		case col == 0:
		case col+1+len(w) > width:
			b.WriteString("\n")
			col = 0
		default:
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String()
}
