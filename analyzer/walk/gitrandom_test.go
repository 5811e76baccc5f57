package walk

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"
)

// TestGitignoreRandomAgainstGit builds random trees with random ignore
// files and checks that Walk lists exactly the files git considers
// untracked and not ignored.
func TestGitignoreRandomAgainstGit(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	iters := 60
	if testing.Short() {
		iters = 10
	}
	pool := []string{
		"a", "b/", "/a", "a/b", "*.cu", "!*.cu", "!x.cu", "x.*", "/b/", "**/c", "a/**",
		"a/**/x.cu", "**/b/*.py", "[ab]", "[!a]/", "?.py", "!/a/", "c/*", "!c/x.cu",
		"*", "!*/", "!b", `\!n.cu`, "b/**/", "**", "!**/y.py", "a*/", "/*.py",
	}
	dirs := []string{"", "a", "b", "c", "a/b", "a/c", "b/a", "c/b", "a/b/c"}
	files := []string{"x.cu", "y.py", "a.cu", "b.h", "!n.cu"}
	for iter := range iters {
		r := rand.New(rand.NewPCG(uint64(iter), 7))
		dir := t.TempDir()
		tree := map[string]string{}
		for _, d := range dirs {
			for _, f := range files {
				if r.IntN(3) > 0 {
					tree[path.Join(d, f)] = ""
				}
			}
			if r.IntN(2) == 0 {
				var lines []string
				for range 1 + r.IntN(4) {
					lines = append(lines, pool[r.IntN(len(pool))])
				}
				tree[path.Join(d, ".gitignore")] = strings.Join(lines, "\n") + "\n"
			}
		}
		mkTree(t, dir, tree)
		cmd := exec.Command(gitBin, "init", "-q")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git init: %v %s", err, out)
		}
		cmd = exec.Command(gitBin, "-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "XDG_CONFIG_HOME="+dir)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git ls-files: %v", err)
		}
		var want []string
		for _, line := range strings.Split(string(out), "\n") {
			if line != "" && KindOf(line) != KindOther {
				want = append(want, line)
			}
		}
		slices.Sort(want)
		got, _ := walkPaths(t, []string{dir}, Options{})
		if !slices.Equal(got, want) {
			var ig []string
			for p, c := range tree {
				if strings.HasSuffix(p, ".gitignore") {
					ig = append(ig, fmt.Sprintf("%s: %q", p, c))
				}
			}
			slices.Sort(ig)
			t.Fatalf("iteration %d differs from git\nignore files:\n%s\n got %q\nwant %q", iter, strings.Join(ig, "\n"), got, want)
		}
	}
}
