package python

import (
	"path"
	"strings"
)

// Several scan roots: when does a file reach a module of another root?
//
// A module's own run gets another root's values only through a name its
// own text spells: relative imports stay in the importing file's root, and
// an absolute import resolves to another root's module only when the
// importing root has no module of that dotted name (nor one ending so),
// by the exact name, under a package the other root installs
// (program.lookup). From
// there it goes on through submodules (program.submodule) and the globals
// of the modules it reached. So a file of one root that mentions the last
// name of another root's module (selection.reaches) reaches it only when
// it also spells every word of a dotted name that resolves, from its root,
// to that module or a package above it, or mentions a global that holds
// the module in a module of its own root or in one it reaches so.
//
// Without this, most joins of the six-tree set crossed roots to modules
// and classes no import of the joining file resolves to (sglang, vllm,
// CUTLASS, CCCL and llama.cpp files that mention "topk" and a name of
// flashinfer.topk, or call .get() while flashinfer's AutoTuner has a
// method get returning one), and the set selected 4,300 files where the
// trees alone select about 2,300.

// aliasRef is a global (name hash h) of module holder that holds a module.
type aliasRef struct {
	holder *module
	h      uint64
}

type heldKey struct {
	m *module
	r aliasRef
}

// classHolder is a name (hash h) that yields a class: a global of mod, an
// attribute of cls (a class attribute, or a method returning the class).
type classHolder struct {
	mod *module
	cls *classDef
	h   uint64
}

type classHeldKey struct {
	c *classDef
	r classHolder
}

func (s *selection) holdClass(c *classDef, r classHolder) {
	if r.mod == nil && r.cls == nil || s.classHeld[classHeldKey{c, r}] {
		return
	}
	s.classHeld[classHeldKey{c, r}] = true
	s.classHolders[c] = append(s.classHolders[c], r)
}

// reachesClass is namesClass for a class of another root than m's: m
// names the class in a module it reaches (its own, or one of its root),
// or a name that yields it held by a module m reaches or by a class m
// names so. A class of another root comes into m's run only through a
// value its imports bring (see above), and a name a class holds only
// through the class.
func (s *selection) reachesClass(m *module, c *classDef) bool {
	seen := map[*classDef]bool{c: true}
	stack := []*classDef{c}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if k.mod.root == m.root {
			return true
		}
		if m.dig.mentions(wordHashString(k.name)) && s.reachesModule(m, k.mod) {
			return true
		}
		for _, r := range s.classHolders[k] {
			if !m.dig.mentions(r.h) {
				continue
			}
			if r.mod != nil && (r.mod.root == m.root || s.reachesModule(m, r.mod)) {
				return true
			}
			if r.cls != nil && !seen[r.cls] {
				seen[r.cls] = true
				stack = append(stack, r.cls)
			}
		}
	}
	return false
}

// reachesModule says whether m can get at module x: x is of m's root, or
// reachesOther.
func (s *selection) reachesModule(m, x *module) bool {
	return x.root == m.root || s.reachesOther(s.p, m, x)
}

// rootEntry is a module of one root as seen from another root.
type rootEntry struct {
	root string
	m    *module
}

// reachesOther is reaches for a module a of another root than m's; m
// already mentions a's last name or a global that holds it.
func (s *selection) reachesOther(p *program, m, a *module) bool {
	seen := map[*module]bool{a: true}
	stack := []*module{a}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.spellsEntry(p, m, x) {
			return true
		}
		for _, r := range s.holders[x] {
			if seen[r.holder] || !m.dig.mentions(r.h) {
				continue
			}
			if r.holder.root == m.root {
				return true
			}
			seen[r.holder] = true
			stack = append(stack, r.holder)
		}
	}
	return false
}

// spellsEntry says whether m spells a dotted name that resolves, from its
// root, to x or to a package x is a submodule of; a package in m's own
// root counts as spelt (the same-root rules decide there).
func (s *selection) spellsEntry(p *program, m, x *module) bool {
	for _, anc := range s.packagesOf(p, x) {
		if anc.root == m.root {
			return true
		}
		for _, words := range s.entriesFrom(p, m.root, anc) {
			all := true
			for _, h := range words {
				if !m.dig.mentions(h) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
	}
	return false
}

// packagesOf is x and the modules x is a submodule of, up: those whose
// submodule(name) is x, and theirs.
func (s *selection) packagesOf(p *program, x *module) []*module {
	s.cacheMu.Lock()
	out, ok := s.packages[x]
	s.cacheMu.Unlock()
	if ok {
		return out
	}
	out = []*module{x}
	seen := map[*module]bool{x: true}
	for i := 0; i < len(out); i++ {
		c := out[i]
		for _, par := range parentsOf(p, c) {
			if !seen[par] {
				seen[par] = true
				out = append(out, par)
			}
		}
	}
	s.cacheMu.Lock()
	s.packages[x] = out
	s.cacheMu.Unlock()
	return out
}

// parentsOf are the modules whose submodule(name) is c: the __init__.py
// of the directory above c (relative), and the modules named like c's
// name (or a suffix of it) less its last part (lookup).
func parentsOf(p *program, c *module) []*module {
	var cands []*module
	file := strings.TrimSuffix(c.path, "/__init__.py")
	dir := path.Dir(file)
	init := "__init__.py"
	if dir != "." {
		init = dir + "/__init__.py"
	}
	if par := p.byPath[rootPath{c.root, init}]; par != nil {
		cands = append(cands, par)
	}
	parts := strings.Split(c.name, ".")
	for i := 0; i < len(parts)-1; i++ {
		cands = append(cands, p.byName[strings.Join(parts[i:len(parts)-1], ".")]...)
	}
	names := []string{strings.TrimSuffix(path.Base(file), ".py"), parts[len(parts)-1]}
	var out []*module
	for _, par := range cands {
		for _, name := range names {
			if par != c && p.submodule(par, name) == c {
				out = append(out, par)
				break
			}
		}
	}
	return out
}

// entriesFrom are the dotted names (as word hashes) that resolve, from a
// module of root, to x: x's name and those of its suffixes that lookup
// picks x for.
func (s *selection) entriesFrom(p *program, root string, x *module) [][]uint64 {
	k := rootEntry{root, x}
	s.cacheMu.Lock()
	out, ok := s.entries[k]
	s.cacheMu.Unlock()
	if ok {
		return out
	}
	from := &module{root: root}
	parts := strings.Split(x.name, ".")
	for i := range parts {
		if p.lookup(strings.Join(parts[i:], "."), from) != x {
			continue
		}
		words := make([]uint64, 0, len(parts)-i)
		for _, w := range parts[i:] {
			words = append(words, wordHashString(w))
		}
		out = append(out, words)
	}
	s.cacheMu.Lock()
	s.entries[k] = out
	s.cacheMu.Unlock()
	return out
}
