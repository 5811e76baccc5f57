package walk

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// walker is the state one Walk call shares across its roots.
type walker struct {
	opt      Options
	maxSize  int64 // resolved Options.MaxFileSize; < 0: no limit
	userPats []pattern
	// Real (symlink-free) paths already entered or listed, across all
	// roots: they stop symlink cycles and list each file once even when
	// roots overlap or symlinks alias it.
	seenDirs  map[string]bool
	seenFiles map[string]bool
}

// Walk lists the files under roots (files or directories) in a
// deterministic order: roots in the given order, then paths sorted
// bytewise. Problems met on the way (unreadable entries, skipped symlinks,
// oversized files...) are returned in the same order; they never stop the
// walk. A root that cannot be stat'ed (typically: does not exist) is an
// error.
//
// Directory roots honor ignore rules (see the package doc and Options). A
// file named as a root is listed whenever its kind is selected, whatever
// .gitignore or Options.Exclude say, because the user asked for it by name
// (as linters such as ruff do by default); otherwise it gets a Problem.
//
// A file reached twice is listed once, under its first path: the earlier
// root wins; within a root, the file's own (symlink-free) path wins over a
// path through a symlink, and among symlinks the one met first in the
// name-sorted, depth-first walk wins.
func Walk(roots []string, opt Options) ([]File, []Problem, error) {
	w := &walker{
		opt:       opt,
		maxSize:   sizeLimit(opt.MaxFileSize),
		userPats:  userExcludes(opt.Exclude),
		seenDirs:  map[string]bool{},
		seenFiles: map[string]bool{},
	}
	var files []File
	var probs []Problem
	for _, root := range roots {
		fs, ps, err := w.walkRoot(root)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, fs...)
		probs = append(probs, ps...)
	}
	return files, probs, nil
}

// walkRoot walks one root and returns its files and problems, sorted.
func (w *walker) walkRoot(root string) ([]File, []Problem, error) {
	clean := filepath.Clean(root)
	abs, err := filepath.Abs(clean)
	if err != nil {
		return nil, nil, fmt.Errorf("scan root %q: %w", root, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, nil, fmt.Errorf("scan root %q: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, nil, fmt.Errorf("scan root %q: resolving symlinks: %w", root, err)
	}
	var rw *rootWalk
	if fi.IsDir() {
		rw = w.newRootWalk(clean, abs, real)
		rw.walkTree()
	} else {
		rw = &rootWalk{walker: w, display: filepath.Dir(clean), abs: filepath.Dir(abs)}
		rw.addRootFile(filepath.Base(abs), real, fi)
	}
	slices.SortFunc(rw.files, func(a, b File) int { return cmp.Compare(a.Path, b.Path) })
	slices.SortStableFunc(rw.probs, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Msg, b.Msg))
	})
	return rw.files, rw.probs, nil
}

// addRootFile lists a file named directly as a root.
func (rw *rootWalk) addRootFile(name, real string, fi os.FileInfo) {
	kind := KindAt(rw.display, name)
	switch {
	case !fi.Mode().IsRegular():
		rw.problem(name, "skipped: not a regular file")
	case !rw.opt.wants(kind) && slices.Contains(rw.opt.Elsewhere, kind):
		// Another walk's.
	case kind == KindOther:
		rw.problem(name, "skipped: not a kind of file archlint reads (Python, CMake, C/C++/CUDA, build scripts, workflows)")
	case !rw.opt.wants(kind):
		rw.problem(name, fmt.Sprintf("skipped: file kind %s is not selected", kind))
	case rw.seenFiles[real]:
		// Already listed by an earlier root.
	default:
		rw.seenFiles[real] = true
		rw.addFile(name, kind, fi.Size())
	}
}
