package python

import (
	"fmt"
	"maps"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// copyJoin is the join of full copies the interpreter used before env
// kept one map with savepoints: the reference env.join must agree with.
func copyJoin(envs []map[string]Value) map[string]Value {
	if len(envs) == 1 {
		return envs[0]
	}
	out := maps.Clone(envs[0])
	for _, e := range envs[1:] {
		// A module bound on one side only keeps its value (reading it
		// where the other side was taken raises NameError); any other
		// value bound on one side becomes unknown.
		for k, v := range out {
			if w, ok := e[k]; ok {
				out[k] = join(v, w)
			} else {
				out[k] = oneSidedJoin(v)
			}
		}
		for k, w := range e {
			if _, ok := out[k]; !ok {
				out[k] = oneSidedJoin(w)
			}
		}
	}
	return out
}

// envMap is a copy of e's bindings.
func envMap(e *env) map[string]Value {
	out := map[string]Value{}
	for k, v := range e.all() {
		out[k] = v
	}
	return out
}

// TestEnvMatchesCopies runs random nested branches and joins on an env and
// on full copies of maps, and compares them after every step.
func TestEnvMatchesCopies(t *testing.T) {
	// More names than smallEnv: environments turn from slices into
	// maps on the way.
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "jj", "kk", "ll"}
	vals := []Value{vint(1), vint(2), vint(1).tainted(true), vstr("x"), unknown, unknownIf(true), vfloat(1.5)}
	for seed := int64(0); seed < 300; seed++ {
		r := rand.New(rand.NewSource(seed))
		e := newEnv()
		for _, n := range names[:3] {
			v := vals[r.Intn(len(vals))]
			e.set(n, v)
		}
		ref := envMap(e)
		var run func(depth int)
		run = func(depth int) {
			steps := r.Intn(6)
			for range steps {
				switch op := r.Intn(4); {
				case op < 2 || depth > 3:
					n, v := names[r.Intn(len(names))], vals[r.Intn(len(vals))]
					e.set(n, v)
					ref[n] = v
				default:
					// A branch with 1-3 paths, some of which may
					// leave; the base may be a path of its own.
					base := ref
					var diffs []envDiff
					var copies []map[string]Value
					for range 1 + r.Intn(3) {
						mark := e.save()
						ref = maps.Clone(base)
						run(depth + 1)
						if !reflect.DeepEqual(envMap(e), ref) {
							t.Fatalf("seed %d: in a path: env %v, copies %v", seed, envMap(e), ref)
						}
						if r.Intn(4) > 0 {
							diffs = append(diffs, e.diff(mark))
							copies = append(copies, ref)
						}
						e.restore(mark)
						if !reflect.DeepEqual(envMap(e), base) {
							t.Fatalf("seed %d: restore: env %v, base %v", seed, envMap(e), base)
						}
					}
					if r.Intn(2) == 0 || len(diffs) == 0 {
						diffs = append(diffs, nil)
						copies = append(copies, base)
					}
					e.join(diffs, r.Intn(2) == 0)
					ref = maps.Clone(copyJoin(copies))
					if !reflect.DeepEqual(envMap(e), ref) {
						t.Fatalf("seed %d: join: env %v, copies %v", seed, envMap(e), ref)
					}
				}
			}
		}
		run(0)
		if e.marks != 0 || len(e.log) != 0 {
			t.Fatalf("seed %d: %d savepoints and %d log entries left", seed, e.marks, len(e.log))
		}
	}
}

// TestJoinOnlyWrittenNames is the differential test of env.join's
// shortcut: joining only the names some path wrote gives what joining
// every name does, on every Python fixture.
func TestJoinOnlyWrittenNames(t *testing.T) {
	for _, root := range selectionRoots(t) {
		t.Run(root, func(t *testing.T) {
			srcs := loadRoot(t, root)
			cfg := fixtureConfig()
			cfg.JITFuncs = []string{"mylib.build_ext"}
			cfg.AllFiles = true
			all := cfg
			all.joinAll = true
			sameAnalysis(t, srcs, all, cfg, "joining written names only")
		})
	}
}

