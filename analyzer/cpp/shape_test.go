package cpp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// numberRE is the number syntax a Shape abstracts from: shapeOf matches
// it by hand (numberEnd) and must agree with it.
var numberRE = regexp.MustCompile(`\b(0[xX][0-9a-fA-F']+|[0-9][0-9']*(\.[0-9]*)?([eE][-+]?[0-9]+)?)[uUlLfF]*\b`)

// shapeByRegexp is shapeOf's plain formula: numbers replaced by numberRE,
// then white space removed as strings.Fields sees it.
func shapeByRegexp(line string) string {
	return strings.Join(strings.Fields(numberRE.ReplaceAllString(line, "#")), "")
}

// shapeOf matches numbers and removes white space by hand; it must give
// what the plain formula gives.
func FuzzShapeOf(f *testing.F) {
	for _, s := range []string{"x = 0x1F'u + 1.5e-3f;", "a\tb  c", "  ", "v\u00a0w\u2003x 7", "ff 12ULL", "\xff\xfe 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		want := shapeByRegexp(line)
		if got := shapeOf(line); got != want {
			t.Fatalf("shapeOf(%q) = %q, want %q", line, got, want)
		}
	})
}

// numberAlphabet is what numbers are made of, and what ends them: fuzzed
// bytes are mapped onto it so that nearly every input is about numbers.
const numberAlphabet = "0123456789xXabcdefABCDEFuUlLfF'.eE+-_g #\t\u00a0"

// FuzzNumberEndLikeRegexp compares shapeOf with the regexp on strings made
// of number syntax: hex and decimal runs, digit separators, fractions,
// exponents, suffixes and what may follow them.
func FuzzNumberEndLikeRegexp(f *testing.F) {
	for _, s := range []string{"0x1F'u", "1.5e-3f", "0x'", "1'", "0xfull", "1e+", "1.e5", "12.5.6", "0x1.5", "1_0", "a1 1a", "1'0'0'x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for i := range b {
			b[i] = numberAlphabet[int(b[i])%len(numberAlphabet)]
		}
		s := string(b)
		if got, want := shapeOf(s), shapeByRegexp(s); got != want {
			t.Fatalf("shapeOf(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestShapeCorpus compares shapeOf with the regexp on every line of every
// C/C++/CUDA file under $ARCHLINT_CPP_CORPUS (skipped when unset): a real
// tree's numbers, in every form its code writes them.
func TestShapeCorpus(t *testing.T) {
	dir := os.Getenv("ARCHLINT_CPP_CORPUS")
	if dir == "" {
		t.Skip("ARCHLINT_CPP_CORPUS not set")
	}
	lines := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".inc":
		default:
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			lines++
			if got, want := shapeOf(line), shapeByRegexp(line); got != want {
				t.Errorf("%s: shapeOf(%q) = %q, want %q", p, line, got, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lines", lines)
}
