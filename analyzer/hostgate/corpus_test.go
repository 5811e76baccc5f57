package hostgate

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/archlint/archlint/analyzer/python"
)

// TestCorpus runs the analyzer over a real source tree named by
// ARCHLINT_HOSTGATE_CORPUS (skipped when unset) and prints every gate with
// the counts and the time; it fails only on an error or a malformed gate.
func TestCorpus(t *testing.T) {
	root := os.Getenv("ARCHLINT_HOSTGATE_CORPUS")
	if root == "" {
		t.Skip("set ARCHLINT_HOSTGATE_CORPUS to a C/C++/CUDA source tree")
	}
	caps := python.DefaultCaps()
	var files, bytes, gates, refusing int
	var total time.Duration
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".cu", ".cuh", ".cpp", ".cc", ".h", ".hpp":
		default:
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		start := time.Now()
		gs, err := Analyze(root, filepath.ToSlash(rel), src, caps)
		total += time.Since(start)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			return nil
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
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files, %d bytes, %d gates (%d with a refusal) in %v", files, bytes, gates, refusing, total)
}