// TestSharedGlobalsSameResults: workers that read equal module globals
// and class attributes from one copy (sharedGlobals, shareClass) find
// what workers with their own copies find, on every Python fixture, with
// the selection (whose workers share too) forced and as decided.
func TestSharedGlobalsSameResults(t *testing.T) {
	sameOnFixtures(t, nil, func(c *Config) { c.ownGlobals = true }, "shared globals")
}

// sameOnFixtures is the frame of the differential tests of a shortcut that
// a Config switch turns off: every Python fixture root and the extra
// cases, with the selection forced and as decided, analyzed with the
// shortcut (the default config) and without it (longWay applied) give
// the same results.
func sameOnFixtures(t *testing.T, extra map[string][]Source, longWay func(*Config), what string) {
	cases := map[string][]Source{}
	for name, srcs := range extra {
		cases[name] = srcs
	}
	for _, root := range selectionRoots(t) {
		cases[root] = loadRoot(t, root)
	}
	for name, srcs := range cases {
		for _, always := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/select=%v", name, always), func(t *testing.T) {
				cfg := fixtureConfig()
				cfg.JITFuncs = []string{"mylib.build_ext"}
				cfg.alwaysSelect = always
				ref := cfg
				longWay(&ref)
				sameAnalysis(t, srcs, ref, cfg, what)
			})
		}
	}
}

// TestSharedGlobalsVariants: equal globals come back as the first copy,
// globals that differ in a value (a capability flag) are kept as variants
// up to the bound, past it a worker keeps its own, and a NaN is never
// equal.
func TestSharedGlobalsVariants(t *testing.T) {
	s := newSharedGlobals()
	m := &module{}
	g := func(major int64) map[string]Value {
		return map[string]Value{"os": vext("os"), "IS_NEW": {k: vBool, i: b2i(major >= 9), Cap: true}, "MAJOR": {k: vInt, i: major, Cap: true}}
	}
	same := func(a, b map[string]Value) bool { return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() }
	first := s.share(m, g(8))
	if !same(s.share(m, g(8)), first) {
		t.Errorf("equal globals were not shared")
	}
	second := s.share(m, g(9))
	if same(second, first) || !sameBindings(second, g(9)) {
		t.Errorf("globals with another value were shared")
	}
	for major := int64(10); major < 14; major++ {
		s.share(m, g(major))
	}
	if n := len(s.variants[sharedKey{m: m}]); n != maxGlobalsVariants {
		t.Errorf("%d variants kept, want %d", n, maxGlobalsVariants)
	}
	if !same(s.share(m, g(9)), second) {
		t.Errorf("the second variant was not shared")
	}
	if own := g(13); !same(s.share(m, own), own) {
		t.Errorf("past the bound, a worker's globals were not its own")
	}
	nm := &module{}
	s.share(nm, map[string]Value{"x": vfloat(math.NaN())})
	if nan := map[string]Value{"x": vfloat(math.NaN())}; !same(s.share(nm, nan), nan) {
		t.Errorf("globals holding a NaN were shared")
	}
}

// TestSharedClasses: equal class attributes come back as the first copy,
// a class's body attributes, the attributes its __init__ sets on self,
// self's (both merged) and its module's globals are kept apart, empty
// maps are not kept, and with no sharedGlobals (Config.ownGlobals) a
// worker keeps its own.
func TestSharedClasses(t *testing.T) {
	s := newSharedGlobals()
	m := &module{}
	c := &classDef{mod: m}
	a := func() map[string]Value { return map[string]Value{"x": vint(1)} }
	same := func(a, b map[string]Value) bool { return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() }
	body := s.shareClass(c, attrsBody, a())
	if !same(s.shareClass(c, attrsBody, a()), body) {
		t.Errorf("equal class attributes were not shared")
	}
	if self := s.shareClass(c, attrsInit, a()); same(self, body) {
		t.Errorf("__init__'s attributes were shared with the body's")
	}
	if self := s.shareClass(c, attrsSelf, a()); same(self, body) || same(self, s.shareClass(c, attrsInit, a())) {
		t.Errorf("self's attributes were shared with the body's or __init__'s")
	}
	if g := s.share(m, a()); same(g, body) {
		t.Errorf("module globals were shared with a class's attributes")
	}
	if d := (&classDef{mod: m}); same(s.shareClass(d, attrsBody, a()), body) {
		t.Errorf("another class's attributes were shared")
	}
	s.shareClass(c, attrsBody, map[string]Value{})
	if n := len(s.variants[sharedKey{c: c, kind: attrsBody}]); n != 1 {
		t.Errorf("%d variants of the body kept, want 1 (no empty map)", n)
	}
	var none *sharedGlobals
	if own := a(); !same(none.shareClass(c, attrsBody, own), own) {
		t.Errorf("with no sharedGlobals, the attributes were not the worker's own")
	}
}

