package chain

import (
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/python"
)

// TestResolveSourceNearest checks which file a JIT source names when the
// same path tail lies in several places: the same root's repository
// directory first, then the same root, else none (with a note).
func TestResolveSourceNearest(t *testing.T) {
	files := func(names ...string) []*cpp.File {
		var out []*cpp.File
		for i, n := range names {
			root, p, _ := strings.Cut(n, ":")
			out = append(out, &cpp.File{ID: i, Root: root, Path: p, St: cpp.Build(cpp.Scan(nil))})
		}
		return out
	}
	for _, tc := range []struct {
		name      string
		files     []*cpp.File
		root, py  string
		src, want string // want "" with a note
		// note, when set, is the note's list of the files matched:
		// named from the calling script's root, or with their own.
		note string
	}{
		// Three repositories scanned as roots side by side (archlint fi sglang cccl).
		{"roots side by side", files("fi:csrc/norm.cu", "cccl:thrust/examples/norm.cu", "llama:ggml/src/norm.cu"), "fi", "tests/test_norm.py", "norm.cu", "fi/csrc/norm.cu", ""},
		// One root that holds the repositories (archlint ./repos).
		{"repositories in one root", files("repos:fi/csrc/norm.cu", "repos:cccl/thrust/examples/norm.cu"), "repos", "fi/tests/test_norm.py", "norm.cu", "repos/fi/csrc/norm.cu", ""},
		{"two in the same repository", files("fi:csrc/a/norm.cu", "fi:csrc/b/norm.cu", "cccl:norm.cu"), "fi", "tests/test_norm.py", "norm.cu", "", "(csrc/a/norm.cu, csrc/b/norm.cu)"},
		{"only elsewhere", files("cccl:examples/norm.cu"), "fi", "tests/test_norm.py", "norm.cu", "cccl/examples/norm.cu", ""},
		// A source named with its directory, as most JIT calls do.
		{"with a directory", files("fi:csrc/a/norm.cu", "fi:csrc/b/norm.cu"), "fi", "tests/test_norm.py", "./csrc/b/norm.cu", "fi/csrc/b/norm.cu", ""},
		{"two elsewhere", files("cccl:a/norm.cu", "llama:b/norm.cu"), "fi", "tests/test_norm.py", "norm.cu", "", "(cccl/a/norm.cu, llama/b/norm.cu)"},
		// A setup.py builds from its own directory (ktransformers: each
		// of several extensions names its own "binding.cpp").
		// A path in the installed wheel's layout (flashinfer's jit_env:
		// flashinfer/data/csrc/...) names the tree's csrc/... file; the
		// longest tail that names one wins, never the base name alone.
		{"installed layout", files("fi:csrc/quantization.cu", "fi:csrc/nv_internal/kernels/quantization.cu"), "fi", "flashinfer/jit/q.py", "flashinfer/data/csrc/quantization.cu", "fi/csrc/quantization.cu", ""},
		{"beside the setup.py", files("kt:archive/csrc/a/binding.cpp", "kt:archive/csrc/b/binding.cpp", "kt:archive/csrc/c/binding.cpp"), "kt", "archive/csrc/b/setup.py", "binding.cpp", "kt/archive/csrc/b/binding.cpp", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &Linker{fs: cpp.NewFileSet(tc.files, nil)}
			f, note := l.resolveSource(&python.JITModule{Root: tc.root, Path: tc.py}, tc.src)
			got := ""
			if f != nil {
				got = f.Name()
			}
			if got != tc.want {
				t.Fatalf("resolveSource(%q) = %q (note %q), want %q", tc.src, got, note, tc.want)
			}
			if (note == "") != (tc.want != "") {
				t.Fatalf("note %q with result %q", note, got)
			}
			if !strings.Contains(note, tc.note) {
				t.Fatalf("note %q does not name the files as %q", note, tc.note)
			}
		})
	}
}
