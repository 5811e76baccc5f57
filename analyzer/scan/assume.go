package scan

import (
	"cmp"
	"fmt"
	"slices"
	"sort"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/walk"
	"github.com/archlint/archlint/rules"
)

// maxAssumed bounds how many configuration macros get their own runs: each
// costs two evaluations of the units that reach the chains depending on it.
const maxAssumed = 8

// conditionalFindings finds what holds only for some values of a
// configuration macro (defined nowhere in the scanned code, so set by the
// build): chains left undecided by exactly one such macro are evaluated again
// with it defined (as 1) and undefined, and findings that appear only then
// are reported with the assumption in their message (design.md section 4:
// "report a finding that holds only for some values, saying which").
// eng is the main evaluation's engine: the runs replay the visits its memo
// stored that did not read the assumed macro (cpp.Engine.Assuming).
//
// It picks the macros and starts their runs in the background; findings
// judges them. The runs read only the main evaluation (its engine and
// chains), not what the rules find, so Run starts them before its checks
// and they use the CPU the checks leave idle (their parses of kernel files
// run on several CPUs, the rest of them on one).
func (p *Project) conditionalFindings(eng *cpp.Engine, base []*cpp.ChainEval) *assumptions {
	files := map[string]map[int]bool{} // macro -> file IDs with chains depending on it alone
	// count: chains depending on the macro alone; archCount: those of them
	// that test the architecture themselves. The budget goes to the macros
	// with the most of the latter: CCCL's internal macros (defined in its
	// extensionless headers, which are not scanned) leave hundreds of
	// chains undecided, `#if defined(_CCCL_IMPLICIT_SYSTEM_HEADER_GCC)
	// #pragma GCC system_header` in every header, and took five of eight
	// runs in the six-tree set without a finding, while flashinfer's
	// FLASHINFER_ENABLE_FP4_E2M1, guarding `__CUDA_ARCH__ >= 1000` paths,
	// got none.
	count, archCount := map[string]int{}, map[string]int{}
	pre := NewTriggers()
	for _, ce := range base {
		names := undecidedBy(ce, p.FS)
		if len(names) != 1 {
			continue
		}
		m := names[0]
		if files[m] == nil {
			files[m] = map[int]bool{}
		}
		files[m][ce.File.ID] = true
		count[m]++
		if testsArch(ce, pre) {
			archCount[m]++
		}
	}
	macros := make([]string, 0, len(count))
	for m := range count {
		macros = append(macros, m)
	}
	sort.Slice(macros, func(i, j int) bool {
		a, b := macros[i], macros[j]
		return cmp.Or(cmp.Compare(archCount[b], archCount[a]), cmp.Compare(count[b], count[a]), cmp.Compare(a, b)) < 0
	})
	if len(macros) > maxAssumed {
		macros = macros[:maxAssumed]
	}
	// Every assumption is two evaluations, of the same units: both run on
	// one goroutine, unit by unit, the second engine derived from the
	// first, so that it replays the first's visits of the unit's headers
	// where they did not read the macro (cpp.Engine.Assuming; both replay
	// the main evaluation's). The assumptions run at once, p.jobs at a
	// time (a split evaluation makes each worker preprocess the headers
	// the other reads), and are judged in order, so the findings do not
	// depend on which finishes first.
	var runs []*assumptionRun
	for _, m := range macros {
		units := p.units(files[m])
		for _, defined := range []bool{true, false} {
			runs = append(runs, &assumptionRun{macro: m, defined: defined, units: units, done: make(chan *cpp.Results, 1)})
		}
	}
	// The pairs start largest first (by units, then in judging order):
	// in judging order the six-tree set's second largest pair started
	// sixth and ran alone at the end for 1.3 s.
	pairs := make([]int, 0, len(runs)/2)
	for i := 0; i < len(runs); i += 2 {
		pairs = append(pairs, i)
	}
	sort.SliceStable(pairs, func(a, b int) bool { return len(runs[pairs[a]].units) > len(runs[pairs[b]].units) })
	go func() {
		sem := make(chan struct{}, p.jobs)
		for _, i := range pairs {
			def, undef := runs[i], runs[i+1]
			sem <- struct{}{}
			go func() {
				defer func() { <-sem }()
				m := def.macro
				// Only the chains of files[m] are judged: a pass stops
				// once those its unit reaches have had their first visits.
				judged := make([]bool, len(p.FS.Files))
				for id := range files[m] {
					judged[id] = true
				}
				defEng := eng.Assuming(map[string]*expr.Macro{m: {Name: m, Body: "1"}})
				a, b := defEng.NewRunFor(judged), defEng.Assuming(map[string]*expr.Macro{m: nil}).NewRunFor(judged)
				for _, u := range def.units {
					a.Unit(u)
					b.Unit(u)
				}
				def.done <- cpp.MergeResults([]*cpp.Results{a.Results()})
				undef.done <- cpp.MergeResults([]*cpp.Results{b.Results()})
			}()
		}
	}()
	return &assumptions{fs: p.FS, files: files, runs: runs}
}