// TestEnvSlicesAndMaps: an environment answers the same while it is a
// slice and once it is a map (past smallEnv names), dotted names too, and
// one taken back by the worker's pool is empty.
func TestEnvSlicesAndMaps(t *testing.T) {
	keys := []string{"self.x", "selfx", "self.xy", "sel.fx", "self", "x", "a.b.c"}
	for extra := range 2 * smallEnv {
		e := newEnv()
		for i, k := range keys {
			e.set(k, vint(int64(i)))
		}
		for i := range extra {
			e.set(fmt.Sprintf("v%d", i), vint(-1))
		}
		if got, want := e.bindings(), len(keys)+extra; got != want {
			t.Fatalf("%d extra: %d bindings, want %d", extra, got, want)
		}
		var buf []byte
		for _, obj := range []string{"self", "sel", "a", "a.b", "x", ""} {
			for _, attr := range []string{"x", "xy", "fx", "b.c", "c", ""} {
				want, wantOK := e.get(obj + "." + attr)
				got, ok := e.getDotted(&buf, obj, attr)
				if ok != wantOK || !sameValue(got, want) {
					t.Errorf("%d extra: getDotted(%q, %q) = %v %v, get says %v %v", extra, obj, attr, got, ok, want, wantOK)
				}
			}
		}
		if !e.reset() {
			continue
		}
		if e.bindings() != 0 {
			t.Fatalf("%d extra: %d bindings after reset", extra, e.bindings())
		}
		e.set("y", vint(7))
		if v, ok := e.get("y"); !ok || v.i != 7 {
			t.Fatalf("%d extra: reused env lost y", extra)
		}
		if _, ok := e.get("self.x"); ok {
			t.Fatalf("%d extra: reused env kept self.x", extra)
		}
	}
}

// TestBranchStackNested: a path pushed on the branch stack keeps its
// bindings while branches inside push (growing the stack) and pop above
// it, and a joined branch leaves the stack as it found it.
func TestBranchStackNested(t *testing.T) {
	var br branchStack
	e := newEnv()
	e.set("a", vint(1))
	outer := br.mark()
	m := e.save()
	e.set("a", vint(2))
	e.set("b", vint(3))
	br.push(e, m)
	e.restore(m)
	for round := range 3 {
		inner := br.mark()
		for i := range 100 {
			m := e.save()
			e.set(fmt.Sprintf("x%d", i), vint(int64(round)))
			br.push(e, m)
			e.restore(m)
		}
		if got := len(br.since(inner)); got != 100 {
			t.Fatalf("round %d: %d inner paths", round, got)
		}
		br.pop(inner)
	}
	paths := br.since(outer)
	if len(paths) != 1 || len(paths[0]) != 2 || paths[0][0].name != "a" || paths[0][0].v.i != 2 || paths[0][1].name != "b" || paths[0][1].v.i != 3 {
		t.Fatalf("outer path changed: %+v", paths)
	}
	br.pop(outer)
	if len(br.binds) != 0 || len(br.paths) != 0 {
		t.Fatalf("stack not empty: %d bindings, %d paths", len(br.binds), len(br.paths))
	}
}

// sameAnalysis is the check of the differential tests: AnalyzeProgram
// with cfg (a shortcut) returns what it does with ref (the long way).
func sameAnalysis(t *testing.T, srcs []Source, ref, cfg Config, what string) {
	t.Helper()
	want, wantNotes := AnalyzeProgram(srcs, ref)
	got, gotNotes := AnalyzeProgram(srcs, cfg)
	if !reflect.DeepEqual(want, got) || !reflect.DeepEqual(wantNotes, gotNotes) {
		t.Errorf("%s: results differ:\nreference: %+v\nshortcut:  %+v", what, want, got)
	}
}

