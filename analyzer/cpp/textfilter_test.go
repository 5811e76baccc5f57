package cpp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTextFiltersMatchRegexps checks that the byte filters in front of
// numberRE and failureRE change no answer, on every line and every whole
// file of the fixtures plus a few made-up cases.
func TestTextFiltersMatchRegexps(t *testing.T) {
	texts := []string{"", "x", "static_assert(false, \"no\")", "assert(0 && \"x\")", "__trap()", "asm volatile(\"trap;\")",
		"__builtin_trap ()", "CUTE_INVALID_CONTROL_PATH(\"x\")", "int a = 0x1fULL + 1'000 + 2.5e-3f;", "foo_assert(false)"}
	filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) > 1<<20 {
			return nil
		}
		texts = append(texts, string(b))
		texts = append(texts, strings.Split(string(b), "\n")...)
		return nil
	})
	for _, s := range texts {
		if got, want := replaceNumbers(s), numberRE.ReplaceAllString(s, "#"); got != want {
			t.Errorf("replaceNumbers(%q) = %q, want %q", s, got, want)
		}
		if got, want := findFailure(s), failureRE.FindString(s); got != want {
			t.Errorf("findFailure(%q) = %q, want %q", s, got, want)
		}
	}
}
