package filter

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// gitRepo makes a repository with two commits on main: "base" (a.cu, b.py,
// c.h) and one changing c.h line 1; a branch "other" off base changing a.cu
// line 1; then, uncommitted, a.cu line 3 changed, b.py line 2 deleted and an
// untracked new.py.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := writeFiles(t, map[string]string{
		"src/a.cu": "l1\nl2\nl3\nl4\nl5\n",
		"b.py":     "p1\np2\np3\n",
		"c.h":      "h1\nh2\n",
	})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com",
			"-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	git("tag", "base")
	git("checkout", "-q", "-b", "other")
	write("src/a.cu", "other1\nl2\nl3\nl4\nl5\n")
	git("commit", "-q", "-am", "other")
	git("checkout", "-q", "main")
	write("c.h", "H1\nh2\n")
	git("commit", "-q", "-am", "c.h")
	write("src/a.cu", "l1\nl2\nL3\nl4\nl5\n")
	write("b.py", "p1\np3\n")
	write("new.py", "n\n")
	return dir
}

func TestNewFromRev(t *testing.T) {
	dir := gitRepo(t)
	at := func(path string, line int) finding.Location {
		return finding.Location{Root: dir, Path: path, Line: line}
	}
	fs := []finding.Finding{
		{Message: "changed line", Location: at("src/a.cu", 3)},
		{Message: "untouched", Location: at("src/a.cu", 5)},
		{Message: "committed change in a flow", Location: at("src/a.cu", 5),
			Flows: [][]finding.Location{{at("b.py", 3), at("c.h", 1)}}},
		{Message: "untouched related", Location: at("src/a.cu", 4), Related: []finding.Location{at("c.h", 2)}},
		{Message: "next to a deletion", Location: at("b.py", 2)},
		{Message: "untracked", Location: at("new.py", 1)},
		{Message: "whole file", Location: at("src/a.cu", 0)},
		{Message: "line 1 differs from other", Location: at("src/a.cu", 1)},
		{Message: "outside", Location: finding.Location{Root: t.TempDir(), Path: "x.cu", Line: 1}},
		// A root below the top: src/a.cu spelled relative to src.
		{Message: "subdir root", Location: finding.Location{Root: filepath.Join(dir, "src"), Path: "a.cu", Line: 3}},
	}
	index := func() []byte { b, _ := os.ReadFile(filepath.Join(dir, ".git", "index")); return b }
	before := index()
	for _, tt := range []struct {
		rev       string
		mergeBase bool
		want      string
	}{
		{"base", false, "changed line|committed change in a flow|next to a deletion|untracked|whole file|subdir root"},
		{"HEAD", false, "changed line|next to a deletion|untracked|whole file|subdir root"},
		{"other", false, "changed line|committed change in a flow|next to a deletion|untracked|whole file|line 1 differs from other|subdir root"},
		// The merge base of other and HEAD is base.
		{"other", true, "changed line|committed change in a flow|next to a deletion|untracked|whole file|subdir root"},
	} {
		got, err := NewFromRev(fs, filepath.Join(dir, "src"), tt.rev, tt.mergeBase)
		if err != nil {
			t.Fatalf("%s: %v", tt.rev, err)
		}
		if s := strings.Join(messages(got), "|"); s != tt.want {
			t.Errorf("rev %s mergeBase %v:\n got  %s\n want %s", tt.rev, tt.mergeBase, s, tt.want)
		}
	}
	if !bytes.Equal(before, index()) {
		t.Error("NewFromRev wrote the index")
	}

	// Roots relative to the current directory, as given on a command line.
	t.Chdir(dir)
	rel := []finding.Finding{{Message: "relative", Location: finding.Location{Root: "src", Path: "a.cu", Line: 3}}}
	if got, err := NewFromRev(rel, ".", "HEAD", false); err != nil || len(got) != 1 {
		t.Errorf("relative root: %v %v", messages(got), err)
	}
}

func TestNewFromRevErrors(t *testing.T) {
	dir := gitRepo(t)
	for _, tt := range []struct{ dir, rev, want string }{
		{t.TempDir(), "HEAD", "needs a git repository"},
		{dir, "nope", `unknown revision "nope"`},
		{dir, "--output=x", "is not a revision"},
		{filepath.Join(dir, "missing"), "HEAD", "needs a git repository"},
	} {
		if _, err := NewFromRev(nil, tt.dir, tt.rev, false); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewFromRev(%s, %s) = %v, want %q", tt.dir, tt.rev, err, tt.want)
		}
	}
}

func TestParseUnifiedDiff(t *testing.T) {
	diff := "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n@@ -5,2 +5,3 @@\n" +
		"diff --git a/gone b/gone\n--- a/gone\n+++ /dev/null\n@@ -1,2 +0,0 @@\n" +
		"diff --git \"a/t\\tab\" \"b/t\\tab\"\n+++ \"b/t\\tab\"\n@@ -3,0 +4,0 @@\n" +
		"diff --git a/head b/head\n+++ b/head\n@@ -1 +0,0 @@\n"
	got := parseUnifiedDiff(diff)
	for _, tt := range []struct {
		file string
		line int
		want bool
	}{
		{"x", 1, true}, {"x", 2, false}, {"x", 5, true}, {"x", 7, true}, {"x", 8, false},
		{"gone", 1, false}, {"t\tab", 4, true}, {"t\tab", 5, true}, {"t\tab", 6, false},
		{"head", 1, true}, {"head", 0, true}, {"head", 2, false}, // a located finding, not the whole file
	} {
		if g := got[tt.file].has(tt.line); g != tt.want {
			t.Errorf("%q line %d: %v, want %v", tt.file, tt.line, g, tt.want)
		}
	}
}
