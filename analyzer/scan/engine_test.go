package scan

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/target"
)

func testOptions(t *testing.T, root, tg string) Options {
	t.Helper()
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	tgs, err := tb.ParseTargets(tg, target.DefaultCUDA())
	if err != nil {
		t.Fatal(err)
	}
	return Options{Roots: []string{root}, Targets: tgs, CUDA: target.DefaultCUDA(), Table: tb, Jobs: 2}
}

// TestEngineFixtures checks the per-pass evaluation of every conditional
// that carries a "taken:" or "undecided:" expectation.
func TestEngineFixtures(t *testing.T) {
	cases, err := os.ReadDir("../../testdata/engine")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		dir := filepath.Join("../../testdata/engine", c.Name())
		t.Run(c.Name(), func(t *testing.T) {
			exps := readExpectations(t, dir)
			files := map[string]bool{}
			for _, e := range exps {
				files[e.file] = true
			}
			opt := TraceOptions{Options: testOptions(t, dir, "sm_120"), All: true}
			for f := range files {
				opt.Files = append(opt.Files, filepath.Join(dir, filepath.FromSlash(f)))
			}
			tr, err := Trace(opt)
			if err != nil {
				t.Fatal(err)
			}
			entries := tr.Entries
			byLine := map[string]TraceEntry{}
			for _, e := range entries {
				rel := strings.TrimPrefix(filepathToSlash(e.File), filepathToSlash(dir)+"/")
				// An expectation sits on the directive's last physical line
				// when the condition continues over several.
				// The first entry of a line wins: an <nv/target> gate's else
				// branch shares its line.
				for l := e.Line; l <= e.EndLine; l++ {
					if _, dup := byLine[rel+":"+strconv.Itoa(l)]; !dup {
						byLine[rel+":"+strconv.Itoa(l)] = e
					}
				}
			}
			checked := 0
			for _, x := range exps {
				if x.kind == "want" {
					continue
				}
				e, ok := byLine[x.file+":"+strconv.Itoa(x.line)]
				if !ok {
					t.Errorf("%s:%d: no conditional directive traced here", x.file, x.line)
					continue
				}
				got := passSet(e, x.kind)
				if got != x.text {
					t.Errorf("%s:%d: %s %s\n  %s: got  %q\n  %s: want %q", x.file, x.line, e.Directive, e.Condition, x.kind, got, x.kind, x.text)
				}
				checked++
			}
			if checked == 0 {
				t.Fatal("fixture has no expectations")
			}
		})
	}
}

// passSet renders the passes in one state the way fixtures write them.
func passSet(e TraceEntry, kind string) string {
	in := func(p int) bool {
		s := e.States[p]
		switch kind {
		case "taken":
			return s.Taken != nil && *s.Taken
		default:
			return s.Taken == nil
		}
	}
	set := target.FormatSet(e.Passes, in)
	if in(0) {
		set = append([]string{"host"}, set...)
	}
	if len(set) == 0 {
		return "none"
	}
	return strings.Join(set, ", ")
}

func filepathToSlash(p string) string { return filepath.ToSlash(filepath.Clean(p)) }

// TestTraceStats: trace --stats parses the traced files with tree-sitter,
// including files whose bytes the scan dropped after loading them
// (cpp.File.Compact): the bundled example's conditionals are all seen.
func TestTraceStats(t *testing.T) {
	dir := "../../testdata/example"
	tr, err := Trace(TraceOptions{Options: testOptions(t, dir, "sm_120"), Files: []string{dir}, All: true})
	if err != nil {
		t.Fatal(err)
	}
	s := tr.Project.Stats(tr.Entries, tr.Files)
	if s.Conditionals == 0 || s.TreeSitterSeen == 0 || s.TreeSitterLost != 0 {
		t.Errorf("conditionals %d, seen by tree-sitter %d, lost %d: want all seen", s.Conditionals, s.TreeSitterSeen, s.TreeSitterLost)
	}
}

// shareCuts cuts the units into contiguous shares covering all of them,
// one per job, even when there are more jobs than costly units.
func TestShareCuts(t *testing.T) {
	p := loadFiles(t, map[string]string{
		"big.cuh":   "#include \"mid.cuh\"\n#if __CUDA_ARCH__ >= 900\n#endif\n",
		"mid.cuh":   "#include \"small.cuh\"\n",
		"small.cuh": "#if __CUDA_ARCH__ < 1200\n#endif\n",
		"a.cu":      "#include \"big.cuh\"\n",
		"b.cu":      "#include \"small.cuh\"\n#if __CUDA_ARCH__ >= 800\n#endif\n",
		"c.cu":      "#if __CUDA_ARCH__ >= 700\n#endif\n",
		"d.cu":      "#include \"mid.cuh\"\n#if __CUDA_ARCH__ >= 1000\n#endif\n",
	})
	units := p.Units()
	if len(units) != 4 {
		t.Fatalf("%d units, want the 4 sources", len(units))
	}
	// Closures: a.cu 4 files, b.cu 2, c.cu 1, d.cu 3. Three jobs get
	// about a third of the 10 each: a | b c | d.
	if got := shareCuts(p.weights(units), 3); !slices.Equal(got, []int{0, 1, 3, 4}) {
		t.Errorf("3 jobs: cuts %v, want [0 1 3 4]", got)
	}
	for jobs := 2; jobs <= len(units)+2; jobs++ {
		cuts := shareCuts(p.weights(units), jobs)
		if len(cuts) != jobs+1 || cuts[0] != 0 || cuts[jobs] != len(units) {
			t.Fatalf("jobs %d: cuts %v", jobs, cuts)
		}
		for i := 1; i < len(cuts); i++ {
			if cuts[i] < cuts[i-1] {
				t.Fatalf("jobs %d: cuts %v go back", jobs, cuts)
			}
		}
	}
}

// TestSharesHandOut checks the units' hand-out: every unit once, owners
// from the front of their share, and a worker with nothing left from the
// back of the share with the most work left.
func TestSharesHandOut(t *testing.T) {
	weight := []int{1, 1, 1, 5, 5, 5, 1, 1}
	s := newShares(weight, []int{0, 3, 8})
	var got [][2]int // (worker, unit)
	take := func(j int) int {
		i := s.next(j)
		if i >= 0 {
			got = append(got, [2]int{j, i})
		}
		return i
	}
	for take(0) >= 0 {
	}
	for take(1) >= 0 {
	}
	want := [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 7}, {0, 6}, {0, 5}, {0, 4}, {0, 3}}
	if !slices.Equal(got, want) {
		t.Fatalf("hand-out %v, want %v", got, want)
	}
	// Two workers taking turns: each unit exactly once.
	s = newShares(weight, []int{0, 3, 8})
	seen := map[int]bool{}
	for n := 0; ; n++ {
		i := s.next(n % 2)
		if i < 0 {
			break
		}
		if seen[i] {
			t.Fatalf("unit %d handed out twice", i)
		}
		seen[i] = true
	}
	if len(seen) != len(weight) {
		t.Fatalf("%d units handed out, want %d", len(seen), len(weight))
	}
}

// loadFiles writes a fixture tree (writeFiles) in a new directory and
// loads it for sm_120.
func loadFiles(t *testing.T, files map[string]string) *Project {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	p, err := Load(testOptions(t, dir, "sm_120"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// writeFiles writes a fixture tree: file names (slash paths) to contents.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
