package python

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestTOMLEntries(t *testing.T) {
	src := "# top\n" +
		"title = \"x # not a comment\"\n" +
		"[kernel.\"a.b\"] # header comment\n" +
		"cuda-capabilities = [ # open\n" +
		"  \"8.0\", # one\n" +
		"  '9.0a',\n" +
		"  # a comment line, \"7.0\"\n" +
		"]\n" +
		"src = [\"k.cu\", [\"nested\"], 3]\n" +
		"opts = { a = \"]\", b = [1, 2] }\n" +
		"doc = '''\n[kernel.fake]\ncuda-capabilities = [\"7.0\"]\n'''\n" +
		"[[kernel.list]]\n" +
		"x = 1\n" +
		"kernel.dotted.backend = \"cuda\"\n" +
		"bad line without equals\n" +
		"after = 'ok'\r\n"
	var got []string
	for _, e := range tomlEntries([]byte(src)) {
		v := ""
		switch {
		case e.isStr:
			v = fmt.Sprintf("%q", e.str)
		case e.isArr:
			var parts []string
			for _, s := range e.arr {
				parts = append(parts, s.text)
				if src[s.sb] != '"' && src[s.sb] != '\'' {
					t.Errorf("element %q starts at %q", s.text, src[s.sb:])
				}
			}
			v = "[" + strings.Join(parts, ",") + "]"
			if e.mixed {
				v += " mixed"
			}
		}
		got = append(got, strings.Join(e.path, "/")+"="+v)
	}
	want := []string{
		`title="x # not a comment"`,
		`kernel/a.b/cuda-capabilities=[8.0,9.0a]`,
		`kernel/a.b/src=[k.cu] mixed`,
		`kernel/a.b/opts=`,
		`kernel/a.b/doc="\n[kernel.fake]\ncuda-capabilities = [\"7.0\"]\n"`,
		`[[/kernel/list/x=`,
		`[[/kernel/list/kernel/dotted/backend="cuda"`,
		`[[/kernel/list/after="ok"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("tomlEntries:\n got %q\nwant %q", got, want)
	}
}

func TestKernelGates(t *testing.T) {
	src := "[kernel.ada]\nbackend = \"cuda\"\ncuda-capabilities = [\"8.9\"]\n" +
		"[kernel.all]\nbackend = \"cuda\"\ncuda-capabilities = [\"8.0\", \"12.0\"]\n" +
		"[kernel.jit]\nbackend = \"cuda\"\ncuda-capabilities = [\"8.0+PTX\"]\n" +
		"[kernel.rocm]\nbackend = \"rocm\"\ncuda-capabilities = [\"8.0\"]\n" +
		"[kernel.v1]\ncuda-capabilities = [\n  \"9.0\",\n]\n" +
		"[kernel.v1_metal]\nlanguage = \"metal\"\ncuda-capabilities = [\"9.0\"]\n" +
		"[kernel.odd]\nbackend = \"cuda\"\ncuda-capabilities = [\"sm_90\"]\n" +
		"[kernel.fa]\nbackend = \"cuda\"\ncuda-capabilities = [\"8.0\"]\n" +
		"[kernel.fa_sm90]\nbackend = \"cuda\"\ncuda-capabilities = [\"9.0a\"]\n" +
		"[kernel.gen]\nbackend = \"cuda\"\ncuda-capabilities = [\"12.0\"]\n" +
		"[kernel.gen_blackwell]\nbackend = \"cuda\"\ncuda-capabilities = [\"10.0a\"]\n" +
		"[kernel.gen_sm90]\nbackend = \"cuda\"\ncuda-capabilities = [\"9.0a\", \"10.0a\"]\n" +
		"[kernel.mla_sm90]\nbackend = \"cuda\"\ncuda-capabilities = [\"9.0a\"]\n" +
		"[kernel.mla_sm100]\nbackend = \"cuda\"\ncuda-capabilities = [\"10.0f\"]\n"
	caps := DefaultCaps()
	t120 := slices.Index(caps, Capability{12, 0})
	got := map[string]string{}
	for _, g := range kernelGates(Source{Root: "r", Path: "k/build.toml", Src: []byte(src)}, caps) {
		if g.Kind != KindKernelArchs || g.Line == 0 || g.IsTest {
			t.Errorf("gate %+v", g)
		}
		b := g.Branch[t120]
		v := "none"
		if b >= 0 {
			v = g.Outcomes[b]
		}
		got[g.Function] = fmt.Sprintf("%d: %s", g.Line, v)
	}
	// fa_sm90 and gen_blackwell name only their own architecture beside
	// their family's generic kernel: not gates of their own.
	want := map[string]string{
		"kernel.ada": "3: none",
		"kernel.all": "6: listed: sm_80, sm_120",
		"kernel.jit": "9: runs PTX of an older listed architecture through the driver JIT",
		"kernel.v1":  "14: none",
		"kernel.fa":  "25: none",
		"kernel.gen": "31: listed: sm_120",
		// Not a bucket: it names 10.0a beside its own 9.0a.
		"kernel.gen_sm90": "37: built by the variant of line 31: listed: sm_120",
		// A family without a generic kernel: each variant.
		"kernel.mla_sm90":  "40: none",
		"kernel.mla_sm100": "43: none",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("kernelGates:\n got %v\nwant %v", got, want)
	}
}

// FuzzKernelGates checks that any build.toml reads without a panic, that
// every gate it finds lies in the file and that every entry's offsets are
// in order.
func FuzzKernelGates(f *testing.F) {
	f.Add("[kernel.k]\nbackend = \"cuda\"\ncuda-capabilities = [\"8.9\", '9.0a', # c\n  \"12.0+PTX\",\n]\n")
	f.Add("[kernel.\"q\"]\ncuda-capabilities = [[[\"8.0\"]]]\nx = { a = [1, {b = \"}\"}] }\n")
	f.Add("[[kernel.k]]\ns = '''\n]\n'''\nt = \"\"\"\\\"\"\"\"\n[kernel.a_sm90]\ncuda-capabilities=[\"9.0a\"]\n[kernel.a]\ncuda-capabilities=[\"12.0\"]")
	f.Fuzz(func(t *testing.T, src string) {
		for _, e := range tomlEntries([]byte(src)) {
			if e.sb < 0 || e.eb < e.sb || e.eb > len(src) {
				t.Fatalf("entry %+v outside the %d bytes", e, len(src))
			}
			for _, s := range e.arr {
				if s.sb < e.sb || s.eb < s.sb || s.eb > e.eb {
					t.Fatalf("element %+v outside its entry %d-%d", s, e.sb, e.eb)
				}
			}
		}
		lines := strings.Count(src, "\n") + 1
		for _, g := range kernelGates(Source{Root: "r", Path: "build.toml", Src: []byte(src)}, DefaultCaps()) {
			if g.Line < 1 || g.Line > lines || g.EndLine < g.Line || len(g.Branch) != len(DefaultCaps()) {
				t.Fatalf("gate %+v outside the %d lines", g, lines)
			}
		}
	})
}
