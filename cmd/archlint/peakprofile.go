package main

import (
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// watchPeakHeap writes a heap profile to path each time the live heap
// (as of the last finished collection) grows past the largest seen by a
// twentieth, so the file left at exit shows what was live at the peak:
// a profile at exit (ARCHLINT_MEMPROFILE) sees only what the scan ends
// with, while peak RSS is set by whichever phase holds most. A heap
// profile may be up to two collections old, so each write collects
// first: the profile then holds at least what the metric saw (the extra
// collections cost a little CPU, and this is a debugging aid:
// ARCHLINT_PEAKPROFILE, docs/performance.md). stop ends the watch.
func watchPeakHeap(path string) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var peak uint64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			if live <= peak+peak/20 {
				continue
			}
			peak = live
			runtime.GC()
			f, err := os.Create(path)
			if err != nil {
				return
			}
			_ = pprof.WriteHeapProfile(f)
			f.Close()
		}
	}()
	return func() { close(done); <-finished }
}
