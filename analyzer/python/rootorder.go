package python

import (
	"slices"
	"sort"
	"strings"
)

// Module top levels run in program order, and a module imported while it
// is still running (an import cycle) shows only the globals bound so far.
// Scanning several roots together, root-name order could let another
// root's import start a cycle of this root's modules from a different
// module than this root's own order does: sglang's layernorm.py importing
// vllm._custom_ops before vllm's first module ran left vllm's
// current_platform half-bound, and a vllm gate disappeared from the set
// that vllm alone reports. orderByRoots runs the roots a root imports
// before it, so each root's modules meet their cycles as they do alone.

// rootImports lists, per root, the other roots whose installed top
// packages (see installed) its modules import.
func (p *program) rootImports(mods []*module) map[string]map[string]bool {
	owner := map[string][]string{} // top package -> roots installing it
	for root, pkgs := range p.topPackages {
		for pkg := range pkgs {
			owner[pkg] = append(owner[pkg], root)
		}
	}
	deps := map[string]map[string]bool{}
	for _, m := range mods {
		if m.parsed == nil {
			continue
		}
		for n := range m.nodes {
			var names []nodeID
			switch m.kind(nodeID(n)) {
			case "import_statement":
				for _, k := range m.childrenBy(nodeID(n), fName) {
					if m.kind(k) == "aliased_import" {
						k = m.child(k, fName)
					}
					names = append(names, k)
				}
			case "import_from_statement":
				names = append(names, m.child(nodeID(n), fModuleName))
			default:
				continue
			}
			for _, name := range names {
				if name == noNode || m.kind(name) != "dotted_name" {
					continue // a relative import stays in its root
				}
				top, _, _ := strings.Cut(m.text(name), ".")
				for _, r := range owner[strings.TrimSpace(top)] {
					if r != m.root {
						if deps[m.root] == nil {
							deps[m.root] = map[string]bool{}
						}
						deps[m.root][r] = true
					}
				}
			}
		}
	}
	return deps
}

// orderByRoots returns mods (in module order within each root) with every
// root after the roots it imports; roots that import each other keep name
// order. One root: mods as they are.
func (p *program) orderByRoots(mods []*module) []*module {
	byRoot := map[string][]*module{}
	var roots []string
	for _, m := range mods {
		if byRoot[m.root] == nil {
			roots = append(roots, m.root)
		}
		byRoot[m.root] = append(byRoot[m.root], m)
	}
	if len(roots) < 2 {
		return mods
	}
	sort.Strings(roots)
	deps := p.rootImports(mods)
	done := map[string]bool{}
	out := make([]*module, 0, len(mods))
	for len(done) < len(roots) {
		// The first root, by name, whose imports have all run; in a
		// cycle, the first root left.
		next := ""
		for _, r := range roots {
			if done[r] {
				continue
			}
			if next == "" {
				next = r
			}
			ready := true
			for d := range deps[r] {
				if !done[d] && slices.Contains(roots, d) {
					ready = false
					break
				}
			}
			if ready {
				next = r
				break
			}
		}
		done[next] = true
		out = append(out, byRoot[next]...)
	}
	return out
}
