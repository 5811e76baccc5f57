package filter

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// vendorDirs are directory names that hold third-party trees by convention.
var vendorDirs = []string{"3rdparty", "third_party", "thirdparty", "third-party", "vendor", "external", "extern"}

// VendoredSkip is what Vendored left out, for the summary.
type VendoredSkip struct {
	Dir      string // Root/dir
	Findings int
}

// Vendored drops findings inside third-party trees: directories named like
// 3rdparty/ or third_party/ and the paths of git submodules listed in a
// root's .gitmodules. Those trees are still scanned (their headers resolve
// includes and define macros), but their gates are not the project's own.
func Vendored(fs []finding.Finding, roots []string) ([]finding.Finding, []VendoredSkip) {
	subs := map[string][]string{} // root -> submodule paths
	for _, r := range roots {
		subs[r] = submodulePaths(r)
	}
	counts := map[string]int{}
	var kept []finding.Finding
	for _, f := range fs {
		if dir := vendoredDir(f.Location.Path, subs[f.Location.Root]); dir != "" {
			counts[path.Join(filepath.ToSlash(f.Location.Root), dir)]++
			continue
		}
		kept = append(kept, f)
	}
	var skips []VendoredSkip
	for d, n := range counts {
		skips = append(skips, VendoredSkip{Dir: d, Findings: n})
	}
	sort.Slice(skips, func(i, j int) bool { return skips[i].Dir < skips[j].Dir })
	return kept, skips
}

// vendoredDir returns the vendored directory a path lies in, or "".
func vendoredDir(p string, submodules []string) string {
	for _, s := range submodules {
		if p == s || strings.HasPrefix(p, s+"/") {
			return s
		}
	}
	parts := strings.Split(p, "/")
	for i, part := range parts[:len(parts)-1] {
		for _, v := range vendorDirs {
			if part == v {
				return strings.Join(parts[:i+1], "/")
			}
		}
	}
	return ""
}

// submodulePaths reads `path = ...` entries of a root's .gitmodules.
func submodulePaths(root string) []string {
	raw, err := os.ReadFile(filepath.Join(root, ".gitmodules"))
	if err != nil {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if ok && strings.TrimSpace(k) == "path" {
			out = append(out, path.Clean(strings.TrimSpace(v)))
		}
	}
	return out
}
