package python

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// digestDiff says how two digests differ, "" when they do not.
func digestDiff(got, want *Digest) string {
	switch {
	case got.Seed != want.Seed:
		return fmt.Sprintf("Seed %v, want %v", got.Seed, want.Seed)
	case got.ArchList != want.ArchList:
		return fmt.Sprintf("ArchList %v, want %v", got.ArchList, want.ArchList)
	case got.StarImport != want.StarImport:
		return fmt.Sprintf("StarImport %v, want %v", got.StarImport, want.StarImport)
	case !slices.Equal(got.words, want.words):
		return fmt.Sprintf("%d words, want %d", len(got.words), len(want.words))
	case !slices.Equal(got.defs, want.defs):
		return fmt.Sprintf("defs %v, want %v", got.defs, want.defs)
	case !slices.Equal(got.imports, want.imports):
		return fmt.Sprintf("imports %v, want %v", got.imports, want.imports)
	}
	return ""
}

// digestCases are texts at the byte scan's edges: strings of every kind,
// f-string interpolations, continuations, numbers, arch lists and
// unterminated things at the end of the file.
var digestCases = []string{
	"",
	"x",
	"'",
	"\"\"\"",
	"f'{",
	"f'{x",
	"rb'\\",
	"#",
	"# c\n",
	"x = 1 \\\n  + 2\n",
	"x = 1 \\\r\n  + 2\n",
	"a \\ b\n",
	"s = '''a\nb'''\nt = \"x\\\"y\"\n",
	"s = f\"{a['sm']:{w}} {{lit}} {b!r}\" + rf'{c}'\n",
	"s = f'{ {1: 2}[1] }'\n",
	"s = t'{x}' + u'y' + Rb\"z\" + fr'{w}' + br'v'\n",
	"s = 'unterminated\nx = 2\n",
	"archs = [80, 90, 100]\n",
	"cc = (8.0, 9.0)\n",
	"x = [.5, 1e3, 0x50, 1_000, 90]\n",
	"@supported_compute_capability([80, 90])\ndef f(): pass\n",
	"@ decorator . Arch\ndef f(): pass\n",
	"def f(x, Major=1, *, minor):\n    return x @ y\n",
	"from . import *\nfrom a.b import (c, d)\nimport e.f as g, h\n",
	"x = '-gencode=arch=compute_90a,code=sm_90a'\n",
	"flags = ['-arch=sm_90', '--gpu-architecture=sm_100a']\n",
	"TORCH_CUDA_ARCH_LIST = '8.0;9.0+PTX'\n",
	"v = 'sm_90 sm_100a'\nw = \"8.0 9.0\"\n",
	"doc = '''Returns 8 values; see 9.0 notes, 10 and 12.'''\n",
	"s = 'a\\{b}9.0'\narch = 1\n",
	"gen = gen_jit_spec(name, srcs)\nx = torch.cuda.get_device_capability()\n",
	"caf\xc3\xa9 = 1\n\xff\xfe = 2\n",
	"x = y.z(1)[2]{3}\n)]}\n",
	"if a:\n\tb = c.d\f\n",
}

// TestDigestSameAsReference: the fast byte scan gives exactly the digest
// of the lexer it replaced (lex_ref_test.go), on the cases above, every
// fixture, and, with ARCHLINT_DIGEST_TREES=/path/a:/path/b, every .py
// file of real trees.
func TestDigestSameAsReference(t *testing.T) {
	lx := NewLexer(Config{CapabilityFuncs: []string{"mylib.get_sm"}, JITFuncs: []string{"build_ext"}})
	check := func(name string, src []byte) {
		t.Helper()
		if diff := digestDiff(lx.Digest(src), refDigest(lx, src)); diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
	}
	for i, c := range digestCases {
		check(fmt.Sprintf("case %d %q", i, c), []byte(c))
	}
	for _, s := range loadFixtures(t) {
		check(s.Path, s.Src)
	}
	for name, src := range pyTreeFiles(t, "testdata") {
		check(name, src)
	}
	if roots := os.Getenv("ARCHLINT_DIGEST_TREES"); roots != "" {
		files := pyTreeFiles(t, roots)
		for name, src := range files {
			check(name, src)
		}
		t.Logf("%d files of %s", len(files), roots)
	}
}

// TestDigestScratchReuse: a scan that reuses the working slices of a
// larger file before it (a fuller hash set, longer word lists) gives the
// digest a fresh Lexer gives, and none of its slices shares the scratch's
// arrays.
func TestDigestScratchReuse(t *testing.T) {
	var big strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&big, "def f%d(arch):\n    import m%d\n    return [80, 90]\n", i, i)
	}
	texts := append([]string{big.String()}, digestCases...)
	texts = append(texts, big.String(), "def g(): pass\n", "")
	lx := NewLexer(Config{})
	var kept []*Digest
	for i, text := range texts {
		got := lx.Digest([]byte(text))
		if diff := digestDiff(got, NewLexer(Config{}).Digest([]byte(text))); diff != "" {
			t.Errorf("text %d after the others: %s", i, diff)
		}
		kept = append(kept, got)
	}
	// The digests kept are unchanged by the scans after them.
	for i, text := range texts {
		if diff := digestDiff(kept[i], refDigest(lx, []byte(text))); diff != "" {
			t.Errorf("text %d once the others ran: %s", i, diff)
		}
	}
}

