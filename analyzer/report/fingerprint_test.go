package report

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// The vectors below are github/codeql-action's own: src/fingerprints.test.ts
// (test "hash") and, for TestLineHashCodeQLActionFiles, the files and
// expected primaryLocationLineHash values of its src/testdata/fingerprinting.*
// fixtures. They pin LineHashes to what the upload action computes.
func TestLineHashesCodeQLActionVectors(t *testing.T) {
	helloLF := []string{
		"e9496ae3ebfced30:1",
		"fb7c023a8b9ccb3f:1",
		"ce8ba1a563dcdaca:1",
		"e20e36e16fcb0cc8:1",
		"b3edc88f2938467e:1",
		"c8e28b0b4002a3a0:1",
		"c129715d7a2bc9a3:1",
	}
	cases := []struct {
		name  string
		input string
		want  []string
	}{
		{"empty", "", []string{"c129715d7a2bc9a3:1"}},
		{"short lines", " a\nb\n  \t\tc\n d", []string{
			"271789c17abda88f:1",
			"54703d4cd895b18:1",
			"180aee12dab6264:1",
			"a23a3dc5e078b07b:1",
		}},
		{"no final newline", " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End", []string{
			"8b7cf3e952e7aeb2:1",
			"b1ae1287ec4718d9:1",
			"bff680108adb0fcc:1",
			"c6805c5e1288b612:1",
			"b86d3392aea1be30:1",
			"e6ceba753e1a442:1",
		}},
		{"LF", " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n", helloLF},
		{"CR", " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r", helloLF},
		{"CRLF", " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n", helloLF},
		{"mixed", " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n", helloLF},
		{"repeated lines", strings.Repeat("Lorem ipsum dolor sit amet.\n", 10), []string{
			"a7f2ff13bc495cf2:1",
			"a7f2ff13bc495cf2:2",
			"a7f2ff13bc495cf2:3",
			"a7f2ff13bc495cf2:4",
			"a7f2ff13bc495cf2:5",
			"a7f2ff13bc495cf2:6",
			"a7f2ff1481e87703:1",
			"a9cf91f7bbf1862b:1",
			"55ec222b86bcae53:1",
			"cc97dc7b1d7d8f7b:1",
			"c129715d7a2bc9a3:1",
		}},
		{"python", "x = 2\nx = 1\nprint(x)\nx = 3\nprint(x)\nx = 4\nprint(x)\n", []string{
			"e54938cc54b302f1:1",
			"bb609acbe9138d60:1",
			"1131fd5871777f34:1",
			"5c482a0f8b35ea28:1",
			"54517377da7028d2:1",
			"2c644846cb18d53e:1",
			"f1b89f20de0d133:1",
			"c129715d7a2bc9a3:1",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := LineHashes([]byte(c.input))
			// The upstream test also checks that there is one hash per line
			// as split by /\r\n|\r|\n/.
			if n := len(regexp.MustCompile(`\r\n|\r|\n`).Split(c.input, -1)); len(got) != n {
				t.Errorf("got %d hashes, input has %d lines", len(got), n)
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("LineHashes(%q)\n got %q\nwant %q", c.input, got, c.want)
			}
			for i, w := range c.want {
				if h := LineHash([]byte(c.input), i+1); h != w {
					t.Errorf("LineHash(line %d) = %q, want %q", i+1, h, w)
				}
			}
		})
	}
}

func TestLineHashCodeQLActionFiles(t *testing.T) {
	// src/testdata/testFile1.js and testFile2.js, with the hashes that
	// fingerprinting.expected.sarif records for line 1 and line 2.
	file1 := "var a = 0;\nvar b = 0;\nvar c = 0;\nvar d = 0;\n"
	file2 := "var foo = 0;\nvar bar = 0;\nvar baz = 0;\nvar qux = 0;\n"
	if got := LineHash([]byte(file1), 1); got != "5e4d5a9cf1294ad9:1" {
		t.Errorf("testFile1.js:1 = %q, want 5e4d5a9cf1294ad9:1", got)
	}
	if got := LineHash([]byte(file2), 2); got != "f7592a95a9381ac0:1" {
		t.Errorf("testFile2.js:2 = %q, want f7592a95a9381ac0:1", got)
	}
}

func TestLineHashOutOfRange(t *testing.T) {
	if h := LineHash([]byte("a\nb\n"), 4); h != "" {
		t.Errorf("line 4 of a 3-line file: %q, want empty", h)
	}
	if h := LineHash([]byte("a\n"), 0); h != "" {
		t.Errorf("line 0: %q, want empty", h)
	}
}

