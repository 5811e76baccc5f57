package python

import (
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// module is one Python file. Its name and place are known from its path;
// the source and syntax tree are loaded once, on first use (program.ensure),
// and read-only after.
type module struct {
	idx        int
	root, path string
	name       string // dotted module name
	lastHash   uint64 // wordHashString of name's last component (selection.reaches)
	pkg        string // package relative imports start from
	isTest     bool
	dig        *Digest // the byte scan (selection only)
	// open reads the source when it was not given.
	open func() ([]byte, error)
	once sync.Once
	// used: the analysis asked for the module (ensure). prefetch loads
	// modules ahead that it may never ask for; only used ones count.
	used atomic.Bool
	// Set by load:
	src []byte
	tab *langTable
	*parsed
	lines   lineIndex
	note    *Notification // a syntax error or why the file could not be loaded
	funcs   []*funcDef    // every def, in source order
	classes []*classDef
	defs    map[nodeID]*funcDef
	clsOf   map[nodeID]*classDef
}

// funcDef is a function or method definition.
type funcDef struct {
	mod        *module
	node       nodeID // function_definition
	name, qual string
	class      *classDef
	params     []param
	body       nodeID
	decorators []nodeID
	line       int
	size       int // syntax nodes in the definition
}

type param struct {
	name string
	def  nodeID // default value or noNode
	star bool   // *args / **kwargs
}

type classDef struct {
	mod        *module
	node       nodeID
	name, qual string
	body       nodeID
	methods    map[string]*funcDef
}

func (m *module) kind(n nodeID) string {
	if n == noNode {
		return ""
	}
	return m.tab.names[m.kindID(n)]
}

func (m *module) text(n nodeID) string {
	if n == noNode {
		return ""
	}
	return string(m.src[m.nodes[n].sb:m.end(n)])
}

// ident is the text of n without a copy: a view of the source, for names
// that are only looked up (the source is never written). A string kept
// beyond the lookup must be copied (strings.Clone): it would hold the
// whole file.
func (m *module) ident(n nodeID) string {
	sb, eb := m.nodes[n].sb, m.end(n)
	if eb <= sb {
		return ""
	}
	return unsafe.String(&m.src[sb], int(eb-sb))
}

func (m *module) kids(n nodeID) []nodeID {
	start, end := m.parsed.kidRange(n)
	if start == end {
		return nil
	}
	return m.parsed.kids[start:end:end]
}

// named is the named children (comments excluded); the slice is shared,
// callers must not change it.
func (m *module) named(n nodeID) []nodeID {
	start, end, ok := m.parsed.namedRange(n)
	if !ok {
		return m.kids(n)
	}
	if start == end {
		return nil
	}
	return m.parsed.namedKids[start:end:end]
}

func (m *module) child(n nodeID, f field) nodeID {
	if n == noNode {
		return noNode
	}
	for _, k := range m.kids(n) {
		if m.tab.fkeys[m.fieldID(k)] == f {
			return k
		}
	}
	return noNode
}

func (m *module) childrenBy(n nodeID, f field) []nodeID {
	return m.appendChildrenBy(nil, n, f)
}

// appendChildrenBy appends n's children in field f to buf: the
// interpreter's callers pass a small array of their own, so that a
// comparison or a subscript allocates nothing for its few operators.
func (m *module) appendChildrenBy(buf []nodeID, n nodeID, f field) []nodeID {
	for _, k := range m.kids(n) {
		if m.tab.fkeys[m.fieldID(k)] == f {
			buf = append(buf, k)
		}
	}
	return buf
}

// parent is n's parent (parsed.parentOf: found from the root, so a loop
// up the tree costs its depth squared; enclosing and its kin go down).
func (m *module) parent(n nodeID) nodeID { return m.parentOf(n) }

func (m *module) line(n nodeID) int {
	l, _ := m.lines.pos(m.nodes[n].sb)
	return l
}

// moduleName derives the dotted name from the package layout: the chain of
// directories holding __init__.py above the file when there is one, else the
// path below a "python/" or "src/" directory (sglang keeps its package under
// python/), else the whole path.
func moduleName(p string, pkgDirs map[string]bool) (name, pkg string, isInit bool) {
	p = strings.TrimSuffix(p, ".py")
	dir, base := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	isInit = base == "__init__"
	top := ""
	for d := dir; d != "" && d != "." && pkgDirs[d]; d = parentDir(d) {
		top = d
	}
	var rel string
	switch {
	case top != "":
		rel = strings.TrimPrefix(p, parentDir(top))
		rel = strings.TrimPrefix(rel, "/")
	default:
		rel = p
		parts := strings.Split(rel, "/")
		for i := len(parts) - 2; i >= 0; i-- {
			if parts[i] == "python" || parts[i] == "src" {
				rel = strings.Join(parts[i+1:], "/")
				break
			}
		}
	}
	if isInit {
		rel = strings.TrimSuffix(strings.TrimSuffix(rel, "__init__"), "/")
	}
	name = strings.ReplaceAll(rel, "/", ".")
	pkg = name
	if !isInit {
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			pkg = name[:i]
		} else {
			pkg = ""
		}
	}
	return name, pkg, isInit
}

