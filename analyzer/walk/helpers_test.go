package walk

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mkTree creates files under dir: keys are slash paths, values contents.
// A key ending in "/" makes an empty directory.
func mkTree(t testing.TB, dir string, tree map[string]string) {
	t.Helper()
	for p, content := range tree {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// symlink creates link (slash path under dir) pointing at target, as
// written.
func symlink(t testing.TB, dir, target, link string) {
	t.Helper()
	full := filepath.Join(dir, filepath.FromSlash(link))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, full); err != nil {
		t.Skipf("symlinks unsupported: %v", err)
	}
}

// walkPaths walks roots and returns the paths (prefixed "root|" when
// there are several roots) and problems as "path: msg".
func walkPaths(t *testing.T, roots []string, opt Options) (paths, probs []string) {
	t.Helper()
	files, problems, err := Walk(roots, opt)
	if err != nil {
		t.Fatalf("Walk: %v", err)
	}
	for _, f := range files {
		p := f.Path
		if len(roots) > 1 {
			p = f.Root + "|" + p
		}
		paths = append(paths, p)
	}
	for _, p := range problems {
		probs = append(probs, p.Path+": "+p.Msg)
	}
	return paths, probs
}

func wantPaths(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("paths:\n got %q\nwant %q", got, want)
	}
}

// hasProblem reports whether some problem of path contains msg.
func hasProblem(probs []string, path, msg string) bool {
	return slices.ContainsFunc(probs, func(p string) bool {
		return strings.HasPrefix(p, path+": ") && strings.Contains(p, msg)
	})
}
