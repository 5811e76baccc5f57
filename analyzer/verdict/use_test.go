package verdict

import "testing"

// A token that is a prefix ("wgmma.", "SM100_MMA_", "UMMA::") is written
// as one, so that a message does not read "via wgmma., which".
func TestUseString(t *testing.T) {
	f := &Feature{Description: "warpgroup MMA"}
	for tok, want := range map[string]string{
		"wgmma.":           "warpgroup MMA via wgmma.*",
		"SM100_MMA_":       "warpgroup MMA via SM100_MMA_*",
		"UMMA::":           "warpgroup MMA via UMMA::*",
		"warpgroup_arrive": "warpgroup MMA via warpgroup_arrive",
		"this_cluster()":   "warpgroup MMA via this_cluster()",
	} {
		if got := (Use{Feature: f, Token: tok}).String(); got != want {
			t.Errorf("Use{%q}.String() = %q, want %q", tok, got, want)
		}
	}
}
