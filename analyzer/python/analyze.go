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
// the encoding analyzer/shutout.Decide consumes. A module whose last
// statement is `if __name__ == "__main__":` has that block run as a
// script once its top level is done, as a function is analyzed on its own:
// importers never see what it binds (worker.runMain).
package python

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Capability is a (major, minor) compute capability: 7.5 ... 12.1.
type Capability struct{ Major, Minor int }

// Age is major*100+minor*10: the same scale as __CUDA_ARCH__ (12.0 -> 1200).
func (c Capability) Age() int { return c.Major*100 + c.Minor*10 }

func (c Capability) String() string { return fmt.Sprintf("%d.%d", c.Major, c.Minor) }

// Source is one Python (or CMake) file to analyze. A Python file may come
// with its byte scan (Digest, Lexer.Digest) and Load, which reads it when
// the analysis needs it, so that files that cannot matter are not held;
// Src may then hold the bytes the byte scan read, which a scan loading
// every file parses without reading them again and a selection drops
// (CMake files always come with Src alone).
type Source struct {
	Root, Path string // Path slash-separated, relative to Root
	Src        []byte
	Digest     *Digest
	Load       func() ([]byte, error)
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
	// AllFiles parses and interprets every Python file instead of the
	// ones the byte scan selects (select.go); the results are the same,
	// which the tests check.
	AllFiles bool
	// alwaysSelect runs the selection however many seeds there are
	// (tests).
	alwaysSelect bool
	// checkJoin makes every join also scan every module and class for
	// every file, and panic where the index answers otherwise (tests).
	checkJoin bool
	// joinAll makes every join of environments visit every name, as
	// joining full copies did, not only the names some path wrote
	// (env.join; tests).
	joinAll bool
	// ownTopLevels makes every capability worker run every module top
	// level itself instead of adopting a probe's run that would go alike
	// (adopt.go; tests).
	ownTopLevels bool
	// ownGlobals makes every worker (the capability workers and the
	// selection's) keep its own module globals instead of sharing equal
	// ones (sharedGlobals; tests).
	ownGlobals bool
	// inlineMains runs each `if __name__ == "__main__":` block inside its
	// module's top level, as an undecided branch, instead of apart as a
	// script (worker.runMain; tests).
	inlineMains bool
	// allStmts runs every statement of a function, and allCalls follows
	// every call, not only those in its deciding slice (slice.go,
	// skipsStmt and followsCall; tests).
	allStmts, allCalls bool
	// oneCollector makes the oldest probe collect every call edge and
	// JIT call instead of sharing them with the newest (factsShare;
	// tests).
	oneCollector bool
	// wholeProbes makes each probe analyze every function, as before
	// the probes split them (probeHalf; tests).
	wholeProbes bool
	// ownCalls makes every capability worker compute every call it makes
	// instead of taking a result another worker published from the same
	// state (sharedcalls.go; tests).
	ownCalls bool
	// allEdges makes Program.Calls every edge recorded, not only those
	// up from the JIT calls (facts.edges; tests of call resolution).
	allEdges bool
	// panicIn makes the analysis of the function with that qualified
	// name panic, as a bug would (faults.go; tests).
	panicIn string
}

// denseSeeds is the share of seed files from which every file is
// analyzed: flashinfer (a third seeds) ends with four in five selected,
// sglang and vllm (one in twenty) with one in six and one in ten.
const denseSeeds = 0.2

// DefaultCaps are the reference capabilities.
func DefaultCaps() []Capability {
	return []Capability{{7, 5}, {8, 0}, {8, 6}, {8, 7}, {8, 9}, {9, 0}, {10, 0}, {10, 3}, {11, 0}, {12, 0}, {12, 1}}
}

