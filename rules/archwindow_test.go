package rules

import "testing"

func TestNameWindow(t *testing.T) {
	for _, tc := range []struct {
		name     string
		text     string // "" for a name that names no architecture
		holds    []int
		notHolds []int
	}{
		{"enable_sm80_to_sm89", "sm_80 to sm_89", []int{800, 860, 890}, []int{750, 900, 1200}},
		{"enable_sm90_or_later", "sm_90 and later", []int{900, 1000, 1200}, []int{890}},
		{"enable_sm100f_only", "the sm_100f family", []int{1000, 1030}, []int{900, 1100, 1200}},
		{"enable_sm100a_only", "sm_100a", []int{1000}, []int{1030, 1200}},
		{"enable_sm90_only", "sm_90", []int{900}, []int{1000}},
		{"enable_sm90", "sm_90", []int{900}, []int{1000}},
		{"mma_sm90a_tile", "sm_90a", []int{900}, []int{1000}},
		{"enable_sm120_family", "the sm_120f family", []int{1200, 1210}, []int{1000, 1300}},
		{"gemm_4bit_sm75_m16n8k8", "", nil, nil},
		{"SM90_TMA_LOAD_2D", "", nil, nil},
		{"SM90", "", nil, nil},
		{"attn_sm_90_and_newer", "sm_90 and later", []int{900, 1210}, []int{800}},
		{"smem_loader", "", nil, nil},
		{"invoke", "", nil, nil},
	} {
		w, ok := nameWindow(tc.name)
		if ok != (tc.text != "") || w.text != tc.text {
			t.Errorf("nameWindow(%q) = %q, %v; want %q", tc.name, w.text, ok, tc.text)
			continue
		}
		for _, a := range tc.holds {
			if !w.holds(a) {
				t.Errorf("%s: window %q does not hold %d", tc.name, w.text, a)
			}
		}
		for _, a := range tc.notHolds {
			if w.holds(a) {
				t.Errorf("%s: window %q holds %d", tc.name, w.text, a)
			}
		}
	}
}
