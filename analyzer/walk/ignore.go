package walk

import (
	"bytes"
	"strings"
)

// This file turns gitignore text into patterns and decides, as git's dir.c
// does, whether a path is ignored. Supported: comments (#) and "\#",
// negation (!) and "\!", trailing-space trimming with "\ " kept, CRLF line
// ends, a leading UTF-8 BOM, anchoring by a leading or inner "/",
// directory-only patterns ("x/"), "*", "?", "**" (leading, trailing and
// inner), bracket classes with ranges, "!"/"^" negation and POSIX
// [:classes:], and backslash escapes. Matching is case-sensitive and
// bytewise, like git with core.ignoreCase=false.

// pattern is one non-empty, non-comment gitignore line.
type pattern struct {
	glob    string // the line without "!", the trailing "/" and one leading "/"
	negate  bool   // "!pattern": re-include
	dirOnly bool   // "pattern/": matches directories only
	// baseName: the pattern had no "/" (other than a trailing one), so it
	// matches the base name at any depth below the ignore file.
	baseName bool
	// literal: glob has no wildcard, so a string compare decides; suffix:
	// glob is "*" + literal (the common "*.o"), decided by HasSuffix.
	literal, suffix bool
	compiled        *glob // for the other patterns
}

// parsePattern parses one line (already split, without its newline) and
// reports false for blank lines and comments.
func parsePattern(line string) (pattern, bool) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" || line[0] == '#' {
		return pattern{}, false
	}
	line = trimTrailingSpaces(line)
	var p pattern
	if strings.HasPrefix(line, "!") {
		p.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly = true
		line = line[:len(line)-1]
	}
	p.baseName = !strings.Contains(line, "/")
	// A leading "/" only anchors, which an inner "/" does as well; git
	// strips exactly one.
	line = strings.TrimPrefix(line, "/")
	if line == "" {
		return pattern{}, false
	}
	p.glob = line
	switch {
	case !hasWildcard(line):
		p.literal = true
	case line[0] == '*' && !hasWildcard(line[1:]):
		p.suffix = true
	default:
		p.compiled = compileGlob(line, !p.baseName)
	}
	return p, true
}

// hasWildcard reports whether s has any byte that wildmatch treats
// specially (a backslash counts: the escape must be interpreted).
func hasWildcard(s string) bool {
	return strings.ContainsAny(s, `*?[\`)
}

// trimTrailingSpaces drops unescaped trailing spaces (not tabs), as git's
// trim_trailing_spaces does: "a\ " keeps its escaped space.
func trimTrailingSpaces(s string) string {
	lastSpace := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i >= len(s) {
				return s
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return s[:lastSpace]
	}
	return s
}

// parsePatterns parses a whole ignore file.
func parsePatterns(data []byte) []pattern {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	var ps []pattern
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if p, ok := parsePattern(string(line)); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// matches reports whether p matches a path. rel is the path relative to the
// directory of the pattern's ignore file, name its last element.
func (p *pattern) matches(rel, name string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	text := rel
	if p.baseName {
		text = name
	}
	switch {
	case p.literal:
		return text == p.glob
	case p.suffix:
		// "*.o" against a base name: no slash can occur in it. Against
		// a full path (an anchored "/*.o" is not a baseName pattern) the
		// star must not cross a slash.
		return strings.HasSuffix(text, p.glob[1:]) &&
			(p.baseName || !strings.Contains(text[:len(text)-len(p.glob)+1], "/"))
	}
	return p.compiled.match(text)
}

// ignoreList is the patterns of one source (an ignore file or the user's
// Exclude), all relative to one base directory.
type ignoreList struct {
	// base is the directory the patterns are relative to, as a slash path
	// relative to the walk's reference directory ("" for that directory).
	base string
	pats []pattern
}

// match returns whether the last pattern matching path decides it, and if
// so whether it ignores it. path is relative to the reference directory and
// lies under l.base.
func (l *ignoreList) match(path string, isDir bool) (decided, ignored bool) {
	rel := path
	if l.base != "" {
		if !strings.HasPrefix(path, l.base+"/") {
			return false, false
		}
		rel = path[len(l.base)+1:]
	}
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	// Last match wins, so search backwards and stop at the first hit.
	for i := len(l.pats) - 1; i >= 0; i-- {
		if l.pats[i].matches(rel, name, isDir) {
			return true, !l.pats[i].negate
		}
	}
	return false, false
}

// ignoreStack is the set of lists in force in one directory, in git's
// precedence order. It is never mutated once built: a subdirectory gets a
// new stack that shares its parent's lists.
type ignoreStack struct {
	user *ignoreList   // Options.Exclude: highest precedence
	dirs []*ignoreList // .gitignore files, outermost first
	repo *ignoreList   // .git/info/exclude of the enclosing repository
}

// ignored reports whether path (relative to the reference directory) is
// excluded. Deeper .gitignore files override shallower ones, and all of
// them override info/exclude.
func (s *ignoreStack) ignored(path string, isDir bool) bool {
	if s.user != nil {
		if ok, ign := s.user.match(path, isDir); ok {
			return ign
		}
	}
	for i := len(s.dirs) - 1; i >= 0; i-- {
		if ok, ign := s.dirs[i].match(path, isDir); ok {
			return ign
		}
	}
	if s.repo != nil {
		if ok, ign := s.repo.match(path, isDir); ok {
			return ign
		}
	}
	return false
}

// withDir returns the stack for a directory holding the given .gitignore
// list (nil: none).
func (s *ignoreStack) withDir(l *ignoreList) *ignoreStack {
	if l == nil {
		return s
	}
	n := *s
	// Full slice expression: appending must copy, never write into the
	// parent's backing array that sibling directories share.
	n.dirs = append(s.dirs[:len(s.dirs):len(s.dirs)], l)
	return &n
}

// withRepo returns the stack for the top of a nested repository: the
// outer repository's ignore files do not apply inside it (git treats it as
// a separate repository), the user's patterns still do.
func (s *ignoreStack) withRepo(exclude *ignoreList) *ignoreStack {
	return &ignoreStack{user: s.user, repo: exclude}
}
