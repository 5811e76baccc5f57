package scan

import (
	"strings"
	"testing"
)

// TestBlindSpots: a root whose architecture tests mostly depend on a macro
// no scanned file defines gets one notification naming it; a root whose
// tests are decided gets none.
func TestBlindSpots(t *testing.T) {
	res, err := Run(testOptions(t, "../../testdata/blind", "sm_120"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range res.Notifications {
		if strings.Contains(n.Message, "architecture tests") {
			got = append(got, n.Message)
		}
	}
	want := "24 of 24 architecture tests in ../../testdata/blind stay undecided for some GPU: they depend on configuration macros that no scanned file defines: MYLIB_BACKEND_OTHER (24), MYLIB_BACKEND_THIRD (24). What they decide is reported only where it holds either way"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("notifications %q, want one starting %q", got, want)
	}
	res, err = Run(testOptions(t, "../../testdata/rules/overinclusion", "sm_120"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Notifications {
		if strings.Contains(n.Message, "architecture tests") {
			t.Errorf("decided root: %s", n.Message)
		}
	}
}
