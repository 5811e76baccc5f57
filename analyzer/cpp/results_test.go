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
