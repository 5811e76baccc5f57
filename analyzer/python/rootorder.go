package python

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"sort"
)

// Module top levels run in order, and a module imported while it is still
// running (an import cycle) shows only the globals bound so far. Scanning
// several roots together in root-name order, another root's import could
// start a cycle of this root's modules from a different module than this
// root's own order does: sglang's layernorm.py importing vllm._custom_ops
// before any vllm module ran left vllm's current_platform half-bound, and a
// vllm gate that vllm alone reports disappeared from the set. So roots run
// after the roots they import, in the selection's rounds and in the final
// evaluation, and each root meets its own cycles as it does alone.
// Two roots can import each other (flashinfer's benchmarks import vllm,
// vllm imports flashinfer everywhere): the one that leans least runs first,
// and in the final evaluation the first import of another root's module
// runs that root's modules in their own order up to it (moduleGlobals), so
// that the cycle still starts where it does alone. Entered at
// rotary_embedding from flashinfer's bench_rope.py, vllm's platform cycle
// left current_platform half-bound and lost a gate of mla_attention.py.

// rankRoots sets p.rootRank from the byte scan's import words: a root
// ranks after every root whose installed top packages (see installed) its
// files import; in a cycle, the root with the fewest such files first.
func (p *program) rankRoots() {
	var roots []string
	seen := map[string]bool{}
	for _, m := range p.mods {
		if !seen[m.root] {
			seen[m.root] = true
			roots = append(roots, m.root)
		}
	}
	if len(roots) < 2 {
		return
	}
	sort.Strings(roots)
	owner := map[uint64][]string{} // top package -> roots installing it
	for root, pkgs := range p.topPackages {
		for pkg := range pkgs {
			h := wordHashString(pkg)
			owner[h] = append(owner[h], root)
		}
	}
	// deps[r][d] counts the files of r that import d.
	deps := map[string]map[string]int{}
	for _, m := range p.mods {
		if m.dig == nil {
			continue
		}
		hit := map[string]bool{}
		for _, h := range m.dig.imports {
			for _, r := range owner[h] {
				if r != m.root && !hit[r] {
					hit[r] = true
					if deps[m.root] == nil {
						deps[m.root] = map[string]int{}
					}
					deps[m.root][r]++
				}
			}
		}
	}
	p.rootDeps = deps
	p.rootRank = map[string]int{}
	for len(p.rootRank) < len(roots) {
		// Next, the root with the fewest files importing roots yet to
		// run: one whose imports have all run when there is one. In a
		// cycle (flashinfer's benchmarks import sglang, which imports
		// flashinfer everywhere) the root that leans least on the
		// others goes first; ties by name.
		next, least := "", 0
		for _, r := range roots {
			if _, done := p.rootRank[r]; done {
				continue
			}
			cost := 0
			for d, n := range deps[r] {
				if _, done := p.rootRank[d]; !done {
					cost += n
				}
			}
			if next == "" || cost < least {
				next, least = r, cost
			}
		}
		p.rootRank[next] = len(p.rootRank)
	}
	if debugSelection != "" {
		for _, r := range roots {
			fmt.Fprintln(os.Stderr, "root", p.rootRank[r], r, "imports (files)", deps[r])
		}
	}
}

// byRootRank returns mods with the roots in rank order and module order
// within each root (mods itself when there is one root).
func (p *program) byRootRank(mods []*module) []*module {
	if p.rootRank == nil {
		return mods
	}
	out := slices.Clone(mods)
	slices.SortStableFunc(out, func(a, b *module) int { return cmp.Compare(p.rootRank[a.root], p.rootRank[b.root]) })
	return out
}
