package cpp

import (
	"reflect"
	"strings"
	"testing"
)

// TestCondTextsSameResults checks that evaluations shared by condition
// text (condTexts) give what evaluating gives: the same texts read in
// files whose __has_include answers differ (also through a macro), and
// in units where the CUTLASS model answers a name and where the project's
// closed world answers it alike, and with a name that only pasting
// spells (whose ID the second worker learns from the first), on two
// workers, against
// Config.EveryPass (which shares nothing).
func TestCondTextsSameResults(t *testing.T) {
	const cond = "#if __has_include(\"x.h\")\nint a;\n#endif\n" +
		"#define HASX __has_include(\"x.h\")\n#if HASX && defined(__CUDA_ARCH__)\nint b;\n#endif\n" +
		"#if defined(CUTLASS_ARCH_MMA_SM90A_ENABLED) || __CUDA_ARCH__ >= 900\nint c;\n#endif\n"
	srcs := map[string]string{
		"p/a.h":    cond,
		"p/x.h":    "int x;\n",
		"q/a.h":    cond,
		"q/u1.cu":  "#include \"a.h\"\n",
		"p/u2.cu":  "#include \"a.h\"\n",
		"q/u3.cu":  "#include \"cutlass/cutlass.h\"\n#include \"a.h\"\n",
		"p/u4.cu":  "#include \"cutlass/cutlass.h\"\n#include \"a.h\"\n",
		"q/def.h":  "#define CUTLASS_ARCH_MMA_SM90A_ENABLED 1\n",
		"q/u7.cu":  cond,
		"p/u8.cu":  cond,
		"p/u9.cu":  "#include \"cutlass/gemm.h\"\n" + cond,
		"q/u10.cu": "#include \"cutlass/gemm.h\"\n" + cond,
	}
	testCondTexts(t, srcs)
	// Units that read no header, so that the second worker has
	// learnt no name when a shared evaluation reads a pasted one.
	const pasted = "#define CAT(a, b) a##b\n#if CAT(PAS, TED) || defined(__CUDA_ARCH__)\nint d;\n#endif\n"
	testCondTexts(t, map[string]string{"p/u1.cu": pasted, "p/u2.cu": pasted, "p/u3.cu": pasted})
}

func testCondTexts(t *testing.T, srcs map[string]string) {
	t.Helper()
	var files []*File
	for p, s := range srcs {
		// Two roots: a bare name resolves by path suffix in the
		// includer's root only, so only p's files have x.h.
		root := "rp"
		if strings.HasPrefix(p, "q/") {
			root = "rq"
		}
		files = append(files, &File{Root: root, Path: p, Src: []byte(s), St: Build(Scan([]byte(s)))})
	}
	fs := NewFileSet(files, nil)
	units := cuUnits(fs)
	run := func(every bool) *Results {
		cfg := memoTestConfig(t)
		cfg.EveryPass = every
		e := NewEngine(cfg, fs)
		var parts []*Results
		for k := range 2 {
			var share []*File
			for i, u := range units {
				if i%2 == k {
					share = append(share, u)
				}
			}
			parts = append(parts, e.Evaluate(share))
		}
		return MergeResults(parts)
	}
	fast, slow := run(false), run(true)
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("shared evaluations change the results:\n%s", strings.Join(diffResults(fast, slow), "\n"))
	}
}
