package walk

import (
	"path"
	"path/filepath"
)

// DefaultMaxFileSize is the size limit used when Options.MaxFileSize or
// Read's maxSize is 0. Hand-written source is far below it; anything above
// is generated or data, and would only slow the scan down.
const DefaultMaxFileSize int64 = 16 << 20

// File is one file to scan.
type File struct {
	// Root is the scan root as given by the user, cleaned. When the root
	// is a file, Root is its directory and Path its base name, so that
	// filepath.Join(Root, Path) always names the file.
	Root string
	// RootAbs is Root made absolute (not symlink-resolved, so that paths
	// shown to the user keep the names the user typed).
	RootAbs string
	// Path is slash-separated and relative to Root. For a file reached
	// through a symlink it is the symlink's path, not the target's.
	Path string
	// Abs is RootAbs joined with Path.
	Abs  string
	Kind Kind
	// Size is the size in bytes at walk time.
	Size int64
}

// Problem is something the walk or a read could not handle; it is reported
// to the user and the scan goes on.
type Problem struct {
	// Path is slash-separated and relative to Root ("." for the root).
	Path string
	Root string
	// Msg is a one-line, user-facing message such as "permission denied".
	Msg string
}

// String renders the problem as "root/path: msg".
func (p Problem) String() string {
	return path.Join(filepath.ToSlash(p.Root), p.Path) + ": " + p.Msg
}

// Options tunes Walk.
type Options struct {
	// Kinds selects the kinds to return; empty means every kind but
	// KindOther.
	Kinds []Kind
	// Exclude holds extra gitignore-style patterns from the user's config,
	// anchored at each scan root. They take precedence over every ignore
	// file: a match excludes, a matching "!pattern" re-includes (unless a
	// parent directory is already excluded, as in git).
	Exclude []string
	// NoGitignore disables .gitignore and .git/info/exclude (Exclude still
	// applies, and VCS directories are still skipped).
	NoGitignore bool
	// MaxFileSize: larger files are reported as a Problem and skipped.
	// 0 means DefaultMaxFileSize; a negative value means no limit.
	MaxFileSize int64
	// Elsewhere lists the kinds another walk of the same scan takes care
	// of: a file of such a kind named as a root is its to list or to
	// report, not a problem of this walk's (a scan walks once for Python
	// and once for C/C++: `archlint kernel.cu` is no "skipped" file).
	Elsewhere []Kind
}

// sizeLimit resolves the 0 and negative conventions of MaxFileSize.
func sizeLimit(n int64) int64 {
	switch {
	case n == 0:
		return DefaultMaxFileSize
	case n < 0:
		return -1
	}
	return n
}

// wants reports whether files of kind k are returned.
func (o *Options) wants(k Kind) bool {
	if len(o.Kinds) == 0 {
		return k != KindOther
	}
	for _, w := range o.Kinds {
		if w == k {
			return true
		}
	}
	return false
}
