package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestExitCodes(t *testing.T) {
	example := filepath.Join("..", "..", "testdata", "example")
	negatives := filepath.Join("..", "..", "testdata", "rules", "negatives")
	cases := []struct {
		name string
		args []string
		code int
		want string // substring of stdout+stderr
	}{
		{"findings", []string{"--target", "sm_120", example}, exitFindings, "AL101"},
		{"clean", []string{"--target", "sm_120", negatives}, exitClean, "no findings"},
		{"fail-on error still fails on AL102", []string{"--target", "sm_120", "--fail-on", "error", example}, exitFindings, "AL102"},
		{"fail-on none", []string{"--target", "sm_120", "--fail-on", "none", example}, exitClean, "AL101"},
		{"flags after paths", []string{example, "--target", "sm_120"}, exitFindings, "AL101"},
		{"unknown target", []string{"--target", "sm_999", example}, exitError, "known targets: sm_75"},
		{"missing target", []string{example}, exitError, "--target is required"},
		{"f target before 12.9", []string{"--target", "sm_120f", "--cuda-version", "12.8", example}, exitError, "12.9"},
		{"no path", []string{"--target", "sm_120"}, exitError, "no path"},
		{"bad format", []string{"--target", "sm_120", "--format", "xml", example}, exitError, "unknown --format"},
		{"missing root", []string{"--target", "sm_120", "does/not/exist"}, exitError, "does/not/exist"},
		{"bad memory target", []string{"--target", "sm_120", "--memory-target", "lots", example}, exitError, "--memory-target"},
		{"memory target off", []string{"--target", "sm_120", "--memory-target", "off", example}, exitFindings, "AL101"},
		{"memory target size", []string{"--target", "sm_120", "--memory-target", "1GiB", example}, exitFindings, "AL101"},
		{"explain", []string{"explain", "AL102"}, exitClean, "empty-kernel-on-target"},
		{"explain unknown", []string{"explain", "AL999"}, exitError, "unknown rule"},
		{"rules", []string{"rules"}, exitClean, "AL105"},
		{"targets", []string{"targets"}, exitClean, "__CUDA_ARCH_FEAT_SM120_ALL"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(out+errs, c.want) {
			t.Errorf("%s: exit %d (want %d), output lacks %q:\n%s%s", c.name, code, c.code, c.want, out, errs)
		}
	}
}

func TestSARIFOutputFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.sarif")
	code, _, errs := runCLI(t, "--target", "sm_120,sm_121a", "--format", "sarif", "-o", out, filepath.Join("..", "..", "testdata", "example"))
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errs)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			AutomationDetails struct{ ID string } `json:"automationDetails"`
			Results           []json.RawMessage   `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 2 || log.Runs[0].AutomationDetails.ID != "archlint/sm_120/" ||
		log.Runs[1].AutomationDetails.ID != "archlint/sm_121a/" || len(log.Runs[0].Results) == 0 {
		t.Errorf("unexpected SARIF: version %q, %d runs", log.Version, len(log.Runs))
	}
}

func TestTraceJSON(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "engine", "ranges", "ranges.cuh")
	code, out, errs := runCLI(t, "trace", "--target", "sm_120", "--format", "json", "--root", filepath.Dir(file), file)
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var first struct {
		File, Directive, Condition string
		Line                       int
		Arches                     map[string]struct{ Reached, Taken *bool }
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatalf("%v: %s", err, lines[0])
	}
	if first.Line != 6 || first.Directive != "#if" || !strings.Contains(first.Condition, "__CUDA_ARCH__ < 1200") {
		t.Errorf("first entry: %+v", first)
	}
	if a := first.Arches["sm_120"]; a.Taken == nil || *a.Taken {
		t.Errorf("sm_120 must be decided and not taken: %+v", a)
	}
	if a := first.Arches["sm_110a"]; a.Taken == nil || !*a.Taken {
		t.Errorf("sm_110a must take it: %+v", a)
	}
	// Arch order is kept (not alphabetical): sm_75 before sm_100.
	if strings.Index(lines[0], `"sm_75"`) > strings.Index(lines[0], `"sm_100"`) {
		t.Error("arches are not in arch order")
	}
	// Undecided values are null, never a guess.
	for _, l := range lines {
		if strings.Contains(l, "CUDA_VERSION >= 12080") && !strings.Contains(l, `"taken":null`) {
			t.Errorf("CUDA_VERSION without cuda.h must be null: %s", l)
		}
	}
}

// TestTraceConditionalMacros: a value left undecided by the build's macro
// names it apart from the project's macro whose definition it made
// conditional, in text and in JSON.
func TestTraceConditionalMacros(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "rules", "conditional")
	file := filepath.Join(root, "derived_mma.cuh")
	_, out, errs := runCLI(t, "trace", "--target", "sm_120", "--root", root, file)
	for _, want := range []string{"depends:   ENABLE_BLOCK_SCALE (configuration macros defined nowhere",
		"depends:   CUTLASS_ARCH_MMA_SM90A_ENABLED (defined in the scanned code, but under a condition left undecided"} {
		if !strings.Contains(out, want) {
			t.Errorf("trace text lacks %q:\n%s%s", want, out, errs)
		}
	}
	_, out, errs = runCLI(t, "trace", "--target", "sm_120", "--format", "json", "--root", root, file)
	if !strings.Contains(out, `"unknowns":["ENABLE_BLOCK_SCALE"],"conditionalMacros":["CUTLASS_ARCH_MMA_SM90A_ENABLED"]`) {
		t.Errorf("trace JSON does not split the macros:\n%s%s", out, errs)
	}
}

func TestDiffAndFix(t *testing.T) {
	dir := t.TempDir()
	src := "#pragma once\n__device__ void w() {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  cudaGridDependencySynchronize();\n#endif\n}\n" +
		"__device__ void j() {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  asm volatile(\"wgmma.fence.sync.aligned;\");\n#endif\n}\n"
	p := filepath.Join(dir, "k.cuh")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "--target", "sm_120", "--diff", dir)
	if code != exitClean || !strings.Contains(out, "+#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)\n") {
		t.Fatalf("diff: exit %d\n%s%s", code, out, errs)
	}
	// The wgmma range is justified: no fix is offered for it.
	if strings.Count(out, "\n+#if") != 1 {
		t.Errorf("exactly one fix expected (the arbitrary PDL range):\n%s", out)
	}
	if b, _ := os.ReadFile(p); string(b) != src {
		t.Fatal("--diff must not write")
	}
	code, _, errs = runCLI(t, "--target", "sm_120", "--fix", dir)
	if !strings.Contains(errs, "archlint: fixed") || !strings.Contains(errs, "1 file changed") {
		t.Fatalf("fix: exit %d %s", code, errs)
	}
	b, _ := os.ReadFile(p)
	if strings.Count(string(b), "< 1200") != 1 {
		t.Errorf("--fix should open only the arbitrary range:\n%s", b)
	}
}

// TestDiffOpensGateAndRanges: when every range behind a supported_major_versions
// gate is a port artifact, the diff opens both the list and the ranges.
func TestDiffOpensGateAndRanges(t *testing.T) {
	code, out, errs := runCLI(t, "--target", "sm_120", "--diff", filepath.Join("..", "..", "testdata", "fixes"))
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"+    return gen_jit_spec(\"norm\", [CSRC / \"norm.cu\"], supported_major_versions=[9, 10, 12])",
		"+#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff lacks %q:\n%s", want, out)
		}
	}
}

// TestPreMerge covers suppressions, --format github, --baseline and
// --new-from-rev end to end on a throwaway git repository.
func TestPreMerge(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rangeLines := "#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  cudaGridDependencySynchronize();\n#endif\n"
	write("a.cuh", "__device__ void a() {\n"+rangeLines+"}\n")
	write("b.cuh", "__device__ void b() {\n// archlint: ignore[AL101] measured: the PDL wait costs more than it saves here\n"+rangeLines+"}\n"+
		"// archlint: ignore[AL102]\nint unused;\n")
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")

	code, out, errs := runCLI(t, "--target", "sm_120", "--format", "github", dir)
	if !strings.Contains(out, "::warning file=") || !strings.Contains(out, "title=AL101") || code != exitFindings {
		t.Fatalf("github format: exit %d\n%s%s", code, out, errs)
	}
	if strings.Contains(out, "b.cuh,line=3") {
		t.Errorf("the suppressed range in b.cuh must not be annotated:\n%s", out)
	}
	if !strings.Contains(out, "AL901") {
		t.Errorf("the reasonless, unused AL102 suppression must be reported (AL901):\n%s", out)
	}

	base := filepath.Join(t.TempDir(), "base.sarif")
	if code, _, errs := runCLI(t, "--target", "sm_120", "--format", "sarif", "-o", base, dir); code == exitError {
		t.Fatal(errs)
	}
	if code, out, errs := runCLI(t, "--target", "sm_120", "--baseline", base, "--fail-on", "note", dir); code != exitClean {
		t.Errorf("nothing is new against its own baseline: exit %d\n%s%s", code, out, errs)
	}
	// A second copy of a baselined range in the same file is new: each
	// copy has a fingerprint of its own (its occurrence index).
	write("a.cuh", "__device__ void a() {\n"+rangeLines+"}\n__device__ void a2() {\n"+rangeLines+"}\n")
	if code, out, errs := runCLI(t, "--target", "sm_120", "--baseline", base, dir); code != exitFindings ||
		!strings.Contains(out, "a.cuh:7:") || strings.Contains(out, "a.cuh:2:") {
		t.Errorf("the second copy of a baselined range must be new, the first not: exit %d\n%s%s", code, out, errs)
	}
	write("a.cuh", "__device__ void a() {\n"+rangeLines+"}\n")

	// A change adds a second range in c.cuh: only it is new since HEAD.
	write("c.cuh", "__device__ void c() {\n"+rangeLines+"}\n")
	code, out, errs = runCLI(t, "--target", "sm_120", "--new-from-rev", "HEAD", dir)
	if code != exitFindings || !strings.Contains(out, "c.cuh:2") || strings.Contains(out, "a.cuh:2") {
		t.Errorf("new-from-rev: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "--target", "sm_120", "--new-from-rev", "no-such-rev", dir); code != exitError || !strings.Contains(errs, "no-such-rev") {
		t.Errorf("unknown rev must be a clear error: exit %d %s", code, errs)
	}
}

func TestConfigFile(t *testing.T) {
	dir := t.TempDir()
	src := "__device__ void w() {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  cudaGridDependencySynchronize();\n#endif\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "k.cuh"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, ".archlint.toml")
	if err := os.WriteFile(cfg, []byte("targets = [\"sm_120\"]\n[rules]\nAL101 = \"error\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The target comes from the file; the rule level too.
	code, out, errs := runCLI(t, dir)
	if code != exitFindings || !strings.Contains(out, "error[AL101]") {
		t.Fatalf("config: exit %d\n%s%s", code, out, errs)
	}
	// A flag overrides the file.
	if code, out, _ := runCLI(t, "--target", "sm_90", dir); code != exitClean || strings.Contains(out, "AL101") {
		t.Errorf("--target must override the config file: exit %d\n%s", code, out)
	}
	// "off" drops the rule.
	if err := os.WriteFile(cfg, []byte("targets = [\"sm_120\"]\n[rules]\nAL101 = \"off\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, dir); code != exitClean || strings.Contains(out, "AL101") {
		t.Errorf("AL101 off: exit %d\n%s", code, out)
	}
	// An unknown key is an error naming the key and the file.
	if err := os.WriteFile(cfg, []byte("target = \"sm_120\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, dir); code != exitError || !strings.Contains(errs, "unknown key target") || !strings.Contains(errs, ".archlint.toml") {
		t.Errorf("unknown key: exit %d %s", code, errs)
	}
}

// TestFixThenRescan: after --fix, a rescan no longer reports the range.
func TestFixThenRescan(t *testing.T) {
	dir := t.TempDir()
	src := "__device__ void w() {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  cudaGridDependencySynchronize();\n#endif\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "k.cuh"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, "--target", "sm_120", "--fix", dir); code != exitFindings {
		t.Fatalf("fix run: exit %d %s", code, errs)
	}
	if code, out, errs := runCLI(t, "--target", "sm_120", dir); code != exitClean {
		t.Errorf("after --fix the finding must be gone: exit %d\n%s%s", code, out, errs)
	}
}

// TestGoldenDiff pins the --diff of the verdict fixture: an arbitrary range
// opened, a needs-variant range opened to the family builds, the justified
// and unknown ranges left alone. ARCHLINT_UPDATE_GOLDEN=1 rewrites it.
func TestGoldenDiff(t *testing.T) {
	code, out, errs := runCLI(t, "--target", "sm_120", "--diff", filepath.Join("..", "..", "testdata", "rules", "verdicts"))
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden := filepath.Join("..", "..", "testdata", "golden", "verdicts.diff")
	if os.Getenv("ARCHLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("--diff differs from %s:\n%s", golden, out)
	}
}

func TestVendoredSkipped(t *testing.T) {
	dir := t.TempDir()
	src := "__device__ void w() {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  cudaGridDependencySynchronize();\n#endif\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "3rdparty", "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "3rdparty", "lib", "k.cuh"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "--target", "sm_120", dir)
	if code != exitClean || !strings.Contains(out, "vendored tree") {
		t.Errorf("vendored findings must be skipped and the skip said: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "--target", "sm_120", "--include-vendored", dir); code != exitFindings || !strings.Contains(out, "AL101") {
		t.Errorf("--include-vendored: exit %d\n%s", code, out)
	}
}

// TestFingerprintSurvivesLineMoves: inserting lines above a finding keeps
// archlint's own fingerprint (baselines and code scanning match it) while
// the line moves.
func TestFingerprintSurvivesLineMoves(t *testing.T) {
	dir := t.TempDir()
	body := "__device__ void w() {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  cudaGridDependencySynchronize();\n#else\n  __nanosleep(1);\n#endif\n}\n"
	fps := func(prefix string) (map[string]int, string) {
		if err := os.WriteFile(filepath.Join(dir, "k.cuh"), []byte(prefix+body), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "o.sarif")
		if code, _, errs := runCLI(t, "--target", "sm_120", "--format", "sarif", "-o", out, dir); code == exitError {
			t.Fatal(errs)
		}
		raw, _ := os.ReadFile(out)
		var log struct {
			Runs []struct {
				Results []struct {
					PartialFingerprints map[string]string `json:"partialFingerprints"`
					Locations           []struct {
						PhysicalLocation struct {
							Region struct{ StartLine int } `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(raw, &log); err != nil {
			t.Fatal(err)
		}
		m := map[string]int{}
		var lineHashes []string
		for _, r := range log.Runs[0].Results {
			m[r.PartialFingerprints["archlint/v1"]] = r.Locations[0].PhysicalLocation.Region.StartLine
			lineHashes = append(lineHashes, r.PartialFingerprints["primaryLocationLineHash"])
		}
		return m, strings.Join(lineHashes, ",")
	}
	before, _ := fps("")
	after, _ := fps("// a comment\n// and another\n\n")
	if len(before) == 0 || len(before) != len(after) {
		t.Fatalf("before %v after %v", before, after)
	}
	for fp, line := range before {
		if got, ok := after[fp]; !ok || got != line+3 {
			t.Errorf("fingerprint %s: line %d before, %d (found %v) after inserting 3 lines", fp, line, got, ok)
		}
	}
}

