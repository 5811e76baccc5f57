package walk

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestWalkBasicsAndOrder(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		"a/b.cu":             "",
		"a.c":                "", // "a.c" < "a/b.cu" bytewise although dir "a" is read first
		"a-b/x.py":           "",
		"B.h":                "",
		"CMakeLists.txt":     "",
		"cmake/Find.cmake":   "",
		"docs/readme.md":     "",
		"empty/":             "",
		"with space/k 1.cuh": "",
		"ünï/çødé.py":        "",
		"日本/カーネル.cu":         "",
		".git/hooks/x.py":    "",
		".hg/x.py":           "",
		".svn/x.py":          "",
		"sub/CVS/x.py":       "",
		"sub/.git":           "garbage",
	})
	got, probs := walkPaths(t, []string{dir}, Options{})
	want := []string{"B.h", "CMakeLists.txt", "a-b/x.py", "a.c", "a/b.cu", "cmake/Find.cmake",
		"with space/k 1.cuh", "ünï/çødé.py", "日本/カーネル.cu"}
	wantPaths(t, got, want...)
	if !slices.IsSorted(got) {
		t.Errorf("not sorted bytewise: %q", got)
	}
	// The bogus sub/.git file is reported, not fatal.
	if !hasProblem(probs, "sub/.git", "info/exclude") {
		t.Errorf("problems = %q", probs)
	}

	// Same tree, same answer, every time.
	for range 5 {
		again, _ := walkPaths(t, []string{dir}, Options{})
		wantPaths(t, again, want...)
	}

	// File fields.
	files, _, err := Walk([]string{dir}, Options{Kinds: []Kind{KindPython}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Kind != KindPython || f.Root != filepath.Clean(dir) || f.Abs != filepath.Join(dir, filepath.FromSlash(f.Path)) {
			t.Errorf("bad file %+v", f)
		}
		if _, err := os.Stat(f.Abs); err != nil {
			t.Errorf("Abs does not exist: %v", err)
		}
	}
	if len(files) != 2 {
		t.Errorf("python files = %+v", files)
	}
}

func TestWalkKindsOther(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"a.txt": "", "b.cu": "", "c.py": ""})
	got, _ := walkPaths(t, []string{dir}, Options{Kinds: []Kind{KindOther, KindCUDA}})
	wantPaths(t, got, "a.txt", "b.cu")
}

func TestWalkRelativeRootAndDot(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"x/a.cu": "", "x/sub/b.py": ""})
	t.Chdir(dir)
	files, _, err := Walk([]string{"./x/", "."}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// "." overlaps "x": its files are listed once, under the first root.
	var got []string
	for _, f := range files {
		got = append(got, f.Root+"|"+f.Path)
		if f.RootAbs != filepath.Join(dir, f.Root) {
			t.Errorf("RootAbs = %q", f.RootAbs)
		}
	}
	wantPaths(t, got, "x|a.cu", "x|sub/b.py")
}

func TestWalkMultipleRootsAndFileRoots(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		"one/a.cu":       "",
		"two/b.py":       "",
		"two/ign.py":     "",
		"two/.gitignore": "ign.py\n",
		"notes.txt":      "",
	})
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	ign := filepath.Join(two, "ign.py")
	files, probs, err := Walk([]string{two, one, ign, filepath.Join(dir, "notes.txt"), filepath.Join(one, "a.cu")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f.Root)+"|"+f.Path)
		if filepath.Join(f.Root, filepath.FromSlash(f.Path)) != f.Abs {
			t.Errorf("Root+Path != Abs for %+v", f)
		}
	}
	// Roots in the given order; a file root is listed even though a
	// .gitignore names it, and a file already listed is not repeated.
	wantPaths(t, got, "two|b.py", "one|a.cu", "two|ign.py")
	if len(probs) != 1 || probs[0].Path != "notes.txt" || !strings.Contains(probs[0].Msg, "not a kind of file archlint reads") {
		t.Errorf("problems = %+v", probs)
	}
}

