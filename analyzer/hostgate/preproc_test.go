package hostgate

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/python"
)

// TestGroupDecisions: which branch of a group inside a function the host
// pass compiles with CUDA 13.0, read as the calls the function body's
// statements make once decided groups are replaced (appendCompiled); "#"
// is a group left undecided.
func TestGroupDecisions(t *testing.T) {
	cases := []struct {
		name, top, body, want string
	}{
		{"toolkit true", "", "#if CUDA_VERSION >= 12080\na();\n#else\nb();\n#endif", "a"},
		{"toolkit false, else", "", "#if CUDA_VERSION >= 13010\na();\n#else\nb();\n#endif", "b"},
		{"false, no else", "", "#if CUDA_VERSION < 11000\na();\n#endif\nc();", "c"},
		{"cudart", "", "#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000\na();\n#endif", "a"},
		{"compiler version", "", "#if __CUDACC_VER_MAJOR__ >= 13\na();\n#endif", "a"},
		{"project macro", "", "#if defined(ENABLE_FAST_PATH)\na();\n#endif", "#"},
		{"project macro and version", "", "#if CUDA_VERSION >= 12000 && ENABLE_FAST_PATH\na();\n#endif", "#"},
		// A build switch named for an architecture is on: the checks
		// are read for a build of every architecture the project
		// serves (archBuildMacro).
		{"arch build switch", "", "#if defined ENABLE_SCALED_MM_SM120 && ENABLE_SCALED_MM_SM120\na();\n#else\nb();\n#endif", "a"},
		{"arch build switches", "", "#if (defined ENABLE_NVFP4_SM100 && ENABLE_NVFP4_SM100) || \\\n    (defined ENABLE_NVFP4_SM120 && ENABLE_NVFP4_SM120)\na();\n#endif", "a"},
		{"arch build switch defined in the file", "#define ENABLE_SM90 0\n", "#if ENABLE_SM90\na();\n#endif", "#"},
		// What no value of the project macro can change is decided,
		// as the preprocessor engine decides it.
		{"project macro settled", "", "#if CUDA_VERSION < 12000 && ENABLE_SM90\na();\n#endif\nc();", "c"},
		{"host pass", "", "#ifdef __CUDA_ARCH__\na();\n#else\nb();\n#endif", "b"},
		{"device arch value", "", "#if __CUDA_ARCH__ >= 900\na();\n#else\nb();\n#endif", "b"},
		{"known absent", "", "#ifndef USE_ROCM\na();\n#endif", "a"},
		{"builtin", "", "#if __has_builtin(__builtin_trap)\na();\n#endif", "#"},
		{"arch list", "", "#if defined(__CUDA_ARCH_LIST__)\na();\n#endif", "#"},
		{"defined in the file", "#define CUDA_VERSION 11080\n", "#if CUDA_VERSION >= 12000\na();\n#endif", "#"},
		{"undefined in the file", "#undef __CUDACC_VER_MAJOR__\n", "#if __CUDACC_VER_MAJOR__ >= 12\na();\n#endif", "#"},
		{"elif after true", "", "#if CUDA_VERSION >= 12000\na();\n#elif FOO\nb();\n#else\nc();\n#endif", "a"},
		{"elif decided", "", "#if 0\na();\n#elif CUDA_VERSION >= 13000\nb();\n#else\nc();\n#endif", "b"},
		{"elif unknown", "", "#if CUDA_VERSION < 12000\na();\n#elif FOO\nb();\n#endif", "#"},
		{"unknown first", "", "#if FOO\na();\n#elif CUDA_VERSION >= 12000\nb();\n#endif", "#"},
		{"nested", "", "#if CUDA_VERSION >= 12000\na();\n#if CUDA_VERSION >= 12080\nb();\n#else\nc();\n#endif\n#endif", "a b"},
		{"nested undecided", "", "#if CUDA_VERSION >= 12000\na();\n#ifdef FOO\nb();\n#endif\n#endif", "a #"},
		{"splice and comment", "", "#if CUDA_VERSION >= \\\n  12000 /* Hopper */ // and newer\na();\n#endif", "a"},
		{"comment past the line", "", "#if 0 /* not\n  here */ || 1\na();\n#endif\nc();", "# c"},
		{"elifdef unknown", "", "#ifdef FOO_NEVER_SET\na();\n#elifdef __CUDACC__\nb();\n#endif", "#"},
		{"elifdef", "", "#ifdef USE_ROCM\na();\n#elifndef __CUDACC__\nb();\n#else\nc();\n#endif", "c"},
		// The build's own choices are unknown.
		{"language standard", "", "#if __cplusplus >= 202002L\na();\n#else\nb();\n#endif", "#"},
		{"host compiler", "", "#if defined(__clang__) || __GNUC__ < 13\na();\n#endif", "#"},
		{"host cpu", "", "#ifdef __x86_64__\na();\n#endif", "#"},
		// (A case named "cpp: ..." is a .cpp file.) A .cpp file may be compiled by the host compiler alone:
		// nvcc's macros are unknown there, the toolkit's are not.
		{"cpp: nvcc macro", "", "#ifdef __CUDACC__\na();\n#else\nb();\n#endif", "#"},
		{"cpp: compiler version", "", "#if __CUDACC_VER_MAJOR__ >= 13\na();\n#endif", "#"},
		{"cpp: toolkit", "", "#if CUDA_VERSION >= 12000\na();\n#endif", "a"},
		{"cpp: device arch", "", "#ifdef __CUDA_ARCH__\na();\n#else\nb();\n#endif", "b"},
		// A group tree-sitter parsed with an error is kept whole.
		{"parse error", "", "#if CUDA_VERSION >= 12000\na(;\n#endif", "#"},
	}
	cfg := testConfig(t, python.DefaultCaps())
	p := cst.NewParser()
	defer p.Close()
	for _, c := range cases {
		src := []byte(c.top + "void f() {\n" + c.body + "\n}\n")
		tr, err := p.ParseTree(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		gs := &groups{tree: tree{tr}, src: src, cfg: cfg, nvcc: !strings.HasPrefix(c.name, "cpp:")}
		f := &file{tree: tree{tr}, groups: gs}
		fns := f.functions()
		if len(fns) != 1 {
			t.Fatalf("%s: %d functions", c.name, len(fns))
		}
		body := f.field(fns[0], fBody)
		var got []string
		for _, s := range gs.compiledNamed(body) {
			switch k := gs.kind(s); {
			case isGroup(k):
				got = append(got, "#")
			case k == "expression_statement":
				if k := gs.named(s); len(k) == 1 {
					got = append(got, gs.callee(k[0]))
				} else {
					got = append(got, gs.text(s))
				}
			default:
				got = append(got, k)
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: compiled %q, want %q", c.name, g, c.want)
		}
		// Nothing is decided without the host pass's macros.
		none := &groups{tree: tree{tr}, src: src}
		if !slices.Equal(none.compiledNamed(body), gs.named(body)) {
			t.Errorf("%s: a group decided without the host pass's macros", c.name)
		}
	}
}
