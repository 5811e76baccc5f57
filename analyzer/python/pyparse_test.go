package python

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// checkPyParse parses src both ways; when the Go parser accepts it the
// trees must be the same. It says whether the Go parser accepted it.
func checkPyParse(t *testing.T, ps *parser, name string, src []byte) bool {
	t.Helper()
	want, err := ps.parse(src)
	if err != nil {
		t.Fatalf("%s: tree-sitter: %v", name, err)
	}
	ps.goPanic = nil
	got, ok := ps.parseGo(src)
	if ps.goPanic != nil {
		t.Fatalf("%s: Go parser panics: %v", name, ps.goPanic)
	}
	if !ok {
		return false
	}
	if want.syntaxErr != 0 {
		if d := diffBracketSplats(ps, src, got); d != "" {
			t.Errorf("%s: Go parser accepts a file with a syntax error at line %d: %s", name, want.syntaxErr, d)
		}
		return true
	}
	if d := diffTrees(ps.tab, src, want, got); d != "" {
		t.Errorf("%s: trees differ: %s", name, d)
	}
	return true
}

func newTestParser(t testing.TB) *parser {
	ps, err := newParser()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ps.close)
	return ps
}

// pyFixtures are the Python files under the repository's testdata.
func pyFixtures(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, root := range []string{"testdata", "../../testdata"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				out[p] = b
			}
			return nil
		})
	}
	return out
}

// TestPyParseFixtures: every Python fixture parses to tree-sitter's tree
// (or is left to it).
func TestPyParseFixtures(t *testing.T) {
	ps := newTestParser(t)
	files := pyFixtures(t)
	if len(files) == 0 {
		t.Fatal("no fixtures found")
	}
	accepted := 0
	for name, src := range files {
		if checkPyParse(t, ps, name, src) {
			accepted++
		}
	}
	t.Logf("%d of %d fixtures accepted", accepted, len(files))
}

// bailSite is the parser function that gave up, from the stack.
func bailSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.Contains(l, ").bail(") && i+3 < len(lines) {
			fn := strings.TrimSpace(lines[i+2])
			if j := strings.LastIndex(fn, "("); j > 0 {
				fn = fn[:j]
			}
			at := strings.TrimSpace(lines[i+3])
			if j := strings.Index(at, " +0x"); j > 0 {
				at = at[:j]
			}
			return fn + " " + at
		}
	}
	return "?"
}

// TestPyParseBails lists where the Go parser gives up on the fixtures
// (or the files named by ARCHLINT_PYPARSE_TREES), most frequent first.
func TestPyParseBails(t *testing.T) {
	if os.Getenv("ARCHLINT_PYPARSE_BAILS") == "" {
		t.Skip("ARCHLINT_PYPARSE_BAILS not set")
	}
	ps := newTestParser(t)
	ps.traceBail = true
	files := pyFixtures(t)
	if roots := os.Getenv("ARCHLINT_PYPARSE_TREES"); roots != "" {
		files = pyTreeFiles(t, roots)
	}
	count := map[string]int{}
	bytes := map[string]int{}
	example := map[string]string{}
	for name, src := range files {
		if _, ok := ps.parseGo(src); !ok {
			s := bailSite(ps.bailStack)
			count[s]++
			bytes[s] += len(src)
			example[s] = name
		}
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return bytes[keys[i]] > bytes[keys[j]] })
	for _, k := range keys {
		t.Logf("%5d files %9d bytes  %s  (e.g. %s)", count[k], bytes[k], k, example[k])
	}
}

// builtFromRecords is parseGo's tree the way it was made before tree:
// records with parents, then build. Only for sources parseGo accepts.
func builtFromRecords(ps *parser, src []byte) *parsed {
	lx := &pylexer{src: src}
	lx.run()
	g := &gparser{src: src, toks: lx.toks, escs: lx.escs, k: ps.tab.py}
	root := g.module()
	if len(lx.extras) > 0 && lx.extras[0].sb < g.nodes[root].sb {
		g.nodes[root].sb = lx.extras[0].sb
	}
	out := &parsed{}
	out.build(g.records(root, lx.extras, nil), ps.tab, &buildBufs{})
	return out
}

// TestGoTreeSameAsBuild: the Go parser's tree, written directly, is the
// one build makes from its records (nodes, long ends and long nexts
// alike), on every fixture, the hand-written cases, and a file with a
// function of more than 64 Ki nodes and 64 KiB, comments throughout;
// with ARCHLINT_PYPARSE_TREES, on every .py file of those trees too.
func TestGoTreeSameAsBuild(t *testing.T) {
	ps := newTestParser(t)
	var big strings.Builder
	big.WriteString("# leading\ndef f(a):  # after the colon\n")
	for i := range 9000 {
		fmt.Fprintf(&big, "    x%d = a.b[%d] + (c, d)  # %d\n", i, i, i)
	}
	big.WriteString("    return x1 \\\n        + 2\n# trailing\n")
	srcs := map[string][]byte{"big": []byte(big.String())}
	for name, src := range pyFixtures(t) {
		srcs[name] = src
	}
	for i, c := range pyCases {
		srcs[fmt.Sprintf("case %d", i)] = []byte(c.src)
	}
	if roots := os.Getenv("ARCHLINT_PYPARSE_TREES"); roots != "" {
		for name, src := range pyTreeFiles(t, roots) {
			srcs[name] = src
		}
	}
	accepted := 0
	for name, src := range srcs {
		got, ok := ps.parseGo(src)
		if !ok {
			continue
		}
		accepted++
		want := builtFromRecords(ps, src)
		if !slices.Equal(got.nodes, want.nodes) || !slices.Equal(got.longEnds, want.longEnds) ||
			!slices.Equal(got.longNexts, want.longNexts) || !slices.Equal(got.bases, want.bases) ||
			!slices.Equal(got.longStarts, want.longStarts) || !slices.Equal(got.dropped, want.dropped) {
			t.Errorf("%s: %d nodes, %d long ends, %d long nexts; build: %d, %d, %d", name,
				len(got.nodes), len(got.longEnds), len(got.longNexts), len(want.nodes), len(want.longEnds), len(want.longNexts))
		}
		if name == "big" && (len(got.longEnds) == 0 || len(got.longNexts) < 2) {
			t.Errorf("big: %d long ends, %d long nexts: not what it is for", len(got.longEnds), len(got.longNexts))
		}
	}
	if _, ok := ps.parseGo(srcs["big"]); !ok || accepted < len(pyCases)/2 {
		t.Errorf("the Go parser accepted %d of %d sources, big %v", accepted, len(srcs), ok)
	}
}
