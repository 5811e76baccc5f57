package cst

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/archlint/archlint/grammars"
)

// archDirectiveRE matches a conditional directive that tests __CUDA_ARCH__.
// globalRE matches a __global__ token not behind a // comment.
var globalRE = regexp.MustCompile(`^(?:[^/]|/[^/])*\b__global__\b`)

var archDirectiveRE = regexp.MustCompile(`^\s*#\s*(if|ifdef|ifndef|elif)\b.*__CUDA_ARCH__`)

// TestCorpus measures the parser on a real source tree named by
// ARCHLINT_CST_CORPUS (a directory; skipped when unset). It prints the
// numbers docs/tree-sitter.md quotes and fails only on an invariant:
// tree-sitter never reports a directive line the line scanner does not see.
func TestCorpus(t *testing.T) {
	root := os.Getenv("ARCHLINT_CST_CORPUS")
	if root == "" {
		t.Skip("set ARCHLINT_CST_CORPUS to a C/C++/CUDA source tree to measure it")
	}
	p := NewParser()
	defer p.Close()

	var (
		files, filesWithErrors, errorNodes, bytesParsed  int
		scanned, recognized, archScanned, archRecognized int
		kernels, globalLines                             int
		elapsed                                          time.Duration
		worst                                            []fileStat
		unmatched                                        []string
		recoveredKernels, errorOnly                      int
	)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || grammars.KindForPath(path) != grammars.KindCUDA {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		start := time.Now()
		f, err := p.Parse(src)
		elapsed += time.Since(start)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		files++
		bytesParsed += len(src)
		errorNodes += f.ErrorNodes
		errorOnly += len(f.ErrorLines)
		if f.ErrorNodes > 0 {
			filesWithErrors++
		}
		kernels += len(f.Kernels)
		for _, k := range f.Kernels {
			if k.Recovered {
				recoveredKernels++
			}
		}
		lines := bytes.Split(src, []byte("\n"))
		for i, line := range lines {
			if !globalRE.Match(line) {
				continue
			}
			globalLines++
			covered := slices.ContainsFunc(f.Kernels, func(k Function) bool {
				return k.StartLine <= i+1 && i+1 <= k.BodyStartLine
			})
			if !covered {
				unmatched = append(unmatched, fmt.Sprintf("%s:%d: %s", rel, i+1, bytes.TrimSpace(line)))
			}
		}

		want := scanDirectives(src)
		scanned += len(want)
		recognized += len(f.DirectiveLines)
		for _, l := range f.DirectiveLines {
			if !slices.Contains(want, l) {
				t.Errorf("%s:%d: tree-sitter directive the scanner does not see", rel, l)
			}
		}
		var lost []int
		for _, l := range want {
			if archDirectiveRE.Match(lines[l-1]) {
				archScanned++
				if _, ok := slices.BinarySearch(f.DirectiveLines, l); ok {
					archRecognized++
				} else {
					lost = append(lost, l)
				}
			}
		}
		worst = append(worst, fileStat{rel, f.ErrorNodes, len(want) - len(f.DirectiveLines), lost})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files, %.1f MB in %v (%.2f MB/s, one parser)", files, float64(bytesParsed)/1e6,
		elapsed.Round(time.Millisecond), float64(bytesParsed)/1e6/elapsed.Seconds())
	t.Logf("ERROR+MISSING nodes: %d in %d files (ERROR: %d, counting at most %d a file)",
		errorNodes, filesWithErrors, errorOnly, MaxErrorLines)
	t.Logf("conditional directive lines: scanner %d, tree-sitter %d (lost %d)", scanned, recognized, scanned-recognized)
	t.Logf("__CUDA_ARCH__ directive lines: scanner %d, tree-sitter %d (lost %d)", archScanned, archRecognized, archScanned-archRecognized)
	t.Logf("kernels with bodies: %d (%d Recovered); lines with a __global__ token outside // comments: %d, not covered by a kernel's signature: %d",
		kernels, recoveredKernels, globalLines, len(unmatched))
	for _, u := range unmatched {
		t.Logf("  no kernel: %s", u)
	}
	sort.Slice(worst, func(i, j int) bool { return worst[i].lostDirectives > worst[j].lostDirectives })
	for _, w := range worst[:min(15, len(worst))] {
		if w.lostDirectives > 0 || len(w.lostArch) > 0 {
			t.Logf("  %-70s errors %4d, directives lost %3d, __CUDA_ARCH__ lost at %v", w.path, w.errors, w.lostDirectives, w.lostArch)
		}
	}
	for _, w := range worst {
		if len(w.lostArch) > 0 {
			t.Logf("  arch lost: %s %v", w.path, w.lostArch)
		}
	}
}

type fileStat struct {
	path           string
	errors         int
	lostDirectives int
	lostArch       []int
}
