package rules_test

import (
	"os"
	"testing"

	"github.com/archlint/archlint/analyzer/report"
	"github.com/archlint/archlint/rules"
)

// TestRulesMarkdownInSync keeps docs/rules.md generated from the rule data:
// regenerate with `go run ./cmd/archlint rules --markdown > docs/rules.md`.
func TestRulesMarkdownInSync(t *testing.T) {
	want := report.RulesMarkdown(rules.All())
	got, err := os.ReadFile("../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Error("docs/rules.md is out of date: run `go run ./cmd/archlint rules --markdown > docs/rules.md`")
	}
}

// TestCatalogue checks the catalogue's invariants: stable unique IDs, docs
// for every rule, a check for every rule.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range rules.Checks() {
		r := c.Rule
		if seen[r.ID+c.Rule.Name] {
			t.Errorf("%s listed twice", r.ID)
		}
		seen[r.ID+c.Rule.Name] = true
		if r.Name == "" || r.Short == "" || r.Full == "" || r.Before == "" || r.After == "" || r.Level == "" || c.Run == nil {
			t.Errorf("%s: incomplete rule: %+v", r.ID, r)
		}
	}
	if len(rules.All()) != len(seen)+1 { // + AL901, made by analyzer/filter
		t.Errorf("All() has %d rules, Checks() %d", len(rules.All()), len(seen))
	}
}
