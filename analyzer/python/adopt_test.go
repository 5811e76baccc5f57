package python

import (
	"testing"
	"unsafe"
)

// adoptFixture has top levels that read the capability (flags.py), that
// read a module whose globals depend on it (use.py), that memoize a
// capability-dependent helper (memo_a.py, memo_b.py), that run a class
// body reading it (cls.py), an import cycle (pkg/), a lazy import in a
// function and a main guard: the cases where a worker adopting a probe's
// run must find that the run would not go alike.
var adoptFixture = map[string]string{
	"flags.py": `import torch

MAJOR = torch.cuda.get_device_capability()[0]
IS_HOPPER = MAJOR == 9
`,
	"use.py": `from flags import IS_HOPPER, MAJOR

if IS_HOPPER:
    TILE = 128
else:
    TILE = 64

WIDE = MAJOR >= 10
`,
	"plain.py": `import os

NAME = "plain"
SIZES = [1, 2, 4]


def helper(x):
    return x + 1


TWO = helper(1)
`,
	"reader.py": `from plain import NAME, SIZES, helper

THREE = helper(2)
LABEL = NAME + "_x"
`,
	"lib.py": `import torch


def is_sm90():
    return torch.cuda.get_device_capability()[0] == 9


def double(x):
    return 2 * x
`,
	"memo_a.py": `from lib import is_sm90, double

A = is_sm90()
B = double(4)
`,
	"memo_b.py": `from lib import is_sm90, double

C = double(4)
D = is_sm90()
if D:
    E = 1
`,
	"cls.py": `import torch
from lib import is_sm90


class Config:
    fast = is_sm90()
    size = 8


class Plain:
    size = 4
`,
	"cls_user.py": `from cls import Config, Plain

S = Config.size
P = Plain.size


def pick():
    if Config.fast:
        return "fast"
    return "slow"
`,
	"pkg/__init__.py": `EARLY = 2
from pkg.a import A_VALUE
from pkg import b

TOP = 1
`,
	"pkg/a.py": `import pkg
from pkg import EARLY

A_VALUE = EARLY + 1
SEEN = pkg
`,
	"pkg/b.py": `from pkg.a import A_VALUE

B_VALUE = A_VALUE + 1
`,
	"lazy.py": `def load():
    from flags import MAJOR
    if MAJOR >= 9:
        return "new"
    return "old"
`,
	"script.py": `from plain import TWO
from flags import IS_HOPPER


def main():
    if IS_HOPPER:
        print("hopper")


if __name__ == "__main__":
    main()
`,
}

func adoptSources() []Source {
	var srcs []Source
	for _, p := range []string{"cls.py", "cls_user.py", "flags.py", "lazy.py", "lib.py", "memo_a.py", "memo_b.py",
		"pkg/__init__.py", "pkg/a.py", "pkg/b.py", "plain.py", "reader.py", "script.py", "use.py"} {
		srcs = append(srcs, Source{Root: "r", Path: p, Src: []byte(adoptFixture[p])})
	}
	return srcs
}

// TestAdoptedTopLevelsSameResults is the differential test of adopt.go:
// the capability workers that adopt the probes' top-level runs find what
// workers running every top level themselves find, on adoptFixture and
// every Python fixture, with the selection forced and as decided.
func TestAdoptedTopLevelsSameResults(t *testing.T) {
	sameOnFixtures(t, map[string][]Source{"adopt": adoptSources(), "mains": mainsSources()},
		func(c *Config) { c.ownTopLevels = true }, "adopted top levels")
}

// TestAdoptWhatGoesAlike: a worker adopts the probes' runs of the top
// levels that read nothing capability-dependent, and runs itself those
// that read the capability or a global, class attribute or memoized
// result that depends on it; the module globals come out as its own runs
// make them.
func TestAdoptWhatGoesAlike(t *testing.T) {
	cfg := fixtureConfig()
	cfg.AllFiles = true
	prog := denseProgram(adoptSources(), cfg)
	defer prog.parsers.close()
	probe := newWorker(prog, len(cfg.Caps)-1)
	probe.log = newTopLog(prog)
	probe.run(nil)
	own := newWorker(prog, 5) // 9.0: IS_HOPPER differs from the probe's
	own.run(&units{funcs: map[*funcDef]bool{}, mains: map[*module]bool{}})
	w := newWorker(prog, 5)
	w.from = []*topLog{probe.log}
	w.run(&units{funcs: map[*funcDef]bool{}, mains: map[*module]bool{}})

	adopted := map[string]bool{}
	for _, m := range prog.mods {
		if sameMapPtr(w.mods[m].globals.m, probe.mods[m].globals.m) {
			adopted[m.path] = true
		}
		if !sameBindings(w.mods[m].globals.m, own.mods[m].globals.m) {
			t.Errorf("%s: globals %v, want %v", m.path, w.mods[m].globals.m, own.mods[m].globals.m)
		}
	}
	for _, p := range []string{"plain.py", "reader.py", "pkg/__init__.py", "pkg/a.py", "pkg/b.py", "lib.py", "lazy.py"} {
		if !adopted[p] {
			t.Errorf("%s: not adopted", p)
		}
	}
	for _, p := range []string{"flags.py", "use.py", "memo_a.py", "memo_b.py", "cls.py", "cls_user.py", "script.py"} {
		if adopted[p] {
			t.Errorf("%s: adopted, but its run reads the capability", p)
		}
	}
	if w.adopted == 0 || len(w.rec.sites) != len(own.rec.sites) {
		t.Errorf("%d runs adopted; %d sites recorded, want %d", w.adopted, len(w.rec.sites), len(own.rec.sites))
	}
}

// The probes keep every logged event to the end of the interpretation:
// what only some kinds carry stays behind topEvent.x.
func TestTopEventSize(t *testing.T) {
	if n := unsafe.Sizeof(topEvent{}); n > 40 {
		t.Errorf("topEvent is %d bytes, want at most 40", n)
	}
}

// Events read back at their index across chunk boundaries, in order.
func TestEventLogChunks(t *testing.T) {
	var el eventLog
	for i := 0; i < 3*eventChunk+5; i++ {
		el.add(topEvent{room: byte(i)})
	}
	if el.len() != 3*eventChunk+5 {
		t.Fatalf("len = %d", el.len())
	}
	for i := 0; i < el.len(); i++ {
		if el.at(i).room != byte(i) {
			t.Fatalf("event %d reads %d", i, el.at(i).room)
		}
	}
}

// denseProgram is srcs loaded whole, every module selected, ready for
// workers to run, as Analyze makes it for a dense tree; the caller closes
// its parsers.
func denseProgram(srcs []Source, cfg Config) *program {
	prog := newProgram(stubModules(srcs), cfg)
	prog.digestAll()
	prog.rankRoots()
	prog.dropWords()
	prog.loadAll(prog.mods)
	prog.selectAll()
	prog.order = prog.byRootRank(prog.order)
	return prog
}