// TestDecodeUTF16 checks the decoder against the WHATWG rules the upload
// action's Node stream follows: surrogate pairs for astral characters, one
// U+FFFD per maximal invalid subpart, the BOM kept.
func TestDecodeUTF16(t *testing.T) {
	cases := []struct {
		in   string
		want []uint16
	}{
		{"a", []uint16{'a'}},
		{"é", []uint16{0xE9}},
		{"€", []uint16{0x20AC}},
		{"😀", []uint16{0xD83D, 0xDE00}},
		{"\uFEFFx", []uint16{0xFEFF, 'x'}},
		{"\xE2\x82A", []uint16{0xFFFD, 'A'}},               // truncated 3-byte sequence: one U+FFFD
		{"\xC0\xAF", []uint16{0xFFFD, 0xFFFD}},             // overlong: each byte invalid
		{"\xED\xA0\x80", []uint16{0xFFFD, 0xFFFD, 0xFFFD}}, // surrogate code point
		{"\xF0\x9F\x98", []uint16{0xFFFD}},                 // truncated at end of input
		{"\xFF", []uint16{0xFFFD}},
	}
	for _, c := range cases {
		var got []uint16
		decodeUTF16([]byte(c.in), func(u uint16) { got = append(got, u) })
		if len(got) != len(c.want) {
			t.Errorf("decode %q = %X, want %X", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("decode %q = %X, want %X", c.in, got, c.want)
				break
			}
		}
	}
}

func TestStableFingerprint(t *testing.T) {
	f := finding.Finding{
		RuleID:    "AL101",
		Message:   "The range at include/x.cuh:42 shuts sm_120 out.",
		Condition: "#if  __CUDA_ARCH__ < 1200",
		Location:  finding.Location{Path: "include/x.cuh", Line: 42},
	}
	fp := StableFingerprint(f, "include/x.cuh")
	if len(fp) != 32 {
		t.Fatalf("fingerprint %q: want 32 hex digits", fp)
	}
	moved := f
	moved.Message = "The range at include/x.cuh:57 shuts sm_120 out."
	moved.Condition = "#if __CUDA_ARCH__ < 1200"
	moved.Location.Line = 57
	if got := StableFingerprint(moved, "include/x.cuh"); got != fp {
		t.Errorf("moving the finding changed its fingerprint: %s vs %s", got, fp)
	}
	if got := StableFingerprint(f, "include/y.cuh"); got == fp {
		t.Error("another file gave the same fingerprint")
	}
	keyed := f
	keyed.Key = "#if __CUDA_ARCH__ < 1200\x000" // finding.AssignKeys: condition, occurrence index
	kp := StableFingerprint(keyed, "include/x.cuh")
	if kp == fp {
		t.Error("Key was ignored")
	}
	reworded := keyed
	reworded.Message = "sm_120 is shut out here."
	if got := StableFingerprint(reworded, "include/x.cuh"); got != kp {
		t.Errorf("a keyed finding's fingerprint changed with its message: %s vs %s", got, kp)
	}
}

// hashLines decodes ASCII runs on a fast path, and lineHashesFor stops after
// the last wanted line; both must agree with decoding and hashing everything.
func FuzzLineHashesFor(f *testing.F) {
	f.Add([]byte("a\r\nb\tc \xe2\x82\xac\xff\xf0\x9f\x98\x80\n\n\xe2\x82x\r"), uint8(3))
	f.Fuzz(func(t *testing.T, content []byte, pick uint8) {
		all := LineHashes(content)
		var ref []string
		h := newLineHasher(func(_ int, hash uint64, count int) bool { ref = append(ref, formatLineHash(hash, count)); return true })
		decodeUTF16(content, func(u uint16) { h.feed(uint64(u)) })
		h.feed(lineHashEOF)
		for range lineHashBlock {
			if h.lineNumbers[h.index] != -1 {
				h.output()
			}
			h.update(0)
		}
		if !slices.Equal(all, ref) {
			t.Fatalf("ASCII fast path: %q, decoding every byte gives %q", all, ref)
		}
		wanted := map[int]bool{int(pick)%(len(all)+2) + 1: true, 1: true}
		for line, h := range lineHashesFor(content, wanted) {
			if line > len(all) || all[line-1] != h {
				t.Fatalf("line %d: %q, hashing every line gives %q", line, h, all)
			}
		}
	})
}
