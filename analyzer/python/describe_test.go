package python

import "testing"

// TestBlockRefusesAgreesWithDescribe: the check anyTerminates makes of an
// arm is describeBlock's refuses, on every node of every Python fixture
// (each taken as a block, so statements of every kind are visited, and
// nodes that are not blocks at all too).
func TestBlockRefusesAgreesWithDescribe(t *testing.T) {
	srcs := append(loadFixtures(t), Source{Root: fixtureDir, Path: "arms.py", Src: []byte(armsSrc)})
	prog := newProgram(stubModules(srcs), fixtureConfig())
	t.Cleanup(prog.parsers.close)
	blocks, refusing := 0, 0
	for _, m := range prog.mods {
		if !prog.ensure(m) {
			continue
		}
		for n := range nodeID(len(m.nodes)) {
			want := m.describeBlock(n).refuses
			if got := m.blockRefuses(n); got != want {
				t.Errorf("%s: node %d (%s, line %d): blockRefuses %v, describeBlock %v", m.path, n, m.kind(n), m.line(n), got, want)
			}
			blocks++
			if want {
				refusing++
			}
		}
	}
	t.Logf("%d nodes, %d refusing", blocks, refusing)
	if blocks == 0 || refusing == 0 {
		t.Fatalf("checked %d nodes, %d refusing: the fixtures should have both", blocks, refusing)
	}
}

// armsSrc has an arm of each kind describeStmts tells apart.
const armsSrc = `import sys, os, pytest, unittest
def f(x):
    if x == 1:
        raise ValueError("no")
    elif x == 2:
        assert False, "never"
    elif x == 3:
        assert 0
    elif x == 4:
        assert None
    elif x == 5:
        assert x
    elif x == 6:
        return
    elif x == 7:
        return None
    elif x == 8:
        return False
    elif x == 9:
        return x
    elif x == 10:
        y = 1
        return None
    elif x == 11:
        pytest.skip("old")
    elif x == 111:
        return False, "needs sm90"
    elif x == 112:
        return (False, "needs sm90")
    elif x == 113:
        return True, None
    elif x == 12:
        self.skipTest("old")
    elif x == 13:
        unittest.skip("old")
    elif x == 14:
        skip("old")
    elif x == 15:
        other.skip("old")
    elif x == 16:
        pytest.xfail("old")
    elif x == 17:
        sys.exit(1)
    elif x == 18:
        exit()
    elif x == 19:
        os._exit(2)
    elif x == 20:
        other.exit(1)
    elif x == 21:
        for i in x:
            return i
        raise ValueError()
    elif x == 22:
        with x:
            pass
        raise ValueError()
    elif x == 23:
        try:
            pass
        except E:
            raise
        raise ValueError()
    elif x == 24:
        pass
        print(x), exit()
    elif x == 25:
        def g():
            return 1
        raise ValueError()
    else:
        while x:
            x -= 1
        assert False
`

// TestLiteralText: a string literal's quotes and prefix (up to two letters,
// any case) go; anything else is left as written.
func TestLiteralText(t *testing.T) {
	for in, want := range map[string]string{
		`"plain"`:       "plain",
		`'single'`:      "single",
		`f"sm_{major}"`: "sm_{major}",
		`rb"raw bytes"`: "raw bytes",
		`Rb'raw'`:       "raw",
		`FR"""doc"""`:   "doc",
		`"""triple"""`:  "triple",
		`msg`:           "msg",
		`x + "suffix"`:  `x + "suffix"`,
		`"unterminated`: `"unterminated`,
		`abc"quoted"`:   `abc"quoted"`,
	} {
		if got := literalText(in); got != want {
			t.Errorf("literalText(%s) = %q, want %q", in, got, want)
		}
	}
}