// assumptions are the assumption runs conditionalFindings started, to be
// judged by findings.
type assumptions struct {
	fs    *cpp.FileSet
	files map[string]map[int]bool // macro -> file IDs with chains depending on it alone
	runs  []*assumptionRun
}

// judged are the macros the runs evaluate both ways: a chain undecided by
// one of them alone is judged, with a `when:` line where it matters.
func (a *assumptions) judged() map[string]bool {
	out := map[string]bool{}
	for _, r := range a.runs {
		out[r.macro] = true
	}
	return out
}

// assumptionRun is the evaluation of one macro defined or not; done
// receives its results once the evaluation ends.
type assumptionRun struct {
	macro   string
	defined bool
	units   []*cpp.File
	done    chan *cpp.Results
}

// findings judges the assumption runs in order, waiting for each: a
// finding is new when neither have nor an earlier run holds its key, so
// the findings do not depend on which run finishes first.
func (a *assumptions) findings(ctx func([]*cpp.ChainEval) *rules.Context, have []finding.Finding) []finding.Finding {
	seen := map[string]bool{}
	for _, f := range have {
		seen[findingKey(f)] = true
	}
	var out []finding.Finding
	for _, r := range a.runs {
		res := <-r.done
		m := r.macro
		state := "is not defined"
		if r.defined {
			state = "is defined"
		}
		// Only the judged files' chains: building the others' would be
		// thrown away.
		x := ctx(res.ChainEvalsOf(a.fs, a.files[m]))
		for _, chk := range rules.Checks() {
			for _, f := range chk.Run(chk.Rule, x) {
				k := findingKey(f)
				if seen[k] {
					continue
				}
				seen[k] = true
				f.Message += fmt.Sprintf(" This holds when %s %s: %s is defined nowhere in the scanned code, so the build decides.", m, state, m)
				if f.Properties == nil {
					f.Properties = map[string]any{}
				}
				f.Properties["assumes"] = m + " " + map[bool]string{true: "defined", false: "undefined"}[r.defined]
				out = append(out, f)
			}
		}
	}
	return out
}

// testsArch says whether a chain's own conditions name an architecture
// macro (the byte triggers of an arch-relevant file); an <nv/target> gate
// always does.
func testsArch(ce *cpp.ChainEval, pre *walk.Prefilter) bool {
	if ce.Synth != nil {
		return true
	}
	for _, b := range ce.Chain.Branches {
		if pre.Match([]byte(ce.File.St.Src.Directives[b.Dir].Args)) {
			return true
		}
	}
	return false
}

// undecidedBy returns the configuration macros a chain's undecided branch
// choice depends on, or nil when every pass is decided. The project's own
// macros are left out: one is undecided only because its #define sat under
// an undecided condition, whose macros are listed too (an #ifdef of
// CUTLASS_ARCH_MMA_SM90A_ENABLED in a header included under #ifdef
// ENABLE_FP8_BLOCK_SCALE depends on ENABLE_FP8_BLOCK_SCALE alone), and
// assuming a value for it would change nothing: the engine answers a
// project macro from its definitions, never from an assumption. The
// toolkit's version macros are left out too: cuda.h decides them, not a
// -D flag.
func undecidedBy(ce *cpp.ChainEval, fs *cpp.FileSet) []string {
	undecided := false
	for _, b := range ce.Branch {
		if b == shutout.Unknown {
			undecided = true
			break
		}
	}
	if !undecided {
		return nil
	}
	var names []string
	for _, dr := range ce.Dirs {
		if dr == nil {
			continue
		}
		for _, u := range dr.Unknowns {
			if !slices.Contains(names, u) && !fs.DefinedInRoots(u) && !cpp.ToolkitVersionMacro(u) {
				names = append(names, u)
			}
		}
	}
	return names
}

func findingKey(f finding.Finding) string {
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d", f.RuleID, f.Location.Root, f.Location.Path, f.Location.Line)
}
