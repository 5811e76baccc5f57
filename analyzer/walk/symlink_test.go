package walk

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSymlinks(t *testing.T) {
	outside := t.TempDir()
	mkTree(t, outside, map[string]string{"secret.cu": "", "lib/l.cu": ""})
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		"src/real.cu":       "",
		"src/inc/h.cuh":     "",
		"ignored/gen.cu":    "",
		".gitignore":        "ignored/\n",
		"sub/x.py":          "",
		".git/config.py":    "",
		"zz/hidden/deep.cu": "",
		"zz/.gitignore":     "hidden/\n",
	})
	symlink(t, dir, "..", "up")                       // leaves the root
	symlink(t, dir, "..", "sub/loop")                 // the root itself: a cycle
	symlink(t, dir, ".", "sub/self")                  // its own directory
	symlink(t, dir, "../src/real.cu", "sub/alias.cu") // a file already listed
	symlink(t, dir, "inc", "src/inc2")                // a directory already walked
	symlink(t, dir, "../ignored", "sub/gen")          // an ignored directory: followed
	symlink(t, dir, filepath.Join(outside, "secret.cu"), "steal.cu")
	symlink(t, dir, filepath.Join(outside, "lib"), "lib")
	symlink(t, dir, filepath.Join(outside, "nothing.txt"), "gone.txt") // dangling, not selected
	symlink(t, dir, "missing.cu", "dangling.cu")
	symlink(t, dir, "cyc2.cu", "cyc1.cu")
	symlink(t, dir, "cyc1.cu", "cyc2.cu")
	symlink(t, dir, ".git", "gitlink")           // VCS metadata: never
	symlink(t, dir, "zz/hidden/deep.cu", "a.cu") // a file only reachable via the link
	symlink(t, dir, filepath.Join(dir, "src", "inc", "h.cuh"), "abs.cuh")

	got, probs := walkPaths(t, []string{dir}, Options{})
	wantPaths(t, got,
		"a.cu",
		"src/inc/h.cuh",
		"src/real.cu",
		"sub/gen/gen.cu",
		"sub/x.py",
	)
	for _, want := range [][2]string{
		{"up", "symlink leaves the scan root"},
		{"lib", "symlink leaves the scan root"},
		{"steal.cu", "symlink leaves the scan root"},
		{"sub/loop", "symlink loop"},
		{"sub/self", "symlink loop"},
		{"dangling.cu", "broken symlink"},
		{"cyc1.cu", "symlink loop"},
		{"cyc2.cu", "symlink loop"},
	} {
		if !hasProblem(probs, want[0], want[1]) {
			t.Errorf("missing problem %q for %s", want[1], want[0])
		}
	}
	if len(probs) != 8 {
		t.Errorf("problems = %q", probs)
	}
}

// TestSymlinkAliasOrder: a file is listed under its own path, not under
// a symlink to it, whichever sorts first.
func TestSymlinkAliasOrder(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"z/real.cu": "", "z/d/x.py": ""})
	symlink(t, dir, "z/real.cu", "a.cu")
	symlink(t, dir, "z/d", "b")
	got, probs := walkPaths(t, []string{dir}, Options{})
	wantPaths(t, got, "z/d/x.py", "z/real.cu")
	if len(probs) != 0 {
		t.Errorf("problems = %q", probs)
	}
}

func TestSymlinkRoot(t *testing.T) {
	real := t.TempDir()
	mkTree(t, real, map[string]string{"k.cu": "", "sub/s.py": ""})
	symlink(t, real, "..", "sub/up")
	links := t.TempDir()
	root := filepath.Join(links, "root")
	if err := os.Symlink(real, root); err != nil {
		t.Skip(err)
	}
	files, probs, err := Walk([]string{root}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Path != "k.cu" || files[0].Abs != filepath.Join(root, "k.cu") {
		t.Errorf("files = %+v", files)
	}
	if len(probs) != 1 || probs[0].Path != "sub/up" || probs[0].Msg == "" {
		t.Errorf("problems = %+v", probs)
	}
	// A symlinked file root is read through the link.
	fileLink := filepath.Join(links, "f.cu")
	if err := os.Symlink(filepath.Join(real, "k.cu"), fileLink); err != nil {
		t.Fatal(err)
	}
	files, _, err = Walk([]string{fileLink}, Options{})
	if err != nil || len(files) != 1 || files[0].Path != "f.cu" {
		t.Errorf("file root through a link: %+v %v", files, err)
	}
}

// TestSymlinkedGitignore: git does not follow a symlinked .gitignore, and
// neither does the walk (it could point at /dev/zero).
func TestSymlinkedGitignore(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"rules": "*.cu\n", "a.cu": ""})
	symlink(t, dir, "rules", ".gitignore")
	got, probs := walkPaths(t, []string{dir}, Options{})
	wantPaths(t, got, "a.cu")
	if !hasProblem(probs, ".gitignore", "symlink") {
		t.Errorf("problems = %q", probs)
	}
}

// TestIgnoredSymlinks: an ignored link is neither followed nor reported.
func TestIgnoredSymlinks(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{".gitignore": "venv/\nbroken.cu\nout.cu\n", "a.cu": ""})
	symlink(t, dir, outside, "venv")
	symlink(t, dir, "nowhere.cu", "broken.cu")
	symlink(t, dir, filepath.Join(outside, "x.cu"), "out.cu")
	got, probs := walkPaths(t, []string{dir}, Options{})
	wantPaths(t, got, "a.cu")
	if len(probs) != 0 {
		t.Errorf("problems = %q", probs)
	}
}
