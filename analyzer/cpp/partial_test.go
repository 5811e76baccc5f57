package cpp

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// TestRunForSameResults checks that a run for some files only
// (NewRunFor), whose passes stop once those files had their first visits,
// records for them what a full run records: on generated trees, some of
// whose headers include others through macros (computed #includes, in
// #pragma once headers and in guarded ones), for random sets of files,
// with the engine and with an engine Assuming a configuration macro, as
// the assumption runs do. It also checks that passes do stop, and that a
// full run of a new engine after a run for some files, whose memo then
// holds visits stored with the observations of those files only,
// records what a full run records (sameFilter).
func TestRunForSameResults(t *testing.T) {
	cfg := memoTestConfig(t)
	stops, passes := 0, 0
	for seed := int64(1); seed <= 80; seed++ {
		r := rand.New(rand.NewSource(seed))
		files := addComputedIncludes(r, genTree(r))
		fs := NewFileSet(files, nil)
		units := cuUnits(fs)
		base := NewEngine(cfg, fs)
		full := base.Evaluate(units)
		assumed := base.Assuming(map[string]*expr.Macro{"CFG": {Name: "CFG", Body: "1"}})
		fullAssumed := assumed.Evaluate(units)
		for round := range 4 {
			only := make([]bool, len(fs.Files))
			for range 1 + r.Intn(3) {
				if r.Intn(2) == 0 {
					only[len(fs.Files)-1-r.Intn(4)] = true // an x header
				} else {
					only[r.Intn(len(fs.Files))] = true
				}
			}
			for _, c := range []struct {
				e    *Engine
				full *Results
			}{{base, full}, {assumed, fullAssumed}} {
				run := c.e.NewRunFor(only)
				for _, u := range units {
					run.Unit(u)
				}
				stops += run.part.stops
				for _, u := range units {
					passes += len(c.e.passGroups(u))
				}
				got := run.Results()
				for id, want := range only {
					if !want {
						continue
					}
					if got.Visited[id] != c.full.Visited[id] || !reflect.DeepEqual(got.ByFile[id], c.full.ByFile[id]) {
						t.Fatalf("seed %d, round %d, file %s: a run for some files records\n%s\nfor it, a full run\n%s", seed, round,
							fs.Files[id].Path, dumpFile(got, id), dumpFile(c.full, id))
					}
				}
			}
		}
		fresh := NewEngine(cfg, fs)
		freshAssumed := fresh.Assuming(map[string]*expr.Macro{"CFG": {Name: "CFG", Body: "1"}})
		only := make([]bool, len(fs.Files))
		only[r.Intn(len(fs.Files))] = true
		for _, c := range []struct {
			e    *Engine
			full *Results
		}{{fresh, full}, {freshAssumed, fullAssumed}} {
			run := c.e.NewRunFor(only)
			for _, u := range units {
				run.Unit(u)
			}
			run.Results()
			if again := c.e.Evaluate(units); !reflect.DeepEqual(again.ByFile, c.full.ByFile) || !reflect.DeepEqual(again.Visited, c.full.Visited) {
				for id := range fs.Files {
					if !reflect.DeepEqual(again.ByFile[id], c.full.ByFile[id]) {
						t.Fatalf("seed %d, file %s: a full run after runs for some files records\n%s\nfor it, the first full run\n%s", seed,
							fs.Files[id].Path, dumpFile(again, id), dumpFile(c.full, id))
					}
				}
				t.Fatalf("seed %d: a full run after runs for some files visits other files", seed)
			}
		}
	}
	if stops == 0 {
		t.Fatalf("no pass stopped early in %d", passes)
	}
	t.Logf("%d of %d passes stopped early", stops, passes)
}

// addComputedIncludes adds headers x0.h to x3.h, which no #include
// names literally, and makes a few headers include them (or another
// header) through a macro whose value depends on the state, so that an
// unguarded header read again can reach a header for the first time. It
// returns the files with the new headers.
func addComputedIncludes(r *rand.Rand, files []*File) []*File {
	var headers []*File
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".h") {
			headers = append(headers, f)
		}
	}
	var targets []string
	for k := range 4 {
		p := fmt.Sprintf("x%d.h", k)
		targets = append(targets, p)
		src := fmt.Sprintf("#if M%d > 1\n#define M%d 1\n#elif __CUDA_ARCH__ >= 900\n#define M%d 2\n#endif\n", r.Intn(6), r.Intn(6), r.Intn(6))
		switch r.Intn(3) {
		case 0:
			src = "#pragma once\n" + src
		case 1:
			src = fmt.Sprintf("#ifndef X%d_H\n#define X%d_H\n%s#endif\n", k, k, src)
		}
		f := &File{Root: "r", Path: p, Src: []byte(src), Once: strings.HasPrefix(src, "#pragma once")}
		files = append(files, f)
		headers = append(headers, f)
	}
	for _, f := range headers {
		targets = append(targets, f.Path)
	}
	var once []*File
	for _, f := range headers {
		if f.Once {
			once = append(once, f)
		}
	}
	for k := range 4 {
		// Mostly #pragma once headers: a pass stops only once every
		// header with a computed #include is one, and seen.
		f := headers[r.Intn(len(headers))]
		if len(once) > 0 && r.Intn(4) > 0 {
			f = once[r.Intn(len(once))]
		}
		inc := fmt.Sprintf("#if M%d > 1\n#define INC%d \"%s\"\n#else\n#define INC%d \"%s\"\n#endif\n#include INC%d\n",
			r.Intn(6), k, targets[r.Intn(4)], k, targets[r.Intn(len(targets))], k)
		if r.Intn(3) == 0 {
			inc = "#if defined(CFG)\n" + inc + "#endif\n"
		}
		// After a line past the #pragma once or the guard's two lines,
		// before the guard's #endif.
		lines := strings.SplitAfter(string(f.Src), "\n")
		lo, hi := 0, len(lines)-1 // SplitAfter leaves "" last
		switch {
		case f.Once:
			lo = 1
		case strings.HasPrefix(lines[0], "#ifndef"):
			lo, hi = 2, hi-1
		}
		at := lo + r.Intn(hi-lo+1)
		f.Src = []byte(strings.Join(lines[:at], "") + inc + strings.Join(lines[at:], ""))
	}
	for _, f := range files {
		f.St = Build(Scan(f.Src))
	}
	return files
}

// dumpFile prints a file's results.
func dumpFile(r *Results, id int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "visited %v\n", r.Visited[id])
	for di, dr := range r.ByFile[id] {
		if dr != nil {
			fmt.Fprintf(&b, "  %d: %+v\n", di, *dr)
		}
	}
	return b.String()
}