// TestGitHubFormatNotifications: GitHub annotations have no place for the
// scan's notifications, so --format github prints them on stderr (the
// workflow log), one line each, as a report written to a file does.
func TestGitHubFormatNotifications(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "notifications")
	code, out, errs := runCLI(t, "--target", "sm_120", "--format", "github", dir)
	if code == exitError {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if strings.Contains(out, "LIB_HAS_FEATURE") {
		t.Errorf("a notification became an annotation:\n%s", out)
	}
	if n := strings.Count(errs, "archlint: warning: "); n != 3 || !strings.Contains(errs, "function-like macro LIB_HAS_FEATURE is not defined") {
		t.Errorf("want the fixture's 3 notifications on stderr, got %d:\n%s", n, errs)
	}
	if _, _, errs := runCLI(t, "--target", "sm_120", "--format", "json", dir); strings.Contains(errs, "archlint: warning: ") {
		t.Errorf("a JSON document on stdout holds the notifications; stderr repeated them:\n%s", errs)
	}
}

// TestRootFilesNamedDirectly: files named on the command line are scanned
// by the walk of their kind; only one no walk reads gets a notification,
// once ("skipped: file kind python is not selected" came from the other
// walk, for every file).
func TestRootFilesNamedDirectly(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"k.cu":      "#if __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000\n__global__ void k() {}\n#endif\n",
		"m.py":      "import torch\n\ndef f():\n    major, _ = torch.cuda.get_device_capability()\n    if major != 9:\n        raise RuntimeError(\"Hopper only\")\n",
		"README.md": "notes\n",
	})
	_, stdout, stderr := runCLI(t, "--target", "sm_120", "--no-cache", "--color", "never",
		filepath.Join(dir, "k.cu"), filepath.Join(dir, "m.py"), filepath.Join(dir, "README.md"))
	out := stdout + stderr
	if strings.Contains(out, "not selected") || strings.Count(out, "README.md") != 1 ||
		!strings.Contains(out, "AL201") || !strings.Contains(out, "k.cu") {
		t.Errorf("want k.cu's and m.py's findings and one notification, for README.md; output:\n%s", out)
	}
	_, stdout, _ = runCLI(t, "--target", "sm_120", "--no-cache", "--color", "never", filepath.Join(dir, "m.py"))
	if !strings.Contains(stdout, "AL201") || strings.Contains(stdout, "warning:") {
		t.Errorf("m.py named alone: no AL201 in\n%s", stdout)
	}
}

