package cpp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

// observation is one unit's view of a directive in one pass.
type observation struct {
	reached, taken Tri
	strong         bool
}

func emptyDirResult(passes int) *DirResult {
	dr := &DirResult{Reached: make([]Tri, passes), Taken: make([]Tri, passes), Strong: make([]bool, passes)}
	for i := range dr.Reached {
		dr.Reached[i], dr.Taken[i] = notSeen, notSeen
	}
	return dr
}

// resultsOf folds observations of pass 0 of one directive, in order, into
// one worker's results.
func resultsOf(obs []observation) *Results {
	dr := emptyDirResult(1)
	for _, o := range obs {
		dr.mergePass(0, o.reached, o.taken, o.strong)
	}
	return &Results{Passes: []target.Arch{{}}, ByFile: [][]*DirResult{{dr}}, Visited: []bool{true},
		Stopped: []bool{false}}
}

// TestMergeOrderFree: a directive's values, and whether the units that
// reach it disagree, do not depend on the order units are read in nor on
// how they are split between workers (--jobs). A weak disagreement that a
// strong value overrides used to stay flagged when it was seen before the
// strong value and not after it.
func TestMergeOrderFree(t *testing.T) {
	fixed := [][]observation{
		{{expr.True, expr.True, false}, {expr.True, expr.False, false}, {expr.True, expr.True, true}},
		{{expr.True, expr.True, true}, {expr.True, expr.True, false}, {expr.True, expr.False, false}},
		{{expr.True, expr.True, false}, {expr.True, expr.Unknown, false}, {expr.True, expr.False, false}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	values := []Tri{expr.True, expr.False, expr.Unknown}
	for range 300 {
		var obs []observation
		for range 1 + rng.IntN(6) {
			obs = append(obs, observation{values[rng.IntN(3)], values[rng.IntN(3)], rng.IntN(2) == 0})
		}
		fixed = append(fixed, obs)
	}
	describe := func(r *Results) string {
		dr := r.ByFile[0][0]
		return fmt.Sprintf("reached %v taken %v strong %v disagree %v", dr.Reached[0], dr.Taken[0], dr.Strong[0], dr.Disagree)
	}
	for _, obs := range fixed {
		want := describe(resultsOf(obs))
		for range 20 {
			perm := make([]observation, len(obs))
			for i, j := range rng.Perm(len(obs)) {
				perm[i] = obs[j]
			}
			cut := rng.IntN(len(perm) + 1)
			parts := []*Results{resultsOf(perm[:cut]), resultsOf(perm[cut:])}
			if got := describe(MergeResults(parts)); got != want {
				t.Fatalf("observations %v: in order %s; reordered %v split at %d: %s", obs, want, perm, cut, got)
			}
		}
	}
}

// TestAddUniqueLikeInsertion checks addUnique's walk of two sorted lists
// against inserting the names one at a time.
func TestAddUniqueLikeInsertion(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"A", "B", "C", "D", "E", "F"}
	pick := func() []string {
		var out []string
		for range r.IntN(5) {
			out = append(out, words[r.IntN(len(words))])
		}
		return out
	}
	for range 2000 {
		list := insertUnique(nil, pick()) // sorted, no repeats
		names := pick()
		if r.IntN(2) == 0 {
			slices.Sort(names)
		}
		want := insertUnique(slices.Clone(list), names)
		if got := addUnique(slices.Clone(list), names...); !slices.Equal(got, want) {
			t.Fatalf("addUnique(%q, %q) = %q, want %q", list, names, got, want)
		}
	}
}

// TestResultsByConditionalIndex: the engine records a directive's values
// in its file's results by conditional index (Results.files), counted as
// it reads; stray #else and #elif outside any chain have an index but no
// result, and each result's pass slices are its own.
func TestResultsByConditionalIndex(t *testing.T) {
	src := []byte("#else\n#elif STRAY\n#endif\n" +
		"#if __CUDA_ARCH__ >= 900\n#define A 1\n#elif defined(X)\n#else\n#endif\n" +
		"#ifdef A\nint a;\n#endif\n")
	files := []*File{{Root: "r", Path: "u.cu", Src: src, St: Build(Scan(src))}}
	fs := NewFileSet(files, nil)
	cfg := memoTestConfig(t)
	res := NewEngine(cfg, fs).Evaluate(files)
	dirs := res.ByFile[files[0].ID]
	const archIf, elifX, elseDir, ifdefA = 3, 5, 6, 8
	seen := map[*DirResult]int{}
	for di, dr := range dirs {
		if o, ok := seen[dr]; ok && dr != nil {
			t.Fatalf("directives %d and %d share a result", o, di)
		}
		seen[dr] = di
		want := di == archIf || di == elifX || di == elseDir || di == ifdefA
		if (dr != nil) != want {
			t.Fatalf("directive %d (%s): result %v, want one: %v", di, files[0].St.Src.Directives[di].Keyword, dr, want)
		}
		if dr != nil && (cap(dr.Reached) != len(cfg.Passes) || cap(dr.Taken) != len(cfg.Passes) || cap(dr.Strong) != len(cfg.Passes)) {
			t.Errorf("directive %d: pass slices of capacity %d, %d, %d for %d passes", di, cap(dr.Reached), cap(dr.Taken),
				cap(dr.Strong), len(cfg.Passes))
		}
	}
	var taken, notTaken int
	for pi := range cfg.Passes {
		arch, a := dirs[archIf].Taken[pi], dirs[ifdefA].Taken[pi]
		if arch != a {
			t.Errorf("pass %d: #if __CUDA_ARCH__ >= 900 taken %v, #ifdef A taken %v", pi, arch, a)
		}
		switch arch {
		case expr.True:
			taken++
		case expr.False:
			notTaken++
		}
	}
	if taken == 0 || notTaken == 0 {
		t.Fatalf("the arch test was taken in %d passes and not in %d: the fixture does not tell directives apart", taken, notTaken)
	}
}

// An evaluation info is shared by the observations of a directive read in
// the same state (keepInfo), so adding inherited reasons must copy it.
func TestWithWhyLeavesSharedInfo(t *testing.T) {
	info := &EvalInfo{Unknowns: []string{"B"}, CutlassModel: true}
	why := &whyNode{names: []string{"A", "C"}}
	got := withWhy(info, why)
	if !slices.Equal(info.Unknowns, []string{"B"}) {
		t.Fatalf("withWhy changed the shared info: %v", info.Unknowns)
	}
	if !slices.Equal(got.Unknowns, []string{"A", "B", "C"}) || !got.CutlassModel {
		t.Fatalf("withWhy = %+v", got)
	}
	if withWhy(nil, why) != why.info {
		t.Fatalf("an observation without info of its own shares its region's")
	}
}

// because returns the one node that stands for a union of itself, and
// sorted is the union of every node's reasons.
func TestBecauseUnion(t *testing.T) {
	a := &whyNode{names: []string{"A", "C"}}
	b := &whyNode{names: []string{"B"}}
	if because(expr.True, a, b, nil) != nil {
		t.Fatal("a decided value has reasons")
	}
	if because(expr.Unknown, nil, a, a) != a || because(expr.Unknown, nil, nil, nil) != nil {
		t.Fatal("a single node is not returned as is")
	}
	u := because(expr.Unknown, a, b, a)
	if got := u.sorted(); !slices.Equal(got, []string{"A", "B", "C"}) {
		t.Fatalf("sorted = %v", got)
	}
	if got := because(expr.Unknown, u, b, nil).sorted(); !slices.Equal(got, []string{"A", "B", "C"}) {
		t.Fatalf("nested sorted = %v", got)
	}
}
