package scan

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestReadAheadSameResults is the differential test of the read-ahead
// (readAheadBudget): reading the C/C++ files while the Python phase runs,
// on one goroutine and then on the pool, gives the same Result as reading
// them after it, on every fixture tree that has both, with one job and
// several, and with a budget that stops the read-ahead part way.
func TestReadAheadSameResults(t *testing.T) {
	dirs := []string{"../../testdata/example", "../../testdata/fixes"}
	rules, err := os.ReadDir("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rules {
		if d.IsDir() {
			dirs = append(dirs, filepath.Join("../../testdata/rules", d.Name()))
		}
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			opt := testOptions(t, dir, "sm_120")
			opt.noReadAhead = true
			want, err := Run(opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				jobs   int
				budget int64
			}{{2, 0}, {8, 0}, {2, 1}, {3, 4 << 10}} {
				opt := testOptions(t, dir, "sm_120")
				opt.Jobs, opt.aheadBudget = c.jobs, c.budget
				got, err := Run(opt)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("jobs %d, budget %d: the result with the read-ahead differs from the one without", c.jobs, c.budget)
				}
			}
		})
	}
}
