package python

import (
	"path"
	"slices"
	"strings"
)

// program is every scanned Python module, indexed for import resolution.
type program struct {
	cfg      Config
	mods     []*module
	byName   map[string][]*module
	bySuffix map[string][]*module
	// byPath finds a module by root and path; a key of two strings, not
	// their concatenation, holds no string of its own per module and
	// makes none per lookup.
	byPath map[rootPath]*module
	// topPackages are, per root, the packages another root's import can
	// reach (see installed).
	topPackages map[string]map[string]bool
	// rootRank is the place of each root in run order, and rootDeps the
	// roots each imports (rootorder.go); nil with one root.
	rootRank map[string]int
	rootDeps map[string]map[string]int
	capFuncs map[string]bool
	jitFuncs map[string]bool
	// jitLast holds the last names of the JIT builders, jitKind's own and
	// the configured ones: the facts slice keeps their arguments.
	jitLast map[string]bool
	// collect asks the first worker for JIT calls and call edges.
	collect bool
	// faults are the panics the goroutines caught (faults.go).
	faults faults
	// methods indexes every def by its bare name, for calls on objects
	// of unknown type (matched only when the name is unique); built when
	// every module is loaded (Config.AllFiles), else the byte scan's
	// counts decide (select.go).
	byDefName map[string][]*funcDef
	// order are the modules run on their own, in module order: all of
	// them, or the selection.
	order    []*module
	selected []bool
	parsers  *parserPool
	sel      *selection
	// arch holds the arch-list gates once read (archListGates), list
	// the definitions and call edges listed ahead (listAhead).
	arch archLists
	list listing
}

// rootPath is a file's root and slash path.
type rootPath struct{ root, path string }

func newProgram(mods []*module, cfg Config) *program {
	p := &program{cfg: cfg, mods: mods, byName: map[string][]*module{}, bySuffix: map[string][]*module{},
		byPath: map[rootPath]*module{}, capFuncs: map[string]bool{}}
	for _, m := range mods {
		p.byName[m.name] = append(p.byName[m.name], m)
		// Each dotted suffix is a tail of the name, not a string of its
		// own (3 MB of keys on the six-tree set's 10 k files).
		for i := strings.IndexByte(m.name, '.'); i >= 0; {
			s := m.name[i+1:]
			p.bySuffix[s] = append(p.bySuffix[s], m)
			j := strings.IndexByte(s, '.')
			if j < 0 {
				break
			}
			i += j + 1
		}
		p.byPath[rootPath{m.root, m.path}] = m
		if isTopPackage(m) {
			if p.topPackages == nil {
				p.topPackages = map[string]map[string]bool{}
			}
			if p.topPackages[m.root] == nil {
				p.topPackages[m.root] = map[string]bool{}
			}
			p.topPackages[m.root][m.name] = true
		}
	}
	for _, f := range cfg.CapabilityFuncs {
		p.capFuncs[f] = true
	}
	p.jitFuncs = map[string]bool{}
	p.jitLast = map[string]bool{"gen_jit_spec": true, "CUDAExtension": true, "CppExtension": true, "load": true, "load_inline": true}
	for _, f := range cfg.JITFuncs {
		p.jitFuncs[f] = true
		p.jitLast[lastName(f)] = true
	}
	p.parsers = newParserPool()
	p.selected = make([]bool, len(mods))
	return p
}

// selectAll runs every module; the modules must be loaded.
func (p *program) selectAll() {
	p.order = p.mods
	for i := range p.selected {
		p.selected[i] = true
	}
	p.byDefName = map[string][]*funcDef{}
	for _, m := range p.mods {
		for _, fn := range m.funcs {
			p.byDefName[fn.name] = append(p.byDefName[fn.name], fn)
		}
	}
}

// pick prefers a module under the same scan root, then the first in scan
// order, so that resolution never depends on map order.
func pick(ms []*module, from *module) *module {
	for _, m := range ms {
		if from == nil || m.root == from.root {
			return m
		}
	}
	if len(ms) > 0 {
		return ms[0]
	}
	return nil
}

// lookup finds a module by absolute dotted name. A scan root above the
// package (repos/sglang/python/sglang/...) still resolves "sglang.srt.utils"
// through the name's suffixes.
//
// Another root's module is found only by its exact name, and only when the
// name starts with one of that root's installable packages (installed):
// in the six-tree scan vllm's "import struct" and "import builtins"
// resolved to a CCCL example package and a .gersemi/ext/builtins.py, and
// other imports to flashinfer's benchmarks/routines/norm.py, which the
// same scan of vllm alone leaves to the standard library.
func (p *program) lookup(name string, from *module) *module {
	ms := p.byName[name]
	if m := pick(ms, from); m != nil && (from == nil || m.root == from.root) {
		return m
	}
	for _, m := range ms { // another root's, in scan order
		if p.installed(m.root, name) {
			return m
		}
	}
	tails := p.bySuffix[name]
	if !strings.Contains(name, ".") && slices.ContainsFunc(tails, func(m *module) bool { return bareUnreachable(m, from) }) {
		tails = slices.DeleteFunc(slices.Clone(tails), func(m *module) bool { return bareUnreachable(m, from) })
	}
	if m := pick(tails, from); m != nil && (from == nil || m.root == from.root) {
		return m
	}
	return nil
}

