package walk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// isVCSDir reports whether name is a version-control metadata directory:
// never scanned, and never entered through a symlink either.
func isVCSDir(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", ".bzr", "_darcs", "CVS", ".jj", ".sl", ".pijul":
		return true
	}
	return false
}

// maxIgnoreFileSize caps what is read of an ignore file or a .git
// pointer file; real ones are a few KiB, and the fork decides their size.
const maxIgnoreFileSize = 4 << 20

// findRepoTop returns the nearest directory at or above dir (a resolved
// absolute path) that holds a .git entry, or "" when there is none.
func findRepoTop(dir string) string {
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// gitDirOf returns the directory holding the repository data of the work
// tree at dir: dir/.git itself, or the target of a "gitdir: …" pointer
// file (submodules, worktrees) and then of its "commondir", which is where
// a linked worktree keeps info/exclude.
func gitDirOf(dir string) (string, error) {
	dotgit := filepath.Join(dir, ".git")
	fi, err := os.Lstat(dotgit)
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return dotgit, nil
	}
	data, err := readSmallRegular(dotgit)
	if err != nil {
		return "", err
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return "", errors.New(".git file is not a gitdir pointer")
	}
	gd := resolveFrom(dir, strings.TrimSpace(target))
	if common, err := readSmallRegular(filepath.Join(gd, "commondir")); err == nil {
		gd = resolveFrom(gd, strings.TrimSpace(string(common)))
	}
	return gd, nil
}

// resolveFrom resolves a possibly relative path against dir.
func resolveFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// readSmallRegular reads a regular file that is not a symlink and not
// larger than maxIgnoreFileSize. Ignore files come from the fork: a
// symlink to /dev/zero or a FIFO must not hang the walk, and git does not
// follow a symlinked .gitignore either.
func readSmallRegular(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, errors.New("is a symlink, which git does not follow either")
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > maxIgnoreFileSize {
		return nil, errors.New("larger than " + humanSize(maxIgnoreFileSize))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) > maxIgnoreFileSize {
		return nil, errors.New("larger than " + humanSize(maxIgnoreFileSize))
	}
	return data, nil
}

// loadIgnoreFile parses an ignore file into a list with the given base.
// A missing file is no error: it yields a nil list.
func loadIgnoreFile(path, base string) (*ignoreList, error) {
	data, err := readSmallRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	pats := parsePatterns(data)
	if len(pats) == 0 {
		return nil, nil
	}
	return &ignoreList{base: base, pats: pats}, nil
}

// loadRepoExclude loads info/exclude of the repository whose work tree
// top is dir (base: its path relative to the walk's reference directory).
func loadRepoExclude(dir, base string) (*ignoreList, error) {
	gd, err := gitDirOf(dir)
	if err != nil {
		return nil, err
	}
	return loadIgnoreFile(filepath.Join(gd, "info", "exclude"), base)
}

// userExcludes parses Options.Exclude; each entry may hold several lines.
func userExcludes(globs []string) []pattern {
	var pats []pattern
	for _, g := range globs {
		pats = append(pats, parsePatterns([]byte(g))...)
	}
	return pats
}

// hasEntry reports whether a sorted directory listing names name.
func hasEntry(entries []fs.DirEntry, name string) (fs.DirEntry, bool) {
	lo, hi := 0, len(entries)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if entries[m].Name() < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(entries) && entries[lo].Name() == name {
		return entries[lo], true
	}
	return nil, false
}

// describeIgnoreErr is the message for an ignore file that cannot be used.
func describeIgnoreErr(name string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) || errors.Is(err, fs.ErrPermission) {
		return "ignoring " + name + ": " + describeErr(err)
	}
	return "ignoring " + name + ": " + err.Error()
}
