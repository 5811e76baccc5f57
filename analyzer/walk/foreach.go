package walk

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// ForEach runs fn on every file (or other item) with at most jobs
// goroutines (jobs <= 0: runtime.NumCPU()) and returns the results in the
// order of files, however
// the work was scheduled. Each fn call gets its index, so callers may also
// write into their own per-index slots.
//
// If fn panics, the remaining calls are abandoned and the first panic is
// re-raised in the caller's goroutine, where it can be recovered, instead
// of killing the process from a worker.
func ForEach[F, T any](files []F, jobs int, fn func(i int, f F) T) []T {
	out := make([]T, len(files))
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, len(files))
	if jobs <= 1 {
		for i, f := range files {
			out[i] = fn(i, f)
		}
		return out
	}
	var (
		next     atomic.Int64 // index of the next file to hand out
		stop     atomic.Bool  // set after a panic
		panicVal any
		once     sync.Once
		wg       sync.WaitGroup
	)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { panicVal = r })
					stop.Store(true)
				}
			}()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(files) {
					return
				}
				// Each goroutine writes distinct elements; the
				// WaitGroup publishes them to the caller.
				out[i] = fn(i, files[i])
			}
		}()
	}
	wg.Wait()
	if stop.Load() {
		panic(panicVal)
	}
	return out
}
