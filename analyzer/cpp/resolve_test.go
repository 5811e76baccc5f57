package cpp

import (
	"strings"
	"testing"
)

// TestResolveSuffix checks the last step of #include resolution, the unique
// path suffix: never for a system header, the includer's root first, and
// another root's file only for a name with a directory in it.
func TestResolveSuffix(t *testing.T) {
	var files []*File
	for _, n := range []string{
		"cccl:libcudacxx/include/cuda/std/version", "cccl:c/parallel/include/cccl/c/for.h",
		"cutlass:test/unit/nvrtc/stdlib/stdint.h", "llama:ggml/src/vendors/cuda.h", "llama:ggml/src/common.h",
		"fi:third_party/spdlog/spdlog.h", "fi:src/a/dup.h", "fi:src/b/dup.h", "fi:x/local/vector",
	} {
		root, p, _ := strings.Cut(n, ":")
		files = append(files, &File{Root: root, Path: p, St: Build(Scan(nil))})
	}
	fs := NewFileSet(files, nil)
	from := func(root, p string) *File { return &File{Root: root, Path: p} }
	for _, tc := range []struct {
		from   *File
		name   string
		angled bool
		want   string // "" unresolved
	}{
		// Stubs and wrappers of system headers stand in for nothing.
		{from("cccl", "c/parallel/include/cccl/c/for.h"), "stdint.h", true, ""},
		{from("cccl", "c/parallel/include/cccl/c/for.h"), "cuda.h", true, ""},
		{from("llama", "ggml/src/vendors/cuda.h"), "cuda.h", true, ""},
		// ... but a file beside the includer is found as before.
		{from("fi", "x/local/k.cu"), "vector", false, "fi/x/local/vector"},
		// A bare name resolves in the includer's root only.
		{from("fi", "src/k.cu"), "common.h", false, ""},
		{from("llama", "tests/t.cpp"), "common.h", false, "llama/ggml/src/common.h"},
		// A name with a directory may resolve in another root.
		{from("fi", "src/k.cu"), "spdlog/spdlog.h", true, "fi/third_party/spdlog/spdlog.h"},
		{from("sglang", "csrc/k.cu"), "spdlog/spdlog.h", true, "fi/third_party/spdlog/spdlog.h"},
		{from("sglang", "csrc/k.cu"), "cuda/std/version", true, "cccl/libcudacxx/include/cuda/std/version"},
		// Two candidates are no answer.
		{from("fi", "k.cu"), "dup.h", false, ""},
	} {
		r := fs.Resolve(tc.from, tc.name, tc.angled)
		got := ""
		if r.File != nil {
			got = r.File.Name()
		}
		if got != tc.want {
			t.Errorf("from %s: #include %q = %q, want %q", tc.from.Name(), tc.name, got, tc.want)
		}
	}
}

// File.Include answers, for every directive, what resolving it again
// answers: literal includes resolved, ambiguous and unresolved ones with
// their outcome, computed ones and other directives not at all.
func TestIncludeKeepsResolutions(t *testing.T) {
	src := "#include \"b/h.h\"\n#define X 1\n#include <dup.h>\n#include \"none.h\"\n#include HEADER\n#include <a/dup.h>\n#include \"b/h.h\"\n"
	files := []*File{
		{Root: "r", Path: "k.cu", St: Build(Scan([]byte(src)))},
		{Root: "r", Path: "src/b/h.h", St: Build(Scan(nil))},
		{Root: "r", Path: "x/a/dup.h", St: Build(Scan(nil))},
		{Root: "r", Path: "y/a/dup.h", St: Build(Scan(nil))},
	}
	fs := NewFileSet(files, nil)
	k := files[0]
	literal := 0
	for di, d := range k.St.Src.Directives {
		got, ok := k.Include(di)
		name, angled, isLiteral := LiteralInclude(d.Args)
		if ok != (d.Kind == DirInclude && isLiteral) {
			t.Fatalf("directive %d (%s %s): literal = %v", di, d.Keyword, d.Args, ok)
		}
		if !ok {
			continue
		}
		literal++
		want := fs.Resolve(k, name, angled)
		if got.File != want.File || strings.Join(got.Ambiguous, ",") != strings.Join(want.Ambiguous, ",") {
			t.Errorf("#include %s = %+v, want %+v", d.Args, got, want)
		}
	}
	if r, _ := k.Include(5); len(r.Ambiguous) != 2 || literal != 5 {
		t.Errorf("a/dup.h: %+v; %d literal includes, want 5", r, literal)
	}
	if _, ok := k.Include(len(k.St.Src.Directives)); ok {
		t.Error("a directive past the last one resolves")
	}
}
