package hostgate

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for name, want := range map[string][]string{
		"kErrorNotSupported":  {"k", "error", "not", "supported"},
		"GRAPH_NOT_SUPPORTED": {"graph", "not", "supported"},
		"cudaSuccess":         {"cuda", "success"},
		"FUSED_PADDED_MHA":    {"fused", "padded", "mha"},
		"HTTPStatus":          {"http", "status"},
		"kSM_80":              {"k", "sm"},
	} {
		if got := words(name); !slices.Equal(got, want) {
			t.Errorf("words(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"kErrorNotSupported": true, "NOT_SUPPORTED": true, "cudaSuccess": true, "kNone": true,
		"FUSED_MHA": false, "UNFUSED_PADDED_MHA": false, "kHopper": false, "Okapi": false,
	} {
		if got := hasVerdictWord(name); got != want {
			t.Errorf("hasVerdictWord(%q) = %v, want %v", name, got, want)
		}
	}
}