// TestWalkRootFilesOfAnotherWalk: a file named as a root whose kind
// another walk of the scan takes care of (Elsewhere) is neither listed
// nor a problem; one of a kind this walk neither lists nor leaves is.
func TestWalkRootFilesOfAnotherWalk(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"k.cu": "", "m.py": "", "README.md": ""})
	roots := []string{filepath.Join(dir, "k.cu"), filepath.Join(dir, "m.py"), filepath.Join(dir, "README.md")}
	files, probs, err := Walk(roots, Options{Kinds: []Kind{KindCUDA}, Elsewhere: []Kind{KindPython, KindOther}})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "k.cu" || len(probs) != 0 {
		t.Errorf("C/C++ walk: files %+v, problems %+v; want k.cu and no problem", files, probs)
	}
	files, probs, err = Walk(roots, Options{Kinds: []Kind{KindPython}, Elsewhere: []Kind{KindCUDA}})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "m.py" || len(probs) != 1 || probs[0].Path != "README.md" {
		t.Errorf("Python walk: files %+v, problems %+v; want m.py and README.md's problem", files, probs)
	}
}

func TestWalkMissingRoot(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"a.cu": ""})
	_, _, err := Walk([]string{dir, filepath.Join(dir, "nope")}, Options{})
	if err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("err = %v", err)
	}
	if files, probs, err := Walk(nil, Options{}); err != nil || files != nil || probs != nil {
		t.Errorf("no roots: %v %v %v", files, probs, err)
	}
}

func TestWalkMaxFileSize(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		"small.cu": strings.Repeat("x", 100),
		"big.cu":   strings.Repeat("x", 101),
		"big.txt":  strings.Repeat("x", 1000), // not selected: no problem
	})
	got, probs := walkPaths(t, []string{dir}, Options{MaxFileSize: 100})
	wantPaths(t, got, "small.cu")
	if len(probs) != 1 || !hasProblem(probs, "big.cu", "over the 100 bytes limit") {
		t.Errorf("problems = %q", probs)
	}
	got, _ = walkPaths(t, []string{dir}, Options{MaxFileSize: -1})
	wantPaths(t, got, "big.cu", "small.cu")
	files, _, _ := Walk([]string{dir}, Options{})
	if files[0].Size != 101 {
		t.Errorf("size = %d", files[0].Size)
	}
}

func TestWalkUnreadable(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no chmod 000")
	}
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		"ok.cu":          "",
		"secret/a.cu":    "",
		"locked.cu":      "int x;",
		"sub/.gitignore": "x\n",
		"sub/b.cu":       "",
	})
	for _, p := range []string{"secret", "locked.cu", "sub/.gitignore"} {
		if err := os.Chmod(filepath.Join(dir, p), 0); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(dir, "secret"), 0o755) })
	files, problems, err := Walk([]string{dir}, Options{})
	if err != nil {
		t.Fatalf("Walk must not fail on unreadable entries: %v", err)
	}
	var got, probs []string
	for _, f := range files {
		got = append(got, f.Path)
		// Reading must not panic either way.
		_, _ = Read(f, 0)
	}
	for _, p := range problems {
		probs = append(probs, p.Path+": "+p.Msg)
	}
	if os.Geteuid() == 0 {
		t.Skip("running as root: permissions are not enforced")
	}
	wantPaths(t, got, "locked.cu", "ok.cu", "sub/b.cu")
	if !hasProblem(probs, "secret", "permission denied") || !hasProblem(probs, "sub/.gitignore", "permission denied") {
		t.Errorf("problems = %q", probs)
	}
	_, p := Read(files[0], 0)
	if p == nil || p.Msg != "permission denied" {
		t.Errorf("Read(locked) = %v", p)
	}
	// An unreadable root is a problem too, not an error.
	_, probs = walkPaths(t, []string{filepath.Join(dir, "secret")}, Options{})
	if !hasProblem(probs, ".", "permission denied") {
		t.Errorf("unreadable root: problems = %q", probs)
	}
}

// TestWalkWorkflows: the walk enters .github and lists the workflows
// directly under .github/workflows, also from a root inside it and when
// one is named as a root.
func TestWalkWorkflows(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{
		".github/workflows/ci.yml":       "",
		".github/workflows/release.yaml": "",
		".github/workflows/x/deep.yml":   "",
		".github/dependabot.yml":         "",
		"conf/ci.yml":                    "",
	})
	opt := Options{Kinds: []Kind{KindWorkflow}}
	got, _ := walkPaths(t, []string{dir}, opt)
	wantPaths(t, got, ".github/workflows/ci.yml", ".github/workflows/release.yaml")
	got, _ = walkPaths(t, []string{filepath.Join(dir, ".github", "workflows")}, opt)
	wantPaths(t, got, "ci.yml", "release.yaml")
	got, probs := walkPaths(t, []string{filepath.Join(dir, ".github", "workflows", "ci.yml")}, opt)
	wantPaths(t, got, "ci.yml")
	if len(probs) != 0 {
		t.Errorf("problems = %q", probs)
	}
}
