package expr

import "testing"

// benchCases are typical CUDA/CUTLASS conditions.
var benchCases = []struct {
	name string
	defs []string
	expr string
}{
	{"arch range", []string{"__CUDA_ARCH__ 900"},
		"(defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))"},
	{"feature or family", []string{"__CUDA_ARCH_FAMILY_SPECIFIC__ 1000"},
		"defined(__CUDA_ARCH_FEAT_SM90_ALL) || (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000)"},
	{"function-like", []string{
		"__CUDA_ARCH_FAMILY_SPECIFIC__ 1000",
		"CUDA_ARCH_FAMILY(ARCH) (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ == ARCH)",
	}, "CUTLASS_ARCH_MMA_SM100A_ENABLED || CUDA_ARCH_FAMILY(1000)"},
	{"version", []string{"__CUDACC_VER_MAJOR__ 12", "__CUDACC_VER_MINOR__ 8"},
		"(__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 8))"},
	{"unknown arch", nil,
		"defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && !defined(__CUDA_ARCH_FEAT_SM90_ALL)"},
}

func BenchmarkEval(b *testing.B) {
	for _, c := range benchCases {
		env := &MapEnv{Default: False}
		if c.name == "unknown arch" {
			env.Default = Unknown
		}
		for _, d := range c.defs {
			env.Define(d)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Eval(c.expr, env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEvaluator(b *testing.B) {
	for _, c := range benchCases {
		env := &MapEnv{Default: False}
		if c.name == "unknown arch" {
			env.Default = Unknown
		}
		for _, d := range c.defs {
			env.Define(d)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var x Evaluator
			for b.Loop() {
				if _, err := x.Eval(c.expr, env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
