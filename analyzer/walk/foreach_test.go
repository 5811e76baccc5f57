package walk

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

func TestForEachOrder(t *testing.T) {
	files := make([]File, 300)
	for i := range files {
		files[i].Path = fmt.Sprintf("f%03d.cu", i)
	}
	work := func(i int, f File) string {
		// Uneven work so that completion order differs from input order.
		time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
		return fmt.Sprint(i, ":", f.Path)
	}
	seq := ForEach(files, 1, work)
	for _, jobs := range []int{0, -3, 2, 8, 1000} {
		if got := ForEach(files, jobs, work); !slices.Equal(got, seq) {
			t.Errorf("jobs=%d: results differ from jobs=1", jobs)
		}
	}
	for i, s := range seq {
		if s != fmt.Sprint(i, ":", files[i].Path) {
			t.Fatalf("result %d = %q", i, s)
		}
	}
	if got := ForEach(nil, 8, work); len(got) != 0 {
		t.Errorf("empty input: %v", got)
	}
}

func TestForEachBoundedConcurrency(t *testing.T) {
	files := make([]File, 64)
	var running, peak atomic.Int32
	ForEach(files, 3, func(int, File) struct{} {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(200 * time.Microsecond)
		running.Add(-1)
		return struct{}{}
	})
	if p := peak.Load(); p > 3 {
		t.Errorf("peak concurrency %d > 3", p)
	}
}

func TestForEachPanic(t *testing.T) {
	files := make([]File, 50)
	defer func() {
		if r := recover(); r != "boom 7" {
			t.Errorf("recovered %v, want the worker's panic", r)
		}
	}()
	ForEach(files, 4, func(i int, _ File) int {
		if i == 7 {
			panic(fmt.Sprint("boom ", i))
		}
		return i
	})
	t.Error("ForEach returned after a panic")
}
