package filter

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/report"
)

func sarifOf(t *testing.T, wd string, fs []finding.Finding) []byte {
	t.Helper()
	var buf bytes.Buffer
	run := report.Run{Target: "sm_120", WorkDir: wd, Roots: []string{filepath.Join(wd, "csrc")}, Findings: fs, Success: true}
	if err := report.WriteSARIF(&buf, []report.Run{run}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gate(root, cond string, line int) finding.Finding {
	return finding.Finding{RuleID: "AL101", Level: finding.LevelWarning, Target: "sm_120", Condition: cond,
		Message:  "`" + cond + "` shuts sm_120 out (x.cuh:" + string(rune('0'+line%10)) + ").",
		Location: finding.Location{Root: root, Path: "x.cuh", Line: line}}
}

func TestBaselineRoundTrip(t *testing.T) {
	oldWD := t.TempDir()
	old := []finding.Finding{gate(filepath.Join(oldWD, "csrc"), "__CUDA_ARCH__ < 1200", 10),
		gate(filepath.Join(oldWD, "csrc"), "__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000", 20)}
	log := sarifOf(t, oldWD, old)
	if !bytes.Contains(log, []byte(`"`+stableKey+`"`)) {
		t.Fatalf("report no longer writes the %q fingerprint: update stableKey", stableKey)
	}

	// Another checkout, lines moved, one gate gone and one new.
	newWD := t.TempDir()
	root := filepath.Join(newWD, "csrc")
	now := []finding.Finding{gate(root, "__CUDA_ARCH__ < 1200", 14), gate(root, "__CUDA_ARCH__ != 1200", 30)}
	for name, fs := range map[string][]finding.Finding{"absolute roots": now, "relative roots": relativeTo(now, newWD)} {
		t.Run(name, func(t *testing.T) {
			got, err := Baseline(fs, log)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Condition != "__CUDA_ARCH__ != 1200" || got[0].Properties[PropBaselineState] != "new" {
				t.Fatalf("got %+v", got)
			}
			if fs[1].Properties != nil {
				t.Error("Baseline changed the caller's finding")
			}
		})
	}

	// The marks reach the SARIF log as baselineState and suppressions.
	got, _ := Baseline(now, log)
	hidden := withProperty(now[0], PropSuppressed, "needs 228 KB of shared memory")
	var out struct {
		Runs []struct {
			Results []struct {
				BaselineState string `json:"baselineState"`
				Suppressions  []struct {
					Kind, Justification string
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarifOf(t, newWD, append(got, hidden)), &out); err != nil {
		t.Fatal(err)
	}
	rs := out.Runs[0].Results
	if rs[0].BaselineState != "new" || len(rs[0].Suppressions) != 0 {
		t.Errorf("new result: %+v", rs[0])
	}
	if rs[1].BaselineState != "" || len(rs[1].Suppressions) != 1 || rs[1].Suppressions[0].Kind != "inSource" ||
		rs[1].Suppressions[0].Justification != "needs 228 KB of shared memory" {
		t.Errorf("suppressed result: %+v", rs[1])
	}
}

// relativeTo respells the roots relative to wd, as a scan run from wd does.
func relativeTo(fs []finding.Finding, wd string) []finding.Finding {
	out := append([]finding.Finding(nil), fs...)
	for i := range out {
		rel, _ := filepath.Rel(wd, out[i].Location.Root)
		out[i].Location.Root = rel
	}
	return out
}

func TestBaselineErrors(t *testing.T) {
	f := []finding.Finding{gate("r", "X", 1)}
	for _, tt := range []struct{ name, log, want string }{
		{"not json", "<html>", "not a SARIF log"},
		{"not sarif", `{"a": 1}`, "not a SARIF 2.1.0 log"},
		{"old sarif", `{"version": "2.0.0", "runs": []}`, "not a SARIF 2.1.0 log"},
		{"other tool", `{"version": "2.1.0", "runs": [{"results": [{"partialFingerprints": {"x": "1"}}]}]}`,
			"no \"archlint/v1\" fingerprints"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Baseline(f, []byte(tt.log)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
	// An empty log is a valid baseline: everything is new.
	got, err := Baseline(f, []byte(`{"version": "2.1.0", "runs": []}`))
	if err != nil || len(got) != 1 {
		t.Errorf("empty baseline: %v %v", got, err)
	}
	missing := filepath.Join(t.TempDir(), "nope.sarif")
	if _, err := BaselineFile(f, missing); err == nil || !strings.Contains(err.Error(), "nope.sarif") {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.sarif")
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := BaselineFile(f, bad); err == nil || !strings.Contains(err.Error(), "bad.sarif: baseline is not a SARIF log") {
		t.Errorf("bad file: %v", err)
	}
}
