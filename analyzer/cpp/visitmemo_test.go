package cpp

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

// TestVisitMemoSameResults checks the visit memo (and the other
// shortcuts) against running every pass and reading every header, on
// generated trees where many units include headers that include each
// other in different orders: guarded, #pragma once and unguarded headers
// whose #defines depend on the arch, on configuration macros, on each
// other and on the includer. Units are split between two workers as a
// scan does, and the memo is exercised across units, pass groups and
// workers' own histories.
func TestVisitMemoSameResults(t *testing.T) {
	base := memoTestConfig(t)
	for seed := int64(1); seed <= 40; seed++ {
		fs, units := genUnits(seed)
		run := func(every bool) *Results {
			cfg := base
			cfg.EveryPass = every
			e := NewEngine(cfg, fs)
			var a, b []*File
			for i, u := range units {
				if i%2 == 0 {
					a = append(a, u)
				} else {
					b = append(b, u)
				}
			}
			return MergeResults([]*Results{e.Evaluate(a), e.Evaluate(b)})
		}
		fast, slow := run(false), run(true)
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("seed %d: shortcuts change the results:\n%s", seed, strings.Join(diffResults(fast, slow), "\n"))
		}
	}
}

// TestSharedVisitMemoSameResults runs the units of each generated tree on
// several goroutines at once, all through one engine and so one visit
// memo, with the units split differently in every round: each round
// replays what the others stored, in whatever order the scheduler gives.
// Every round must record what running every pass alone records; under
// -race it also checks that the shared memo is race-free.
func TestSharedVisitMemoSameResults(t *testing.T) {
	cfg := memoTestConfig(t)
	for seed := int64(1); seed <= 20; seed++ {
		fs, units := genUnits(seed)
		every := cfg
		every.EveryPass = true
		slowEngine := NewEngine(every, fs)
		e := NewEngine(cfg, fs)
		for round, jobs := range []int{4, 3, 2, 4} {
			// The same split without shortcuts: Disagree depends on how
			// units are split (a weak and a strong value meet in one part
			// or in two), so both sides split alike.
			shares := make([][]*File, jobs)
			for i, u := range units {
				j := (i + round) % jobs
				shares[j] = append(shares[j], u)
			}
			parts, slowParts := make([]*Results, jobs), make([]*Results, jobs)
			var wg sync.WaitGroup
			for j := range jobs {
				slowParts[j] = slowEngine.Evaluate(shares[j])
				wg.Add(1)
				go func() {
					defer wg.Done()
					parts[j] = e.Evaluate(shares[j])
				}()
			}
			wg.Wait()
			fast, slow := MergeResults(parts), MergeResults(slowParts)
			if !reflect.DeepEqual(fast, slow) {
				t.Fatalf("seed %d, round %d: a shared memo changes the results:\n%s", seed, round,
					strings.Join(diffResults(fast, slow), "\n"))
			}
		}
	}
}

// memoTestConfig is the engine configuration of the memo tests: every
// reference pass, built for the newest arch.
func memoTestConfig(t *testing.T) Config {
	t.Helper()
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cv := target.DefaultCUDA()
	passes := tb.Reference(cv)
	return Config{Table: tb, CUDA: cv, Passes: passes, BuildList: []target.Arch{passes[len(passes)-1]}}
}

// genUnits indexes genTree's tree for a seed and lists its units.
func genUnits(seed int64) (*FileSet, []*File) {
	fs := NewFileSet(genTree(rand.New(rand.NewSource(seed))), nil)
	return fs, cuUnits(fs)
}

// cuUnits are the translation units of fs: its .cu files.
func cuUnits(fs *FileSet) []*File {
	var units []*File
	for _, f := range fs.Files {
		if strings.HasSuffix(f.Path, ".cu") {
			units = append(units, f)
		}
	}
	return units
}

