package python

import (
	"strings"
	"testing"
)

// memoFixture: deep.py's top level (which runs before test_b.py) reaches
// is_hopper(1) four calls down, where the depth bound stops the call of
// get_major; test_b.py then calls is_hopper(1) itself.
var memoFixture = map[string]string{
	"lib.py": `import torch


def get_major():
    return torch.cuda.get_device_capability()[0]


def is_hopper(x):
    return get_major() == 9
`,
	"deep.py": `from lib import is_hopper


def l1(x):
    return l2(x)


def l2(x):
    return l3(x)


def l3(x):
    return l4(x)


def l4(x):
    flag = is_hopper(x)
    return 0


VALUE = l1(1)
`,
	"test_b.py": `import pytest
from lib import is_hopper


def test_x():
    if not is_hopper(1):
        pytest.skip("Hopper only")
`,
}

// TestMemoAfterDepthCut: a call result computed below a depth cut is the
// call site's, not the function's: deep.py's is_hopper(1) came out
// capability-free, and memoized it answered test_b.py's own call, whose
// skip then was no gate (flashinfer's test_hopper.py lost its skips so).
func TestMemoAfterDepthCut(t *testing.T) {
	var srcs []Source
	for _, p := range []string{"deep.py", "lib.py", "test_b.py"} {
		srcs = append(srcs, Source{Root: "r", Path: p, Src: []byte(memoFixture[p])})
	}
	for _, all := range []bool{false, true} {
		cfg := fixtureConfig()
		cfg.AllFiles = all
		prog, _ := AnalyzeProgram(srcs, cfg)
		found := false
		for _, g := range prog.Gates {
			if g.Path == "test_b.py" && strings.Contains(g.Expr, "is_hopper(1)") {
				found = true
				if len(g.Admits) != 1 || g.Admits[0] != (Capability{Major: 9, Minor: 0}) {
					t.Errorf("AllFiles=%v: the skip admits %v, want 9.0 only", all, g.Admits)
				}
			}
		}
		if !found {
			t.Errorf("AllFiles=%v: no gate for test_b.py's skip; gates: %+v", all, prog.Gates)
		}
	}
}

// TestMemoKeyModules: a call's memo key tells apart functions of one
// qualified name in two modules (two roots with the same package), and
// is the same for the same function and arguments.
func TestMemoKeyModules(t *testing.T) {
	a := &module{idx: 3, root: "r1", path: "pkg/m.py"}
	b := &module{idx: 300, root: "r2", path: "pkg/m.py"}
	fa := &funcDef{qual: "pkg.m.f", mod: a}
	fb := &funcDef{qual: "pkg.m.f", mod: b}
	args := callArgs{pos: []Value{vint(1)}}
	ka, oka := memoKey(nil, fa, args)
	kb, okb := memoKey(nil, fb, args)
	again, _ := memoKey(nil, fa, args)
	if !oka || !okb {
		t.Fatalf("scalar arguments were not memoized")
	}
	if string(ka) == string(kb) {
		t.Errorf("functions of two modules share the key %q", ka)
	}
	if string(ka) != string(again) {
		t.Errorf("the same call has two keys: %q, %q", ka, again)
	}
	// The name ends at a 0 byte, so that a name extending another never
	// runs into the module index after it. (Two keys compared would not
	// tell: without the 0 they meet only past 2^30 modules.)
	if want := "pkg.m.f\x00\x03\x00\x00\x00"; !strings.HasPrefix(string(ka), want) {
		t.Errorf("key %q does not start %q (the name, a 0, the module index)", ka, want)
	}
}
