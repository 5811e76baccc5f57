package python

import (
	"iter"
	"path"
	"slices"
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
	// inPackage: the module (a package's own __init__.py: the package)
	// sits in a package, so no bare `import X` names it: lightning-
	// thunder's thunder/torch/ is not `import torch`.
	inPackage bool
	lastHash  uint64 // wordHashString of name's last component (selection.reaches)
	pkg       string // package relative imports start from
	isTest    bool
	// lateFacts: the newest probe collects the facts of this module's
	// functions' own analyses (factsShare).
	lateFacts bool
	// mainSlices are the main guard's slices (slice.go, markedSlice).
	mainSlices sliceSet
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
	lines lineIndex
	note  *Notification // a syntax error or why the file could not be loaded
	// Every def and class, in source order, which is node order: a
	// node's def or class is found by a search (defAt, classAt), where
	// maps of them took 3 MB on the six-tree set.
	funcs   []*funcDef
	classes []*classDef
	// main is the module's last top-level statement when it is `if
	// __name__ == "__main__":` (isMainGuard), noNode otherwise: the script
	// view of the file, run apart from its top level (worker.runMain). A
	// guard with statements after it runs inside the top level, as any
	// undecided branch: the globals it sees are not the finished ones.
	main nodeID
}

// funcDef is a function or method definition. One is held for every def
// of every loaded module (about 90 k on the six-tree set): the fields are
// ordered so that nothing is padding, and line and size are 32 bits, which
// puts it in the 128-byte size class (144 before).
type funcDef struct {
	mod *module
	// name is the tail of qual (scope + "." + name), not a copy of its own.
	name, qual string
	class      *classDef
	params     []param
	decorators []nodeID
	outer      *funcDef // the innermost def around this one (enclosingFunc)
	node       nodeID   // function_definition
	body       nodeID
	line       int32
	// size is the definition's syntax nodes, the dropped ones counted
	// (module.droppedIn): maxHelperNodes was measured on trees that had
	// them, and a function of 1,400 nodes and 150 strings would else be
	// followed where it was not. The def's own nodes end at next(node).
	size int32
	// slices holds the deciding slice and the facts slice, marked on
	// first use (slice.go, markedSlice); one pointer keeps the def in
	// its size class.
	slices atomic.Pointer[sliceSet]
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
	return string(m.src[m.start(n):m.end(n)])
}

// ident is the text of n without a copy: a view of the source, for names
// that are only looked up (the source is never written). A string kept
// beyond the lookup must be copied (strings.Clone): it would hold the
// whole file.
func (m *module) ident(n nodeID) string {
	sb, eb := m.start(n), m.end(n)
	if eb <= sb {
		return ""
	}
	return unsafe.String(&m.src[sb], int(eb-sb))
}

// kids are n's children, in order (pnode: the first is the node after
// n, each next one the node after the subtree of the one before).
func (m *module) kids(n nodeID) iter.Seq[nodeID] {
	p := m.parsed
	return func(yield func(nodeID) bool) {
		for k, end := n+1, p.next(n); k < end; k = p.next(k) {
			if !yield(k) {
				return
			}
		}
	}
}

// named are n's named children, in order: anonymous tokens
// (an operator in a field) left out.
func (m *module) named(n nodeID) iter.Seq[nodeID] {
	p, keep := m.parsed, m.tab.keep
	return func(yield func(nodeID) bool) {
		for k, end := n+1, p.next(n); k < end; k = p.next(k) {
			if keep[p.nodes[k].kf&kindMask] && !yield(k) {
				return
			}
		}
	}
}

// namedAfter are n's named children after its child k.
func (m *module) namedAfter(n, k nodeID) iter.Seq[nodeID] {
	p, keep := m.parsed, m.tab.keep
	return func(yield func(nodeID) bool) {
		for k, end := p.next(k), p.next(n); k < end; k = p.next(k) {
			if keep[p.nodes[k].kf&kindMask] && !yield(k) {
				return
			}
		}
	}
}

// firstNamed is n's first named child, noNode when it has none.
func (m *module) firstNamed(n nodeID) nodeID {
	for k := range m.named(n) {
		return k
	}
	return noNode
}

// appendNamed appends n's named children to buf, for the readers that
// index them: a caller passes a small array of its own, so that the few
// children of most nodes take no allocation.
func (m *module) appendNamed(buf []nodeID, n nodeID) []nodeID {
	for k := range m.named(n) {
		buf = append(buf, k)
	}
	return buf
}

