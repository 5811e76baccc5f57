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
// Only the reached files have an entry: a dense array per source was
// O(sources x files), 91 MB for the 60-odd JIT sources of the six-tree set
// over its 45,000 files, most of which no source reaches.
type Paths struct {
	g      *IncludeGraph
	source int
	hops   map[int]hop // reached file -> how it was reached; the source is in it too
}

// hop is the last step of the shortest path to a file: the file before it
// (-1 for the source itself) and the #include that leads on.
type hop struct {
	prev int
	via  includeEdge
}

// From computes the include paths from one source file.
func (g *IncludeGraph) From(source int) *Paths {
	p := &Paths{g: g, source: source, hops: map[int]hop{source: {prev: -1}}}
	queue := []int{source}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, e := range g.edges[v] {
			if _, ok := p.hops[e.to]; !ok {
				p.hops[e.to] = hop{prev: v, via: e}
				queue = append(queue, e.to)
			}
		}
	}
	return p
}

// Reaches reports whether the source includes the file (or is it).
func (p *Paths) Reaches(file int) bool {
	_, ok := p.hops[file]
	return ok
}

// Steps returns the code-flow steps from the source to the file: the source
// itself, then each #include line that leads on. The file's own location is
// the finding's and is not included.
func (p *Paths) Steps(file int) []finding.Location {
	if !p.Reaches(file) {
		return nil
	}
	var rev []finding.Location
	for v := file; p.hops[v].prev >= 0; v = p.hops[v].prev {
		h := p.hops[v]
		from := p.g.fs.Files[h.prev]
		to := p.g.fs.Files[v]
		rev = append(rev, finding.Location{Root: from.Root, Path: from.Path, Line: h.via.line, Col: h.via.col,
			Message: "#include " + to.Path})
	}
	out := make([]finding.Location, 0, len(rev))
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return out
}
