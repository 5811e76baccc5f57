package report

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// TestMultitoolValidate runs Microsoft's SARIF multitool over the logs this
// package writes, with the rule kinds GitHub cares about, and requires zero
// errors and zero warnings. It needs the multitool's binary: set
// SARIF_MULTITOOL to its path (npm i @microsoft/sarif-multitool; the binary
// is node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool; calling
// it directly avoids the npm wrapper, which passes "Gh;Sarif" through a shell
// that splits it at the semicolon).
func TestMultitoolValidate(t *testing.T) {
	tool := os.Getenv("SARIF_MULTITOOL")
	if tool == "" {
		t.Skip("SARIF_MULTITOOL is not set")
	}
	many := make([]finding.Finding, 1200)
	for i := range many {
		many[i] = finding.Finding{RuleID: "AL102", Message: fmt.Sprintf("Finding %d.", i),
			Location: finding.Location{Root: ".", Path: "x.cu", Line: i + 1, Col: 1}}
	}
	logs := map[string][]Run{
		"fixture.sarif":   fixtureRuns(),
		"catalogue.sarif": catalogueRuns(),
		"empty.sarif":     {{ToolVersion: "0.1.0", Target: "sm_120", WorkDir: "/w", Success: true}},
		"nowd.sarif":      {{ToolVersion: "0.1.0", Target: "sm_120", Roots: []string{"src", "/abs/root"}, Findings: fixtureRuns()[0].Findings}},
		"many.sarif":      {{ToolVersion: "0.1.0", Target: "sm_120", WorkDir: "/w", Roots: []string{"."}, Findings: many}},
	}
	dir := t.TempDir()
	for name, runs := range logs {
		if err := os.WriteFile(filepath.Join(dir, name), renderSARIF(t, runs), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name := range logs {
		out, err := exec.Command(tool, "validate", "--rule-kind", "Gh;Sarif",
			"-o", filepath.Join(dir, name+".validation"), filepath.Join(dir, name)).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: multitool failed: %v\n%s", name, err, out)
		}
		if problems := regexp.MustCompile(`(?m)^.*: (error|warning) [A-Z]+[0-9]+: .*$`).FindAll(out, -1); len(problems) > 0 {
			for _, p := range problems {
				t.Errorf("%s: %s", name, p)
			}
		}
	}
}
