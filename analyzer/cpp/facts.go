package cpp

import (
	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/shutout"
)

// ChainEval is one #if chain with the branch each pass takes: a branch
// index, shutout.None (no branch, or an empty one) or shutout.Unknown.
type ChainEval struct {
	File   *File
	Chain  *Chain
	Branch []int
	// Taken is the raw branch index per pass, ignoring emptiness (None when
	// no branch is taken).
	Taken []int
	// Results per branch directive, in branch order.
	Dirs []*DirResult
	// Synth holds the pseudo-directives of an <nv/target> gate (a chain not
	// made of preprocessor directives); nil for real chains.
	Synth []Directive
	// Active says, for a synthetic chain, whether its line is compiled in
	// each pass.
	Active []Tri
}

// ArchDependent reports whether passes disagree on the branch.
func (ce *ChainEval) ArchDependent() bool {
	for _, b := range ce.Branch[1:] {
		if b != ce.Branch[0] {
			return true
		}
	}
	return false
}

// ReachedBy says whether pass p reaches the chain at all: a pass that takes
// no branch of a chain it reaches skips it, one that never reaches it says
// nothing about it.
func (ce *ChainEval) ReachedBy(p int) Tri {
	if ce.Synth != nil {
		return ce.Active[p]
	}
	if len(ce.Dirs) == 0 || ce.Dirs[0] == nil {
		return expr.Unknown
	}
	return ce.Dirs[0].Reached[p]
}

// Fails says whether b is a branch (not None or Unknown) whose code fails
// hard: #error, static_assert(false), a trap at its own level.
func (ce *ChainEval) Fails(b int) bool {
	return b >= 0 && ce.Chain.Branches[b].Content.Failure != ""
}

// SynthBody is the code of branch bi of an <nv/target> gate (its macro
// argument, as FindMacroGates read it); "" for a real chain, whose code is
// the branch's lines.
func (ce *ChainEval) SynthBody(bi int) string {
	k := ce.Chain.ID - len(ce.File.St.Chains) // macroGateEvals numbers gates after the real chains
	if ce.Synth == nil || k < 0 || k >= len(ce.File.MacroGates) || bi < 0 || bi >= len(ce.File.MacroGates[k].Bodies) {
		return ""
	}
	return ce.File.MacroGates[k].Bodies[bi]
}

// Directive returns the directive opening branch bi.
func (ce *ChainEval) Directive(bi int) *Directive {
	if ce.Synth != nil {
		return &ce.Synth[bi]
	}
	return &ce.File.St.Src.Directives[ce.Chain.Branches[bi].Dir]
}

// ChainEvals lists every chain of every visited file, in file then source order.
func (r *Results) ChainEvals(fs *FileSet) []*ChainEval {
	return r.ChainEvalsOf(fs, nil)
}

// ChainEvalsOf lists the chains of the visited files that keep holds (nil:
// every file), in file then source order: ChainEvals less the other files'
// chains, without building those (a file's chains, <nv/target> gates
// included, depend on that file's results alone).
func (r *Results) ChainEvalsOf(fs *FileSet, keep map[int]bool) []*ChainEval {
	var out []*ChainEval
	for _, f := range fs.Files {
		if !r.Visited[f.ID] || keep != nil && !keep[f.ID] {
			continue
		}
		first := len(out)
		for ci := range f.St.Chains {
			c := &f.St.Chains[ci]
			ce := &ChainEval{File: f, Chain: c, Branch: make([]int, len(r.Passes)), Taken: make([]int, len(r.Passes))}
			for _, b := range c.Branches {
				var dr *DirResult
				if r.ByFile[f.ID] != nil {
					dr = r.ByFile[f.ID][b.Dir]
				}
				ce.Dirs = append(ce.Dirs, dr)
			}
			for p := range r.Passes {
				ce.Taken[p] = chooseBranch(ce.Dirs, p)
				ce.Branch[p] = ce.Taken[p]
				if ce.Taken[p] >= 0 && c.Branches[ce.Taken[p]].Content.NoWork() {
					ce.Branch[p] = shutout.None
				}
			}
			out = append(out, ce)
		}
		out = append(out, r.macroGateEvals(f, out[first:])...)
	}
	return out
}

func chooseBranch(dirs []*DirResult, p int) int {
	for bi, dr := range dirs {
		if dr == nil {
			return shutout.Unknown
		}
		switch dr.Taken[p] {
		case expr.True:
			return bi
		case expr.False:
			continue
		default:
			return shutout.Unknown
		}
	}
	return shutout.None
}
