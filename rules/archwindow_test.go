package rules

import "testing"

// windowCase is a name, the window it names ("" for none) and
// architectures the window holds and does not hold.
type windowCase struct {
	name     string
	text     string
	holds    []int
	notHolds []int
}

// checkWindows checks what find (nameWindow, familyWindow) reads in each
// case's name.
func checkWindows(t *testing.T, what string, find func(string) (archWindow, bool), cases []windowCase) {
	t.Helper()
	for _, tc := range cases {
		w, ok := find(tc.name)
		if ok != (tc.text != "") || w.text != tc.text {
			t.Errorf("%s(%q) = %q, %v; want %q", what, tc.name, w.text, ok, tc.text)
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

func TestNameWindow(t *testing.T) {
	checkWindows(t, "nameWindow", nameWindow, []windowCase{
		{"enable_sm80_to_sm89", "sm_80 up to sm_89 (not included)", []int{800, 860, 880}, []int{750, 890, 900, 1200}},
		{"enable_sm100_to_sm120", "sm_100 up to sm_120 (not included)", []int{1000, 1100}, []int{900, 1200}},
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
	})
}

func TestSMTokens(t *testing.T) {
	for name, want := range map[string][]int{
		"get_candidate_configs_sm100_dynamic_cluster_shape": {100},
		"CheckSm100Family":      {100},
		"CutlassTileConfigSM90": {90},
		"sm90_fp8_mqa_logits":   {90},
		"launch_sm_90a":         {90},
		"gemm_sm100f_fp4":       {100},
		"TMA_WS_SM90":           {90},
		"run_sm90_or_sm100":     {90, 100},
		"prism90":               nil,
		"sm1000":                nil,
		"sm90x_thing":           nil,
		"sm90fp8":               nil,
		"ASM90":                 nil,
		"smem_size":             nil,
	} {
		got := smTokens(name)
		if len(got) != len(want) {
			t.Errorf("smTokens(%q) = %v, want %v", name, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("smTokens(%q) = %v, want %v", name, got, want)
			}
		}
	}
}

func TestFamilyWindow(t *testing.T) {
	checkWindows(t, "familyWindow", familyWindow, []windowCase{
		{"get_candidate_configs_sm100_dynamic_cluster_shape", "sm_100 (the 10.x GPUs)", []int{1000, 1030}, []int{900, 1100, 1200}},
		{"sm90_fp8_paged_mqa_logits", "sm_90 (the 9.x GPUs)", []int{900}, []int{890, 1000, 1200}},
		{"CheckSm103Sm100", "sm_103 (the 10.x GPUs)", []int{1000, 1030}, []int{1200}},
		{"get_configs_sm120", "sm_120 (the 12.x GPUs)", []int{1200, 1210}, []int{1000}},
		{"run_sm80_kernel", "", nil, nil},
		{"dispatch_sm90_sm100", "", nil, nil},
		{"dispatch", "", nil, nil},
	})
}

func TestPathWindowProducts(t *testing.T) {
	for p, want := range map[string]string{
		"csrc/attention/block_sparse_h100.cu": "sm_90 (h100)",
		"kernels/h100_fwd.cu":                 "sm_90 (h100)",
		"csrc/gemm_b200.cuh":                  "sm_100 (b200)",
		"csrc/moe_gb300.cu":                   "sm_103 (gb300)",
		"csrc/sm90_gemm_tma.hpp":              "sm_90",
		"csrc/decode_sm100a.cuh":              "sm_100",
		"csrc/copy_sm90.h":                    "",
		"csrc/hh100.cu":                       "",
		"csrc/block_h100_v2.cu":               "",
		"csrc/sm80_gemm.cu":                   "",
	} {
		ws, ok := pathWindow(p)
		got := ""
		if ok {
			got = ws.w.text
		}
		if got != want {
			t.Errorf("pathWindow(%q) = %q, want %q", p, got, want)
		}
	}
}