// namedCount is how many named children n has.
func (m *module) namedCount(n nodeID) int {
	c := 0
	for range m.named(n) {
		c++
	}
	return c
}

// onlyNamed is n's one named child, noNode when it has none or more.
func (m *module) onlyNamed(n nodeID) nodeID {
	only := noNode
	for k := range m.named(n) {
		if only != noNode {
			return noNode
		}
		only = k
	}
	return only
}

// namedList is n's named children as a new slice.
func (m *module) namedList(n nodeID) []nodeID { return m.appendNamed(nil, n) }

func (m *module) child(n nodeID, f field) nodeID {
	if n == noNode {
		return noNode
	}
	for k := range m.kids(n) {
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
	for k := range m.kids(n) {
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
	l, _ := m.lines.pos(m.start(n))
	return l
}

// moduleName derives the dotted name from the package layout: the chain of
// directories holding __init__.py above the file when there is one, else the
// path below a "python/" or "src/" directory (sglang keeps its package under
// python/), else the whole path. A directory without __init__.py between
// packages is a namespace package (PEP 420) and the chain goes on through
// it: sglang's python/sglang/srt/ has none, and its utils package is
// sglang.srt.utils, the name every `from sglang.srt.utils import ...` uses,
// not a top-level utils.
func moduleName(p string, pkgDirs map[string]bool) (name, pkg string, isInit bool) {
	p = strings.TrimSuffix(p, ".py")
	dir, base := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	isInit = base == "__init__"
	top := ""
	for d := dir; d != "" && d != "." && pkgDirs[d]; d = parentDir(d) {
		top = d
	}
	if top != "" {
		// Through namespace directories up to a package above them.
		for d := parentDir(top); d != "" && d != "." && identifier(path.Base(d)); d = parentDir(d) {
			if pkgDirs[d] {
				top = d
			}
		}
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

// identifier says whether s can be a Python name (a package's).
func identifier(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

func parentDir(d string) string {
	if i := strings.LastIndexByte(d, '/'); i >= 0 {
		return d[:i]
	}
	return ""
}

// IsTestPath says whether a file is test code: tests/, test/ or testing/
// directories, test_*.py (test_gemm.cu), *_test.py (gemm_test.cu),
// conftest.py.
func IsTestPath(p string) bool {
	for _, part := range strings.Split(path.Dir(p), "/") {
		if part == "tests" || part == "test" || part == "testing" {
			return true
		}
	}
	b := path.Base(p)
	stem := strings.TrimSuffix(b, path.Ext(b))
	return strings.HasPrefix(b, "test_") || strings.HasSuffix(stem, "_test") || b == "conftest.py"
}

// index collects the module's definitions so that calls and imports can
// reach them without walking the tree again.
func (m *module) index() {
	slices.Sort(m.dropped)
	defer func() { m.dropped = nil }()
	var walk func(n nodeID, scope string, cls *classDef, outer *funcDef)
	walk = func(n nodeID, scope string, cls *classDef, outer *funcDef) {
		for k := range m.kids(n) {
			switch m.kind(k) {
			case "function_definition":
				f := m.newFunc(k, n, scope, cls)
				f.outer = outer
				walk(f.body, f.qual, nil, f)
			case "class_definition":
				c := &classDef{mod: m, node: k, body: m.child(k, fBody), methods: map[string]*funcDef{}}
				c.qual, c.name = qualify(scope, m.view(m.child(k, fName)))
				m.classes = append(m.classes, c)
				walk(c.body, c.qual, c, outer)
			default:
				walk(k, scope, cls, outer)
			}
		}
	}
	walk(0, m.name, nil, nil)
	m.main = noNode
	last := noNode
	for k := range m.named(0) {
		last = k
	}
	if last != noNode && m.isMainGuard(last) {
		m.main = last
	}
}

// isMainGuard says whether s is `if __name__ == "__main__":` (either way
// round, either quote) with no elif or else: the block Python runs only
// when the file is run as a script.
func (m *module) isMainGuard(s nodeID) bool {
	if m.kind(s) != "if_statement" || m.child(s, fAlternative) != noNode {
		return false
	}
	c := m.child(s, fCondition)
	if m.kind(c) != "comparison_operator" {
		return false
	}
	var operandsBuf, opsBuf [4]nodeID
	operands := m.appendNamed(operandsBuf[:0], c)
	ops := m.appendChildrenBy(opsBuf[:0], c, fOperators)
	if len(operands) != 2 || len(ops) != 1 || m.view(ops[0]) != "==" {
		return false
	}
	name, str := operands[0], operands[1]
	if m.kind(name) != "identifier" {
		name, str = str, name
	}
	if m.kind(name) != "identifier" || m.view(name) != "__name__" || m.kind(str) != "string" {
		return false
	}
	t := m.view(str)
	return t == `"__main__"` || t == `'__main__'`
}

// newFunc adds the def n, a child of parent.
func (m *module) newFunc(n, parent nodeID, scope string, cls *classDef) *funcDef {
	f := &funcDef{mod: m, node: n, body: m.child(n, fBody), class: cls, line: int32(m.line(n))}
	f.size = int32(m.subtreeSize(n) + m.droppedIn(n))
	f.qual, f.name = qualify(scope, m.view(m.child(n, fName)))
	if cls != nil {
		cls.methods[f.name] = f
	}
	if m.kind(parent) == "decorated_definition" {
		for d := range m.kids(parent) {
			if m.kind(d) == "decorator" {
				f.decorators = append(f.decorators, d)
			}
		}
	}
	// Sized first: grown by append, the lists held twice the room they
	// use on average (3 MB of the six-tree set's 22 MB of definitions).
	ps := m.child(n, fParameters)
	if c := m.namedCount(ps); c > 0 {
		f.params = make([]param, 0, c)
	}
	for p := range m.named(ps) {
		switch m.kind(p) {
		case "identifier":
			f.params = append(f.params, param{name: m.view(p), def: noNode})
		case "typed_parameter":
			if id := m.firstNamed(p); id != noNode && m.kind(id) == "identifier" {
				f.params = append(f.params, param{name: m.view(id), def: noNode})
			} else {
				f.params = append(f.params, param{star: true})
			}
		case "default_parameter", "typed_default_parameter":
			f.params = append(f.params, param{name: m.view(m.child(p, fName)), def: m.child(p, fValue)})
		case "list_splat_pattern", "dictionary_splat_pattern":
			f.params = append(f.params, param{star: true})
		}
	}
	m.funcs = append(m.funcs, f)
	return f
}

// qualify is scope + "." + name, and name as the tail of that string:
// one allocation where name and qual were two.
func qualify(scope, name string) (qual, tail string) {
	qual = scope + "." + name
	return qual, qual[len(scope)+1:]
}

// defAt is the def whose function_definition is n, nil if none is.
func (m *module) defAt(n nodeID) *funcDef {
	i := sort.Search(len(m.funcs), func(i int) bool { return m.funcs[i].node >= n })
	if i < len(m.funcs) && m.funcs[i].node == n {
		return m.funcs[i]
	}
	return nil
}

// classAt is the class whose class_definition is n, nil if none is.
func (m *module) classAt(n nodeID) *classDef {
	i := sort.Search(len(m.classes), func(i int) bool { return m.classes[i].node >= n })
	if i < len(m.classes) && m.classes[i].node == n {
		return m.classes[i]
	}
	return nil
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
// The defs are in node order (index walks in pre-order): the last to
// start at or before n holds n or is inside the one that does, and the
// defs around it are its outer chain. Finding it from the root walks the
// children of every level, which on a module of many statements was a
// walk over most of them for each call site.
func (m *module) enclosingFunc(n nodeID) *funcDef {
	i := sort.Search(len(m.funcs), func(i int) bool { return m.funcs[i].node > n }) - 1
	if i < 0 || n < 0 {
		return nil
	}
	for f := m.funcs[i]; f != nil; f = f.outer {
		if n < m.next(f.node) {
			return f
		}
	}
	return nil
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
		cur = m.childHolding(cur, n)
	}
}

// subtreeSize counts the nodes under n, n included.
func (m *module) subtreeSize(n nodeID) int { return int(m.next(n) - n) }

// droppedIn counts the nodes dropped from n's subtree (parsed.dropped,
// sorted by index): those whose parent is in it.
func (m *module) droppedIn(n nodeID) int {
	lo, _ := slices.BinarySearch(m.dropped, n)
	hi, _ := slices.BinarySearch(m.dropped, m.next(n))
	return hi - lo
}
