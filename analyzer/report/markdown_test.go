package report

import (
	"regexp"
	"strings"
	"testing"

	"github.com/archlint/archlint/rules"
)

func TestRulesMarkdownGolden(t *testing.T) {
	golden(t, "rules.md", []byte(RulesMarkdown(fixtureRules())))
}

func TestExplainTextGolden(t *testing.T) {
	var all []string
	for _, r := range fixtureRules() {
		all = append(all, ExplainText(r))
	}
	golden(t, "explain.txt", []byte(strings.Join(all, "\n---\n")))
}

// TestRulesMarkdownAnchors checks, for the real catalogue, that every
// helpUri anchor has a heading that GitHub turns into exactly that anchor,
// and that every example sits in a fenced block.
func TestRulesMarkdownAnchors(t *testing.T) {
	rs := rules.All()
	md := RulesMarkdown(rs)
	for _, r := range rs {
		if !strings.Contains(md, "\n## "+r.ID+"\n") {
			t.Errorf("no bare heading for %s", r.ID)
		}
		if got, want := HelpURI(r.ID), rulesDocURI+"#"+githubAnchor(r.ID); got != want {
			t.Errorf("HelpURI(%s) = %s, want %s", r.ID, got, want)
		}
		if r.Before != "" && !strings.Contains(md, "```"+codeLanguage(r)+"\n"+strings.TrimRight(r.Before, "\n")+"\n```") {
			t.Errorf("%s: Before is not fenced", r.ID)
		}
	}
}

// githubAnchor is GitHub's slug of a heading: lower case, punctuation other
// than "-" and "_" dropped, spaces to "-".
func githubAnchor(heading string) string {
	s := strings.ToLower(heading)
	s = regexp.MustCompile(`[^a-z0-9 _-]`).ReplaceAllString(s, "")
	return strings.ReplaceAll(s, " ", "-")
}

func TestFence(t *testing.T) {
	if got := fence("a ``` b", "cuda"); !strings.HasPrefix(got, "````cuda\n") || !strings.HasSuffix(got, "\n````\n") {
		t.Errorf("fence did not outgrow the backticks inside: %q", got)
	}
}

func TestTableCell(t *testing.T) {
	if got := tableCell(mdProse("`a || b` or c|d\nnext")); got != "`a \\|\\| b` or c\\|d next" {
		t.Errorf("tableCell = %s", got)
	}
}

func TestWrap(t *testing.T) {
	got := wrap("aaa bbb ccc ddd", 7)
	if got != "aaa bbb\nccc ddd" {
		t.Errorf("wrap = %q", got)
	}
}

func TestMDProse(t *testing.T) {
	cases := map[string]string{
		"An #if over __CUDA_ARCH__ and `__CUDA_ARCH__ < 1200` with <cuda.h> | x*y": "An `#if` over `__CUDA_ARCH__` and `__CUDA_ARCH__ < 1200` with \\<cuda.h\\> \\| x\\*y",
		"sm_120f and static_assert(false), __trap() and _x_":                       "sm_120f and static_assert(false), `__trap()` and \\_x\\_",
		"odd ` tick": "odd \\` tick",
	}
	for in, want := range cases {
		if got := mdProse(in); got != want {
			t.Errorf("mdProse(%q):\n got %s\nwant %s", in, got, want)
		}
	}
}