// genTree makes a random tree of headers and units.
func genTree(r *rand.Rand) []*File {
	const nh, nu = 14, 8
	conds := []string{
		"__CUDA_ARCH__ >= 900", "defined(__CUDA_ARCH__)", "__CUDA_ARCH__ == 1200", "defined(CFG)", "CFG2 > 1",
		"defined(M%d)", "M%d > 1", "!defined(M%d)", "defined(__CUDA_ARCH_FEAT_SM120_ALL)", "M%d == __CUDA_ARCH__",
	}
	cond := func() string {
		c := conds[r.Intn(len(conds))]
		if strings.Contains(c, "%d") {
			c = fmt.Sprintf(c, r.Intn(6))
		}
		return c
	}
	unguarded := map[int]bool{}
	body := func(self int, n int) string {
		var b strings.Builder
		depth := 0
		for i := 0; i < n; i++ {
			switch k := r.Intn(10); {
			case k < 3:
				fmt.Fprintf(&b, "#if %s\n", cond())
				depth++
			case k == 3 && depth > 0:
				fmt.Fprintf(&b, "#elif %s\n", cond())
			case k == 4 && depth > 0:
				b.WriteString("#else\n")
			case k == 5 && depth > 0:
				b.WriteString("#endif\n")
				depth--
			case k == 6:
				fmt.Fprintf(&b, "#define M%d %d\n", r.Intn(6), r.Intn(3))
			case k == 7:
				fmt.Fprintf(&b, "#undef M%d\n", r.Intn(6))
			default:
				// Unguarded headers include only guarded ones: two that
				// include each other make an include bomb, cut at the
				// read limit, where the shortcuts count readings
				// differently (replayed re-reads read nothing).
				if h := r.Intn(nh); (h != self || r.Intn(4) == 0) && !(self >= 0 && unguarded[self] && unguarded[h]) {
					fmt.Fprintf(&b, "#include \"h%d.h\"\n", h)
				}
			}
		}
		for ; depth > 0; depth-- {
			b.WriteString("#endif\n")
		}
		return b.String()
	}
	kind := make([]int, nh)
	for i := range kind {
		kind[i] = r.Intn(3)
		unguarded[i] = kind[i] == 2
	}
	var files []*File
	for i := 0; i < nh; i++ {
		var src string
		switch kind[i] {
		case 0:
			src = fmt.Sprintf("#ifndef H%d_H\n#define H%d_H\n%s#endif\n", i, i, body(i, 8))
		case 1:
			src = "#pragma once\n" + body(i, 8)
		default:
			src = body(i, 4) // re-read at every include
		}
		files = append(files, &File{Root: "r", Path: fmt.Sprintf("h%d.h", i), Src: []byte(src)})
	}
	for i := 0; i < nu; i++ {
		files = append(files, &File{Root: "r", Path: fmt.Sprintf("u%d.cu", i), Src: []byte(body(-1, 10))})
	}
	for _, f := range files {
		f.St = Build(Scan(f.Src))
		f.Once = strings.HasPrefix(string(f.Src), "#pragma once")
	}
	return files
}

// TestAssumingSameResults checks the engines Assuming makes, which replay
// the visits of the engines they derive from, against running every pass
// with the same assumption: on generated trees whose conditions read
// configuration macros (CFG, CFG2) that the base engine leaves undecided
// and the derived ones settle, so the bases hold visits that read them.
// Each chain derives engine after engine from the base (past maxBases)
// and runs them unit by unit, each unit through every engine in turn, as
// a scan's assumption runs do; two chains run at once. It runs with the
// default bound and with one so small that the derived memos, which
// share theirs (memoBudget), evict again and again.
func TestAssumingSameResults(t *testing.T) {
	cfg := memoTestConfig(t)
	def := func(n, v string) map[string]*expr.Macro { return map[string]*expr.Macro{n: {Name: n, Body: v}} }
	undef := func(n string) map[string]*expr.Macro { return map[string]*expr.Macro{n: nil} }
	chains := [][]map[string]*expr.Macro{
		{def("CFG", "1"), undef("CFG"), def("CFG2", "2"), undef("CFG2"), def("CFG", "1")},
		{undef("CFG2"), def("CFG2", "2"), def("M3", "2"), undef("CFG")}, // M3 is a project macro: assuming it changes nothing
	}
	derivedEvictions := 0
	for _, bound := range []int{0, 4 << 10} {
		cfg.memoBytes = bound
		for seed := int64(1); seed <= 40; seed++ {
			derivedEvictions += assumingSameResults(t, cfg, chains, seed)
		}
	}
	if derivedEvictions == 0 {
		t.Fatal("no derived memo evicted: the test does not exercise their shared bound")
	}
}

// assumingSameResults runs TestAssumingSameResults's chains on the
// generated tree of seed, and returns how often the derived memos
// evicted (their bound, memoBudget, is shared).
func assumingSameResults(t *testing.T, cfg Config, chains [][]map[string]*expr.Macro, seed int64) int {
	t.Helper()
	var evictions atomic.Int32
	{
		fs, units := genUnits(seed)
		base := NewEngine(cfg, fs)
		base.Evaluate(units[:len(units)/2])
		fast := make([][]*Results, len(chains))
		var wg sync.WaitGroup
		for c, chain := range chains {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var runs []*Run
				var derived []*Engine
				e := base
				for _, a := range chain {
					e = e.Assuming(a)
					derived = append(derived, e)
					runs = append(runs, e.NewRun())
				}
				for _, u := range units {
					for _, r := range runs {
						r.Unit(u)
					}
				}
				for _, r := range runs {
					fast[c] = append(fast[c], r.Results())
				}
				for _, r := range derived {
					evictions.Add(int32(r.memo.table.evictions))
				}
			}()
		}
		wg.Wait()
		for c, chain := range chains {
			for i, a := range chain {
				every := cfg
				every.EveryPass = true
				every.Assume = a
				slow := NewEngine(every, fs).Evaluate(units)
				if !reflect.DeepEqual(fast[c][i], slow) {
					t.Fatalf("seed %d, bound %d, chain %d, assuming %v: replaying other engines' visits changes the results:\n%s", seed, cfg.memoBytes, c, a,
						strings.Join(diffResults(fast[c][i], slow), "\n"))
				}
			}
		}
	}
	return int(evictions.Load())
}
