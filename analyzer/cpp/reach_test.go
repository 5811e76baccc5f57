package cpp

import (
	"slices"
	"testing"
)

// Reacher gives Reach's closures, in Reach's order, call after call.
func TestReacherLikeReach(t *testing.T) {
	edges := [][]int{{1, 2}, {3}, {3, 0}, {4}, {}, {5, 0}}
	r := NewReacher(edges)
	for round := 0; round < 3; round++ {
		for start := range edges {
			want := Reach(start, edges)
			if got := r.Reach(start); !slices.Equal(got, want) {
				t.Fatalf("Reach(%d) = %v, want %v", start, got, want)
			}
		}
	}
	r.call = ^uint32(0) // the next call wraps around
	if got, want := r.Reach(1), Reach(1, edges); !slices.Equal(got, want) {
		t.Fatalf("after wrap-around: %v, want %v", got, want)
	}
}
