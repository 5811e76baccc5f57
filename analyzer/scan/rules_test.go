package scan

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/report"
	"github.com/archlint/archlint/rules"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestRuleFixtures scans the bundled example and every tree under
// testdata/rules as its own root and checks their `want` expectations.
func TestRuleFixtures(t *testing.T) {
	t.Run("example", func(t *testing.T) { checkWants(t, "../../testdata/example") })
	dirs, err := os.ReadDir("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if d.IsDir() {
			dir := filepath.Join("../../testdata/rules", d.Name())
			t.Run(d.Name(), func(t *testing.T) { checkWants(t, dir) })
		}
	}
}

func checkWants(t *testing.T, dir string) {
	exps := readExpectations(t, dir)
	res, err := Run(testOptions(t, dir, "sm_120"))
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		file string
		line int
	}
	got := map[key][]finding.Finding{}
	for _, f := range res.Targets[0].Findings {
		got[key{f.Location.Path, f.Location.Line}] = append(got[key{f.Location.Path, f.Location.Line}], f)
	}
	wants := 0
	for _, x := range exps {
		if x.kind == "none" {
			wants++ // a fixture of negatives only
		}
		if x.kind != "want" {
			continue
		}
		wants++
		k := key{x.file, x.line}
		// "AL101 <regexp>": the rule ID, then a regexp the message must match.
		id, pattern, _ := strings.Cut(x.text, " ")
		re, err := regexp.Compile(pattern)
		if err != nil {
			t.Fatalf("%s:%d: bad want regexp: %v", x.file, x.line, err)
		}
		matched := -1
		for i, f := range got[k] {
			if f.RuleID == id && re.MatchString(f.Message) {
				matched = i
				break
			}
		}
		if matched < 0 {
			var have []string
			for _, f := range got[k] {
				have = append(have, f.RuleID+" "+f.Message)
			}
			t.Errorf("%s:%d: no finding matches %q; findings here: %q", x.file, x.line, x.text, have)
			continue
		}
		got[k] = append(got[k][:matched], got[k][matched+1:]...)
	}
	for k, fs := range got {
		for _, f := range fs {
			t.Errorf("%s:%d: unexpected finding %s %s", k.file, k.line, f.RuleID, f.Message)
		}
	}
	if wants == 0 {
		t.Fatal("fixture has no want expectations (mark a negatives-only fixture with `want: none`)")
	}
}

// render runs a scan of the bundled example and renders it.
func render(t *testing.T, format string, jobs int) []byte {
	t.Helper()
	opt := testOptions(t, "testdata/example", "sm_120")
	opt.Jobs = jobs
	wd, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// Scan from the repository root, as a user would.
	old, _ := os.Getwd()
	if err := os.Chdir(wd); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(old)
	res, err := Run(opt)
	if err != nil {
		t.Fatal(err)
	}
	var runs []report.Run
	for _, tr := range res.Targets {
		runs = append(runs, report.Run{ToolVersion: "0.0.0-test", Target: tr.Target.String(), CUDAVersion: "13.0",
			Roots: opt.Roots, WorkDir: wd, Rules: rules.All(), Findings: tr.Findings, Notifications: res.Notifications,
			CommandLine: "archlint --target sm_120 testdata/example", Success: true,
			ReadFile: func(root, p string) ([]byte, error) { return os.ReadFile(filepath.Join(root, p)) }})
	}
	var buf bytes.Buffer
	if format == "sarif" {
		err = report.WriteSARIF(&buf, runs)
	} else {
		err = report.WriteText(&buf, runs, report.TextOptions{})
	}
	if err != nil {
		t.Fatal(err)
	}
	// The checkout's absolute path appears in originalUriBaseIds; goldens
	// must not depend on where the repository is cloned.
	return bytes.ReplaceAll(buf.Bytes(), []byte("file://"+wd+"/"), []byte("file:///CHECKOUT/"))
}

func TestGoldenExample(t *testing.T) {
	for _, format := range []string{"text", "sarif"} {
		got := render(t, format, 2)
		golden := filepath.Join("../../testdata/golden", "example."+format)
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test ./analyzer/scan -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s output differs from %s (rerun with -update if the change is intended):\n%s", format, golden, firstDiff(got, want))
		}
	}
}

func TestDeterministicAcrossJobs(t *testing.T) {
	for _, format := range []string{"text", "sarif"} {
		one := render(t, format, 1)
		for _, jobs := range []int{2, 8} {
			if many := render(t, format, jobs); !bytes.Equal(one, many) {
				t.Errorf("%s output with --jobs %d differs from --jobs 1:\n%s", format, jobs, firstDiff(many, one))
			}
		}
	}
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  got:  %s\n  want: %s", i+1, x, y)
		}
	}
	return "(no line differs)"
}

// TestExampleSARIFValidates runs Microsoft's SARIF Multitool with GitHub's
// rule kinds over the bundled example's SARIF: zero errors, zero warnings.
// CI installs the tool and sets SARIF_MULTITOOL (see .ci/run).
func TestExampleSARIFValidates(t *testing.T) {
	tool := os.Getenv("SARIF_MULTITOOL")
	if tool == "" {
		t.Skip("SARIF_MULTITOOL is not set")
	}
	path := filepath.Join(t.TempDir(), "example.sarif")
	if err := os.WriteFile(path, render(t, "sarif", 2), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "validate", "--rule-kind", "Gh;Sarif", "-o", path+".validation", path).CombinedOutput()
	if err != nil {
		t.Fatalf("multitool failed: %v\n%s", err, out)
	}
	for _, p := range regexp.MustCompile(`(?m)^.*: (error|warning) [A-Z]+[0-9]+: .*$`).FindAll(out, -1) {
		t.Errorf("%s", p)
	}
}

// TestNamesTargetAdmits: a check that names the target on purpose lists
// as admitted the GPUs it sends the target's way (quack's `arch.major in
// [8, 12]`), not those of the other path.
func TestNamesTargetAdmits(t *testing.T) {
	dir := "../../testdata/rules/python"
	res, err := Run(testOptions(t, dir, "sm_120"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Targets[0].Findings {
		if f.Location.Path != "pkg/dispatch.py" || f.Location.Line != 176 {
			continue
		}
		if got := strings.Join(f.Admits, " ") + " | " + strings.Join(f.Excludes, " "); got != "8.x 12.x | 7.x 9.x 10.x 11.x" {
			t.Errorf("admits | excludes = %q, want %q", got, "8.x 12.x | 7.x 9.x 10.x 11.x")
		}
		return
	}
	t.Fatal("no finding at pkg/dispatch.py:176")
}
