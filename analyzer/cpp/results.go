package cpp

import (
	"slices"
	"sort"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

// Tri is three-valued truth: expr.True, expr.False or expr.Unknown.
type Tri = expr.Tri

// notSeen marks a pass that never visited a directive.
const notSeen Tri = -1

func and(a, b Tri) Tri {
	if a == expr.False || b == expr.False {
		return expr.False
	}
	if a == expr.True && b == expr.True {
		return expr.True
	}
	return expr.Unknown
}

func or(a, b Tri) Tri {
	if a == expr.True || b == expr.True {
		return expr.True
	}
	if a == expr.False && b == expr.False {
		return expr.False
	}
	return expr.Unknown
}

func not(a Tri) Tri {
	switch a {
	case expr.True:
		return expr.False
	case expr.False:
		return expr.True
	}
	return expr.Unknown
}

// merge combines what two translation units saw: agreement stays, anything
// else is unknown (the header behaves differently depending on who includes it).
func merge(old, v Tri) Tri {
	if old == notSeen || old == v {
		return v
	}
	return expr.Unknown
}

// DirResult is, for one conditional directive, whether each pass reaches it
// and takes its branch. Indexes follow Results.Passes.
type DirResult struct {
	Reached []Tri
	Taken   []Tri
	// Strong marks passes whose values came from a unit that included the
	// file unconditionally. Values from a unit that included it under an
	// undecided condition are weak: they stand only where no unit gives
	// strong ones, so one optional include cannot blur a header that every
	// other unit sees plainly.
	Strong []bool
	// EvalInfo is what the condition's evaluations said besides their
	// values, merged.
	EvalInfo
	// Disagree is set when translation units reaching the file gave
	// different values for some pass (the header depends on its includer):
	// one took the branch and another did not, both with the strength
	// that stands for the pass.
	Disagree bool
	// decided holds, per pass, the decisions the observations of the
	// standing strength made (sawTaken, sawNotTaken), so that Disagree is
	// a join like the values: a weak disagreement that a strong value
	// later overrides leaves no trace, in whatever order observations and
	// workers' results meet.
	decided []uint8
}

// EvalInfo is what evaluating a condition said besides its value. The
// engine records one with an observation only when there is something to
// say, and it is a type of its own so that those it keeps (one per
// observation with unknowns in the visit memo) are a third the size of a
// DirResult.
type EvalInfo struct {
	// Err is the preprocessor error the condition gave, if any (first seen).
	Err string
	// Unknowns are the configuration macros the value depended on.
	Unknowns []string
	// Defs are the definitions of macros the condition used that sit inside
	// conditional branches (derived macros), as "file:line".
	Defs []DefSite
	// CutlassModel is set when archlint's built-in model of CUTLASS's arch
	// macros answered part of the condition.
	CutlassModel bool
}

// DefSite is where a macro used by a condition was #defined.
type DefSite struct {
	Macro string
	File  *File
	Line  int
}

// Results holds every directive evaluation of a scan.
type Results struct {
	Passes []target.Arch
	// ByFile[fileID][directiveIndex] is nil for non-conditional directives
	// and for files no pass visited.
	ByFile [][]*DirResult
	// Visited reports, per file, whether any pass evaluated it.
	Visited []bool
	// Stopped marks, per file, a translation unit whose reading was cut
	// off at MaxReadsPerPass header readings in some pass.
	Stopped []bool
	// files holds, while a run fills the results, each file's results by
	// conditional index (see fileResults); ByFile points into them.
	files []*fileResults
}

// fileResults is one file's directive results in a run, by conditional
// index (the position of a directive among the file's #if, #ifdef,
// #ifndef, #elif..., #else directives), in few allocations: a DirResult
// and three pass slices allocated one by one per directive, and replays
// that looked each up through ByFile, cost CCCL's engine 1 s of cache
// misses (Results.slot) besides the allocations.
type fileResults struct {
	dirs []DirResult
	// merged is, per conditional index, what mergedBefore remembers: the
	// passes two observations were merged for. Kept apart from dirs so
	// that a replay that finds every observation merged before (most
	// do) walks 16 bytes per directive. Dropped when the run ends.
	merged [][2]uint64
	// tris and strong back the directives' Reached, Taken and Strong
	// slices: all the file's in two allocations.
	tris   []Tri
	strong []bool
}

// condIndexCount is the number of conditional indexes of a file's
// directives (Results.files).
func condIndexCount(dirs []Directive) int {
	n := 0
	for i := range dirs {
		if hasCondIndex(dirs[i].Kind) {
			n++
		}
	}
	return n
}

// hasCondIndex reports whether directives of kind k are recorded in
// Results (they get a conditional index).
func hasCondIndex(k DirKind) bool { return k.Opens() || k.Continues() }

func newResults(passes []target.Arch, nfiles int) *Results {
	return &Results{Passes: passes, ByFile: make([][]*DirResult, nfiles), Visited: make([]bool, nfiles),
		Stopped: make([]bool, nfiles), files: make([]*fileResults, nfiles)}
}

// fileOf returns file id's results by conditional index, allocated on
// first use. It takes the ID, not the *File: a replay reaches only the
// ID, and loading the File cost a cache miss per directive.
func (r *Results) fileOf(fs *FileSet, id int32) *fileResults {
	if fr := r.files[id]; fr != nil {
		return fr
	}
	return r.newFileResults(fs.Files[id])
}

// newFileResults sets up f's results by conditional index: every pass of
// every directive not seen.
func (r *Results) newFileResults(f *File) *fileResults {
	n := condIndexCount(f.St.Src.Directives)
	np := len(r.Passes)
	fr := &fileResults{dirs: make([]DirResult, n), merged: make([][2]uint64, n), tris: make([]Tri, 2*n*np),
		strong: make([]bool, n*np)}
	for i := range fr.tris {
		fr.tris[i] = notSeen
	}
	r.files[f.ID] = fr
	if r.ByFile[f.ID] == nil {
		r.ByFile[f.ID] = make([]*DirResult, len(f.St.Src.Directives))
	}
	return fr
}

// slot returns the result of the directive at index di of file id
// (conditional index ci), put in ByFile on first use.
func (r *Results) slot(id int32, fr *fileResults, di, ci int) *DirResult {
	dr := &fr.dirs[ci]
	if dr.Reached == nil {
		// Full slice expressions: an append to one slice must not write
		// into the next directive's.
		np := len(r.Passes)
		t := fr.tris[2*ci*np : 2*(ci+1)*np : 2*(ci+1)*np]
		dr.Reached, dr.Taken, dr.Strong = t[:np:np], t[np:], fr.strong[ci*np:(ci+1)*np:(ci+1)*np]
		r.ByFile[id][di] = dr
	}
	return dr
}

// Bits of DirResult.decided.
const (
	sawTaken    uint8 = 1
	sawNotTaken uint8 = 2
)

// decisionOf is the decided bit of one observation's taken value.
func decisionOf(taken Tri) uint8 {
	switch taken {
	case expr.True:
		return sawTaken
	case expr.False:
		return sawNotTaken
	}
	return 0
}

// mergedBefore reports whether the observation (reached, taken, strong)
// was merged before (as merged, one directive's, remembers) for every
// pass of mask, and notes that it is for the
// rest. Merging is a join, pass by pass (strong beats weak, equal values
// stay, the decisions are a union): merging an observation once more, in
// whatever state later merges left, changes nothing. Replays record every
// observation of a header for each pass group of each unit, mostly the
// same ones (3.2 s of mergeDecided in the six-tree set).
//
// Each of the two slots holds an observation's code in its top 5 bits and
// the passes in the rest; masks of passes past 58 are not remembered.
func mergedBefore(merged *[2]uint64, mask uint64, reached, taken Tri, strong bool) bool {
	const codeShift = 59
	if mask == 0 || mask>>codeShift != 0 {
		return false
	}
	code := uint64(reached)*3 + uint64(taken)
	code = code*2 + 1 // nonzero: an empty slot holds 0
	if strong {
		code++
	}
	code <<= codeShift
	for i, m := range merged {
		if m&^(1<<codeShift-1) == code {
			if mask&^m == 0 {
				return true
			}
			merged[i] |= mask
			return false
		}
	}
	// The more recent first.
	merged[1], merged[0] = merged[0], code|mask
	return false
}

// forgetScratch drops what an Evaluate call kept to fill its results
// faster: what mergedBefore remembers, and the by-index view (ByFile
// keeps pointing into it).
func (r *Results) forgetScratch() {
	r.files = nil
}

// mergePass folds one observation into a pass's values: strong beats weak,
// equals merge.
func (dr *DirResult) mergePass(pass int, reached, taken Tri, strong bool) {
	dr.mergeDecided(pass, reached, taken, strong, decisionOf(taken))
}

// mergeDecided folds in a pass's values together with the decisions made
// by the observations behind them.
func (dr *DirResult) mergeDecided(pass int, reached, taken Tri, strong bool, decided uint8) {
	switch {
	case strong && !dr.Strong[pass]:
		dr.Reached[pass], dr.Taken[pass], dr.Strong[pass] = reached, taken, true
		dr.setDecided(pass, decided, true)
	case !strong && dr.Strong[pass]:
	default:
		dr.Reached[pass] = merge(dr.Reached[pass], reached)
		dr.Taken[pass] = merge(dr.Taken[pass], taken)
		dr.setDecided(pass, decided, false)
	}
}

// setDecided adds (or, when the strength changed, sets) a pass's
// decisions and keeps Disagree in step.
func (dr *DirResult) setDecided(pass int, decided uint8, replace bool) {
	if dr.decided == nil {
		if decided == 0 {
			return // nothing decided yet, and nothing to forget
		}
		dr.decided = make([]uint8, len(dr.Taken))
	}
	was := dr.decided[pass]
	if replace {
		dr.decided[pass] = decided
	} else {
		dr.decided[pass] |= decided
	}
	if now := dr.decided[pass]; now == sawTaken|sawNotTaken {
		dr.Disagree = true
	} else if was == sawTaken|sawNotTaken {
		dr.Disagree = slices.Contains(dr.decided, sawTaken|sawNotTaken)
	}
}

// addUnique inserts the names list lacks into list, which is sorted.
// When names are sorted too (as they mostly are: reasons lists, and the
// same directive's evaluations again and again) it walks both once and
// allocates only when a name is missing: a binary search per name was
// 1.1 s of the six-tree set.
func addUnique(list []string, names ...string) []string {
	if len(names) == 0 || !slices.IsSorted(names) || !slices.IsSorted(list) {
		return insertUnique(list, names)
	}
	missing := 0
	i := 0
	for j, n := range names {
		if j > 0 && names[j-1] == n {
			continue
		}
		for i < len(list) && list[i] < n {
			i++
		}
		if i == len(list) || list[i] != n {
			missing++
		}
	}
	if missing == 0 {
		return list
	}
	out := make([]string, 0, len(list)+missing)
	i = 0
	for j, n := range names {
		if j > 0 && names[j-1] == n {
			continue
		}
		for i < len(list) && list[i] < n {
			out = append(out, list[i])
			i++
		}
		if i == len(list) || list[i] != n {
			out = append(out, n)
		}
	}
	return append(out, list[i:]...)
}

// insertUnique is addUnique one name at a time, for names in no order.
func insertUnique(list []string, names []string) []string {
	for _, n := range names {
		i := sort.SearchStrings(list, n)
		if i < len(list) && list[i] == n {
			continue
		}
		list = append(list, "")
		copy(list[i+1:], list[i:])
		list[i] = n
	}
	return list
}

// MergeResults combines results of disjoint sets of units. merge is
// commutative and the lists are kept sorted, so the outcome does not depend
// on how units were split between workers.
func MergeResults(parts []*Results) *Results {
	out := parts[0]
	for _, p := range parts[1:] {
		for fid, dirs := range p.ByFile {
			if dirs == nil {
				continue
			}
			if out.ByFile[fid] == nil {
				out.ByFile[fid] = make([]*DirResult, len(dirs))
			}
			for di, dr := range dirs {
				if dr == nil {
					continue
				}
				o := out.ByFile[fid][di]
				if o == nil {
					out.ByFile[fid][di] = dr
					continue
				}
				for i := range dr.Reached {
					if dr.Reached[i] != notSeen {
						var decided uint8
						if dr.decided != nil {
							decided = dr.decided[i]
						}
						o.mergeDecided(i, dr.Reached[i], dr.Taken[i], dr.Strong[i], decided)
					}
				}
				mergeEvalInfo(&o.EvalInfo, &dr.EvalInfo)
			}
			out.Visited[fid] = out.Visited[fid] || p.Visited[fid]
		}
		for fid, v := range p.Visited {
			out.Visited[fid] = out.Visited[fid] || v
		}
		for fid, v := range p.Stopped {
			out.Stopped[fid] = out.Stopped[fid] || v
		}
	}
	for fid := range out.ByFile {
		for _, dirs := range out.ByFile[fid] {
			if dirs != nil {
				sortDefs(dirs.Defs)
			}
		}
	}
	return out
}

func sortDefs(ds []DefSite) {
	sort.Slice(ds, func(i, j int) bool {
		if ds[i].File.ID != ds[j].File.ID {
			return ds[i].File.ID < ds[j].File.ID
		}
		if ds[i].Line != ds[j].Line {
			return ds[i].Line < ds[j].Line
		}
		return ds[i].Macro < ds[j].Macro
	})
}
