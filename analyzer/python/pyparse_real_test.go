package python

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pyTreeFiles reads every .py file under the colon-separated roots.
func pyTreeFiles(t testing.TB, roots string) map[string][]byte {
	out := map[string][]byte{}
	for _, root := range strings.Split(roots, ":") {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if !d.IsDir() && strings.HasSuffix(p, ".py") && d.Type().IsRegular() {
				b, err := os.ReadFile(p)
				if err == nil {
					out[p] = b
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestPyParseRealTrees is the differential test over real code: every
// .py file under ARCHLINT_PYPARSE_TREES (colon-separated roots) must be
// refused by the Go parser or parse to tree-sitter's tree. It prints the
// share accepted and both parsers' speed.
func TestPyParseRealTrees(t *testing.T) {
	roots := os.Getenv("ARCHLINT_PYPARSE_TREES")
	if roots == "" {
		t.Skip("ARCHLINT_PYPARSE_TREES not set")
	}
	files := pyTreeFiles(t, roots)
	ps := newTestParser(t)
	var total, accBytes, accFiles, mismatches int
	var tsTime, goTime, goAccTime time.Duration
	for name, src := range files {
		total += len(src)
		t0 := time.Now()
		want, err := ps.parse(src)
		tsTime += time.Since(t0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t0 = time.Now()
		ps.goPanic = nil
		got, ok := ps.parseGo(src)
		d := time.Since(t0)
		if ps.goPanic != nil {
			t.Errorf("%s: Go parser panics: %v", name, ps.goPanic)
		}
		goTime += d
		if !ok {
			continue
		}
		goAccTime += d
		accFiles++
		accBytes += len(src)
		if want.syntaxErr != 0 {
			mismatches++
			t.Errorf("%s: accepted, but tree-sitter finds a syntax error at line %d", name, want.syntaxErr)
			continue
		}
		if diff := diffTrees(ps.tab, src, want, got); diff != "" {
			mismatches++
			if os.Getenv("ARCHLINT_PYPARSE_VERBOSE") != "" {
				t.Errorf("%s: %s", name, firstLines(diff, 400))
			} else {
				t.Errorf("%s: %s", name, firstLines(diff, 1))
			}
		}
	}
	mbps := func(b int, d time.Duration) float64 { return float64(b) / 1e6 / d.Seconds() }
	t.Logf("files: %d accepted of %d (%.1f%%); bytes: %d of %d (%.1f%%); mismatches: %d",
		accFiles, len(files), 100*float64(accFiles)/float64(len(files)), accBytes, total, 100*float64(accBytes)/float64(total), mismatches)
	t.Logf("tree-sitter: %.1f MB/s over all files; Go parser: %.1f MB/s over the accepted files, %.1f MB/s counting its refusals",
		mbps(total, tsTime), mbps(accBytes, goAccTime), mbps(total, goTime))
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// BenchmarkPyParseGo parses the files under ARCHLINT_PYPARSE_TREES with
// the Go parser (the ones it refuses included).
func BenchmarkPyParseGo(b *testing.B) {
	ps := newTestParser(b)
	benchPyTrees(b, func(src []byte) { ps.parseGo(src) })
}

// benchPyTrees runs each on every .py file under ARCHLINT_PYPARSE_TREES
// (colon-separated roots) per iteration, counting their bytes.
func benchPyTrees(b *testing.B, each func(src []byte)) {
	roots := os.Getenv("ARCHLINT_PYPARSE_TREES")
	if roots == "" {
		b.Skip("ARCHLINT_PYPARSE_TREES not set")
	}
	files := pyTreeFiles(b, roots)
	total := 0
	for _, src := range files {
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ResetTimer()
	for range b.N {
		for _, src := range files {
			each(src)
		}
	}
}
