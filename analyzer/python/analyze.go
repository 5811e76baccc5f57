// Package python finds the runtime gates of Python (and CMake) sources:
// every place the code decides by GPU compute capability — supported major
// version lists, capability comparisons, helper predicates, arch lists,
// dispatch ladders, table lookups, pytest skips — and evaluates each one
// per reference capability with a small abstract interpreter over the
// tree-sitter syntax tree (design.md section 5).
//
// The interpreter runs every module and every function once per
// capability, with capability reads concrete for that run and a taint bit
// saying which values depend on them; a decision whose condition is
// tainted is a gate, and the arm each capability takes is its Branch, in
// the encoding analyzer/shutout.Decide consumes.
package python

import (
	"cmp"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Capability is a (major, minor) compute capability: 7.5 ... 12.1.
type Capability struct{ Major, Minor int }

// Age is major*100+minor*10: the same scale as __CUDA_ARCH__ (12.0 -> 1200).
func (c Capability) Age() int { return c.Major*100 + c.Minor*10 }

func (c Capability) String() string { return fmt.Sprintf("%d.%d", c.Major, c.Minor) }

// Source is one Python (or CMake) file to analyze.
type Source struct {
	Root, Path string // Path slash-separated, relative to Root
	Src        []byte
}

// Config tunes the analysis.
type Config struct {
	// Caps are the reference capabilities, oldest first.
	Caps []Capability
	// CUDAVersion is the assumed toolkit, e.g. {13, 0}: torch.version.cuda
	// comparisons use it.
	CUDAVersion [2]int
	// CapabilityFuncs names extra capability sources ("mylib.get_sm" or
	// "get_sm"): their calls return the capability.
	CapabilityFuncs []string
	// JITFuncs names extra JIT build functions ("mylib.build_ext" or
	// "build_ext"), read like gen_jit_spec(name, sources, ...).
	JITFuncs []string
}

// DefaultCaps are the reference capabilities.
func DefaultCaps() []Capability {
	return []Capability{{7, 5}, {8, 0}, {8, 6}, {8, 7}, {8, 9}, {9, 0}, {10, 0}, {10, 3}, {11, 0}, {12, 0}, {12, 1}}
}

// Gate is one place where Python code decides by GPU capability.
type Gate struct {
	Root, Path      string
	Line, Col       int // 1-based, of the deciding expression
	EndLine, EndCol int
	Kind            string // supported-major-versions, capability-check, helper-predicate, arch-list, dispatch-ladder, table-lookup, pytest-skip, decorator, cmake-arch-list
	Expr            string // exact source text of the condition / list
	Function        string // enclosing function "module.func", or the module at top level
	Module          string
	// Branch[i] is the outcome Config.Caps[i] takes: an index into
	// Outcomes, -1 (refused: shutout.None) or -2 (shutout.Unknown).
	Branch   []int
	Outcomes []string
	Refusal  string       // what a refused capability gets
	Admits   []Capability // capabilities taking a non-refusing outcome
	// Helper is the predicate a helper-predicate gate calls, defined at
	// HelperPath:HelperLine.
	Helper     string
	HelperPath string
	HelperLine int
	EnvVar     string // an arch list read from this environment variable (its default was evaluated)
	IsTest     bool
	// GuardsCall is the first argument of a JIT build call the gate
	// guards (gen_jit_spec(...), load(...)), at GuardsCallLine.
	GuardsCall     string
	GuardsCallLine int
}

// Notification is something the analysis could not read.
type Notification struct {
	Root, Path string
	Line       int
	Msg        string
}

// Kinds of gate.
const (
	KindMajors     = "supported-major-versions"
	KindCheck      = "capability-check"
	KindHelper     = "helper-predicate"
	KindArchList   = "arch-list"
	KindLadder     = "dispatch-ladder"
	KindLookup     = "table-lookup"
	KindSkip       = "pytest-skip"
	KindDecorator  = "decorator"
	KindCMakeArchs = "cmake-arch-list"
)

// Analyze finds and evaluates the gates of srcs. Files are parsed in
// parallel and capabilities are evaluated in parallel; the result does not
// depend on scheduling.
func Analyze(srcs []Source, cfg Config) ([]Gate, []Notification) {
	prog, notes := analyze(srcs, cfg, false)
	return prog.Gates, notes
}

// analyze is Analyze and AnalyzeProgram; with collect, the oldest
// capability's worker also records JIT calls and call edges (they do not
// depend on the capability), which leaves the gates as they are.
func analyze(srcs []Source, cfg Config, collect bool) (*Program, []Notification) {
	if len(cfg.Caps) == 0 {
		cfg.Caps = DefaultCaps()
	}
	if cfg.CUDAVersion == [2]int{} {
		cfg.CUDAVersion = [2]int{13, 0}
	}
	var pySrcs []Source
	var gates []Gate
	var notes []Notification
	for _, s := range srcs {
		switch {
		case isCMake(s.Path):
			gates = append(gates, cmakeGates(s, cfg.Caps)...)
		case strings.HasSuffix(s.Path, ".py") || strings.HasSuffix(s.Path, ".pyi"):
			pySrcs = append(pySrcs, s)
		}
	}
	sort.SliceStable(pySrcs, func(i, j int) bool {
		if pySrcs[i].Root != pySrcs[j].Root {
			return pySrcs[i].Root < pySrcs[j].Root
		}
		return pySrcs[i].Path < pySrcs[j].Path
	})
	mods, n := parseAll(pySrcs)
	notes = append(notes, n...)
	prog := newProgram(mods, cfg)
	prog.collect = collect

	recs, fx := evaluate(prog)
	gates = append(gates, buildGates(prog, recs)...)
	for _, m := range mods {
		gates = append(gates, archListGates(m, cfg.Caps)...)
	}
	sortGates(gates)
	sort.SliceStable(notes, func(i, j int) bool {
		a, b := notes[i], notes[j]
		if a.Root != b.Root {
			return a.Root < b.Root
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Line < b.Line
	})
	out := &Program{Gates: gates}
	if collect {
		out.JIT, out.Calls, out.Funcs = programFacts(prog, fx, gates)
	}
	return out, notes
}

func sortGates(g []Gate) {
	sort.SliceStable(g, func(i, j int) bool {
		a, b := g[i], g[j]
		return cmp.Or(comparePos(a.Root, a.Path, a.Line, a.Col, b.Root, b.Path, b.Line, b.Col), cmp.Compare(a.Kind, b.Kind)) < 0
	})
}

// comparePos orders source positions by root, path, line and column: the
// one order gates, calls and JIT modules are reported in.
func comparePos(ar, ap string, al, ac int, br, bp string, bl, bc int) int {
	return cmp.Or(cmp.Compare(ar, br), cmp.Compare(ap, bp), cmp.Compare(al, bl), cmp.Compare(ac, bc))
}

// parseAll parses the Python files with one parser per worker and returns
// the modules in input order.
func parseAll(srcs []Source) ([]*module, []Notification) {
	type result struct {
		m    *module
		note *Notification
	}
	res := make([]result, len(srcs))
	workers := min(runtime.GOMAXPROCS(0), len(srcs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := newParser()
			if err != nil {
				for i := range next {
					res[i].note = &Notification{Root: srcs[i].Root, Path: srcs[i].Path, Msg: err.Error()}
				}
				return
			}
			defer p.close()
			for i := range next {
				s := srcs[i]
				pr, err := p.parse(s.Src)
				if err != nil {
					res[i].note = &Notification{Root: s.Root, Path: s.Path, Msg: fmt.Errorf("parse: %w", err).Error()}
					continue
				}
				m := &module{root: s.Root, path: s.Path, src: s.Src, tab: p.tab, parsed: pr, lines: newLineIndex(s.Src), isTest: isTestPath(s.Path)}
				res[i].m = m
				if pr.syntaxErr > 0 {
					res[i].note = &Notification{Root: s.Root, Path: s.Path, Line: pr.syntaxErr,
						Msg: "Python syntax error: gates in the damaged region may be missed"}
				}
			}
		}()
	}
	for i := range srcs {
		next <- i
	}
	close(next)
	wg.Wait()

	pkgDirs := map[string]bool{}
	for _, s := range srcs {
		if strings.HasSuffix(s.Path, "/__init__.py") {
			pkgDirs[s.Root+"\x00"+strings.TrimSuffix(s.Path, "/__init__.py")] = true
		}
	}
	var mods []*module
	var notes []Notification
	for _, r := range res {
		if r.note != nil {
			notes = append(notes, *r.note)
		}
		if r.m == nil {
			continue
		}
		m := r.m
		dirs := map[string]bool{}
		for d := range pkgDirs {
			if rest, ok := strings.CutPrefix(d, m.root+"\x00"); ok {
				dirs[rest] = true
			}
		}
		m.name, m.pkg, _ = moduleName(m.path, dirs)
		m.idx = len(mods)
		m.index()
		mods = append(mods, m)
	}
	return mods, notes
}

// evaluate runs one worker per capability. Whether a value depends on the
// capability does not depend on which capability it is, so the oldest and
// the newest capability first find the functions that decide anything
// (every arm is explored, taken or not); the others then analyze only
// those functions. Module top levels always run: they define the globals.
func evaluate(prog *program) ([]*recorder, *facts) {
	n := len(prog.cfg.Caps)
	recs := make([]*recorder, n)
	probes := []int{0}
	if n > 1 {
		probes = append(probes, n-1)
	}
	hits := make([]map[*funcDef]bool, len(probes))
	var fx *facts
	var wg sync.WaitGroup
	for i, ci := range probes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(prog, ci)
			w.run(nil)
			recs[ci], hits[i] = w.rec, w.hits
			if w.facts != nil {
				fx = w.facts
			}
		}()
	}
	wg.Wait()
	only := map[*funcDef]bool{}
	for _, h := range hits {
		for fn := range h {
			only[fn] = true
		}
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for ci := range n {
		if recs[ci] != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			w := newWorker(prog, ci)
			w.run(only)
			recs[ci] = w.rec
		}()
	}
	wg.Wait()
	return recs, fx
}