// TestNoteNotificationOnStderr: a notification keeps its level on stderr
// (a JIT source that matches two files is a note, not a warning), and the
// files it names are named from the scan root, as findings are.
func TestNoteNotificationOnStderr(t *testing.T) {
	dir := t.TempDir()
	kernel := "__global__ void k() {\n#if __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200\n  int x = 1;\n#endif\n}\n"
	writeFiles(t, dir, map[string]string{
		"setup.py":       "from torch.utils.cpp_extension import CUDAExtension\n\next = CUDAExtension(\"norm\", [\"norm.cu\"])\n",
		"csrc/a/norm.cu": kernel,
		"csrc/b/norm.cu": kernel,
	})
	out := filepath.Join(t.TempDir(), "out.sarif")
	code, _, errs := runCLI(t, "--target", "sm_120", "--format", "sarif", "-o", out, dir)
	if code == exitError {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	want := `archlint: note: ` + filepath.ToSlash(filepath.Join(dir, "setup.py")) + `:3: CUDAExtension source "norm.cu" matches 2 files (csrc/a/norm.cu, csrc/b/norm.cu)`
	if !strings.Contains(errs, want) {
		t.Errorf("want %q on stderr, got:\n%s", want, errs)
	}
	if strings.Contains(errs, "archlint: warning: ") {
		t.Errorf("a note printed as a warning:\n%s", errs)
	}
}