// Gate is one place where Python code decides by GPU capability.
type Gate struct {
	Root, Path      string
	Line, Col       int // 1-based, of the deciding expression
	EndLine, EndCol int
	Kind            string // supported-major-versions, capability-check, helper-predicate, arch-list, dispatch-ladder, table-lookup, pytest-skip, decorator, cmake-arch-list, script-arch-list, kernel-arch-list, workflow-arch-list
	Expr            string // exact source text of the condition / list
	// Conds are the conditions of an if/elif chain's arms, in order (an
	// else has none): Branch[i] names an arm, and the conditions up to
	// it are what sent capability i there. Nil for other gates.
	Conds    []string
	Function string // enclosing function "module.func", or the module at top level
	Module   string
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
	// HelperReturns are the values the helper's own return statements
	// give (`torch.cuda.get_device_capability()[0] in [10, 12]`), so
	// that a rule can see the helper name the target.
	HelperReturns []string
	EnvVar        string // an arch list read from or written into this environment variable
	// EnvWrite: the code writes the list into EnvVar whatever the user
	// set (no condition on the way names the variable): setting the
	// variable does not change it.
	EnvWrite bool
	// NoGPU: the list is set only when no GPU is visible (a build in a
	// container without one).
	NoGPU bool
	// TableRow: the list is the value of a table's entry for one
	// capability (capabilityRow): what that GPU's code is built for, no
	// list the target is shut out of.
	TableRow bool
	// ReportedAs is the key of the dictionary a function named for a
	// report of what is supported (reportsSupport) returns, whose value
	// the list is: nccl's query_supported_hw `return {"sm_archs": [...]}`.
	ReportedAs string
	// Build is the extension builder (CUDAExtension) whose nvcc flags
	// the arch list is, read at the call (buildListGates): the
	// extension has code for those architectures alone.
	Build    string
	CacheVar string // a CMake arch list that is this cache variable's default (set(X ... CACHE ...))
	// Bitcode is set for a CMake list that only names the GPU clang
	// compiles an LLVM bitcode library for (--cuda-gpu-arch=${X} in a
	// file whose clang flags say -emit-llvm: nccl's BITCODE_LIB_ARCH):
	// programs built for any GPU link that IR and compile it for theirs.
	Bitcode bool
	IsTest  bool
	// Comment is what the code's authors wrote about the gate: the
	// comment ending its line or right above it (analyzer/comment), ""
	// when none. It often says why a GPU is left out.
	Comment string
	// Within are the conditions of the ifs around an if-statement check
	// in its function, innermost first, each as the check's path needs
	// it (`not x` for an if whose else holds the check): xformers'
	// `compute_capability >= (9, 0)` refuses only under `_cusplt_version
	// < (6, 0, 0)`. "" when none.
	Within string
	// GuardsCall is the first argument of a JIT build call the gate
	// guards (gen_jit_spec(...), load(...)), at GuardsCallLine.
	GuardsCall     string
	GuardsCallLine int
	// Toolkits are the CUDA versions whose arm of a build script's
	// toolkit test sets this list (`case "$CUDA_VERSION" in 12.8.1)`);
	// nil when none does.
	Toolkits []string
	// Variants are, for a kernel-builder kernel's list, the variants of
	// its family that list only their own architecture and are not
	// reported apart ("[kernel.attn_sm89] 8.9").
	Variants []string
	// ToolkitBelow: the list is set in a Python arm that runs only with
	// CUDA toolkits older than this version (`elif bare_metal_version >=
	// Version("11.1"):` after a `>= Version("11.8")` arm: "11.8").
	ToolkitBelow string
	// Restricts[i] says that outcome i's arm only adds checks that may
	// refuse (asserts, raises, error macros, ifs of those): a GPU that
	// takes another path misses a restriction there, not code
	// (cudnn-frontend's `if (prop_major == 8) { RETURN_..._ERROR_IF(...) }`).
	Restricts []bool
	// Tuning: every arm only sets numbers (tuning.go), so the gate picks
	// parameters for the same code, not a path.
	Tuning bool
	// Then is the check on a table lookup's result folded into the
	// lookup (foldNoneTests); nil for other gates.
	Then *GateRef
	// Lookups are the table lookups whose missing entry this check
	// gives a value of its own (foldNoneTests).
	Lookups []GateRef
	// CapAnd: the condition ANDs a comparison of the capability with
	// something else (`major == 10 and fa4 is not None`, `cc == (10, 0)
	// and sm_count >= 148`): where the capability test fails the
	// condition is decided, elsewhere the rest decides (capAnd).
	CapAnd bool
	// Arms are a C++ host ladder's arms (if / else if), in order: each
	// condition, where it starts and what the arm does; Branch[i] below
	// len(Arms) names one. Nil for other gates and for a single if.
	Arms []GateRef
	// Undecided marks, for a CapAnd gate, the capabilities that reach it
	// and take the arm or not as the rest of the condition decides (a
	// capability that never reaches the check is not one of them); for a
	// gate on the GPU's product name, those whose product names disagree.
	Undecided []bool
	// DefName and DefLine are, for a C++ host check, the unqualified name
	// of the function it is in (get_candidate_configs_sm100_dynamic_cluster_shape,
	// getTmaWarpSpecializedConfigs of MoeGemmRunner<...>) and the line its
	// definition starts on; "" and 0 where none is known.
	DefName string
	DefLine int
	// ArmNames are, for a C++ host check, parallel to Outcomes, the
	// identifiers each outcome's code names that name an architecture or
	// its instructions (CutlassTileConfigSM90, sm100_configs, HOPPER), in
	// source order, each once and a few at most; comments and string
	// literals are not read. For a Python if chain, the functions each arm
	// calls that are named for one architecture's kernels (kernelCalls:
	// SageAttention's `..._sm90`). Nil for other gates and when no arm
	// names one.
	ArmNames [][]string
	// Names, for a gate whose condition tests the GPU's product name
	// (`"H100" in torch.cuda.get_device_name()`), says per capability
	// how the names its GPUs report answer the condition (nil for a
	// capability that did not test it); nil for other gates.
	Names []*NameFacts
	// NameMay are the branches (Branch's encoding) a capability whose
	// product names disagree may take.
	NameMay []int
	// Workflow says, for a GitHub Actions workflow's list, whether the
	// workflow publishes what it builds and how the list reaches the
	// build; nil for other gates.
	Workflow *WorkflowFacts
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
	var pySrcs, workflows []Source
	var gates []Gate
	for _, s := range srcs {
		switch {
		case isWorkflow(s):
			workflows = append(workflows, s)
		case isCMake(s.Path):
			gates = append(gates, cmakeGates(s, cfg.Caps, cfg.CUDAVersion)...)
		case isBuildScript(s.Path):
			gates = append(gates, scriptGates(s, cfg.Caps)...)
		case isKernelBuild(s.Path):
			gates = append(gates, kernelGates(s, cfg.Caps)...)
		case strings.HasSuffix(s.Path, ".py") || strings.HasSuffix(s.Path, ".pyi"):
			pySrcs = append(pySrcs, s)
		}
	}
	gates = append(gates, workflowGates(workflows, cfg.Caps)...)
	sort.SliceStable(pySrcs, func(i, j int) bool {
		if pySrcs[i].Root != pySrcs[j].Root {
			return pySrcs[i].Root < pySrcs[j].Root
		}
		return pySrcs[i].Path < pySrcs[j].Path
	})
	prog := newProgram(stubModules(pySrcs), cfg)
	defer prog.parsers.close()
	// The byte scan decides the selection and, with every file loaded
	// too, the order roots run in.
	prog.digestAll()
	prog.rankRoots()
	// Most files will matter when a fifth are seeds (flashinfer ends near
	// four in five): the selection's own pass would cost more than it
	// saves. The result is the same either way. Without the selection the
	// byte scan's words are read by nothing, so they go before the files
	// are loaded rather than after.
	if cfg.AllFiles || !cfg.alwaysSelect && prog.seedShare() >= denseSeeds {
		prog.dropWords()
		// Every file is loaded: those whose bytes the byte scan kept
		// (Source.Src beside Source.Load) are not read again.
		prog.loadAll(prog.mods)
		prog.selectAll()
	} else {
		prog.dropSources()
		prog.selectFiles()
		prog.dropWords()
	}
	prog.order = prog.byRootRank(prog.order)
	prog.collect = collect

	var recs []*recorder
	var fx *facts
	if !prog.faulted() {
		recs, fx = evaluate(prog)
	}
	if fn := prog.faultNotes(); fn != nil {
		// What reads the program ahead ends first (a reading of the
		// arch lists ahead that has not begun will not).
		prog.list.wg.Wait()
		prog.arch.once.Do(func() {})
		// CMake's gates do not come from the Python analysis.
		sortGates(gates)
		return &Program{Gates: gates}, append(prog.notes(), fn...)
	}
	gates = append(gates, buildGates(prog, recs)...)
	gates = append(gates, prog.archListGates()...)
	if fx != nil {
		gates = append(gates, buildListGates(prog, fx, gates)...)
	}
	sortGates(gates)
	notes := prog.notes()
	out := &Program{Gates: gates}
	if collect {
		out.Funcs, out.Calls = prog.list.get(prog, fx)
		if fx != nil {
			out.JIT = fx.modules(prog, gates)
		}
	}
	return out, notes
}

