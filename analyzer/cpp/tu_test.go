package cpp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

func TestIncludeGuard(t *testing.T) {
	cases := []struct{ src, want string }{
		{"#ifndef A_H\n#define A_H\nint x;\n#endif\n", "A_H"},
		{"#pragma once\n#ifndef A_H\n#define A_H\n#endif\n", "A_H"},
		{"#if !defined(A_H)\n#define A_H\n#endif\n", "A_H"},
		{"#if !defined A_H\n#define A_H\n#endif\n", "A_H"},
		{"#ifndef A_H\n#define B_H\n#endif\n", ""},                 // defines another name
		{"#ifndef A_H\n#define A_H\n#endif\n#define LATE 1\n", ""}, // something after the #endif
		{"#ifndef A_H\n#define A_H\n#else\n#endif\n", ""},          // an #else is not a guard
		{"#ifndef A_H\n#define A_H(x) x\n#endif\n", "A_H"},
		{"#define X 1\n", ""},
	}
	for _, c := range cases {
		if got := Build(Scan([]byte(c.src))).Guard; got != c.want {
			t.Errorf("%q: guard %q, want %q", c.src, got, c.want)
		}
	}
}

// TestGuardedHeadersUnderUnknown: guarded headers that include each other
// under an undecided condition are read once each per pass. Reading them
// again whenever their guard is undecided made this exponential in the
// number of headers (CCCL), so this test finishing at all is the check;
// the recorded values must still say the region is undecided.
func TestGuardedHeadersUnderUnknown(t *testing.T) {
	const n = 40
	var files []*File
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "#ifndef H%d_H\n#define H%d_H\n#if CONFIG_FLAG\n", i, i)
		for j := range n {
			if j != i {
				fmt.Fprintf(&b, "#include \"h%d.h\"\n", j)
			}
		}
		b.WriteString("#endif\n#if __CUDA_ARCH__ >= 900\nint sm90;\n#endif\n#endif\n")
		src := []byte(b.String())
		files = append(files, &File{Root: "r", Path: fmt.Sprintf("h%d.h", i), Src: src, St: Build(Scan(src))})
	}
	fs := NewFileSet(files, nil)
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cv := target.DefaultCUDA()
	res := NewEngine(Config{Table: tb, CUDA: cv, Passes: tb.Reference(cv)}, fs).Evaluate([]*File{files[0]})
	last := fs.Files[n-1]
	dirs := res.ByFile[last.ID]
	if dirs == nil {
		t.Fatal("the last header was never reached")
	}
	// Directive 2 is "#if CONFIG_FLAG": reached only under the first
	// header's undecided CONFIG_FLAG.
	for _, dr := range dirs {
		if dr == nil {
			continue
		}
		if dr.Reached[0] != expr.Unknown {
			t.Errorf("host pass: reached %v, want undecided (included under CONFIG_FLAG)", dr.Reached[0])
		}
		break
	}
}

// TestIncludeBomb: two unguarded headers that each include the other twice
// would be read 2^200 times within the depth limit. Replayed re-reads
// collapse this pair; reading every include (EveryPass, and any bomb whose
// macro state keeps changing) stops the unit at MaxReadsPerPass readings
// and marks it, and the scan goes on.
func TestIncludeBomb(t *testing.T) {
	a := []byte("#include \"b.h\"\n#include \"b.h\"\n#if __CUDA_ARCH__ >= 900\nint a;\n#endif\n")
	b := []byte("#include \"a.h\"\n#include \"a.h\"\n")
	u := []byte("#include \"a.h\"\n")
	var files []*File
	for _, f := range []struct {
		name string
		src  []byte
	}{{"a.h", a}, {"b.h", b}, {"u.cu", u}} {
		files = append(files, &File{Root: "r", Path: f.name, Src: f.src, St: Build(Scan(f.src))})
	}
	fs := NewFileSet(files, nil)
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cv := target.DefaultCUDA()
	res := NewEngine(Config{Table: tb, CUDA: cv, Passes: tb.Reference(cv), EveryPass: true}, fs).Evaluate([]*File{fs.Files[2]})
	if !res.Stopped[2] {
		t.Error("reading every include: the unit was not marked stopped")
	}
	if !res.Visited[0] {
		t.Error("a.h was not read before the stop")
	}
	res = NewEngine(Config{Table: tb, CUDA: cv, Passes: tb.Reference(cv)}, fs).Evaluate([]*File{fs.Files[2]})
	if res.Stopped[2] || !res.Visited[0] {
		t.Errorf("with replayed re-reads: stopped %v, a.h read %v; want the unit read whole", res.Stopped[2], res.Visited[0])
	}
}
