// Package rules holds the rule catalogue. Each rule lives in its own file:
// its documentation is data (this struct) that feeds SARIF rules[],
// `archlint explain`, `archlint rules` and docs/rules.md, next to the check
// that produces its findings.
package rules

import "github.com/archlint/archlint/analyzer/finding"

// Rule documents one check. IDs are stable and never reused.
type Rule struct {
	ID   string
	Name string // kebab-case, e.g. "arch-range-excludes-target"
	// Short is one sentence; Full is a paragraph.
	Short string
	Full  string
	// Before shows code that triggers the rule, After the same code once
	// opened for the target (or why it must stay closed).
	Before, After string
	Level         finding.Level
	Tags          []string
	Precision     string // "very-high", "high", "medium", "low"
}
