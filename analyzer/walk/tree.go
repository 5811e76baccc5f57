package walk

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// rootWalk is the state of walking one root.
type rootWalk struct {
	*walker
	display string // Root as reported
	abs     string // RootAbs
	real    string // the root directory with every symlink resolved
	// ref is the directory ignore paths are relative to: the top of the
	// enclosing repository, else the root itself. key is the root's slash
	// path relative to ref ("" when they are the same).
	ref, key string
	files    []File
	probs    []Problem
	// links are the symlinks met so far, followed only once the real tree
	// is done, so that a file's own path always wins over an alias.
	links []pendingLink
}

// pendingLink is a symlink waiting to be followed.
type pendingLink struct {
	path       string // slash path relative to the root
	parentReal string // real path of the directory holding the link
	stack      *ignoreStack
}

func (w *walker) newRootWalk(display, abs, real string) *rootWalk {
	rw := &rootWalk{walker: w, display: display, abs: abs, real: real, ref: real}
	if !w.opt.NoGitignore {
		if top := findRepoTop(real); top != "" {
			rw.ref = top
			if rel, err := filepath.Rel(top, real); err == nil && rel != "." {
				rw.key = filepath.ToSlash(rel)
			}
		}
	}
	return rw
}

// walkTree walks the real tree under the root, then follows the symlinks
// found on the way (and those found through them).
func (rw *rootWalk) walkTree() {
	if rw.seenDirs[rw.real] {
		return // an earlier root covered this one
	}
	rw.seenDirs[rw.real] = true
	st := rw.initialStack()
	rw.walkDir("", rw.real, st)
	for len(rw.links) > 0 {
		l := rw.links[0]
		rw.links = rw.links[1:]
		rw.followLink(l)
	}
}

// initialStack is the ignore stack in force at the root: the user's
// patterns, and when the root lies inside a repository, the repository's
// info/exclude and the .gitignore files between its top and the root.
func (rw *rootWalk) initialStack() *ignoreStack {
	st := &ignoreStack{}
	if len(rw.userPats) > 0 {
		st.user = &ignoreList{base: rw.key, pats: rw.userPats}
	}
	if rw.opt.NoGitignore || rw.key == "" {
		// With no repository above the root, walkDir finds the root's
		// own .git and .gitignore like any other directory's.
		return st
	}
	if l, err := loadRepoExclude(rw.ref, ""); err != nil {
		rw.problem(rw.relToRoot(filepath.Join(rw.ref, ".git", "info", "exclude")), describeIgnoreErr("info/exclude", err))
	} else {
		st.repo = l
	}
	dir, base := rw.ref, ""
	for _, elem := range strings.Split(rw.key, "/") {
		st = rw.withGitignore(st, dir, base)
		dir, base = filepath.Join(dir, elem), path.Join(base, elem)
	}
	return st
}

// relToRoot renders an absolute path outside the tree (an ignore file of
// an enclosing directory) relative to the root for a Problem.
func (rw *rootWalk) relToRoot(p string) string {
	if rel, err := filepath.Rel(rw.real, p); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(p)
}

// withGitignore returns st extended with dir's .gitignore, if any. base is
// dir relative to ref.
func (rw *rootWalk) withGitignore(st *ignoreStack, dir, base string) *ignoreStack {
	p := filepath.Join(dir, ".gitignore")
	l, err := loadIgnoreFile(p, base)
	if err != nil {
		rw.problem(rw.relToRoot(p), describeIgnoreErr(".gitignore", err))
		return st
	}
	return st.withDir(l)
}

// walkDir lists the directory real, whose slash path relative to the root
// is rel ("" for the root), under the ignore stack of its parent.
func (rw *rootWalk) walkDir(rel, real string, st *ignoreStack) {
	entries, err := os.ReadDir(real)
	if err != nil {
		rw.problem(orDot(rel), describeErr(err))
		// ReadDir may return what it read before failing: go on.
	}
	if !rw.opt.NoGitignore {
		base := path.Join(rw.key, rel)
		if _, ok := hasEntry(entries, ".git"); ok {
			// The top of a (nested) repository: its own rules only.
			ex, err := loadRepoExclude(real, base)
			if err != nil {
				rw.problem(path.Join(rel, ".git"), describeIgnoreErr("info/exclude", err))
			}
			st = st.withRepo(ex)
		}
		if _, ok := hasEntry(entries, ".gitignore"); ok {
			st = rw.withGitignore(st, real, base)
		}
	}
	for _, e := range entries {
		name := e.Name()
		if isVCSDir(name) {
			continue
		}
		child := path.Join(rel, name)
		key := path.Join(rw.key, child)
		childReal := filepath.Join(real, name)
		switch t := e.Type(); {
		case t&fs.ModeSymlink != 0:
			rw.links = append(rw.links, pendingLink{path: child, parentReal: real, stack: st})
		case t.IsDir():
			if st.ignored(key, true) || rw.seenDirs[childReal] {
				continue
			}
			rw.seenDirs[childReal] = true
			rw.walkDir(child, childReal, st)
		default:
			kind := KindAt(rw.display, child)
			if !rw.opt.wants(kind) || st.ignored(key, false) || rw.seenFiles[childReal] {
				continue
			}
			if !t.IsRegular() {
				rw.problem(child, "skipped: not a regular file")
				continue
			}
			fi, err := e.Info()
			if err != nil {
				rw.problem(child, describeErr(err))
				continue
			}
			rw.seenFiles[childReal] = true
			rw.addFile(child, kind, fi.Size())
		}
	}
}

// addFile lists a file, or reports it when it is over the size limit.
func (rw *rootWalk) addFile(rel string, kind Kind, size int64) {
	if rw.maxSize >= 0 && size > rw.maxSize {
		rw.problem(rel, tooLarge(size, rw.maxSize))
		return
	}
	rw.files = append(rw.files, File{
		Root:    rw.display,
		RootAbs: rw.abs,
		Path:    rel,
		Abs:     filepath.Join(rw.abs, filepath.FromSlash(rel)),
		Kind:    kind,
		Size:    size,
	})
}

func (rw *rootWalk) problem(rel, msg string) {
	rw.probs = append(rw.probs, Problem{Path: rel, Root: rw.display, Msg: msg})
}

func orDot(rel string) string {
	if rel == "" {
		return "."
	}
	return rel
}
