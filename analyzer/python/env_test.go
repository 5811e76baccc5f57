package python

import (
	"maps"
	"math/rand"
	"reflect"
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
		for k, v := range out {
			if w, ok := e[k]; ok {
				out[k] = join(v, w)
			} else {
				out[k] = unknownIf(v.Cap)
			}
		}
		for k, w := range e {
			if _, ok := out[k]; !ok {
				out[k] = unknownIf(w.Cap)
			}
		}
	}
	return out
}

// TestEnvMatchesCopies runs random nested branches and joins on an env and
// on full copies of maps, and compares them after every step.
func TestEnvMatchesCopies(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f"}
	vals := []Value{vint(1), vint(2), vint(1).tainted(true), vstr("x"), unknown, unknownIf(true), {k: vFloat, f: 1.5}}
	for seed := int64(0); seed < 300; seed++ {
		r := rand.New(rand.NewSource(seed))
		e := newEnv()
		for _, n := range names[:3] {
			v := vals[r.Intn(len(vals))]
			e.set(n, v)
		}
		ref := maps.Clone(e.m)
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
						if !reflect.DeepEqual(e.m, ref) {
							t.Fatalf("seed %d: in a path: env %v, copies %v", seed, e.m, ref)
						}
						if r.Intn(4) > 0 {
							diffs = append(diffs, e.diff(mark))
							copies = append(copies, ref)
						}
						e.restore(mark)
						if !reflect.DeepEqual(e.m, base) {
							t.Fatalf("seed %d: restore: env %v, base %v", seed, e.m, base)
						}
					}
					if r.Intn(2) == 0 || len(diffs) == 0 {
						diffs = append(diffs, nil)
						copies = append(copies, base)
					}
					e.join(diffs, r.Intn(2) == 0)
					ref = maps.Clone(copyJoin(copies))
					if !reflect.DeepEqual(e.m, ref) {
						t.Fatalf("seed %d: join: env %v, copies %v", seed, e.m, ref)
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
			want, wantNotes := AnalyzeProgram(srcs, all)
			got, gotNotes := AnalyzeProgram(srcs, cfg)
			if !reflect.DeepEqual(want, got) || !reflect.DeepEqual(wantNotes, gotNotes) {
				t.Errorf("joining written names only differs:\nall names: %+v\nwritten:   %+v", want, got)
			}
		})
	}
}