// parentPackage is the package holding m (the __init__.py above it,
// for a package its parent's), nil at the top or when it is not scanned
// in m's root.
func (p *program) parentPackage(m *module) *module {
	name := m.pkg
	if name == m.name {
		name = parentName(name)
	}
	if name == "" {
		return nil
	}
	for _, o := range p.byName[name] {
		if o.root == m.root && path.Base(o.path) == "__init__.py" {
			return o
		}
	}
	return nil
}

// reexports says whether package pkg's top level imports from m (`from
// .common import *`, `from sglang.srt.utils.common import x`).
func (p *program) reexports(pkg, m *module) bool {
	if !p.ensure(pkg) {
		return false
	}
	for s := range pkg.named(0) {
		if pkg.kind(s) == "import_from_statement" {
			if t, _ := p.fromTarget(pkg, s); t == m {
				return true
			}
		}
	}
	return false
}

// fromTarget is the module a from-import statement s of m imports from
// (nil when it is not scanned), and its absolute dotted name.
func (p *program) fromTarget(m *module, s nodeID) (*module, string) {
	modN := m.child(s, fModuleName)
	if m.kind(modN) == "relative_import" {
		level, name := m.relativeImport(modN)
		return p.relative(m, level, name), relativeName(m, level, name)
	}
	name := m.text(modN)
	return p.lookup(name, m), name
}

// parentName is a dotted name without its last component.
func parentName(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return ""
}

// bareUnreachable says whether a bare `import X` from module from cannot
// reach m, a module inside a package: Python 3 reaches it by its
// package's name, or, from a script in the same directory, as a sibling
// file (app/main.py's `import utils`), never as a package of its own
// (lightning-thunder's thunder/torch/ is not the `import torch` of
// thunder/core/transforms.py, whose torch.cuda.get_device_capability()
// was read as thunder's).
func bareUnreachable(m, from *module) bool {
	if !m.inPackage {
		return false
	}
	return path.Base(m.path) == "__init__.py" || from == nil || parentDir(m.path) != parentDir(from.path)
}

// installed says whether the dotted name starts with a package of root
// that a repository scanned beside it could import: what pip would
// install from it.
func (p *program) installed(root, name string) bool {
	first, _, _ := strings.Cut(name, ".")
	return p.topPackages[root][first]
}

// isTopPackage says whether m is a top-level package that another
// repository could import: a package (__init__.py) with an undotted name,
// at most three directories below its scan root (flashinfer/,
// python/sglang/, sgl-kernel/python/sgl_kernel/), none of them hidden or a
// suite's (tests/, examples/, benchmarks/, ...).
// Deeper packages whose parents are no packages (an example's or a kernel
// source tree's common/) get top-level names only because nothing above
// them is a package.
func isTopPackage(m *module) bool {
	if strings.Contains(m.name, ".") || path.Base(m.path) != "__init__.py" {
		return false
	}
	dirs := strings.Split(path.Dir(m.path), "/")
	if len(dirs) > 3 {
		return false
	}
	for _, d := range dirs {
		switch {
		case strings.HasPrefix(d, "."):
			return false
		case d == "tests" || d == "test" || d == "benchmarks" || d == "examples" || d == "scripts" || d == "docs":
			// A repository's own suites and tools; nothing installs them.
			return false
		}
	}
	return true
}

// relative resolves "from ..x.y import" against the importing file's
// directory; paths decide, so broken __init__ chains do not matter.
func (p *program) relative(from *module, level int, name string) *module {
	dir := path.Dir(from.path)
	for i := 1; i < level; i++ {
		dir = path.Dir(dir)
	}
	rel := strings.ReplaceAll(name, ".", "/")
	cands := []string{path.Join(dir, rel+".py"), path.Join(dir, rel, "__init__.py")}
	if name == "" {
		cands = []string{path.Join(dir, "__init__.py")}
	}
	for _, c := range cands {
		c = strings.TrimPrefix(c, "./")
		if m := p.byPath[rootPath{from.root, c}]; m != nil {
			return m
		}
	}
	return nil
}

// relativeImport reads a relative_import node ("..pkg.mod"): how many
// dots lead it, and the dotted name after them ("" for "from . import").
func (m *module) relativeImport(n nodeID) (level int, name string) {
	for k := range m.kids(n) {
		switch m.kind(k) {
		case "import_prefix":
			level = strings.Count(m.ident(k), ".")
		case "dotted_name":
			name = m.text(k)
		}
	}
	return level, name
}

// relativeName is the dotted name a relative import refers to, for names
// outside the scanned files.
func relativeName(from *module, level int, name string) string {
	base := from.pkg
	for i := 1; i < level && base != ""; i++ {
		if j := strings.LastIndexByte(base, '.'); j >= 0 {
			base = base[:j]
		} else {
			base = ""
		}
	}
	switch {
	case base == "":
		return name
	case name == "":
		return base
	}
	return base + "." + name
}

// submodule finds package.name as a module of its own.
func (p *program) submodule(pkg *module, name string) *module {
	if m := p.relative(pkg, 1, name); m != nil && strings.HasSuffix(pkg.path, "__init__.py") {
		return m
	}
	return p.lookup(pkg.name+"."+name, pkg)
}
