package fix

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

func TestDiffAndApply(t *testing.T) {
	dir := t.TempDir()
	src := "a\nb\n#if X && (__CUDA_ARCH__ < 1200)\ncode\n#endif\nz\n"
	p := filepath.Join(dir, "k.cuh")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	e := finding.Edit{Root: dir, Path: "k.cuh", Line: 3, EndLine: 3, Old: "#if X && (__CUDA_ARCH__ < 1200)", New: "#if X"}
	fs := []finding.Finding{{Fixes: []finding.Fix{{Description: "open", Edits: []finding.Edit{e}}}},
		{Fixes: []finding.Fix{{Description: "same edit twice", Edits: []finding.Edit{e}}}}}
	d, errs := Diff(fs)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := "--- a/k.cuh\n+++ b/k.cuh\n@@ -1,6 +1,6 @@\n a\n b\n-#if X && (__CUDA_ARCH__ < 1200)\n+#if X\n code\n #endif\n z\n"
	if d != want {
		t.Errorf("diff:\n%s\nwant:\n%s", d, want)
	}
	changed, errs := Apply(fs)
	if len(errs) > 0 || len(changed) != 1 {
		t.Fatalf("apply: %v %v", changed, errs)
	}
	got, _ := os.ReadFile(p)
	if string(got) != strings.Replace(src, "#if X && (__CUDA_ARCH__ < 1200)", "#if X", 1) {
		t.Errorf("applied:\n%s", got)
	}
	// A second apply finds the file changed and refuses.
	if _, errs := Apply(fs); len(errs) != 1 || !strings.Contains(errs[0].Error(), "changed since the scan") {
		t.Errorf("stale edit must be refused: %v", errs)
	}
}
