package main

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// A memory target keeps the Go heap of a scan near a size instead of
// letting it grow to twice the live heap, which is what the collector's
// default pacing (GOGC=100) does: a scan of many large repositories holds
// their Python syntax trees all at once, and peak RSS was about twice that
// live heap. Under the target the collector runs earlier; a scan whose
// live heap stays under half the target never notices it.
//
// A plain memory limit (GOMEMLIMIT) below the live heap makes the collector
// run back to back (the runtime caps it at about half the CPU, but the scan
// then crawls). So the limit follows the live heap: after each collection
// it is set to the larger of the target and the live heap plus a quarter,
// which keeps at least a quarter of headroom between collections, however
// large the scan (docs/performance.md, "A memory target").
type memoryTarget struct {
	target uint64
	stop   chan struct{}
	done   chan struct{}
}

// defaultMemoryTarget is the scan's default: 340 MiB of Go memory leaves room
// for tree-sitter's C heap and the runtime's own overhead under 400 MB of RSS,
// the budget issue 8 sets for scanning the six large repositories together.
const defaultMemoryTarget = 340 << 20

// limitFor is the memory limit after a collection that left live bytes
// live: the target, or the live heap and a quarter more when that is larger.
func limitFor(target, live uint64) uint64 {
	if grown := live + live/4; grown > target {
		return grown
	}
	return target
}

// parseSize reads a byte count: a plain number of bytes, or one with a
// KiB, MiB, GiB (or KB, MB, GB, decimal) suffix. "0" and "off" turn the
// target off.
func parseSize(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	if t == "off" {
		return 0, nil
	}
	units := []struct {
		suffix string
		mult   uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult := uint64(1)
	for _, u := range units {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a size: want bytes or a number with KiB, MiB, GiB, KB, MB or GB, or off", s)
	}
	// The runtime's limit is an int64: a larger target would read as a
	// negative one, which debug.SetMemoryLimit takes as no change at all.
	if n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n * mult, nil
}

// startMemoryTarget applies target (0: none) until stop is called. With
// GOMEMLIMIT set in the environment and no flag given, the user's limit
// stands and nothing is started (fromFlag says whether --memory-target was
// given).
func startMemoryTarget(target uint64, fromFlag bool) (stop func()) {
	if target == 0 || (!fromFlag && os.Getenv("GOMEMLIMIT") != "") {
		return func() {}
	}
	m := &memoryTarget{target: target, stop: make(chan struct{}), done: make(chan struct{})}
	prev := debug.SetMemoryLimit(int64(target))
	go m.follow()
	return func() {
		close(m.stop)
		<-m.done
		debug.SetMemoryLimit(prev)
	}
}

// follow raises or lowers the limit after each collection. It polls the
// collection count: the runtime has no hook at the end of a cycle, and a
// read of two metrics every few milliseconds costs nothing measurable.
func (m *memoryTarget) follow() {
	defer close(m.done)
	samples := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	var cycles uint64
	limit := m.target
	for {
		select {
		case <-m.stop:
			return
		case <-tick.C:
		}
		metrics.Read(samples)
		c := samples[0].Value.Uint64()
		if c == cycles {
			continue
		}
		cycles = c
		if next := limitFor(m.target, samples[1].Value.Uint64()); next != limit {
			limit = next
			debug.SetMemoryLimit(int64(limit))
		}
	}
}
