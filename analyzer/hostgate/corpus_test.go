package hostgate

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/archlint/archlint/analyzer/python"
)

// TestCorpus runs the analyzer over the files that name a capability
// source in the real source trees named by ARCHLINT_HOSTGATE_CORPUS
// (colon-separated, as the other corpus tests take them; skipped when
// unset) and prints every gate with the counts and the time; it fails
// only on an error or a malformed gate.
func TestCorpus(t *testing.T) {
	roots := os.Getenv("ARCHLINT_HOSTGATE_CORPUS")
	if roots == "" {
		t.Skip("set ARCHLINT_HOSTGATE_CORPUS to C/C++/CUDA source trees")
	}
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	var files, bytes, gates, refusing int
	var total time.Duration
	forHostCorpus(t, roots, func(root, p string, src []byte) {
		rel, _ := filepath.Rel(root, p)
		start := time.Now()
		gs, err := Analyze(root, filepath.ToSlash(rel), src, cfg)
		total += time.Since(start)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			return
		}
		files++
		bytes += len(src)
		for _, g := range gs {
			gates++
			if g.Refusal != "" {
				refusing++
			}
			if len(g.Branch) != len(caps) {
				t.Errorf("%s:%d: malformed gate", rel, g.Line)
			}
			t.Logf("%s:%d %s | %q | branch [%s] | %q | refusal %q | helper %q", g.Path, g.Line, g.Function, g.Expr, branches(g.Branch), g.Outcomes, g.Refusal, g.Helper)
		}
	})
	t.Logf("%d files, %d bytes, %d gates (%d with a refusal) in %v", files, bytes, gates, refusing, total)
}
