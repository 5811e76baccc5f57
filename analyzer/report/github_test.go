package report

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// The vectors of @actions/core's command.test.ts ("command escapes message",
// "command escapes property").
func TestGitHubEscapingMatchesToolkit(t *testing.T) {
	if got, want := escapeData("percent % percent % cr \r cr \r lf \n lf \n"),
		"percent %25 percent %25 cr %0D cr %0D lf %0A lf %0A"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
	if got, want := escapeProperty("percent % percent % cr \r cr \r lf \n lf \n colon : colon : comma , comma ,"),
		"percent %25 percent %25 cr %0D cr %0D lf %0A lf %0A colon %3A colon %3A comma %2C comma %2C"; got != want {
		t.Errorf("escapeProperty = %q, want %q", got, want)
	}
	// The message part keeps ":" and "," as they are.
	if got := escapeData("a: b, c"); got != "a: b, c" {
		t.Errorf("escapeData(colon, comma) = %q", got)
	}
}

func TestWriteGitHubLine(t *testing.T) {
	wd := t.TempDir()
	f := finding.Finding{
		RuleID: "AL101", Level: finding.LevelError, Target: "sm_120",
		Message:   "100% of sm_120 builds get an empty kernel: x, y.",
		Condition: "__CUDA_ARCH__ < 1200",
		Location:  finding.Location{Root: filepath.Join(wd, "csrc"), Path: "a,b:c.cuh", Line: 42, Col: 7},
	}
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, []Run{{Target: "sm_120", WorkDir: wd, Findings: []finding.Finding{f}}}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=csrc/a%2Cb%3Ac.cuh,line=42,col=7,title=AL101 arch-range-excludes-target::" +
		"100%25 of sm_120 builds get an empty kernel: x, y.%0ACondition: __CUDA_ARCH__ < 1200\n"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}

func TestWriteGitHubLimits(t *testing.T) {
	var fs []finding.Finding
	add := func(n int, l finding.Level) {
		for i := range n {
			fs = append(fs, finding.Finding{RuleID: "AL101", Level: l, Message: fmt.Sprintf("%s %d", l, i),
				Location: finding.Location{Root: "r", Path: "x.cu", Line: i + 1}})
		}
	}
	add(3, finding.LevelNote) // least severe first, to check the ordering
	add(12, finding.LevelWarning)
	add(15, finding.LevelError)
	fs = append(fs, finding.Finding{RuleID: "AL101", Level: finding.LevelError, Message: "hidden",
		Properties: map[string]any{"suppressed": "why"}, Location: finding.Location{Root: "r", Path: "x.cu", Line: 1}})

	var buf bytes.Buffer
	if err := WriteGitHub(&buf, []Run{{Target: "sm_120", Findings: fs}}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	count := map[string]int{}
	for i, l := range lines[:len(lines)-1] {
		cmd := l[2:strings.IndexByte(l, ' ')]
		count[cmd]++
		// Most severe first: 10 errors, then 10 warnings, then 3 notices.
		want := map[bool]string{true: "error", false: map[bool]string{true: "warning", false: "notice"}[i < 20]}[i < 10]
		if cmd != want {
			t.Errorf("line %d is %s, want %s: %s", i+1, cmd, want, l)
		}
		if strings.Contains(l, "hidden") {
			t.Errorf("a suppressed finding was annotated: %s", l)
		}
	}
	if count["error"] != 10 || count["warning"] != 10 || count["notice"] != 3 {
		t.Errorf("annotations per level = %v, want 10/10/3", count)
	}
	summary := lines[len(lines)-1]
	if strings.HasPrefix(summary, "::") || !strings.Contains(summary, "7 more findings not annotated (5 errors, 2 warnings)") {
		t.Errorf("summary line = %q", summary)
	}
}

func TestWriteGitHubSeveralTargetsAndLevels(t *testing.T) {
	f := finding.Finding{RuleID: "AL999", Message: "m", Location: finding.Location{Root: "r", Path: "p.py"}}
	runs := []Run{{Target: "sm_120", Findings: []finding.Finding{f}}, {Target: "sm_121", Findings: []finding.Finding{f}}}
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, runs); err != nil {
		t.Fatal(err)
	}
	// No level and an unknown rule: warning; no line: no line or col.
	want := "::warning file=r/p.py,title=AL999 (sm_120)::m\n::warning file=r/p.py,title=AL999 (sm_121)::m\n"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}
