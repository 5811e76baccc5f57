// Package report renders findings: SARIF 2.1.0 for GitHub code scanning
// (WriteSARIF), text for people (WriteText), and the rule documentation
// (RulesMarkdown for docs/rules.md, ExplainText for `archlint explain`).
//
// Rendering never changes what it is given: findings arrive sorted and
// filtered, and the same input always gives the same bytes (no timestamps, no
// map iteration, no global state).
package report

import (
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
)

// Tool identity, shared by SARIF and the docs.
const (
	toolName       = "archlint"
	toolFullName   = "archlint GPU architecture gate analyzer"
	informationURI = "https://github.com/archlint/archlint"
	rulesDocURI    = "https://github.com/archlint/archlint/blob/main/docs/rules.md"
)

// Run is the result of one scan for one target: one SARIF run, one block of
// text output.
type Run struct {
	ToolVersion string // "0.1.0"
	Target      string // "sm_120"
	CUDAVersion string // "13.0"
	// Roots are the scan roots as given on the command line (relative to
	// WorkDir or absolute); finding.Location.Root is one of them.
	Roots []string
	// WorkDir is the absolute working directory, normally the repository
	// root: paths under it become repo-relative URIs.
	WorkDir string
	// Rules is the catalogue to describe in tool.driver.rules; nil means
	// rules.All().
	Rules []rules.Rule
	// Findings are already sorted and filtered by the caller.
	Findings      []finding.Finding
	Notifications []finding.Notification
	CommandLine   string
	Success       bool // SARIF invocation.executionSuccessful
	// ReadFile returns the content of a scanned file, given the Root and
	// Path of a finding.Location. It feeds GitHub's primaryLocationLineHash;
	// nil (or an error for a file) leaves that fingerprint out and lets the
	// upload action compute it.
	ReadFile func(root, path string) ([]byte, error)
}

// ruleSet returns the rules a run describes, falling back to the catalogue.
func (r *Run) ruleSet() []rules.Rule {
	if len(r.Rules) > 0 {
		return r.Rules
	}
	return rules.All()
}

// HelpURI is the documentation anchor of a rule in docs/rules.md. GitHub
// renders "## AL101" as the anchor "al101", so RulesMarkdown must keep each
// rule heading to the bare ID.
func HelpURI(id string) string {
	return rulesDocURI + "#" + anchor(id)
}

// effectiveLevel is the level a finding is reported at: its own, else its
// rule's default, else warning.
func effectiveLevel(f finding.Finding, rs []rules.Rule) finding.Level {
	if f.Level != "" {
		return f.Level
	}
	for _, r := range rs {
		if r.ID == f.RuleID && r.Level != "" {
			return r.Level
		}
	}
	return finding.LevelWarning
}
