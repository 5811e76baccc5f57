package rules

import (
	"testing"

	"github.com/archlint/archlint/analyzer/python"
)

// TestNamedByEquality: the target written as an operand of ==, != or
// (not) in, in any of the forms capabilities take, names it; a bound, a
// number inside another, or a call's argument does not.
func TestNamedByEquality(t *testing.T) {
	tc := python.Capability{Major: 12, Minor: 0}
	for cond, want := range map[string]string{
		"arch.major in [8, 12]":                        "12",
		"arch // 10 in [8, 9, 12]":                     "12",
		"arch // 10 not in [9, 12]":                    "12",
		"major == 12":                                  "12",
		"12 == major":                                  "12",
		"major != 12 and minor == 0":                   "12",
		"sm in (90, 100, 120)":                         "120",
		"cc in ((8, 9), (12, 0))":                      "(12, 0)",
		"torch.cuda.get_device_capability() == (12,0)": "(12,0)",
		`arch in {"sm_90a", "sm_120a"}`:                `"sm_120a"`,
		`version == "12.0"`:                            `"12.0"`,
		"__CUDA_ARCH__ == 1200":                        "1200",
		"sm < 120":                                     "",
		"sm >= 100 and sm < 120":                       "",
		"major >= 12":                                  "",
		"major in [9, 10]":                             "",
		"ver == 1.12":                                  "",
		"x == 12.5":                                    "",
		"f(12) == 3":                                   "",
		"major in range(9, 13)":                        "",
		"cc in ((8, 9), (12, 1))":                      "",
	} {
		if got := namedByEquality(cond, tc); got != want {
			t.Errorf("namedByEquality(%q) = %q, want %q", cond, got, want)
		}
	}
	for cond, want := range map[string]string{
		"is_sm100_supported() or is_sm120_supported()": "is_sm120_supported",
		"not is_sm12x_supported(query.device)":         "is_sm12x_supported",
		"_is_sm120a_available ()":                      "_is_sm120a_available",
		"is_sm100_supported()":                         "",
		"is_sm1200()":                                  "",
		"is_sm120_supported":                           "is_sm120_supported",
		"_is_sm120 or _is_xpu":                         "_is_sm120",
		"x.sm120_flags":                                "",
		`arch == "sm120"`:                              "",
	} {
		if got := namedByHelper(cond, tc); got != want {
			t.Errorf("namedByHelper(%q) = %q, want %q", cond, got, want)
		}
	}
}

// TestOverrideOf: a list that is a build setting's default names the
// setting that changes it; a list written into the code names none.
func TestOverrideOf(t *testing.T) {
	for _, c := range []struct {
		g    python.Gate
		want string
	}{
		{python.Gate{Kind: python.KindArchList, EnvVar: "TORCH_CUDA_ARCH_LIST"}, "TORCH_CUDA_ARCH_LIST in the environment (this list is its default)"},
		{python.Gate{Kind: python.KindCMakeArchs, CacheVar: "CUDAARCHS"}, "cmake -DCUDAARCHS=... (this list is the cache variable's default)"},
		{python.Gate{Kind: python.KindScriptArchs, Expr: `ARG TORCH_CUDA_ARCH_LIST="9.0"`, Function: "TORCH_CUDA_ARCH_LIST", EnvVar: "TORCH_CUDA_ARCH_LIST"},
			"docker build --build-arg TORCH_CUDA_ARCH_LIST=... (this list is the argument's default)"},
		// A script's `export TORCH_CUDA_ARCH_LIST=...` sets the list for
		// what runs after it: no default.
		{python.Gate{Kind: python.KindScriptArchs, Expr: `export TORCH_CUDA_ARCH_LIST="9.0"`, Function: "TORCH_CUDA_ARCH_LIST", EnvVar: "TORCH_CUDA_ARCH_LIST"}, ""},
		{python.Gate{Kind: python.KindArchList}, ""},
	} {
		if got := overrideOf(&c.g); got != c.want {
			t.Errorf("overrideOf(%+v) = %q, want %q", c.g, got, c.want)
		}
	}
}

func TestBenchmarkDir(t *testing.T) {
	for p, want := range map[string]string{
		"benchmarks/bench_attn.py":           "benchmarks/",
		"python/sglang/bench/serve.py":       "bench/",
		"tools/bench_gemm.py":                "bench_gemm.py",
		"tests/gemm_benchmark.py":            "gemm_benchmark.py",
		"flashinfer/gemm.py":                 "",
		"flashinfer/benchmarking_utils.py":   "",
		"benchmarks.py":                      "",
		"src/benchmarks_old/notes/readme.py": "",
	} {
		if got := benchmarkDir(p); got != want {
			t.Errorf("benchmarkDir(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestExampleDir(t *testing.T) {
	for p, want := range map[string]string{
		"examples/64_ada_fp8_gemm_grouped/main.cu": "examples/",
		"python/example/run.py":                    "example/",
		"src/examples.py":                          "",
		"flashinfer/gemm.py":                       "",
	} {
		if got := exampleDir(p); got != want {
			t.Errorf("exampleDir(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestCIDir(t *testing.T) {
	for p, want := range map[string]string{
		"scripts/ci/cuda/ci_install_deepep.sh": "scripts/ci/",
		".buildkite/build.sh":                  ".buildkite/",
		"docker/Dockerfile":                    "",
		"src/cilk/build.sh":                    "",
	} {
		if got := ciDir(p); got != want {
			t.Errorf("ciDir(%q) = %q, want %q", p, got, want)
		}
	}
}