// archFieldCases are fields at parseArch's edges: spaces and quotes
// around, signs, prefixes in any case, suffixes, dots, long digit runs.
var archFieldCases = []string{
	"", "9", "90", "90a", "90f", "90A", "sm90", "SM_90a", "sm_", "sm__90", "compute_90", "COMPUTE_90a",
	"compute90", " '90' ", "\"sm_90\"", "'\t90\v'", "9.0", "9.0a", "12.1f", "10.10", "0.9", "21.0", "20.0",
	"+90", "-90", "+9", "+9.0", "9.+0", "9.-", ".9", "9.", "90+PTX", "8.6+PTX", "sm_90a+PTX", "90+ptx",
	"199", "200", "10", "099", "0000000000000000000090", "+0000000000000000000000090", "99999999999999999999",
	"9_0", "1e3", "0x5a", "a", "f", "sma", "smf", "sm_a", "9..0", "9.0.0", "\u00a090", "90\u0085", "s\u0130m90",
	"\xff90", "'\"90\"'", "\" 90 \"", "\r\n90\f",
}

// TestArchFieldOK: archFieldOK answers as parseArch does.
func TestArchFieldOK(t *testing.T) {
	for _, f := range archFieldCases {
		_, want := parseArch(f)
		if got := archFieldOK([]byte(f)); got != want {
			t.Errorf("%q: %v, want %v", f, got, want)
		}
	}
}

// FuzzArchFieldOK: archFieldOK and parseArch agree on any field.
func FuzzArchFieldOK(f *testing.F) {
	for _, c := range archFieldCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, want := parseArch(string(b)); archFieldOK(b) != want {
			t.Errorf("%q: %v, want %v", b, !want, want)
		}
	})
}

// TestSortedCopy: sortedCopy sorts any set of hashes, spread or not
// (all in one bucket, two buckets, every size around the cut-over).
func TestSortedCopy(t *testing.T) {
	sc := &lexScratch{}
	rnd := uint64(1)
	next := func() uint64 { rnd = rnd*6364136223846793005 + 1442695040888963407; return rnd }
	for _, n := range []int{0, 1, 2, 63, 64, 65, 100, 1000, 5000} {
		for shape := range 3 {
			seen := map[uint64]bool{}
			var ws []uint64
			for len(ws) < n {
				h := next()
				switch shape {
				case 1:
					h >>= 20 // every hash in the lowest buckets
				case 2:
					h = h>>63<<63 | h&0xffff // two buckets
				}
				if !seen[h] {
					seen[h] = true
					ws = append(ws, h)
				}
			}
			want := slices.Sorted(slices.Values(ws))
			got := sc.sortedCopy(ws)
			if !slices.Equal(got, want) {
				t.Errorf("n %d shape %d: not sorted", n, shape)
			}
		}
	}
}

// FuzzDigest: the fast byte scan and the reference lexer agree on any
// input.
func FuzzDigest(f *testing.F) {
	for _, c := range digestCases {
		f.Add([]byte(c))
	}
	lx := NewLexer(Config{CapabilityFuncs: []string{"mylib.get_sm"}, JITFuncs: []string{"build_ext"}})
	f.Fuzz(func(t *testing.T, src []byte) {
		if diff := digestDiff(lx.Digest(src), refDigest(lx, src)); diff != "" {
			t.Errorf("%q: %s", src, diff)
		}
	})
}

// BenchmarkDigest runs the byte scan over the .py files under
// ARCHLINT_PYPARSE_TREES; BenchmarkDigestReference runs the lexer it
// replaced.
func BenchmarkDigest(b *testing.B) { benchDigest(b, (*Lexer).Digest) }

func BenchmarkDigestReference(b *testing.B) { benchDigest(b, refDigest) }

func benchDigest(b *testing.B, digest func(*Lexer, []byte) *Digest) {
	lx := NewLexer(fixtureConfig())
	benchPyTrees(b, func(src []byte) { digest(lx, src) })
}

// TestFoldWord: the hash filter in front of foldWord's lookup lets every
// capability-named parameter through, in any case, and lowers non-ASCII
// words as strings.ToLower does (U+0130 lowers to 'i').
func TestFoldWord(t *testing.T) {
	lx := NewLexer(Config{})
	for _, name := range capParamNames {
		for _, w := range []string{name, strings.ToUpper(name), strings.ToUpper(name[:1]) + name[1:]} {
			if !lx.foldWord([]byte(w)) {
				t.Errorf("%s is not a capability parameter", w)
			}
		}
	}
	for _, w := range []string{"m\u0130nor", "M\u0130NOR", "MINOR", "Tensor", "x", "majors", "min\xffor"} {
		if got, want := lx.foldWord([]byte(w)), refFoldWord(lx, []byte(w)); got != want {
			t.Errorf("%q: %v, want %v", w, got, want)
		}
	}
}
