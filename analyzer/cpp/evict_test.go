package cpp

import (
	"reflect"
	"strings"
	"sync"
	"testing"
)

// TestMemoEvictionSameResults runs the generated trees with a memo bound
// so small that nearly every stored visit makes the memo evict, on two
// goroutines sharing the engine, and compares with an unbounded memo and
// with running every pass alone: which visits eviction keeps must change
// only what is read afresh. It also checks that eviction keeps entries
// (it used to empty the table) and drops some.
func TestMemoEvictionSameResults(t *testing.T) {
	base := memoTestConfig(t)
	evictions, keptAfter := 0, 0
	for seed := int64(1); seed <= 30; seed++ {
		fs, units := genUnits(seed)
		shares := [2][]*File{}
		for i, u := range units {
			shares[i%2] = append(shares[i%2], u)
		}
		run := func(cfg Config) (*Results, *Engine) {
			e := NewEngine(cfg, fs)
			var parts [2]*Results
			var wg sync.WaitGroup
			for j := range parts {
				wg.Add(1)
				go func() {
					defer wg.Done()
					parts[j] = e.Evaluate(shares[j])
				}()
			}
			wg.Wait()
			return MergeResults(parts[:]), e
		}
		every := base
		every.EveryPass = true
		unbounded := base
		unbounded.memoBytes = 1 << 40
		for _, bound := range []int{1 << 10, 8 << 10, 64 << 10} {
			small := base
			small.memoBytes = bound
			got, e := run(small)
			if ev := e.memo.table.evictions; ev > 0 {
				evictions++
				for i := range e.memo.table.files {
					if l := e.memo.table.list(i); l != nil {
						keptAfter += len(l.ents)
					}
				}
			}
			for name, cfg := range map[string]Config{"an unbounded memo": unbounded, "every pass": every} {
				want, _ := run(cfg)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d, bound %d: eviction changes the results against %s:\n%s", seed, bound, name,
						strings.Join(diffResults(got, want), "\n"))
				}
			}
		}
	}
	if evictions == 0 || keptAfter == 0 {
		t.Fatalf("the memo evicted in %d runs and kept %d entries: the test exercises nothing", evictions, keptAfter)
	}
}
