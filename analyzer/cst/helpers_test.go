package cst

import (
	"os"
	"path/filepath"
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
