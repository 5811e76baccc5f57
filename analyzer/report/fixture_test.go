package report

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (run go test -update to accept):\n%s", name, diffLines(string(want), string(got)))
	}
}

// diffLines shows the first differing line, enough to find the change.
func diffLines(want, got string) string {
	wl, gl := splitKeep(want), splitKeep(got)
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n want: " + w + "\n  got: " + g
		}
	}
	return "(no line differs)"
}

func splitKeep(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// fixtureRules are hand-made so that the golden files do not change when the
// real catalogue's wording does.
func fixtureRules() []rules.Rule {
	return []rules.Rule{
		{
			ID: "AL101", Name: "arch-range-excludes-target",
			Short: "A preprocessor architecture range shuts the target GPU out.",
			Full:  "An #if chain over __CUDA_ARCH__ sends an older architecture into a branch the target does not take.",
			Before: "#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))\n" +
				"  cudaGridDependencySynchronize();\n#endif",
			After:     "#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900))\n  cudaGridDependencySynchronize();\n#endif",
			Level:     finding.LevelWarning,
			Tags:      []string{"portability", "cuda", "preprocessor"},
			Precision: "high",
		},
		{
			ID: "AL103", Name: "hard-failure-on-target",
			Short:     "The target reaches a trap, static_assert or error path.",
			Full:      "Code that an older architecture compiles fails on the target: a `static_assert`, `#error` or trap.",
			Before:    "#if __CUDA_ARCH__ >= 1200\n#error \"unsupported\"\n#endif",
			After:     "// let sm_120 take the sm_90 path\n",
			Level:     finding.LevelError,
			Tags:      []string{"portability", "cuda"},
			Precision: "very-high",
		},
		{
			ID: "AL105", Name: "tuning-table-misses-target",
			Short:     "A tuning table has no entry for the target.",
			Full:      "A table of tile sizes keyed by architecture falls back to a default for the target.",
			Level:     finding.LevelNote,
			Tags:      []string{"performance"},
			Precision: "medium",
		},
	}
}

const fixtureWorkDir = "/work/repo"

// fixtureFiles are what ReadFile serves, keyed by Root + "|" + Path.
var fixtureFiles = map[string]string{
	".|include/flashinfer/comm/ar.cuh": "#pragma once\n" +
		"#include <cuda.h>\n\n\n\n\n\n\n\n" +
		"#define HAS_PDL 1\n" + // line 10
		"\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n" +
		"#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))\n" + // line 42
		"  cudaGridDependencySynchronize();\n#endif\n",
	".|csrc/my kernels/gemm ü.cu":  "// gemm\n\n\n\n\n\n#if __CUDA_ARCH__ >= 1200\n#error \"unsupported\"\n#endif\n",
	"/opt/other lib|tuning/sm90.h": "{90, 128},\n{100, 256},\n",
}

func fixtureReadFile(root, path string) ([]byte, error) {
	if c, ok := fixtureFiles[root+"|"+path]; ok {
		return []byte(c), nil
	}
	return nil, errors.New("no such file")
}

// fixtureRuns covers related locations, flows, notifications, a path with a
// space and a non-ASCII letter, a second root outside the working directory,
// a relative root under it, and a run with no findings.
func fixtureRuns() []Run {
	ar := finding.Location{Root: ".", Path: "include/flashinfer/comm/ar.cuh"}
	at := func(l finding.Location, line, col int, msg string) finding.Location {
		l.Line, l.Col, l.Message = line, col, msg
		return l
	}
	py := finding.Location{Root: ".", Path: "flashinfer/jit/comm.py"}
	cu := finding.Location{Root: ".", Path: "csrc/comm/ar.cu"}
	findings := []finding.Finding{
		{
			RuleID:  "AL101",
			Level:   finding.LevelWarning,
			Message: "The #if at this line gives sm_90..sm_110 the PDL path and shuts sm_120 out of it. sm_120 supports PDL, so it loses the synchronisation.",
			Location: finding.Location{Root: ".", Path: ar.Path, Line: 42, Col: 1, EndLine: 42, EndCol: 81,
				Snippet: "#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))"},
			Condition: "#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))",
			Admits:    []string{"sm_90..sm_110"},
			Excludes:  []string{"sm_120", "sm_121"},
			Flavors:   []string{"sm_120", "sm_120a", "sm_120f"},
			Gets:      "nothing",
			Related:   []finding.Location{at(ar, 10, 1, "#define HAS_PDL")},
			Flows: [][]finding.Location{
				{at(py, 12, 5, "load_jit_module(\"comm\")"), at(cu, 0, 0, "compiled as part of the comm module"), at(ar, 42, 1, "#include chain ends here")},
				{at(py, 12, 5, ""), at(finding.Location{Root: ".", Path: "flashinfer/jit/core.py"}, 30, 1, "gen_jit_spec"), at(cu, 3, 1, "#include \"ar.cuh\""), at(ar, 42, 1, "")},
			},
			Target:     "sm_120",
			Properties: map[string]any{"verdict": "safe to widen: PDL exists on every arch from sm_90", "evidence": []string{"cudaGridDependencySynchronize"}},
			Key:        "AL101|include/flashinfer/comm/ar.cuh|__CUDA_ARCH__>=900&&__CUDA_ARCH__<1200|0",
		},
		{
			RuleID:    "AL103",
			Level:     finding.LevelError,
			Message:   "sm_120 hits an #error [unsupported](x) here",
			Location:  finding.Location{Root: ".", Path: "csrc/my kernels/gemm ü.cu", Line: 7, Col: 1, EndLine: 9, EndCol: 6},
			Condition: "#if __CUDA_ARCH__ >= 1200",
			Gets:      "hard failure",
			Related: []finding.Location{
				{Root: ".", Path: "csrc/my kernels/gemm ü.cu", Line: 8, Col: 1, Message: "#error [\"unsupported\"]"},
				{Root: ".", Path: "setup.py", Line: 3},
			},
		},
		{
			RuleID:   "AL105",
			Message:  "The tuning table has entries for sm_90 and sm_100 only.",
			Location: finding.Location{Root: "/opt/other lib", Path: "tuning/sm90.h", Line: 1},
		},
		{
			RuleID:    "AL101",
			Level:     finding.LevelWarning,
			Message:   "CUTLASS's arch check admits sm_90a only.",
			Location:  finding.Location{Root: "third_party/cutlass", Path: "include/cutlass/arch/config.h", Line: 33, Col: 3},
			Condition: "#if defined(__CUDA_ARCH_FEAT_SM90_ALL)",
			Admits:    []string{"sm_90a"},
			Excludes:  []string{"sm_120"},
		},
		{
			RuleID:    "AL202",
			Level:     finding.LevelWarning,
			Message:   "This arch list admits 9.x and shuts out 12.x. The list is the default of the environment variable TORCH_CUDA_ARCH_LIST, which can change it.",
			Location:  finding.Location{Root: ".", Path: "setup.py", Line: 3, Col: 14},
			Condition: "os.getenv('TORCH_CUDA_ARCH_LIST', '9.0')",
			Admits:    []string{"9.x"},
			Excludes:  []string{"12.x"},
			Properties: map[string]any{"comment": "Hopper only for now", "gateKind": "arch-list",
				"override": "TORCH_CUDA_ARCH_LIST in the environment (this list is its default)",
				"toolkit":  "the script's arm for CUDA 12.8"},
		},
	}
	return []Run{
		{
			ToolVersion: "0.1.0",
			Target:      "sm_120",
			CUDAVersion: "13.0",
			Roots:       []string{".", "/opt/other lib", "third_party/cutlass"},
			WorkDir:     fixtureWorkDir,
			Rules:       fixtureRules(),
			Findings:    findings,
			Notifications: []finding.Notification{
				{Level: finding.LevelWarning, Message: "binary file skipped", Where: finding.Location{Root: ".", Path: "csrc/blob.cu"}},
				{Level: finding.LevelWarning, Message: "unterminated #if", Where: finding.Location{Root: ".", Path: "include/bad.cuh", Line: 12}},
				{Level: finding.LevelNote, Message: "no Python entry points found"},
			},
			CommandLine: "archlint --target sm_120 --format sarif . \"/opt/other lib\" third_party/cutlass",
			Success:     true,
			ReadFile:    fixtureReadFile,
		},
		{
			ToolVersion: "0.1.0",
			Target:      "sm_121",
			CUDAVersion: "13.0",
			Roots:       []string{"."},
			WorkDir:     fixtureWorkDir,
			Rules:       fixtureRules(),
			CommandLine: "archlint --target sm_121 .",
			Success:     true,
			ReadFile:    fixtureReadFile,
		},
	}
}