func parentDir(d string) string {
	if i := strings.LastIndexByte(d, '/'); i >= 0 {
		return d[:i]
	}
	return ""
}

// isTestPath says whether a file is test code: tests/ or test/ directories,
// test_*.py, *_test.py, conftest.py.
func isTestPath(p string) bool {
	for _, part := range strings.Split(path.Dir(p), "/") {
		if part == "tests" || part == "test" || part == "testing" {
			return true
		}
	}
	b := path.Base(p)
	return strings.HasPrefix(b, "test_") || strings.HasSuffix(b, "_test.py") || b == "conftest.py"
}

// index collects the module's definitions so that calls and imports can
// reach them without walking the tree again.
func (m *module) index() {
	m.defs = map[nodeID]*funcDef{}
	m.clsOf = map[nodeID]*classDef{}
	var walk func(n nodeID, scope string, cls *classDef)
	walk = func(n nodeID, scope string, cls *classDef) {
		for _, k := range m.kids(n) {
			switch m.kind(k) {
			case "function_definition":
				f := m.newFunc(k, scope, cls)
				walk(f.body, f.qual, nil)
			case "class_definition":
				c := &classDef{mod: m, node: k, name: m.text(m.child(k, fName)), body: m.child(k, fBody), methods: map[string]*funcDef{}}
				c.qual = scope + "." + c.name
				m.classes = append(m.classes, c)
				m.clsOf[k] = c
				walk(c.body, c.qual, c)
			default:
				walk(k, scope, cls)
			}
		}
	}
	walk(0, m.name, nil)
}

func (m *module) newFunc(n nodeID, scope string, cls *classDef) *funcDef {
	f := &funcDef{mod: m, node: n, name: m.text(m.child(n, fName)), body: m.child(n, fBody), class: cls, line: m.line(n)}
	f.size = m.subtreeSize(n)
	f.qual = scope + "." + f.name
	if cls != nil {
		cls.methods[f.name] = f
	}
	if p := m.parent(n); p != noNode && m.kind(p) == "decorated_definition" {
		for _, d := range m.kids(p) {
			if m.kind(d) == "decorator" {
				f.decorators = append(f.decorators, d)
			}
		}
	}
	for _, p := range m.named(m.child(n, fParameters)) {
		switch m.kind(p) {
		case "identifier":
			f.params = append(f.params, param{name: m.text(p), def: noNode})
		case "typed_parameter":
			id := m.named(p)
			if len(id) > 0 && m.kind(id[0]) == "identifier" {
				f.params = append(f.params, param{name: m.text(id[0]), def: noNode})
			} else {
				f.params = append(f.params, param{star: true})
			}
		case "default_parameter", "typed_default_parameter":
			f.params = append(f.params, param{name: m.text(m.child(p, fName)), def: m.child(p, fValue)})
		case "list_splat_pattern", "dictionary_splat_pattern":
			f.params = append(f.params, param{star: true})
		}
	}
	m.funcs = append(m.funcs, f)
	m.defs[n] = f
	return f
}

// enclosing names the function around n: "module.func", "module.Class.method"
// or the module at top level.
func (m *module) enclosing(n nodeID) string {
	if f := m.enclosingFunc(n); f != nil {
		return f.qual
	}
	return m.name
}

// enclosingFunc is the innermost def around n (n itself when it is one).
func (m *module) enclosingFunc(n nodeID) *funcDef {
	var in *funcDef
	m.descend(n, func(p nodeID) {
		if f, ok := m.defs[p]; ok {
			in = f
		}
	})
	return in
}

// descend visits the path from the root down to n: its ancestors, then n
// (see parsed.parentOf); nothing for noNode.
func (m *module) descend(n nodeID, visit func(nodeID)) {
	if n < 0 {
		return
	}
	cur := nodeID(0)
	for {
		visit(cur)
		if cur == n {
			return
		}
		start, end := m.kidRange(cur)
		ks := m.parsed.kids[start:end]
		cur = ks[sort.Search(len(ks), func(i int) bool { return ks[i] > n })-1]
	}
}

// subtreeSize counts the nodes under n. Nodes are stored in pre-order, so
// the subtree ends where the next node starts after n's end.
func (m *module) subtreeSize(n nodeID) int {
	end := m.end(n)
	i := int(n) + 1
	for i < len(m.nodes) && m.nodes[i].sb < end {
		i++
	}
	return i - int(n)
}
