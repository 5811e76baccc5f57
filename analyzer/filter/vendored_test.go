package filter

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

func TestVendored(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".gitmodules"), []byte("[submodule \"cutlass\"]\n\tpath = deps/cutlass\n\turl = https://example.invalid/cutlass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(p string) finding.Finding {
		return finding.Finding{Location: finding.Location{Root: root, Path: p, Line: 1}}
	}
	fs := []finding.Finding{at("include/own.cuh"), at("3rdparty/cutlass/include/x.h"), at("deps/cutlass/include/y.h"),
		at("csrc/third_party/z.cuh"), at("src/vendored_name.cuh")}
	kept, skips := Vendored(fs, []string{root})
	if len(kept) != 2 || kept[0].Location.Path != "include/own.cuh" || kept[1].Location.Path != "src/vendored_name.cuh" {
		t.Errorf("kept %v", kept)
	}
	if len(skips) != 3 {
		t.Errorf("skips %+v", skips)
	}
}
