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