// listing is the program's definitions and call edges, which need no
// gate: with every module loaded (selectAll), nothing the other workers
// or the gates do writes what they read, so they are listed ahead,
// beside those (listAhead), as soon as the facts are complete; the
// listing had been the end's longest step, on one core.
type listing struct {
	wg      sync.WaitGroup
	started bool
	funcs   []FuncDef
	calls   []Call
	failed  any // a panic listing them, raised by get as it was before
}

// listAhead starts listing the definitions and call edges, when every
// module is loaded and they are asked for.
func (p *program) listAhead(fx *facts) {
	if !p.collect || p.byDefName == nil {
		return
	}
	l := &p.list
	l.started = true
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		defer func() { l.failed = recover() }()
		l.funcs, l.calls = funcsAndCalls(p, fx)
	}()
}

// get is the definitions and call edges: listed ahead, or now.
func (l *listing) get(p *program, fx *facts) ([]FuncDef, []Call) {
	if !l.started {
		return funcsAndCalls(p, fx)
	}
	l.wg.Wait()
	if l.failed != nil {
		panic(l.failed)
	}
	return l.funcs, l.calls
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

// stubModules makes a module per file, in input order, named from the
// package layout; nothing is parsed yet.
func stubModules(srcs []Source) []*module {
	pkgDirs := map[string]map[string]bool{}
	for _, s := range srcs {
		if strings.HasSuffix(s.Path, "/__init__.py") {
			if pkgDirs[s.Root] == nil {
				pkgDirs[s.Root] = map[string]bool{}
			}
			pkgDirs[s.Root][strings.TrimSuffix(s.Path, "/__init__.py")] = true
		}
	}
	mods := make([]*module, len(srcs))
	for i, s := range srcs {
		m := &module{idx: i, root: s.Root, path: s.Path, src: s.Src, open: s.Load, dig: s.Digest, isTest: IsTestPath(s.Path)}
		m.name, m.pkg, _ = moduleName(m.path, pkgDirs[s.Root])
		dir := parentDir(s.Path)
		if strings.HasSuffix(s.Path, "/__init__.py") {
			dir = parentDir(dir)
		}
		m.inPackage = pkgDirs[s.Root][dir]
		m.lastHash = wordHashString(lastName(m.name))
		mods[i] = m
	}
	return mods
}

// ensure loads a module (once, from any goroutine) and says whether it
// has a syntax tree.
func (p *program) ensure(m *module) bool {
	m.used.Store(true)
	m.once.Do(func() { p.load(m) })
	return m.parsed != nil
}

// load reads and parses m and indexes its definitions. What it sets,
// unloadUnused resets: a field added here goes there too.
func (p *program) load(m *module) {
	src := m.src
	if src == nil && m.open != nil {
		b, err := m.open()
		if err != nil {
			m.note = &Notification{Root: m.root, Path: m.path, Msg: fmt.Errorf("read: %w", err).Error()}
			return
		}
		src = b
	}
	ps, err := p.parsers.get()
	if err != nil {
		m.note = &Notification{Root: m.root, Path: m.path, Msg: err.Error()}
		return
	}
	// The hand-written parser first; tree-sitter for what it refuses.
	pr, ok := ps.parseGo(src)
	if !ok {
		pr, err = ps.parse(src)
	}
	p.parsers.put(ps)
	if err != nil {
		m.note = &Notification{Root: m.root, Path: m.path, Msg: fmt.Errorf("parse: %w", err).Error()}
		return
	}
	m.src, m.tab, m.parsed, m.lines = src, ps.tab, pr, newLineIndex(src)
	if pr.syntaxErr > 0 {
		m.note = &Notification{Root: m.root, Path: m.path, Line: pr.syntaxErr,
			Msg: "Python syntax error: gates in the damaged region may be missed"}
	}
	m.index()
}

// loadAll loads modules in parallel.
func (p *program) loadAll(ms []*module) {
	p.parallel("loading", len(ms), func(i int) { p.ensure(ms[i]) })
}

// parallel runs fn(0..n-1) on GOMAXPROCS goroutines; a panic in one
// call is caught (guard, with what) and the others go on.
func (p *program) parallel(what string, n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				func() {
					defer p.guard(what)
					fn(i)
				}()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// notes are the load problems of every module that was loaded, in module
// order: files never needed are never parsed, so a syntax error in one of
// them (which the byte scan shows holds no gate) goes unsaid.
func (p *program) notes() []Notification {
	var out []Notification
	for _, m := range p.mods {
		if m.note != nil && m.used.Load() {
			out = append(out, *m.note)
		}
	}
	return out
}

// parserPool lends tree-sitter parsers to whichever goroutine loads a
// module; each parser is used by one goroutine at a time.
type parserPool struct{ ch chan *parser }

func newParserPool() *parserPool { return &parserPool{ch: make(chan *parser, 2*runtime.GOMAXPROCS(0))} }

func (pp *parserPool) get() (*parser, error) {
	select {
	case ps := <-pp.ch:
		return ps, nil
	default:
		return newParser()
	}
}

func (pp *parserPool) put(ps *parser) {
	select {
	case pp.ch <- ps:
	default:
		ps.close()
	}
}

func (pp *parserPool) close() {
	for {
		select {
		case ps := <-pp.ch:
			ps.close()
		default:
			return
		}
	}
}

// evaluate runs one worker per capability. Whether a value depends on the
// capability does not depend on which capability it is, so the oldest and
// the newest capability first find the functions that decide anything
// (every arm is explored, taken or not), each in half of them (probeHalf),
// and then go on over the other half's that do; the others then analyze
// only those functions. Module top levels always run: they define the globals;
// but the other workers adopt a probe's run of a top level where it would
// go alike (adopt.go).
func evaluate(prog *program) ([]*recorder, *facts) {
	// The selection's state and the byte scan's words are garbage by
	// now, but the collector's goal is still twice the heap the selection
	// left live: the workers below would grow the heap to it before the
	// next collection. Collecting here sets the goal from what the
	// interpretation keeps (sglang: 316 MB live at the last collection,
	// 164 MB here; peak heap 620 MB before).
	if prog.byDefName == nil {
		// (With every module loaded there was no selection, and the
		// byte scan's words went before loading: nothing to collect.)
		runtime.GC()
	}
	n := len(prog.cfg.Caps)
	recs := make([]*recorder, n)
	// steps[ci] is what capability ci's worker spent (its steps).
	steps := make([]int, n)
	// taken[ci] counts the call results it took from another worker.
	taken := make([]int, n)
	probes := []int{0}
	if n > 1 {
		probes = append(probes, n-1)
	}
	hits := make([]map[*funcDef]bool, len(probes))
	logs := make([]*topLog, len(probes))
	mainHits := make([]map[*module]bool, len(probes))
	var shared *sharedGlobals
	if !prog.cfg.ownGlobals {
		shared = newSharedGlobals()
	}
	var calls *sharedCalls
	if !prog.cfg.ownCalls {
		calls = newSharedCalls()
	}
	share := len(probes) > 1 && prog.collect && !prog.cfg.oneCollector
	// halves: the probes split the functions, each analyzing those of
	// its facts share (the same halves: splitFacts), and then those of
	// the other's that turned out to decide something. A probe that
	// collects every fact analyzes every function.
	halves := len(probes) > 1 && !prog.cfg.wholeProbes && (share || !prog.collect)
	if share || halves {
		splitFacts(prog.order)
	}
	probeFacts := make([]*facts, len(probes))
	probeWorkers := make([]*worker, len(probes))
	var wg sync.WaitGroup
	var running atomic.Int32
	running.Store(int32(len(probes)))
	for i, ci := range probes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer prog.guard(fmt.Sprintf("capability %s", prog.cfg.Caps[ci]))
			w := newWorker(prog, ci)
			w.shared, w.calls, w.publishes = shared, calls, true
			if !prog.cfg.ownTopLevels {
				w.log = newTopLog(prog)
			}
			if share {
				w.share = earlyFacts
				if i > 0 {
					w.facts, w.share = newFacts(), lateFacts
				}
			}
			if halves {
				w.run(prog.probeHalf(i > 0))
			} else {
				w.run(nil)
			}
			probeWorkers[i] = w
			steps[ci], taken[ci] = w.spent, w.sharedHits
			recs[ci], hits[i], mainHits[i], logs[i] = w.rec, w.hits, w.mainHits, w.log
			probeFacts[i] = w.facts
			if running.Add(-1) == 1 {
				// The other probe still runs: this core would idle.
				go prog.readAhead()
			}
		}()
	}
	wg.Wait()
	fx := probeFacts[0]
	if share && fx != nil && probeFacts[1] != nil {
		fx.merge(probeFacts[1])
	}
	if prog.faulted() {
		// A probe stopped half way: the others would read its hits.
		return recs, fx
	}
	prog.listAhead(fx)
	only := &units{funcs: map[*funcDef]bool{}, mains: map[*module]bool{}}
	for i := range probes {
		for fn := range hits[i] {
			// The functions around a nested def run too: their analysis
			// gives it its closure (captureClosure).
			for ; fn != nil; fn = fn.outer {
				only.funcs[fn] = true
			}
		}
		for m := range mainHits[i] {
			only.mains[m] = true
		}
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	// work runs capability ci's work beside the others', GOMAXPROCS at
	// a time; a panic in it becomes the program's fault note.
	work := func(ci int, do func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			defer prog.guard(fmt.Sprintf("capability %s", prog.cfg.Caps[ci]))
			do()
		}()
	}
	if halves {
		// Each probe goes on as its capability's worker over the other
		// half's functions that decide something. The logs other
		// workers adopt from stay as the halves left them, and the
		// facts are collected.
		for i, ci := range probes {
			w := probeWorkers[i]
			w.log, w.facts = nil, nil
			// The results published are all there will be.
			w.publishes, w.takes = false, true
			var more []*funcDef
			for _, m := range prog.order {
				if m.lateFacts != (i > 0) {
					for _, fn := range m.funcs {
						if only.funcs[fn] {
							more = append(more, fn)
						}
					}
				}
			}
			work(ci, func() {
				w.analyzeMore(more)
				steps[ci], taken[ci] = w.spent, w.sharedHits
			})
		}
	}
	for ci := range n {
		if recs[ci] != nil {
			continue
		}
		work(ci, func() {
			w := newWorker(prog, ci)
			w.shared, w.calls, w.takes = shared, calls, true
			if !prog.cfg.ownTopLevels {
				// The newest capability's probe first: the oldest's
				// collects the facts, and its runs that evaluated
				// something for them alone cannot be adopted.
				for i := len(logs) - 1; i >= 0; i-- {
					w.from = append(w.from, logs[i])
				}
			}
			w.run(only)
			steps[ci], taken[ci] = w.spent, w.sharedHits
			recs[ci] = w.rec
		})
	}
	wg.Wait()
	if debugSelection == "steps" {
		// A measure that does not move with the machine's load, for
		// comparing two builds (docs/performance.md).
		total := 0
		for ci, c := range prog.cfg.Caps {
			kind := "worker"
			if slices.Contains(probes, ci) {
				kind = "probe"
			}
			fmt.Fprintf(os.Stderr, "python steps: %s %s %d (%d call results taken from another worker)\n", c, kind, steps[ci], taken[ci])
			total += steps[ci]
		}
		fmt.Fprintf(os.Stderr, "python steps: total %d\n", total)
	}
	return recs, fx
}

// probeHalf is what a probe analyzes first: every main guard, and the
// functions of the modules of one facts share (splitFacts; late: the
// newest probe's). Whether a function decides anything does not depend
// on the capability (every arm is explored, taken or not, and a callee's
// raise does not end its caller), so the two halves' hits are every
// function's; a main guard runs as a script, which a capability's raise
// or exit ends, so both probes run every one (TestProbeHalvesSameResults).
func (p *program) probeHalf(late bool) *units {
	u := &units{funcs: map[*funcDef]bool{}, allMains: true}
	for _, m := range p.order {
		if m.lateFacts == late {
			for _, fn := range m.funcs {
				u.funcs[fn] = true
			}
		}
	}
	return u
}
