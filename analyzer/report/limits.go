package report

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/owenrumney/go-sarif/v2/sarif"
)

// GitHub code scanning rejects an upload with more than 25,000 results in a
// run, or whose gzipped SARIF is over 10 MB. Rather than have the whole
// upload refused, WriteSARIF keeps the most severe results that fit.
const (
	maxResultsPerRun = 25_000
	maxGzippedBytes  = 10_000_000 // "10 MB", read as the smaller decimal megabytes
)

// limits are the caps writeSARIF enforces; tests shrink them.
type limits struct {
	resultsPerRun int
	gzippedBytes  int
}

func githubLimits() limits {
	return limits{resultsPerRun: maxResultsPerRun, gzippedBytes: maxGzippedBytes}
}

// writeSARIF renders the log, first cutting each run to the result cap, then,
// while the gzipped log is over the size cap, cutting every run's results in
// proportion to the overshoot.
func writeSARIF(w io.Writer, runs []Run, lim limits) error {
	hashes := buildLineHashTable(runs)
	built := make([]builtRun, len(runs))
	keep := make([]int, len(runs))
	for i, r := range runs {
		built[i] = buildRun(r, hashes)
		keep[i] = min(len(built[i].results), lim.resultsPerRun)
	}
	for {
		out, err := marshal(sarifLog(runs, built, keep))
		if err != nil {
			return err
		}
		size, err := gzippedSize(out, lim.gzippedBytes)
		if err != nil {
			return err
		}
		if size <= lim.gzippedBytes || !shrink(keep, float64(lim.gzippedBytes)/float64(size)) {
			if _, err := w.Write(out); err != nil {
				return fmt.Errorf("report: writing SARIF: %w", err)
			}
			return nil
		}
	}
}

// shrink scales every run's result count by ratio (with a 10% margin, as
// results differ in size), dropping at least one result from each non-empty
// run. It reports false when there is nothing left to drop.
func shrink(keep []int, ratio float64) bool {
	changed := false
	for i, k := range keep {
		if k == 0 {
			continue
		}
		n := min(int(float64(k)*ratio*0.9), k-1)
		keep[i] = max(n, 0)
		changed = true
	}
	return changed
}

// gzippedSize is the size of b gzipped, or an upper bound on it that is
// within limit.
func gzippedSize(b []byte, limit int) (int, error) {
	// Deflate never grows data by more than 5 bytes per 16 KiB stored
	// block, plus gzip's 18-byte frame: an output under the limit with
	// that bound fits without compressing it to find out (an upper bound
	// is returned; only its comparison with the limit is used).
	if bound := len(b) + 5*(len(b)/16384+1) + 18; bound <= limit {
		return bound, nil
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		return 0, fmt.Errorf("report: measuring gzipped SARIF: %w", err)
	}
	if err := zw.Close(); err != nil {
		return 0, fmt.Errorf("report: measuring gzipped SARIF: %w", err)
	}
	return buf.Len(), nil
}

// keepMostSevere returns the keep most severe results (by rank, ties in
// original order), themselves in original order, and how many it dropped.
func keepMostSevere(results []*sarif.Result, ranks []int, keep int) ([]*sarif.Result, int) {
	if keep >= len(results) {
		return append(make([]*sarif.Result, 0, len(results)), results...), 0
	}
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ranks[order[a]] > ranks[order[b]] })
	chosen := order[:keep]
	sort.Ints(chosen)
	out := make([]*sarif.Result, 0, keep)
	for _, i := range chosen {
		out = append(out, results[i])
	}
	return out, len(results) - keep
}

// lineHashTable holds GitHub line hashes of the primary lines of all
// findings, so that each file is read and hashed once per WriteSARIF.
type lineHashTable map[fileKey]map[int]string

type fileKey struct{ root, path string }

func (t lineHashTable) get(l finding.Location) string {
	return t[fileKey{l.Root, l.Path}][l.Line]
}

// buildLineHashTable reads every file that holds a primary location (through
// Run.ReadFile) and hashes it. A file that cannot be read gets no hash: the
// upload action then computes it itself from the checkout. The files are
// read and hashed GOMAXPROCS at a time (on flashinfer, 228 files: most of
// writing the SARIF, which follows the scan on one core otherwise); the
// table does not depend on the order.
func buildLineHashTable(runs []Run) lineHashTable {
	type job struct {
		run    *Run
		k      fileKey
		wanted map[int]bool
		got    map[int]string
	}
	var jobs []*job
	// One read a file, for every run's lines in it (the first run's
	// ReadFile; every run of a scan reads alike).
	byFile := map[fileKey]*job{}
	for i := range runs {
		r := &runs[i]
		if r.ReadFile == nil {
			continue
		}
		for _, f := range r.Findings {
			l := f.Location
			if l.Line <= 0 {
				continue
			}
			k := fileKey{l.Root, l.Path}
			j := byFile[k]
			if j == nil {
				j = &job{run: r, k: k, wanted: map[int]bool{}}
				byFile[k] = j
				jobs = append(jobs, j)
			}
			j.wanted[l.Line] = true
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(jobs); i = int(next.Add(1)) - 1 {
				j := jobs[i]
				if content, err := j.run.ReadFile(j.k.root, j.k.path); err == nil {
					j.got = lineHashesFor(content, j.wanted)
				}
			}
		}()
	}
	wg.Wait()
	table := lineHashTable{}
	for _, j := range jobs {
		if j.got == nil {
			continue
		}
		if table[j.k] == nil {
			table[j.k] = map[int]string{}
		}
		for line, h := range j.got {
			table[j.k][line] = h
		}
	}
	return table
}
