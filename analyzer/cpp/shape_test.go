package cpp

import (
	"strings"
	"testing"
)

// shapeOf skips the number regexp on lines without digits and removes
// ASCII white space by hand; it must give what the plain formula gives.
func FuzzShapeOf(f *testing.F) {
	for _, s := range []string{"x = 0x1F'u + 1.5e-3f;", "a\tb  c", "  ", "v\u00a0w\u2003x 7", "ff 12ULL", "\xff\xfe 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		want := strings.Join(strings.Fields(numberRE.ReplaceAllString(line, "#")), "")
		if got := shapeOf(line); got != want {
			t.Fatalf("shapeOf(%q) = %q, want %q", line, got, want)
		}
	})
}
