package python

import (
	"strconv"
	"testing"
)

// TestParseDecimalAgreesWithParseInt checks parseIntLit's fast path
// against strconv on the literals it takes and on those it must leave to
// the general case.
func TestParseDecimalAgreesWithParseInt(t *testing.T) {
	for _, lit := range []string{"0", "7", "10", "90", "120", "999999999999999999", "9223372036854775807",
		"00", "007", "1_000", "0x1F", "0o17", "0b101", "10L", "", "1a", "-1", "+1", "１"} {
		v, ok := parseDecimal(lit)
		if !ok {
			continue
		}
		want, err := strconv.ParseInt(lit, 10, 64)
		if err != nil || v.k != vInt || v.i != want {
			t.Errorf("parseDecimal(%q) = %v, %v; strconv: %d, %v", lit, v.i, ok, want, err)
		}
	}
	for _, lit := range []string{"00", "007", "1_000", "0x1F", "10L", "9223372036854775807"} {
		if _, ok := parseDecimal(lit); ok {
			t.Errorf("parseDecimal(%q) took a literal the general case must read", lit)
		}
	}
	if v := parseIntLit("1_000"); v.k != vInt || v.i != 1000 {
		t.Errorf("parseIntLit(1_000) = %+v", v)
	}
}
