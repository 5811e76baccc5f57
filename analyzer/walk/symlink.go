package walk

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
)

// followLink follows one symlink found in the tree. It is listed (a file)
// or walked (a directory) only when it is not ignored, its target lies
// inside the root and outside VCS metadata, and the target has not been
// listed or walked already.
func (rw *rootWalk) followLink(l pendingLink) {
	name := path.Base(l.path)
	kind := KindAt(rw.display, l.path)
	key := path.Join(rw.key, l.path)
	linkAbs := filepath.Join(l.parentReal, name)
	target, err := filepath.EvalSymlinks(linkAbs)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(target); err == nil {
			rw.followTarget(l, name, kind, key, linkAbs, target, fi)
			return
		}
	}
	// An ignored link is nobody's business, whatever its state.
	if !l.stack.ignored(key, false) && !l.stack.ignored(key, true) {
		rw.linkError(l.path, kind, err)
	}
}

// followTarget handles a symlink whose target resolved to target.
func (rw *rootWalk) followTarget(l pendingLink, name string, kind Kind, key, linkAbs, target string, fi os.FileInfo) {
	if l.stack.ignored(key, fi.IsDir()) {
		return
	}
	if !within(rw.real, target) {
		// Never read, but say so when it matters: a directory, or a
		// file of a selected kind.
		if fi.IsDir() || rw.opt.wants(kind) {
			rw.problem(l.path, "symlink leaves the scan root"+linkText(linkAbs))
		}
		return
	}
	if rel, err := filepath.Rel(rw.real, target); err == nil {
		for _, elem := range strings.Split(filepath.ToSlash(rel), "/") {
			if isVCSDir(elem) {
				return // repository metadata is never scanned
			}
		}
	}
	switch {
	case fi.IsDir():
		if rw.seenDirs[target] {
			// Already walked. Pointing at one of its own ancestors is a
			// cycle worth reporting; any other alias is not news.
			if within(target, l.parentReal) {
				rw.problem(l.path, "symlink loop: points to a directory that contains it"+linkText(linkAbs))
			}
			return
		}
		rw.seenDirs[target] = true
		rw.walkDir(l.path, target, l.stack)
	case !rw.opt.wants(kind) || rw.seenFiles[target]:
		// Not wanted, or already listed under its own path.
	case !fi.Mode().IsRegular():
		rw.problem(l.path, "skipped: not a regular file")
	default:
		rw.seenFiles[target] = true
		rw.addFile(l.path, kind, fi.Size())
	}
}

// linkError reports a symlink that cannot be resolved. A cycle of links
// is always reported; a dangling link only when its name is of a selected
// kind, since dangling links to build outputs are common and harmless.
func (rw *rootWalk) linkError(rel string, kind Kind, err error) {
	switch {
	case errors.Is(err, syscall.ELOOP) || strings.Contains(err.Error(), "too many links"):
		rw.problem(rel, "symlink loop")
	case errors.Is(err, os.ErrNotExist):
		if rw.opt.wants(kind) {
			rw.problem(rel, "broken symlink")
		}
	default:
		if rw.opt.wants(kind) {
			rw.problem(rel, describeErr(err))
		}
	}
}

// within reports whether p is dir or lies below it (both resolved).
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// linkText renders the link's target as written, quoted so that a hostile
// name cannot break the one-line message.
func linkText(linkAbs string) string {
	t, err := os.Readlink(linkAbs)
	if err != nil {
		return ""
	}
	return fmt.Sprintf(" (-> %q)", t)
}
