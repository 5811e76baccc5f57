package report

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// srcRoot is the conventional uriBaseId for the repository root. GitHub's
// upload action ignores uriBaseId and resolves a relative uri against the
// checkout directory, so a uri under this base must be relative to the
// repository root: WorkDir is taken to be that root.
const srcRoot = "%SRCROOT%"

// place is where a location's file lives, in the three spellings the
// renderers need.
type place struct {
	uri     string // percent-encoded, relative to baseID
	baseID  string // "%SRCROOT%" or "ROOT<n>"
	display string // what people read: repo-relative or Root/Path
	rel     string // unescaped uri, used for the stable fingerprint
}

// base is one entry of run.originalUriBaseIds.
type base struct {
	id  string
	uri string // absolute file URI with a trailing slash, "" when unknown
}

// locator maps finding locations to places. It decides per file: a file under
// WorkDir is named relative to WorkDir (%SRCROOT%); any other file is named
// relative to its scan root, whose base is ROOT<n> for the n-th root (1-based
// index into Run.Roots, roots missing from Run.Roots numbered after them).
type locator struct {
	workDir string // cleaned; "" when unknown
	roots   []string
	rootAbs []string // absolute spelling of roots, "" when it cannot be known
	used    map[string]bool
}

func newLocator(workDir string, roots []string) *locator {
	l := &locator{used: map[string]bool{}}
	if workDir != "" {
		l.workDir = filepath.Clean(workDir)
	}
	for _, r := range roots {
		l.addRoot(r)
	}
	return l
}

func (l *locator) addRoot(root string) int {
	l.roots = append(l.roots, root)
	l.rootAbs = append(l.rootAbs, l.abs(root))
	return len(l.roots) - 1
}

// abs makes a root absolute against WorkDir; "" when it cannot.
func (l *locator) abs(p string) string {
	switch {
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	case l.workDir != "":
		return filepath.Join(l.workDir, p)
	}
	return ""
}

func (l *locator) rootIndex(root string) int {
	for i, r := range l.roots {
		if r == root {
			return i
		}
	}
	a := l.abs(root)
	for i, ra := range l.rootAbs {
		if a != "" && ra == a {
			return i
		}
	}
	return l.addRoot(root)
}

// place resolves one location.
func (l *locator) place(loc finding.Location) place {
	p := strings.TrimLeft(path.Clean(filepath.ToSlash(loc.Path)), "/")
	if p == "." {
		p = ""
	}
	if rootAbs := l.abs(loc.Root); rootAbs != "" && l.workDir != "" {
		file := filepath.Join(rootAbs, filepath.FromSlash(p))
		if rel, ok := under(l.workDir, file); ok {
			l.used[srcRoot] = true
			return place{uri: escapePath(rel), baseID: srcRoot, display: rel, rel: rel}
		}
	} else if l.workDir == "" && !filepath.IsAbs(loc.Root) {
		// No WorkDir: a relative root can only be taken as relative to the
		// (unknown) source root, which the consumer supplies.
		rel := path.Join(filepath.ToSlash(loc.Root), p)
		l.used[srcRoot] = true
		return place{uri: escapePath(rel), baseID: srcRoot, display: rel, rel: rel}
	}
	i := l.rootIndex(loc.Root)
	id := fmt.Sprintf("ROOT%d", i+1)
	l.used[id] = true
	display := path.Join(filepath.ToSlash(loc.Root), p)
	return place{uri: escapePath(p), baseID: id, display: display, rel: p}
}

// bases lists run.originalUriBaseIds: %SRCROOT% whenever WorkDir is known,
// plus every ROOT<n> that a location used, in root order.
func (l *locator) bases() []base {
	var out []base
	if l.workDir != "" {
		out = append(out, base{id: srcRoot, uri: fileURI(l.workDir)})
	} else if l.used[srcRoot] {
		out = append(out, base{id: srcRoot})
	}
	for i := range l.roots {
		id := fmt.Sprintf("ROOT%d", i+1)
		if !l.used[id] {
			continue
		}
		b := base{id: id}
		if l.rootAbs[i] != "" {
			b.uri = fileURI(l.rootAbs[i])
		}
		out = append(out, b)
	}
	return out
}

// under reports whether file lies in dir, and its slash path relative to dir.
func under(dir, file string) (string, bool) {
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// fileURI spells an absolute directory as a file URI with the trailing slash
// that SARIF requires of a uriBaseId value (SARIF1004).
func fileURI(dir string) string {
	p := filepath.ToSlash(dir)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: C:/x -> /C:/x
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return "file://" + escapeAbsPath(p)
}

// escapePath percent-encodes a relative path for use as a URI reference.
// Everything but RFC 3986 unreserved characters and "/" is encoded: spaces
// and non-ASCII must be (SARIF requires valid URIs), ":" must be in the first
// segment of a relative reference, and "+" is encoded because some consumers
// decode it as a space.
func escapePath(p string) string {
	return escape(p, false)
}

// escapeAbsPath is escapePath for the path of an absolute URI, where ":"
// (Windows drive letters) stays as it is.
func escapeAbsPath(p string) string {
	return escape(p, true)
}

func escape(p string, keepColon bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if unreserved(c) || c == '/' || (keepColon && c == ':') {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