// TestEnvSelfAttrsMatchCopies: a method call's self attributes read
// through env.selfAttrs give what binding each as "self.k" when the call
// began did, through random writes (to attributes too), nested branches
// and joins, with and without the NaN flag that joins every name (a NaN
// attribute is not the same as itself).
func TestEnvSelfAttrsMatchCopies(t *testing.T) {
	attrs := map[string]Value{"x": vint(1), "y": vstr("s"), "nan": vfloat(math.NaN()), "a.b": vint(3)}
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "self", "self.x", "self.y", "self.z", "self.nan", "self.a.b", "other.x"}
	vals := []Value{vint(1), vint(2), vint(1).tainted(true), vstr("x"), unknown, unknownIf(true), vfloat(1.5)}
	for seed := int64(0); seed < 300; seed++ {
		r := rand.New(rand.NewSource(seed))
		copied, lazy := newEnv(), newEnv()
		for k, v := range attrs {
			copied.set("self."+k, v)
		}
		lazy.selfName, lazy.selfAttrs = "self", attrs
		var buf []byte
		check := func(where string) {
			t.Helper()
			if got, want := envMap(lazy), envMap(copied); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: %s: selfAttrs %v, copies %v", seed, where, got, want)
			}
			for _, n := range append(names, "self.missing") {
				v1, ok1 := lazy.get(n)
				v2, ok2 := copied.get(n)
				if ok1 != ok2 || !reflect.DeepEqual(v1, v2) {
					t.Fatalf("seed %d: %s: get(%q) %v %v, copies %v %v", seed, where, n, v1, ok1, v2, ok2)
				}
			}
			for _, a := range []string{"x", "y", "z", "nan", "missing"} {
				v1, ok1 := lazy.getDotted(&buf, "self", a)
				v2, ok2 := copied.getDotted(&buf, "self", a)
				if ok1 != ok2 || !reflect.DeepEqual(v1, v2) {
					t.Fatalf("seed %d: %s: getDotted(self, %q) %v %v, copies %v %v", seed, where, a, v1, ok1, v2, ok2)
				}
			}
		}
		var run func(depth int)
		run = func(depth int) {
			for range r.Intn(6) {
				switch op := r.Intn(4); {
				case op < 2 || depth > 3:
					n, v := names[r.Intn(len(names))], vals[r.Intn(len(vals))]
					copied.set(n, v)
					lazy.set(n, v)
				default:
					var dc, dl []envDiff
					for range 1 + r.Intn(3) {
						mc, ml := copied.save(), lazy.save()
						run(depth + 1)
						check("in a path")
						if r.Intn(4) > 0 {
							dc = append(dc, copied.diff(mc))
							dl = append(dl, lazy.diff(ml))
						}
						copied.restore(mc)
						lazy.restore(ml)
						check("restored")
					}
					if r.Intn(2) == 0 || len(dc) == 0 {
						dc, dl = append(dc, nil), append(dl, nil)
					}
					nan := r.Intn(2) == 0
					copied.join(dc, nan)
					lazy.join(dl, nan)
					check("joined")
				}
			}
		}
		check("start")
		run(0)
	}
}

// TestBuiltinNames: the builtins' list is sorted, as builtinName's search
// needs, and answers each of its names as itself and nothing else.
func TestBuiltinNames(t *testing.T) {
	if !slices.IsSorted(builtinNames) {
		t.Fatal("builtinNames is not sorted")
	}
	for _, n := range builtinNames {
		if got, ok := builtinName(strings.Clone(n)); !ok || got != n {
			t.Errorf("builtinName(%q) = %q, %v", n, got, ok)
		}
	}
	for _, n := range []string{"", "lens", "Len", "torch"} {
		if got, ok := builtinName(n); ok {
			t.Errorf("builtinName(%q) = %q, want none", n, got)
		}
	}
}
