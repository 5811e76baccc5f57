// Package chain connects findings to the way they are reached: from a Python
// entry point through a capability gate and a JIT call to a .cu source, and
// through #include steps to the directive (design.md section 6). It reads
// facts only; it never parses.
package chain

import (
	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
)

// IncludeGraph is the static #include graph of the C/C++/CUDA files: every
// literal #include resolved once, whatever condition surrounds it.
type IncludeGraph struct {
	fs    *cpp.FileSet
	edges [][]includeEdge
}

type includeEdge struct {
	to   int
	line int // the #include's line in the including file
	col  int
}

// NewIncludeGraph builds the graph from the file set's resolutions.
func NewIncludeGraph(fs *cpp.FileSet) *IncludeGraph {
	g := &IncludeGraph{fs: fs, edges: make([][]includeEdge, len(fs.Files))}
	for _, f := range fs.Files {
		seen := map[int]bool{}
		for di, d := range f.St.Src.Directives {
			r, ok := f.Include(di)
			if !ok || r.File == nil || r.File.ID == f.ID || seen[r.File.ID] {
				continue
			}
			seen[r.File.ID] = true
			g.edges[f.ID] = append(g.edges[f.ID], includeEdge{to: r.File.ID, line: d.Line, col: d.Col})
		}
	}
	return g
}

// Paths holds, for one source file, the shortest include path to every file
// it reaches (breadth-first, so the first #include in file order wins ties).
type Paths struct {
	g      *IncludeGraph
	source int
	prev   []int // previous file on the shortest path, -1 for the source, -2 unreached
	via    []includeEdge
}

// From computes the include paths from one source file.
func (g *IncludeGraph) From(source int) *Paths {
	p := &Paths{g: g, source: source, prev: make([]int, len(g.edges)), via: make([]includeEdge, len(g.edges))}
	for i := range p.prev {
		p.prev[i] = -2
	}
	p.prev[source] = -1
	queue := []int{source}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, e := range g.edges[v] {
			if p.prev[e.to] == -2 {
				p.prev[e.to] = v
				p.via[e.to] = e
				queue = append(queue, e.to)
			}
		}
	}
	return p
}

// Reaches reports whether the source includes the file (or is it).
func (p *Paths) Reaches(file int) bool { return p.prev[file] != -2 }

// Steps returns the code-flow steps from the source to the file: the source
// itself, then each #include line that leads on. The file's own location is
// the finding's and is not included.
func (p *Paths) Steps(file int) []finding.Location {
	if !p.Reaches(file) {
		return nil
	}
	var rev []finding.Location
	for v := file; p.prev[v] >= 0; v = p.prev[v] {
		from := p.g.fs.Files[p.prev[v]]
		to := p.g.fs.Files[v]
		rev = append(rev, finding.Location{Root: from.Root, Path: from.Path, Line: p.via[v].line, Col: p.via[v].col,
			Message: "#include " + to.Path})
	}
	out := make([]finding.Location, 0, len(rev))
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return out
}
