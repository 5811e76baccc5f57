package cst

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func mustParse(t testing.TB, src []byte) *Facts {
	t.Helper()
	p := NewParser()
	defer p.Close()
	f, err := p.Parse(src)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}

func findFunction(t testing.TB, fs []Function, name string) Function {
	t.Helper()
	var found []Function
	for _, f := range fs {
		if f.Name == name {
			found = append(found, f)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want exactly one function %q, found %d: %+v", name, len(found), fs)
	}
	return found[0]
}

func names(fs []Function) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Name
	}
	return out
}

// eachFixture calls check with every file of testdata/ (the tests' cases
// and the fuzz targets' seeds).
func eachFixture(tb testing.TB, check func(path string, src []byte)) {
	tb.Helper()
	files, err := filepath.Glob("testdata/*")
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		check(f, src)
	}
}

// eachKernelCorpusFile is eachCorpusFile for the files that spell
// __global__.
func eachKernelCorpusFile(t *testing.T, check func(path string, src []byte)) {
	t.Helper()
	eachCorpusFile(t, func(path string, src []byte) {
		if bytes.Contains(src, globalWord) {
			check(path, src)
		}
	})
}

// eachCorpusFile runs check on every C/C++/CUDA file under
// $ARCHLINT_CST_CORPUS (a real tree, for a run by hand); nothing when it is
// unset.
func eachCorpusFile(t *testing.T, check func(path string, src []byte)) {
	t.Helper()
	root := os.Getenv("ARCHLINT_CST_CORPUS")
	if root == "" {
		return
	}
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".cu", ".cuh", ".cpp", ".cc", ".cxx", ".h", ".hpp", ".hh", ".inl", ".c", ".ipp", ".tcc", ".inc", ".hxx", ".cuinl":
		default:
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		check(path, src)
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files", n)
}
