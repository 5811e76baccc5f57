package python

import (
	"reflect"
	"testing"
)

// TestSharedCallsSameResults is the differential test of sharedcalls.go:
// workers that take the probes' call results where their state is the
// same find what workers computing every call themselves find, on every
// Python fixture and the adoption fixture, with the selection forced and
// as decided.
func TestSharedCallsSameResults(t *testing.T) {
	sameOnFixtures(t, map[string][]Source{"adopt": adoptSources(), "mains": mainsSources(), "shared": sharedCallSources()},
		func(c *Config) { c.ownCalls = true }, "every worker computing its calls")
}

func sharedCallSources() []Source {
	return []Source{
		{Root: "r", Path: "b.py", Src: []byte(`TABLE = {"x": 1}


def helper(n):
    total = 0
    for i in range(n):
        total += i
    return total + TABLE["x"]
`)},
		{Root: "r", Path: "a.py", Src: []byte(`import torch
from b import helper

MAJOR = torch.cuda.get_device_capability()[0]


def cap_helper(n):
    return n + MAJOR


def reads_cap(n):
    return torch.cuda.get_device_capability()[0] + n


def gate():
    if helper(3) > 2:
        pass
    if cap_helper(1) > 11:
        raise RuntimeError("needs 11+")
    if reads_cap(0) >= 10:
        raise RuntimeError("needs 10+")
`)},
	}
}

// TestSharedCallsTakeWhatGoesAlike: a worker takes the probe's result of a
// call that read only globals it holds too (helper, whose module is the
// same in every worker; cap_helper where the capability-dependent global
// it reads has the probe's value), and computes itself the calls that
// read the capability or a global that differs; it records what a worker
// computing every call records.
func TestSharedCallsTakeWhatGoesAlike(t *testing.T) {
	cfg := fixtureConfig()
	cfg.AllFiles = true
	prog := denseProgram(sharedCallSources(), cfg)
	defer prog.parsers.close()
	shared, calls := newSharedGlobals(), newSharedCalls()
	newest := len(cfg.Caps) - 1
	probe := newWorker(prog, newest)
	probe.shared, probe.calls, probe.publishes = shared, calls, true
	probe.run(nil)
	var gate *funcDef
	for _, m := range prog.mods {
		for _, fn := range m.funcs {
			if fn.name == "gate" {
				gate = fn
			}
		}
	}
	if gate == nil {
		t.Fatal("no gate")
	}
	for _, tc := range []struct {
		ci    int
		taken int
	}{
		{5, 1},          // 9.0: helper only (a's globals hold MAJOR 9)
		{newest - 1, 2}, // 12.0: helper, and cap_helper (MAJOR 12 as in 12.1)
	} {
		only := &units{funcs: map[*funcDef]bool{gate: true}, mains: map[*module]bool{}}
		w := newWorker(prog, tc.ci)
		w.shared, w.calls, w.takes = shared, calls, true
		w.run(only)
		own := newWorker(prog, tc.ci)
		own.shared = shared
		own.run(only)
		if w.sharedHits != tc.taken {
			t.Errorf("%s: %d call results taken, want %d", cfg.Caps[tc.ci], w.sharedHits, tc.taken)
		}
		if len(w.rec.sites) == 0 || !reflect.DeepEqual(w.rec.sites, own.rec.sites) {
			t.Errorf("%s: sites %v, want %v", cfg.Caps[tc.ci], w.rec.sites, own.rec.sites)
		}
	}
}
