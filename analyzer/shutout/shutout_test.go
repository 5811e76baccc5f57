package shutout

import "testing"

// passes: host, sm_75, sm_80, sm_90, sm_100, sm_120
var ps = []Pass{{0, true}, {750, false}, {800, false}, {900, false}, {1000, false}, {1200, false}}

const T = 5

func TestDesignExamples(t *testing.T) {
	cases := []struct {
		name string
		b    []int
		shut bool
		lump bool
	}{
		// #if >= 900 && < 1200 X #endif
		{"range-no-else", []int{None, None, None, 0, 0, None}, true, false},
		// #if >= 900 && < 1200 X #else Y #endif
		{"range-else", []int{1, 1, 1, 0, 0, 1}, true, true},
		// #if == 900 || == 1000 X #else Y
		{"allowlist", []int{1, 1, 1, 0, 0, 1}, true, true},
		// #if defined(__CUDA_ARCH_FEAT_SM90_ALL) X #else Y: plain sm_90 takes Y, sm_90a X
		{"feat", []int{1, 1, 1, 0, 1, 1}, true, true},
		// #if < 800 legacy #else modern
		{"legacy", []int{0, 0, 1, 1, 1, 1}, false, false},
		// #if >= 1000 A #elif >= 900 B
		{"ladder-ok", []int{None, None, None, 1, 0, 0}, false, false},
		// #if == 1000 A #elif >= 900 B
		{"ladder-shut", []int{None, None, None, 1, 0, 1}, true, true},
		// #ifndef __CUDA_ARCH__ host #else device
		{"host-only", []int{0, 1, 1, 1, 1, 1}, false, false},
		// #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800 legacy #else modern: host takes modern
		{"legacy-defined", []int{1, 0, 1, 1, 1, 1}, false, false},
		// #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1200 X #else Y: only the host shares Y
		{"host-lumped", []int{1, 0, 0, 0, 0, 1}, true, true},
		// #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800 legacy #endif
		{"legacy-no-else", []int{None, 0, None, None, None, None}, false, false},
		// #if __CUDA_ARCH__ == 900 X #endif: allowlist without else
		{"allowlist-no-else", []int{None, None, None, 0, None, None}, true, false},
		// #if __CUDA_ARCH__ < 1200 X #endif: explicit upper bound
		{"upper-bound", []int{0, 0, 0, 0, 0, None}, true, false},
		// #ifdef __CUDA_ARCH__ device #endif
		{"device", []int{None, 0, 0, 0, 0, 0}, false, false},
	}
	for _, c := range cases {
		v := Decide(ps, c.b, T)
		if v.Shut != c.shut || (v.Shut && v.Lumped != c.lump) || v.Maybe {
			t.Errorf("%s: got %+v want shut=%v lumped=%v", c.name, v, c.shut, c.lump)
		}
	}
}

func TestUnknown(t *testing.T) {
	// #if defined(ENABLE_X) && __CUDA_ARCH__ >= 900 && < 1200: sm_90 unknown, target none.
	v := Decide(ps, []int{None, None, None, Unknown, Unknown, None}, T)
	if !v.Shut || !v.Maybe {
		t.Errorf("want maybe-shut, got %+v", v)
	}
	// Unknown for everyone alike: nothing to say.
	v = Decide(ps, []int{Unknown, Unknown, Unknown, Unknown, Unknown, Unknown}, T)
	if v.Shut && !v.Maybe {
		t.Errorf("all-unknown must never be certain: %+v", v)
	}
}

// TestDecideRefusals: where none is a refusal, a path that only older GPUs
// take does not excuse refusing the target, however many newer GPUs are
// refused with it; for an empty path (Decide) it still does.
func TestDecideRefusals(t *testing.T) {
	// Capabilities 7.5, 8.0, 9.0, 10.0, 12.0: `sm < 80 -> a, sm < 90 -> b,
	// sm == 90 -> c, else refuse`.
	caps := []Pass{{750, false}, {800, false}, {900, false}, {1000, false}, {1200, false}}
	b := []int{0, 1, 2, None, None}
	if v := DecideRefusals(caps, b, 4); !v.Shut || v.Maybe || v.X != 2 {
		t.Errorf("refusal: got %+v, want shut by 9.0", v)
	}
	if v := Decide(caps, b, 4); v.Shut {
		t.Errorf("empty path: got %+v, want not shut (sm_100 gets nothing too)", v)
	}
	// A refusal of old GPUs only never shuts the target out.
	if v := DecideRefusals(caps, []int{None, 0, 0, 0, 0}, 4); v.Shut {
		t.Errorf("old refused: got %+v", v)
	}
}
