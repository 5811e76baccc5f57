package python

import (
	"strings"
	"testing"
)

func TestScriptGates(t *testing.T) {
	src := "FROM x\n" +
		"ENV CMAKE_CUDA_ARCHITECTURES 90a\n" + // Dockerfile's older form
		"# ENV TORCH_CUDA_ARCH_LIST=\"7.0\"\n" + // a comment
		"  ENV TORCH_CUDA_ARCH_LIST=${arch_list}\n" + // a variable
		"RUN export TORCH_CUDA_ARCH_LIST='8.0' && \\\n" +
		"    cmake -DCMAKE_CUDA_ARCHITECTURES=100a-real .\n" +
		"ENV OTHER_LIST=\"8.0\"\n" +
		"RUN pip install . # TORCH_CUDA_ARCH_LIST=7.0\n" + // a trailing comment
		"  # export TORCH_CUDA_ARCH_LIST=7.0\n"
	gates := scriptGates(Source{Root: "r", Path: "Dockerfile", Src: []byte(src)}, DefaultCaps())
	var got []string
	for _, g := range gates {
		got = append(got, g.Expr)
		if g.Kind != KindScriptArchs || g.Line == 0 {
			t.Errorf("gate %q: kind %q line %d", g.Expr, g.Kind, g.Line)
		}
	}
	want := []string{"ENV CMAKE_CUDA_ARCHITECTURES 90a", "export TORCH_CUDA_ARCH_LIST='8.0'", "-DCMAKE_CUDA_ARCHITECTURES=100a-real"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("scriptGates:\n got %q\nwant %q", got, want)
	}
}

func TestIsBuildScript(t *testing.T) {
	for p, want := range map[string]bool{
		"Dockerfile": true, "docker/Dockerfile.nightly_torch": true, "x/cuda.Dockerfile": true, "Containerfile": true,
		"tools/build.sh": true, "ci/run.bash": true, "setup.py": false, "CMakeLists.txt": false, "Dockerfile.md": false, "docker/Dockerfile.rocm": true, "notes.shx": false,
	} {
		if got := isBuildScript(p); got != want {
			t.Errorf("isBuildScript(%q) = %v, want %v", p, got, want)
		}
	}
}

// FuzzScriptGates checks that any script reads without a panic and that
// every gate it finds lies in the file.
func FuzzScriptGates(f *testing.F) {
	f.Add("ENV TORCH_CUDA_ARCH_LIST=\"8.0;9.0\"\nRUN X=1 TORCH_CUDA_ARCH_LIST='9.0a 10.0a' pip install .\n")
	f.Add("ENV CMAKE_CUDA_ARCHITECTURES 90a\nexport TORCH_CUDA_ARCH_LIST=${A}\n# TORCH_CUDA_ARCH_LIST=7.0\n")
	f.Add("cmake -DCMAKE_CUDA_ARCHITECTURES=\"80-real;90\" \\\n  -B build\n")
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Count(src, "\n") + 1
		for _, g := range scriptGates(Source{Root: "r", Path: "build.sh", Src: []byte(src)}, DefaultCaps()) {
			if g.Line < 1 || g.Line > lines || g.EndLine < g.Line || len(g.Branch) != len(DefaultCaps()) {
				t.Fatalf("gate %+v outside the %d lines", g, lines)
			}
		}
	})
}

// TestScriptToolkitArm reads which toolkit's arm sets each list.
func TestScriptToolkitArm(t *testing.T) {
	src := "RUN cd /build && \\\n" +
		"    case \"$CUDA_VERSION\" in \\\n" +
		"        12.6.1) \\\n" +
		"            A_TORCH_CUDA_ARCH_LIST='9.0' \\\n" +
		"            ;; \\\n" +
		"        12.9.1|13.0.1) B_TORCH_CUDA_ARCH_LIST='9.0;10.0' ;; \\\n" +
		"        *) C_TORCH_CUDA_ARCH_LIST='8.0' ;; \\\n" +
		"    esac\n" +
		"case \"$PYTHON\" in\n" +
		"  3.10) D_TORCH_CUDA_ARCH_LIST='9.0' ;;\n" +
		"esac\n" +
		"if [ \"${NVCC_VER}\" == \"12.8\" ]; then\n" +
		"  E_TORCH_CUDA_ARCH_LIST='10.0'\n" +
		"else\n" +
		"  F_TORCH_CUDA_ARCH_LIST='9.0'\n" +
		"fi\n" +
		"G_TORCH_CUDA_ARCH_LIST='9.0'\n" +
		"if [[ \"$CU_VERSION\" == \"cu130\" ]] ||\n" +
		"     [[ \"$CU_VERSION\" == \"cu128\" ]]; then\n" +
		"  H_TORCH_CUDA_ARCH_LIST='8.0;12.0a'\n" +
		"elif [[ \"$CU_VERSION\" == \"cu126\" ]] ||\n" +
		"     [[ \"$CU_VERSION\" == \"cu118\" ]]; then\n" +
		"  I_TORCH_CUDA_ARCH_LIST='8.0;9.0a'\n" +
		"elif [[ \"$CU_VERSION\" == \"cu126\" ]] || [[ \"$PY\" == \"3.10\" ]]; then\n" +
		"  J_TORCH_CUDA_ARCH_LIST='8.0'\n" +
		"elif [[ \"$CU_VERSION\" == \"cu126\" ]] && [[ -n \"$X\" ]]; then\n" +
		"  K_TORCH_CUDA_ARCH_LIST='8.0'\n" +
		"fi\n"
	want := map[string]string{"A": "12.6.1", "B": "12.9.1|13.0.1", "C": "", "D": "", "E": "12.8", "F": "", "G": "",
		"H": "13.0|12.8", "I": "12.6|11.8", "J": "", "K": ""}
	for _, g := range scriptGates(Source{Root: "r", Path: "Dockerfile", Src: []byte(src)}, DefaultCaps()) {
		name := g.Function[:1]
		if got := strings.Join(g.Toolkits, "|"); got != want[name] {
			t.Errorf("%s: toolkits %q, want %q", g.Function, got, want[name])
		}
		delete(want, name)
	}
	if len(want) > 0 {
		t.Errorf("lists not found: %v", want)
	}
}
