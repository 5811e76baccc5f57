package python

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClipToKeepsUTF8: a long message in any script is cut at a
// character's start.
func TestClipToKeepsUTF8(t *testing.T) {
	for _, s := range []string{strings.Repeat("é", 200), strings.Repeat("需要", 100), strings.Repeat("a", 300)} {
		for n := 4; n < 40; n++ {
			got := ClipTo(s, n)
			if !utf8.ValidString(got) || len(got) > n || !strings.HasSuffix(got, "...") {
				t.Fatalf("ClipTo(%q..., %d) = %q", s[:8], n, got)
			}
		}
	}
	if got := ClipTo("short", 40); got != "short" {
		t.Errorf("ClipTo(short) = %q", got)
	}
}
