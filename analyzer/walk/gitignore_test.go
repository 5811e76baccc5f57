package walk

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gitignoreTree exercises nested .gitignore files with negations,
// anchors, directory-only patterns, "**", classes and escapes, plus
// .git/info/exclude.
var gitignoreTree = map[string]string{
	".gitignore": strings.Join([]string{
		"# build outputs",
		"build/",           // dir-only, any depth
		"/gen",             // anchored
		"*.tmp.py",         // base name, any depth
		"!keep.tmp.py",     // negation
		"third_party/**",   // everything inside
		"!third_party/ok/", // cannot re-include: parent contents excluded
		"docs/**/*.py",     // zero or more directories
		"[Tt]est_[0-9].cu", // classes
		`\#hash.cu`,        // escaped comment char
		`\!bang.cu`,        // escaped negation char
		"trailing.cu   ",   // trailing spaces trimmed
		`space\ .cu`,       // escaped space
		"logs",             // file or dir
		"a/**/b/",          // "**" between directories, dir-only
	}, "\n"),
	"keep.py":               "",
	"build/x.cu":            "",
	"src/build/y.cu":        "",
	"src/build.cu":          "", // "build/" spares a file, src/.gitignore does not
	"gen/g.cu":              "",
	"src/gen/g.cu":          "", // anchored pattern does not reach here
	"a.tmp.py":              "",
	"src/keep.tmp.py":       "",
	"third_party/x.cu":      "",
	"third_party/ok/y.cu":   "",
	"docs/a.py":             "",
	"docs/x/y/b.py":         "",
	"docs/c.cu":             "",
	"test_1.cu":             "",
	"Test_2.cu":             "",
	"test_x.cu":             "",
	"#hash.cu":              "",
	"!bang.cu":              "",
	"trailing.cu":           "",
	"space .cu":             "",
	"logs/l.py":             "",
	"a/b/c.cu":              "",
	"a/x/y/b/c.cu":          "",
	"a/x/b.cu":              "",
	"src/.gitignore":        "*.cu\n!/keep.cu\n!nested/**/*.cu\n",
	"src/keep.cu":           "",
	"src/drop.cu":           "",
	"src/deep/keep.cu":      "", // anchored negation only at src/
	"src/nested/n/ok.cu":    "",
	"src/sub/.gitignore":    "!*.cu\n*.py\n",
	"src/sub/back.cu":       "", // re-included by the deeper file
	"src/sub/s.py":          "",
	"src/sub/deeper/d.py":   "",
	"excluded_by_info/e.cu": "",
	"crlf/.gitignore":       "\xef\xbb\xbfwin.cu\r\n!*.py\r\n",
	"crlf/win.cu":           "",
	"crlf/lin.cu":           "",
}

func TestGitignoreSemantics(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, gitignoreTree)
	mkTree(t, dir, map[string]string{".git/info/exclude": "excluded_by_info/\n"})
	got, probs := walkPaths(t, []string{dir}, Options{})
	want := []string{
		"a/x/b.cu",
		"crlf/lin.cu",
		"docs/c.cu",
		"keep.py",
		"src/keep.cu",
		"src/keep.tmp.py",
		"src/nested/n/ok.cu",
		"src/sub/back.cu",
		"test_x.cu",
	}
	wantPaths(t, got, want...)
	if len(probs) != 0 {
		t.Errorf("problems = %q", probs)
	}

	// NoGitignore: everything but VCS metadata.
	all, _ := walkPaths(t, []string{dir}, Options{NoGitignore: true})
	var wantAll []string
	for p := range gitignoreTree {
		if KindOf(p) != KindOther {
			wantAll = append(wantAll, p)
		}
	}
	slices.Sort(wantAll)
	wantPaths(t, all, wantAll...)
}

// TestGitignoreMatchesGit compares Walk with git itself: the files git
// reports as untracked and not ignored are exactly the files Walk lists.
func TestGitignoreMatchesGit(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	mkTree(t, dir, gitignoreTree)
	git := func(args ...string) string {
		cmd := exec.Command(gitBin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "XDG_CONFIG_HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, ".git", "info", "exclude"), []byte("excluded_by_info/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(git("-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard"), "\n") {
		if line != "" && KindOf(line) != KindOther {
			want = append(want, line)
		}
	}
	slices.Sort(want)
	got, _ := walkPaths(t, []string{dir}, Options{})
	wantPaths(t, got, want...)

	// A root below the repository top still sees the rules above it.
	sub := filepath.Join(dir, "src")
	gotSub, _ := walkPaths(t, []string{sub}, Options{})
	var wantSub []string
	for _, p := range want {
		if rest, ok := strings.CutPrefix(p, "src/"); ok {
			wantSub = append(wantSub, rest)
		}
	}
	wantPaths(t, gotSub, wantSub...)
}

func TestGitignoreParentsAndNestedRepo(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		".git/info/exclude":             "*.cuh\n",
		".gitignore":                    "*.py\n/top.cu\n",
		"proj/.gitignore":               "!keep.py\n",
		"proj/a.py":                     "",
		"proj/keep.py":                  "",
		"proj/x.cuh":                    "",
		"proj/top.cu":                   "", // "/top.cu" is anchored at the repo top
		"proj/vendor/.git/HEAD":         "",
		"proj/vendor/.git/info/exclude": "v2.cu\n",
		"proj/vendor/v.py":              "", // a nested repo: outer rules stop
		"proj/vendor/v.cuh":             "",
		"proj/vendor/v2.cu":             "",
		"proj/vendor/.gitignore":        "*.cuh\n",
	})
	got, _ := walkPaths(t, []string{filepath.Join(dir, "proj")}, Options{})
	wantPaths(t, got, "keep.py", "top.cu", "vendor/v.py")
	// Without .git above, parent .gitignore files mean nothing.
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	got, _ = walkPaths(t, []string{filepath.Join(dir, "proj")}, Options{})
	wantPaths(t, got, "a.py", "keep.py", "top.cu", "vendor/v.py", "x.cuh")
}

func TestUserExclude(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		".gitignore":           "*.py\n!force.py\n",
		"a.cu":                 "",
		"third_party/t.cu":     "",
		"sub/third_party/t.cu": "",
		"gen.py":               "",
		"force.py":             "",
		"x/y/z.cuh":            "",
	})
	opt := Options{Exclude: []string{"/third_party/", "force.py\n!gen.py", "# comment", "", "x/**/*.cuh"}}
	got, _ := walkPaths(t, []string{dir}, opt)
	// User patterns beat .gitignore both ways and are anchored at the
	// root; "!gen.py" re-includes what .gitignore ignores.
	wantPaths(t, got, "a.cu", "gen.py", "sub/third_party/t.cu")
	opt.NoGitignore = true
	got, _ = walkPaths(t, []string{dir}, opt)
	wantPaths(t, got, "a.cu", "gen.py", "sub/third_party/t.cu")
}
