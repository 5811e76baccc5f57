package python

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestRealTree runs the analysis on a checkout named by ARCHLINT_PY_TREE
// and prints gates per kind and the time taken; skipped otherwise.
func TestRealTree(t *testing.T) {
	root := os.Getenv("ARCHLINT_PY_TREE")
	if root == "" {
		t.Skip("ARCHLINT_PY_TREE not set")
	}
	srcs := treeSources(root, func(p string) bool { return strings.HasSuffix(p, ".py") || isCMake(p) })
	start := time.Now()
	gates, notes := Analyze(srcs, Config{})
	el := time.Since(start)
	per := map[string]int{}
	for _, g := range gates {
		per[g.Kind]++
	}
	var kinds []string
	for k := range per {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Printf("%d files, %d gates, %d notifications, %v\n", len(srcs), len(gates), len(notes), el)
	for _, k := range kinds {
		fmt.Printf("  %-26s %d\n", k, per[k])
	}
	if os.Getenv("ARCHLINT_PY_PROGRAM") != "" {
		start := time.Now()
		prog, _ := AnalyzeProgram(srcs, Config{})
		exact := 0
		for _, j := range prog.JIT {
			if j.SourcesExact {
				exact++
			}
		}
		fmt.Printf("program: %d JIT modules (%d exact sources), %d call edges, %d funcs, %v\n",
			len(prog.JIT), exact, len(prog.Calls), len(prog.Funcs), time.Since(start))
	}
	if os.Getenv("ARCHLINT_PY_DUMP") != "" {
		fmt.Print(dump(gates))
	}
}

// BenchmarkAnalyzeTree runs AnalyzeProgram, as a scan with --target sm_120
// does (its twelve capabilities), on the checkout named by
// ARCHLINT_PY_TREE; skipped otherwise. The sources are read once, before
// the timer: it measures the byte scan, parsing and the interpretation.
func BenchmarkAnalyzeTree(b *testing.B) {
	root := os.Getenv("ARCHLINT_PY_TREE")
	if root == "" {
		b.Skip("ARCHLINT_PY_TREE not set")
	}
	srcs := treeSources(root, func(p string) bool { return strings.HasSuffix(p, ".py") })
	cfg := Config{Caps: []Capability{{7, 5}, {8, 0}, {8, 6}, {8, 7}, {8, 8}, {8, 9}, {9, 0}, {10, 0}, {10, 3}, {11, 0}, {12, 0}, {12, 1}}}
	b.ResetTimer()
	for b.Loop() {
		AnalyzeProgram(srcs, cfg)
	}
}

// treeSources reads the files of the checkout at root that want picks,
// outside hidden directories, 3rdparty and node_modules.
func treeSources(root string, want func(path string) bool) []Source {
	var srcs []Source
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || d.Name() == "3rdparty" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if want(p) {
			if src, err := os.ReadFile(p); err == nil {
				rel, _ := filepath.Rel(root, p)
				srcs = append(srcs, Source{Root: root, Path: filepath.ToSlash(rel), Src: src})
			}
		}
		return nil
	})
	return srcs
}
