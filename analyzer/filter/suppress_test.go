package filter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// writeFiles makes a scan root with the given files and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func osRead(root, p string) ([]byte, error) {
	return os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
}

func TestSuppress(t *testing.T) {
	type want struct {
		kept, suppressed int
		reason           string   // of the first suppressed finding
		problems         []string // a fragment of each problem message, in order
	}
	tests := []struct {
		name    string
		content string
		file    string
		rule    string
		line    int
		want    want
	}{
		{"same line C++", "#if __CUDA_ARCH__ < 1200 // archlint: ignore[AL101] needs 228 KB smem\n", "x.cuh", "AL101", 1,
			want{0, 1, "needs 228 KB smem", nil}},
		{"line before C++", "// archlint: ignore[AL101] - needs TMA multicast\n#if __CUDA_ARCH__ < 1200\n", "x.cuh", "AL101", 2,
			want{0, 1, "needs TMA multicast", nil}},
		{"python", "# archlint: ignore[AL201] sm_120 has no FP4 MMA here\nif major == 10:\n", "x.py", "AL201", 2,
			want{0, 1, "sm_120 has no FP4 MMA here", nil}},
		{"block comment", "/* archlint: ignore[AL101] upstream decision */\n#if X\n", "x.cu", "AL101", 2,
			want{0, 1, "upstream decision", nil}},
		{"several ids, one used", "// archlint: ignore[AL101, AL102] both are tuned for sm_90\n#if X\n", "x.cu", "AL101", 2,
			want{0, 1, "both are tuned for sm_90", []string{"of AL102 matches no finding"}}},
		{"reasonless still suppresses", "// archlint: ignore[AL101]\n#if X\n", "x.cu", "AL101", 2,
			want{0, 1, "no reason given", []string{"gives no reason"}}},
		{"wrong rule id", "// archlint: ignore[AL102] reason\n#if X\n", "x.cu", "AL101", 2,
			want{1, 0, "", []string{"of AL102 matches no finding"}}},
		{"unknown rule id", "// archlint: ignore[AL777,foo] reason\n#if X\n", "x.cu", "AL101", 2,
			want{1, 0, "", []string{"AL777, foo, which are no archlint rule"}}},
		{"empty brackets", "// archlint: ignore[] reason\n#if X\n", "x.cu", "AL101", 2,
			want{1, 0, "", []string{"names no rule"}}},
		{"two lines before is too far", "// archlint: ignore[AL101] reason\n\n#if X\n", "x.cu", "AL101", 3,
			want{1, 0, "", []string{"matches no finding"}}},
		{"line after does not count", "#if X\n// archlint: ignore[AL101] reason\n", "x.cu", "AL101", 1,
			want{1, 0, "", []string{"matches no finding"}}},
		{"crlf", "// archlint: ignore[AL101] windows reason\r\n#if X\r\n", "x.cu", "AL101", 2,
			want{0, 1, "windows reason", nil}},
		{"no suppression", "#if X\n", "x.cu", "AL101", 1, want{1, 0, "", nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := writeFiles(t, map[string]string{tt.file: tt.content})
			f := finding.Finding{RuleID: tt.rule, Location: finding.Location{Root: root, Path: tt.file, Line: tt.line},
				Properties: map[string]any{"verdict": "arbitrary"}}
			kept, suppressed, problems := Suppress([]finding.Finding{f}, nil, osRead)
			if len(kept) != tt.want.kept || len(suppressed) != tt.want.suppressed {
				t.Fatalf("kept %d suppressed %d, want %d %d", len(kept), len(suppressed), tt.want.kept, tt.want.suppressed)
			}
			if len(suppressed) > 0 {
				if got := suppressed[0].Properties[PropSuppressed]; got != tt.want.reason {
					t.Errorf("reason %q, want %q", got, tt.want.reason)
				}
				if suppressed[0].Properties["verdict"] != "arbitrary" {
					t.Error("suppression lost the finding's other properties")
				}
				if _, marked := f.Properties[PropSuppressed]; marked {
					t.Error("Suppress changed the caller's Properties map")
				}
			}
			if len(problems) != len(tt.want.problems) {
				t.Fatalf("problems %v, want %d", messages(problems), len(tt.want.problems))
			}
			for i, p := range problems {
				if p.RuleID != SuppressionRule.ID || !strings.Contains(p.Message, tt.want.problems[i]) {
					t.Errorf("problem %d = %s %q, want %q", i, p.RuleID, p.Message, tt.want.problems[i])
				}
				if p.Location.Path != tt.file || p.Location.Line == 0 {
					t.Errorf("problem %d at %+v", i, p.Location)
				}
			}
		})
	}
}

// Unused suppressions are found in scanned files that hold no finding, each
// file is read once, and unreadable files are skipped.
func TestSuppressScansListedFiles(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"a.cu":    "// archlint: ignore[AL101] stale\n#if X\n",
		"b.py":    "x = 1\n",
		"sub/c.h": "#if Y // archlint: ignore[AL102] stale too\n",
	})
	reads := map[string]int{}
	read := func(r, p string) ([]byte, error) {
		reads[p]++
		return osRead(r, p)
	}
	f := finding.Finding{RuleID: "AL201", Location: finding.Location{Root: root, Path: "b.py", Line: 1}}
	files := []FileRef{{root, "a.cu"}, {root, "b.py"}, {root, "sub/c.h"}, {root, "missing.cu"}}
	kept, suppressed, problems := Suppress([]finding.Finding{f}, files, read)
	if len(kept) != 1 || len(suppressed) != 0 {
		t.Fatalf("kept %d suppressed %d", len(kept), len(suppressed))
	}
	if len(problems) != 2 || problems[0].Location.Path != "a.cu" || problems[1].Location.Path != "sub/c.h" ||
		problems[1].Location.Col != 7 {
		t.Fatalf("problems %+v", problems)
	}
	for p, n := range reads {
		if n != 1 {
			t.Errorf("%s read %d times", p, n)
		}
	}
}

// A suppression is used when it matches a finding of any target.
func TestSuppressAcrossTargets(t *testing.T) {
	root := writeFiles(t, map[string]string{"a.cu": "// archlint: ignore[AL101,AL104] reason\n#if X\n"})
	fs := []finding.Finding{
		{RuleID: "AL101", Target: "sm_120", Location: finding.Location{Root: root, Path: "a.cu", Line: 2}},
		{RuleID: "AL104", Target: "sm_121", Location: finding.Location{Root: root, Path: "a.cu", Line: 2}},
	}
	kept, suppressed, problems := Suppress(fs, nil, osRead)
	if len(kept) != 0 || len(suppressed) != 2 || len(problems) != 0 {
		t.Fatalf("kept %d suppressed %d problems %v", len(kept), len(suppressed), messages(problems))
	}
}

func messages(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Message)
	}
	return out
}

func TestSuppressWithoutReader(t *testing.T) {
	fs := []finding.Finding{{RuleID: "AL101"}}
	kept, suppressed, problems := Suppress(fs, nil, nil)
	if len(kept) != 1 || suppressed != nil || problems != nil {
		t.Errorf("nil reader: %v %v %v", kept, suppressed, problems)
	}
}
