package comment

import (
	"strings"
	"testing"
)

func TestAt(t *testing.T) {
	cases := []struct {
		name, src string
		syn       Syntax
		want      string
	}{
		{"block above", "x = 1\n# DeepGEMM needs tcgen05,\n#   not on SM120\nif major >= 10:\n", Hash, "DeepGEMM needs tcgen05, not on SM120"},
		{"trailing wins", "# above\nif major >= 9:  # Hopper and newer\n", Hash, "Hopper and newer"},
		{"blank line ends the block", "# a section\n\nif major == 9:\n", Hash, ""},
		{"code ends the block", "# about y\ny = 2\nif major == 9:\n", Hash, ""},
		{"hash in a string is no comment", "if arch == \"#9\":\n", Hash, ""},
		{"hash after a string", "if arch in (\"sm_90\", '#'):  # why\n", Hash, "why"},
		{"triple quote gives up", "x = '''a # b'''\n", Hash, ""},
		{"tool directives are not reasons", "# noqa: E501\n# type: ignore\nif major == 9:  # pylint: disable=x\n", Hash, ""},
		{"a test's expectation is no reason", "if major == 9:  # want \"AL201 x\"\n", Hash, ""},
		{"directive inside a block is dropped", "# only Hopper\n# noqa\nif major == 9:\n", Hash, "only Hopper"},
		{"shebang is no comment", "#!/usr/bin/env python\nif major == 9:\n", Hash, ""},
		{"first line", "if major == 9:\n", Hash, ""},
		{"slashes above", "int f() {\n  // SM90 only: wgmma\n  if (sm >= 90) {\n", Slashes, "SM90 only: wgmma"},
		{"doc comment", "/// Hopper path\nif (sm == 90)\n", Slashes, "Hopper path"},
		{"block comment above", "/*\n * needs TMA\n * multicast\n */\nif (sm == 90)\n", Slashes, "needs TMA multicast"},
		{"one-line block above", "/* Hopper */\nif (sm == 90)\n", Slashes, "Hopper"},
		{"trailing slashes", "if (sm == 90) { // Hopper only\n", Slashes, "Hopper only"},
		{"trailing block", "if (sm == 90) /* Hopper */\n", Slashes, "Hopper"},
		{"slashes in a string", "if (s == \"//x\")\n", Slashes, ""},
		{"preprocessor line is no comment", "#if defined(X)\nif (sm == 90)\n", Slashes, ""},
		{"CRLF", "# Hopper only\r\nif major == 9:\r\n", Hash, "Hopper only"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The gate is on the last line.
			src := strings.TrimSuffix(c.src, "\n")
			off := strings.LastIndexByte(src, '\n') + 1
			if got := At([]byte(c.src), off, c.syn); got != c.want {
				t.Errorf("At = %q, want %q", got, c.want)
			}
		})
	}
}

func TestAtBounds(t *testing.T) {
	long := "# " + strings.Repeat("word ", 200) + "\nif major == 9:\n"
	got := At([]byte(long), strings.Index(long, "if"), Hash)
	if len(got) > MaxLen || !strings.HasSuffix(got, "...") {
		t.Errorf("long comment: %d bytes, %q", len(got), got[max(0, len(got)-10):])
	}
	many := strings.Repeat("# line\n", 50) + "if major == 9:\n"
	if got := At([]byte(many), strings.Index(many, "if"), Hash); strings.Count(got, "line") != maxLines {
		t.Errorf("block of 50 lines: got %d of them, want %d", strings.Count(got, "line"), maxLines)
	}
	word := "# " + strings.Repeat("é", 300) + "\nif x:\n"
	if got := At([]byte(word), strings.Index(word, "if"), Hash); !strings.HasSuffix(got, "...") || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("one long word cut inside a character: %q", got)
	}
	for _, off := range []int{-1, len(long) + 1} {
		if got := At([]byte(long), off, Hash); got != "" {
			t.Errorf("offset %d out of range: %q", off, got)
		}
	}
}

func FuzzAt(f *testing.F) {
	f.Add([]byte("# a\nif x:  # b\n"), 4, false)
	f.Add([]byte("/*\n * a\n */\nif (x) // b\n"), 12, true)
	f.Fuzz(func(t *testing.T, src []byte, off int, slashes bool) {
		syn := Hash
		if slashes {
			syn = Slashes
		}
		got := At(src, off, syn)
		if len(got) > MaxLen || strings.ContainsAny(got, "\n\r") {
			t.Fatalf("At = %q", got)
		}
	})
}

func TestAbout(t *testing.T) {
	src := "# the reason\n@skipif(\n    major != 9,\n)\n# same line\nif x and major == 9:\n"
	cond := strings.Index(src, "major != 9")
	deco := strings.Index(src, "@skipif")
	if got := About([]byte(src), cond, deco, Hash); got != "the reason" {
		t.Errorf("condition on a decorator's second line: %q", got)
	}
	same := strings.Index(src, "major == 9")
	stmt := strings.Index(src, "if x")
	if got := About([]byte(src), same, stmt, Hash); got != "same line" {
		t.Errorf("statement on the gate's line: %q", got)
	}
	if got := About([]byte(src), cond, -1, Hash); got != "" {
		t.Errorf("no statement: %q", got)
	}
	code := "x = 1\nif (\n    major == 9):\n"
	if got := About([]byte(code), strings.Index(code, "major"), strings.Index(code, "if"), Hash); got != "" {
		t.Errorf("no comment anywhere: %q", got)
	}
}
