package main

import (
	"runtime/debug"
	"testing"
)

func TestLimitFor(t *testing.T) {
	const mib = 1 << 20
	cases := []struct{ target, live, want uint64 }{
		{360 * mib, 0, 360 * mib},
		{360 * mib, 100 * mib, 360 * mib},
		{360 * mib, 288 * mib, 360 * mib},  // exactly a quarter of headroom left
		{360 * mib, 300 * mib, 375 * mib},  // less: the limit moves up with the live heap
		{360 * mib, 800 * mib, 1000 * mib}, // far above: never back to back collections
	}
	for _, c := range cases {
		if got := limitFor(c.target, c.live); got != c.want {
			t.Errorf("limitFor(%d MiB, %d MiB) = %d MiB, want %d MiB", c.target/mib, c.live/mib, got/mib, c.want/mib)
		}
	}
}

func TestParseSize(t *testing.T) {
	good := map[string]uint64{"0": 0, "off": 0, "512": 512, "360MiB": 360 << 20, "1GiB": 1 << 30, "2 GB": 2e9, "64KiB": 64 << 10, "10MB": 10e6, "7B": 7}
	for in, want := range good {
		got, err := parseSize(in)
		if err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "lots", "-1MiB", "1.5GiB", "MiB", "99999999999999999999GiB", "9000000000GiB"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) gave no error", in)
		}
	}
}

// The limit applies while the scan runs and the previous one comes back
// after; GOMEMLIMIT in the environment wins unless the flag was given.
func TestMemoryTargetRestores(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	stop := startMemoryTarget(700<<20, true)
	if got := debug.SetMemoryLimit(-1); got < 700<<20 {
		t.Errorf("limit while running = %d, want at least the target", got)
	}
	stop()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after = %d, want the previous %d", got, before)
	}
	t.Setenv("GOMEMLIMIT", "2GiB")
	stop = startMemoryTarget(700<<20, false)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("GOMEMLIMIT set, no flag: limit = %d, want it untouched (%d)", got, before)
	}
	stop()
}
