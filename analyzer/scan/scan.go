// Package scan is the pipeline: walk -> read and scan directives -> parse
// structure -> evaluate translation units per pass -> run rules -> sort. Each
// stage hands plain data to the next.
package scan

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/archlint/archlint/analyzer/chain"
	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/hostgate"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/verdict"
	"github.com/archlint/archlint/analyzer/walk"
	"github.com/archlint/archlint/rules"
)

// Options configures a scan.
type Options struct {
	Roots       []string
	Targets     []target.Target
	CUDA        target.CUDAVersion
	BuildList   []target.Arch // __CUDA_ARCH_LIST__; empty: each target alone
	Jobs        int
	Exclude     []string
	NoGitignore bool
	MaxFileSize int64
	Table       *target.Table
	// CapabilityFuncs and JITFuncs name a project's own capability sources
	// ("mylib.get_sm") and JIT build functions ("mylib.build_ext").
	CapabilityFuncs []string
	JITFuncs        []string
	// IncludeDirs are extra include directories (relative to each root)
	// from the project's configuration.
	IncludeDirs []string
	// Progress, when set, is told how far a stage has come ("reading C/C++
	// files", done, total). It may be called from several goroutines.
	Progress func(stage string, done, total int)
	// Probe is text the scan looks for in every file it reads, so that
	// Result.Lacks can tell a later reader which files need no second
	// look (the suppression filter's "archlint:" comments).
	Probe []byte
	// includeDirs are include directories the Python build code names
	// (JIT calls, setup.py), per root; set by Run.
	includeDirs map[string][]string
}

// TargetResult is what one target's scan found.
type TargetResult struct {
	Target   target.Target
	Findings []finding.Finding
}

// Result is a whole scan.
type Result struct {
	Targets       []TargetResult
	Notifications []finding.Notification
	Files         int // files read
	Units         int // translation units evaluated
	// Scanned lists every C/C++/CUDA, Python and CMake file read, for the
	// suppression filter (a stale suppression anywhere is reported).
	Scanned []filter.FileRef
	// holding says, for each file of Scanned, whether its content held
	// Options.Probe when the scan read it; nil without a probe.
	// Unexported, so a result replayed from the cache has none (Lacks then
	// knows nothing; the cache's key does).
	holding map[filter.FileRef]bool
}

// Lacks says whether this scan read f and found no Options.Probe in it;
// false when it cannot tell (no probe, a file it could not read, or a
// result replayed from the cache).
func (r *Result) Lacks(f filter.FileRef) bool {
	has, ok := r.holding[f]
	return ok && !has
}

// hostTriggers reveal C++ host code that reads the GPU's capability.
// They are case-sensitive literals: getSMVersion and GetSMVersion hold
// "SMVersion"; TensorRT's plugins spell the helper getSmVersion and the
// local smVersion. All three share the rare pivot byte 'V', so they cost
// the byte scan no extra pass (walk.Prefilter).
var hostTriggers = []string{"SMVersion", "SmVersion", "smVersion", "get_sm_version", "ComputeCapability", "cudaGetDeviceProperties",
	"getCurrentDeviceProperties", "getDeviceProperties", "sm_version", "compute_capability", "prop.major", "props.major", "->major",
	"arch_major", "ArchMajor", "sm_major", "SmMajor", "SMMajor", "cc_major",
	// A capability in a plain sm or sm_ (FasterTransformer's WindowAttention,
	// TensorRT-LLM's get_candidate_configs(int sm, ...)) is read only where
	// it is compared with an architecture number (hostgate.isWeakCapName):
	// the comparison is the sign; "sm" alone is in most files.
	"sm ==", "sm !=", "sm >", "sm <", "sm==", "sm!=", "sm>=", "sm<=", "sm_ ==", "sm_ !=", "sm_ >", "sm_ <",
	// A parameter or local holding the capability as a plain `cc`
	// (ppl.llm's `dispatch_cutlassF(T cb, int cc)`): the declaration is
	// the cheap sign; "cc" alone is in most files.
	"int cc",
	// TransformerEngine reads the capability through
	// transformer_engine::cuda::sm_arch() and keeps it in locals of any
	// name (arch, sm, is_hopper); its pivot 'h' is a pass of its own.
	"sm_arch"}

// triggers are the byte strings that make a C/C++/CUDA file worth parsing
// for structure: the nvcc arch macros, CCCL's target macros and CUTLASS's
// derived arch macros.
var triggers = []string{"__CUDA_ARCH", "NV_IF_", "NV_PROVIDES_SM", "NV_IS_", "CUTLASS_ARCH_MMA", "CUDA_ARCH_FAMILY", "CUDA_ARCH_CONDITIONAL"}

// NewTriggers builds the prefilter for arch-relevant C/C++/CUDA text.
func NewTriggers() *walk.Prefilter { return walk.NewPrefilter(triggers) }

// Walk groups: the kinds of file each walk of a scan lists. The walk lists a
// file reached twice once within one walk, so anything that must see the
// same file lists as the scan (the result cache's key) walks the same
// groups: Walks.
func pythonWalkKinds() []walk.Kind {
	return []walk.Kind{walk.KindPython, walk.KindCMake, walk.KindScript, walk.KindKernelBuild, walk.KindWorkflow}
}
func cudaWalkKinds() []walk.Kind { return []walk.Kind{walk.KindCUDA} }

// The kinds the other walk takes care of, for a file named as a root:
// the Python walk lists Python and CMake and reports a root file of a
// kind neither walk reads, once; the C/C++ walk lists C/C++/CUDA.
func pythonWalkElsewhere() []walk.Kind { return cudaWalkKinds() }
func cudaWalkElsewhere() []walk.Kind {
	return append(pythonWalkKinds(), walk.KindOther)
}

// Walks lists the walks a scan makes, in the order it makes them: the
// kinds each lists and those it leaves to the other (walk.Options' Kinds
// and Elsewhere; the rest of the options are the scan's).
func Walks() []walk.Options {
	return []walk.Options{{Kinds: pythonWalkKinds(), Elsewhere: pythonWalkElsewhere()},
		{Kinds: cudaWalkKinds(), Elsewhere: cudaWalkElsewhere()}}
}

// Project is the C/C++/CUDA side of the scanned roots, read and indexed.
type Project struct {
	FS       *cpp.FileSet
	Relevant []bool // per file: mentions an arch trigger
	// HostGates are capability decisions in C++ host code (TORCH_CHECK,
	// if/else ladders on getSMVersion() or cudaDeviceProp.major).
	HostGates     []python.Gate
	Notifications []finding.Notification
	// holding says, per file read, whether it held Options.Probe.
	holding map[filter.FileRef]bool
	// structure is the tree-sitter structure of the kernel files,
	// parsed when a check first asks (Structure).
	structure *kernelStructure
	jobs      int
	// reacher walks include closures and closureLens keeps their sizes:
	// units are chosen, and split between workers, once per target and
	// once per assumed macro, always from one goroutine.
	reacher     *cpp.Reacher
	closureLens []int
}

// closure is the include closure of file id; the slice is reused by the
// next call.
func (p *Project) closure(id int) []int {
	if p.reacher == nil {
		p.reacher = cpp.NewReacher(p.FS.IncludeGraph())
	}
	return p.reacher.Reach(id)
}

// closureLen is the size of file id's include closure, computed once.
func (p *Project) closureLen(id int) int {
	if p.closureLens == nil {
		p.closureLens = make([]int, len(p.FS.Files))
	}
	if p.closureLens[id] == 0 { // a closure holds at least its start
		p.closureLens[id] = len(p.closure(id))
	}
	return p.closureLens[id]
}

// structureOf is the outcome of one kernel file's parse: the facts, or
// the parse error. A file whose kernels alone were parsed
// (cst.Parser.ParseKernels) has kernels and no facts until a check asks
// for them.
type structureOf struct {
	facts *cst.Facts // the whole file's facts; nil when only kernels are known
	// kernels are facts.Kernels, or, for a partial parse, the kernels a
	// conditional directive may split: with kept set, those of the items
	// it marks in pieces, a split of the file (cst.KernelItemsAt).
	kernels []cst.Function
	pieces  []cst.Piece
	kept    []bool
	err     error
}

// wholeStructure is the outcome of a whole parse.
func wholeStructure(facts *cst.Facts, err error) structureOf {
	r := structureOf{facts: facts, err: err}
	if facts != nil {
		r.kernels = facts.Kernels
	}
	return r
}

// whole reports whether r holds what a whole parse gives: the facts, or
// its error.
func (r structureOf) whole() bool { return r.facts != nil || r.err != nil }

// covers reports whether r's kernels hold those Kernels must give for
// lines of f, and if not, the items to parse for them and r's: r's
// kernels are all of them (a whole parse, cst.Parser.ParseKernels), or
// those of the items kept, which must hold those of the items at lines
// (cst.KernelItemsAt). Several contexts (the assumption runs) ask for
// other lines that fall in the same items.
func (r structureOf) covers(f *cpp.File, lines []int) (keep []bool, ok bool) {
	if r.whole() || r.kept == nil {
		return nil, true
	}
	keep = cst.KernelItemsAt(f.Source(), r.pieces, lines)
	ok = true
	for i, k := range keep {
		ok = ok && (!k || r.kept[i])
		keep[i] = k || r.kept[i]
	}
	return keep, ok
}

// HostConfig is what the host checks assume of the build: the reference
// capabilities, and the host pass's macros with the toolkit, to decide
// the preprocessor groups inside functions (hostgate.Config).
func HostConfig(opt Options) hostgate.Config {
	return hostgate.Config{Caps: ReferenceCaps(opt.Table, opt.CUDA), Host: opt.Table.Macros(target.HostPass, opt.CUDA, nil), CUDA: opt.CUDA}
}

// Load walks the roots and reads every C/C++/CUDA file. Host capability
// checks parse here what they read (hostgate.AnalyzeSource; in a kernel
// file, with the kernels a check may ask for: AnalyzeKernelSource); the
// structure of other kernel files is parsed only when a check asks for it
// (Structure).
func Load(opt Options) (*Project, error) {
	files, problems, err := walk.Walk(opt.Roots, walk.Options{Kinds: cudaWalkKinds(), Elsewhere: cudaWalkElsewhere(), Exclude: opt.Exclude,
		NoGitignore: opt.NoGitignore, MaxFileSize: opt.MaxFileSize})
	if err != nil {
		return nil, fmt.Errorf("walking the scan roots: %w", err)
	}
	p := &Project{jobs: opt.Jobs}
	if p.jobs <= 0 {
		p.jobs = runtime.NumCPU()
	}
	for _, pr := range problems {
		p.Notifications = append(p.Notifications, notification(pr.Root, pr.Path, 0, pr.Msg))
	}
	pre := NewTriggers()
	hostPre := walk.NewPrefilter(hostTriggers)
	host := HostConfig(opt)
	type loaded struct {
		file     *cpp.File
		holds    bool // the file holds opt.Probe
		relevant bool
		notes    []finding.Notification
		gates    []python.Gate
		kernel   bool // a relevant kernel file
		// structure is set when the file was parsed (in part, or
		// whole): a kernel file with host checks whose functions its
		// tokens do not give.
		structure *structureOf
		// extents are a kernel file's functions read from its tokens,
		// when it has host checks.
		extents *extentsOf
	}
	// parsers are the workers' tree-sitter parsers, reused from file to
	// file: at most p.jobs calls run at once and each holds one parser
	// while it runs, so no more than p.jobs are made, the channel never
	// blocks, and a tree never leaves the call that parsed it.
	parsers := make(chan *cst.Parser, p.jobs)
	defer func() {
		close(parsers)
		for ps := range parsers {
			ps.Close()
		}
	}()
	var done atomic.Int64
	out := walk.ForEach(files, p.jobs, func(_ int, f walk.File) loaded {
		if opt.Progress != nil {
			opt.Progress("reading C/C++/CUDA files", int(done.Add(1)), len(files))
		}
		src, prob := walk.Read(f, opt.MaxFileSize)
		var l loaded
		if prob != nil {
			l.notes = append(l.notes, notification(prob.Root, prob.Path, 0, prob.Msg))
		}
		if src == nil {
			return l
		}
		st := cpp.Build(cpp.Scan(src))
		for _, msg := range st.Problems {
			l.notes = append(l.notes, notification(f.Root, f.Path, 0, msg))
		}
		cf := &cpp.File{Root: f.Root, Path: f.Path, Src: src, St: st, MacroGates: cpp.FindMacroGates(src, st.Src)}
		l.holds = len(opt.Probe) > 0 && bytes.Contains(src, opt.Probe)
		for _, d := range st.Src.Directives {
			if d.Kind == cpp.DirPragma && strings.HasPrefix(d.Args, "once") {
				cf.Once = true
			}
		}
		l.file, l.relevant = cf, pre.Match(src)
		l.kernel = l.relevant && isKernelFile(src)
		if hostPre.Match(src) {
			if l.kernel {
				l.extents = tokenExtents(src)
			}
			var parser *cst.Parser
			select {
			case parser = <-parsers:
			default:
				parser = cst.NewParser()
			}
			defer func() { parsers <- parser }()
			var err error
			if !l.kernel || l.extents.ok {
				// Host checks alone need only the declarations that
				// may read the capability parsed (AnalyzeSource); the
				// checks read a kernel file's kernels from its tokens
				// where they can (kernelStructure.Kernels).
				l.gates, err = hostgate.AnalyzeSource(context.Background(), parser, f.Root, f.Path, src, host)
			} else {
				// A kernel file whose tokens do not give its kernels
				// is parsed here for both, once: the declarations the
				// host checks read and the kernels the empty-kernel
				// check reads (AnalyzeKernelSource).
				var kernels []cst.Function
				var facts *cst.Facts
				l.gates, kernels, facts, err = hostgate.AnalyzeKernelSource(context.Background(), parser, f.Root, f.Path, src, host)
				r := kernelsOrWhole(kernels, facts, err)
				l.structure = &r
			}
			if err != nil {
				l.notes = append(l.notes, notification(f.Root, f.Path, 0, "host capability checks not analyzed: "+err.Error()))
			}
		}
		// Rules read the bodies of kernel files: they keep their bytes,
		// not their lines' text. Others give up both until a rule asks
		// for them.
		if !l.kernel {
			cf.Compact(func() ([]byte, error) {
				b, prob := walk.Read(f, opt.MaxFileSize)
				if b == nil && prob != nil {
					return nil, errors.New(prob.Msg)
				}
				return b, nil
			})
		} else {
			cf.DropLineText()
		}
		return l
	})
	var cfiles []*cpp.File
	p.holding = map[filter.FileRef]bool{}
	for _, l := range out {
		p.Notifications = append(p.Notifications, l.notes...)
		p.HostGates = append(p.HostGates, l.gates...)
		if l.file != nil {
			cfiles = append(cfiles, l.file)
			p.Relevant = append(p.Relevant, l.relevant)
			p.holding[filter.FileRef{Root: l.file.Root, Path: l.file.Path}] = l.holds
		}
	}
	p.FS = cpp.NewFileSet(cfiles, opt.includeDirs)
	p.structure = &kernelStructure{jobs: p.jobs, kernel: make([]bool, len(cfiles)), parsed: map[int]structureOf{},
		extents: map[int]*extentsOf{}, scopes: map[int][]cst.Scope{}}
	for _, l := range out {
		if l.kernel {
			p.structure.kernel[l.file.ID] = true
		}
		if l.extents != nil {
			p.structure.extents[l.file.ID] = l.extents
		}
		if l.structure != nil {
			p.structure.parsed[l.file.ID] = *l.structure
		}
	}
	return p, nil
}

func notification(root, p string, line int, msg string) finding.Notification {
	return finding.Notification{Level: finding.LevelWarning, Message: msg,
		Where: finding.Location{Root: root, Path: p, Line: line}}
}

// unitsPerFile bounds how many translation units evaluate one header. A
// header included by hundreds of sources (CUTLASS's tests, say) behaves the
// same in nearly all of them; evaluating it in the first few, in path order,
// keeps the cost linear in the tree instead of in sources x closure size.
const unitsPerFile = 4

// Units picks the translation units to evaluate: source files (.cu, .cc,
// .cpp, ...) whose include closure reaches an arch-relevant file that fewer
// than unitsPerFile chosen units reach yet, then every relevant file that no
// chosen unit reaches (a header evaluated on its own).
func (p *Project) Units() []*cpp.File {
	return p.units(nil)
}

// units chooses translation units; with want set, only units whose closure
// reaches a wanted file, and every wanted file is covered.
func (p *Project) units(want map[int]bool) []*cpp.File {
	fs := p.FS
	n := len(fs.Files)
	relevant := func(v int) bool { return p.Relevant[v] && (want == nil || want[v]) }
	coverage := make([]int, n)
	var units []*cpp.File
	for _, f := range fs.Files {
		if !isSource(f.Path) {
			continue
		}
		closure := p.closure(f.ID)
		useful := false
		for _, v := range closure {
			if relevant(v) && coverage[v] < unitsPerFile {
				useful = true
				break
			}
		}
		if !useful {
			continue
		}
		units = append(units, f)
		for _, v := range closure {
			coverage[v]++
		}
	}
	for _, f := range fs.Files {
		if coverage[f.ID] == 0 && (relevant(f.ID) || want[f.ID]) {
			units = append(units, f)
			for _, v := range p.closure(f.ID) {
				coverage[v]++
			}
		}
	}
	return units
}

func isSource(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".cu", ".cc", ".cpp", ".cxx", ".c", ".c++":
		return true
	}
	return false
}

// Evaluate runs the units through every reference pass for one target's
// build list, in parallel; merging is order-independent, so the result does
// not depend on the number of jobs.
func (p *Project) Evaluate(cfg cpp.Config, units []*cpp.File) *cpp.Results {
	return p.evaluate(cpp.NewEngine(cfg, p.FS), units, p.jobs)
}

// evaluate runs the units through an engine on at most jobs goroutines.
func (p *Project) evaluate(eng *cpp.Engine, units []*cpp.File, jobs int) *cpp.Results {
	if jobs > len(units) {
		jobs = len(units)
	}
	if jobs <= 1 {
		return cpp.MergeResults([]*cpp.Results{eng.Evaluate(units)})
	}
	weight := p.weights(units)
	cuts := shareCuts(weight, jobs)
	// Contiguous shares: neighbouring units (path order) share most of
	// their headers. The workers share the engine's visit memo, but two
	// workers on neighbouring units at once would each read a header
	// before the other stored it; interleaved shares made every worker
	// preprocess the same headers. A worker whose share is done takes
	// units from the far end of the share with the most work left, away
	// from where its owner reads: closure sizes only estimate the work,
	// and fixed shares ended up to 2 s apart on the six-tree set, one CPU
	// idle. The merge is a join, so which worker runs a unit does not
	// change the results.
	sh := newShares(weight, cuts)
	parts := make([]*cpp.Results, jobs)
	var wg sync.WaitGroup
	for j := 0; j < jobs; j++ {
		wg.Add(1)
		go func(j int) {
			defer wg.Done()
			run := eng.NewRun()
			for i := sh.next(j); i >= 0; i = sh.next(j) {
				run.Unit(units[i])
			}
			parts[j] = run.Results()
		}(j)
	}
	wg.Wait()
	return cpp.MergeResults(parts)
}

// shares hands out the units of an evaluation: share j is units lo[j] up
// to hi[j], its owner takes from the front, and a worker with nothing
// left takes from the back of the share with the most work left (left:
// the closure sizes not yet handed out).
type shares struct {
	mu     sync.Mutex
	lo, hi []int
	left   []int
	weight []int
}

// newShares hands out units of the given weights in the shares that
// cuts (as shareCuts gives them) start.
func newShares(weight, cuts []int) *shares {
	jobs := len(cuts) - 1
	s := &shares{lo: slices.Clone(cuts[:jobs]), hi: slices.Clone(cuts[1:]), left: make([]int, jobs), weight: weight}
	for j := range jobs {
		for _, w := range weight[cuts[j]:cuts[j+1]] {
			s.left[j] += w
		}
	}
	return s
}

// next is the index of the next unit for worker j, or -1 when none is left.
func (s *shares) next(j int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lo[j] < s.hi[j] {
		i := s.lo[j]
		s.lo[j]++
		s.left[j] -= s.weight[i]
		return i
	}
	from := -1
	for k := range s.lo {
		if s.lo[k] < s.hi[k] && (from < 0 || s.left[k] > s.left[from]) {
			from = k
		}
	}
	if from < 0 {
		return -1
	}
	s.hi[from]--
	i := s.hi[from]
	s.left[from] -= s.weight[i]
	return i
}

// weights are the units' include-closure sizes, what evaluating each
// costs about.
func (p *Project) weights(units []*cpp.File) []int {
	out := make([]int, len(units))
	for i, u := range units {
		out[i] = p.closureLen(u.ID)
	}
	return out
}

// shareCuts splits units, by their weights, into jobs contiguous shares (cut i starts share
// i) of about equal total include-closure size. Equal counts left one
// worker with most of the work where costly units sit together (CCCL's
// main evaluation: 18.6 s against 2.2 s; by closure size 8.8 s against
// 10.7 s).
func shareCuts(weight []int, jobs int) []int {
	total := 0
	for _, w := range weight {
		total += w
	}
	cuts := []int{0}
	acc := 0
	for i, w := range weight {
		acc += w
		if len(cuts) < jobs && acc*jobs >= total*len(cuts) {
			cuts = append(cuts, i+1)
		}
	}
	for len(cuts) <= jobs {
		cuts = append(cuts, len(weight))
	}
	return cuts
}

// Structure is the tree-sitter structure of the relevant files that
// define kernels (rules.KernelFacts). A file is parsed the first time a
// check asks for it, or asks to prepare it: checkEmptyKernel needs only
// the files with a chain that builds of the target take differently (11
// of CCCL's 144 kernel files, but 35 of flashinfer 749048b61's 38), and
// only their kernels that a conditional directive may split and whose
// body opens where a build stops compiling code (a partial parse of the
// items at its lines: cst.KernelItemsAt), and verdicts the functions of
// the few files of their findings, read from their tokens and parsed
// whole only where that reading gives up (prepared together:
// PrepareFunctions). Load parsed them all before, 1.7 s of CPU on CCCL
// alone.
func (p *Project) Structure() rules.KernelFacts { return p.structure }

// kernelStructure parses kernel files on demand and keeps what each parse
// gave. The checks run on one goroutine, but the methods lock: they are
// safe for concurrent use.
type kernelStructure struct {
	jobs   int
	kernel []bool // by file ID: a relevant file that defines kernels
	mu     sync.Mutex
	parsed map[int]structureOf // by file ID, once parsed
	// extents are the function definitions of each kernel file read
	// from its tokens (cst.FunctionExtents), by file ID.
	extents map[int]*extentsOf
	// scopes are the named scopes of each file asked for (Scopes), by
	// file ID: any file, not only kernel files.
	scopes map[int][]cst.Scope
}

// extentsOf is a file's function definitions read from its tokens, and
// whether that reading could read them (cst.FunctionExtents).
type extentsOf struct {
	funcs []cst.Function
	ok    bool
}

// tokenExtents reads the function definitions of src from its tokens.
func tokenExtents(src []byte) *extentsOf {
	fns, ok := cst.FunctionExtents(src)
	return &extentsOf{funcs: fns, ok: ok}
}

// readExtents reads the tokens of the files among files not read yet, at
// most s.jobs at once (about 135 MB/s: as much as the parses it saves, on
// every kernel file, so only the files asked for). s.mu is held.
func (s *kernelStructure) readExtents(files []*cpp.File) {
	var todo []*cpp.File
	for _, f := range files {
		if s.extents[f.ID] == nil && !slices.Contains(todo, f) {
			todo = append(todo, f)
		}
	}
	for i, e := range walk.ForEach(todo, s.jobs, func(_ int, f *cpp.File) *extentsOf { return tokenExtents(f.Source()) }) {
		s.extents[todo[i].ID] = e
	}
}

// kernels are the __global__ functions among e's.
func (e extentsOf) kernels() []cst.Function {
	var out []cst.Function
	for _, fn := range e.funcs {
		if fn.Global {
			out = append(out, fn)
		}
	}
	return out
}

// Kernels returns the kernels of f that a conditional directive may split
// and whose definition holds one of lines (and perhaps others): read from
// its tokens (cst.FunctionExtents: all of its kernels), or, where that
// reading gives up, parsed if need be; nil for a file that is not a
// kernel file or could not be parsed. The empty-kernel check reads only
// where a kernel's body starts and ends, and its name and first line,
// which the tokens give as tree-sitter does (TestFunctionExtentsCorpus):
// its parses were most of flashinfer's host-check bytes.
func (s *kernelStructure) Kernels(f *cpp.File, lines []int) []cst.Function {
	if !s.kernel[f.ID] {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepareKernels([]*cpp.File{f}, [][]int{lines})
	if e := s.extents[f.ID]; e.ok {
		return e.kernels()
	}
	return s.parsed[f.ID].kernels
}

// PrepareKernels parses the kernels of the kernel files among files not
// parsed yet for lines (parallel to files), at most s.jobs at once: a
// check that needs several asks for them together, so that they parse in
// parallel.
func (s *kernelStructure) PrepareKernels(files []*cpp.File, lines [][]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepareKernels(files, lines)
}

// Functions returns the function definitions of f, read from its tokens
// (cst.FunctionExtents), or, for a kernel file, from a whole parse where
// that reading gives up; nil for a file that could not be read. The
// verdicts of findings ask for the files of their findings and the headers
// those include (a CuTe atom calls cute::fma of simd_sm100.hpp, a file
// with no kernel): flashinfer 749048b61's four were 328 KB of whole
// parses, most of its checks' time.
func (s *kernelStructure) Functions(f *cpp.File) []cst.Function {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepareFunctions([]*cpp.File{f})
	if e := s.extents[f.ID]; e.ok {
		return e.funcs
	}
	if fx := s.parsed[f.ID].facts; fx != nil {
		return fx.Functions
	}
	return nil
}

// ParsedFunctions is Functions, and for a file that defines no kernel and
// whose tokens cannot be read (nunchaku's gemm_w4a4.cuh opens its class in
// both arms of `#ifndef __INTELLISENSE__`), a whole parse's: the code of an
// `if constexpr` arm that an architecture flag guards asks for its own
// file's helpers this way, which few files have, while the verdicts of the
// many exclusion findings keep to the tokens.
func (s *kernelStructure) ParsedFunctions(f *cpp.File) []cst.Function {
	if fns := s.Functions(f); fns != nil || s.kernel[f.ID] {
		return fns
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.parsed[f.ID]
	if !ok {
		r = parseFiles([]*cpp.File{f}, 1, func(parser *cst.Parser, _ int) structureOf { return parseWhole(parser, f) })[0]
		s.parsed[f.ID] = r
	}
	if r.facts == nil {
		return nil
	}
	return r.facts.Functions
}

// Scopes returns the named scopes of f read from its tokens
// (cst.NamedScopes), once per file: the checks ask for those of the few
// files whose findings a scope's name may explain.
func (s *kernelStructure) Scopes(f *cpp.File) []cst.Scope {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sc, ok := s.scopes[f.ID]; ok {
		return sc
	}
	sc, _ := cst.NamedScopes(f.Source())
	s.scopes[f.ID] = sc
	return sc
}

// PrepareFunctions reads the functions of files, parsing whole, at most
// s.jobs at once, the kernel files whose tokens cst.FunctionExtents cannot
// read.
func (s *kernelStructure) PrepareFunctions(files []*cpp.File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepareFunctions(files)
}

// prepareFunctions is PrepareFunctions; s.mu is held. A file's functions
// come from its tokens even when it was parsed whole for something else
// (Functions looks there first): which reading a verdict gets must not
// depend on what other checks asked for first. A whole parse, once made,
// is never replaced (prepareKernels keeps a structure that is whole).
func (s *kernelStructure) prepareFunctions(files []*cpp.File) {
	s.readExtents(files)
	var whole []*cpp.File
	for _, f := range files {
		if s.kernel[f.ID] && !s.extents[f.ID].ok {
			whole = append(whole, f)
		}
	}
	s.prepare(whole)
}

// prepareKernels parses, at most s.jobs at once, the kernels of the
// kernel files among files whose kernels parsed so far do not cover
// lines (covers): those of the items at lines and of the items parsed
// before. s.mu is held.
func (s *kernelStructure) prepareKernels(files []*cpp.File, lines [][]int) {
	type job struct {
		file  *cpp.File
		lines []int
		prev  structureOf // its pieces, when parsed before in part
		keep  []bool      // the items to parse, when parsed before in part
	}
	s.readExtents(slices.DeleteFunc(slices.Clone(files), func(f *cpp.File) bool { return !s.kernel[f.ID] }))
	var todo []job
	for i, f := range files {
		if !s.kernel[f.ID] || s.extents[f.ID].ok {
			continue
		}
		if k := slices.IndexFunc(todo, func(j job) bool { return j.file == f }); k >= 0 {
			// Asked twice: parse for both.
			todo[k].lines = mergeLines(todo[k].lines, lines[i])
			if todo[k].keep != nil {
				todo[k].keep, _ = todo[k].prev.covers(f, todo[k].lines)
			}
			continue
		}
		r, ok := s.parsed[f.ID]
		if !ok {
			todo = append(todo, job{file: f, lines: lines[i]})
			continue
		}
		if keep, covered := r.covers(f, lines[i]); !covered {
			todo = append(todo, job{file: f, lines: lines[i], prev: r, keep: keep})
		}
	}
	if len(todo) == 0 {
		return
	}
	files = make([]*cpp.File, len(todo))
	for i, j := range todo {
		files[i] = j.file
	}
	for i, r := range parseFiles(files, s.jobs, func(parser *cst.Parser, i int) structureOf {
		j := todo[i]
		if j.keep != nil {
			return keptKernels(parser, j.file, j.prev.pieces, j.keep)
		}
		return parseKernelsAt(parser, j.file, j.lines)
	}) {
		s.parsed[files[i].ID] = r
	}
}

// prepare parses whole, at most s.jobs at once, the kernel files among
// files not parsed whole yet (parseWhole). s.mu is held.
func (s *kernelStructure) prepare(files []*cpp.File) {
	var todo []*cpp.File
	for _, f := range files {
		if r, ok := s.parsed[f.ID]; s.kernel[f.ID] && (!ok || !r.whole()) && !slices.Contains(todo, f) {
			todo = append(todo, f)
		}
	}
	if len(todo) == 0 {
		return
	}
	for i, r := range parseFiles(todo, s.jobs, func(parser *cst.Parser, i int) structureOf { return parseWhole(parser, todo[i]) }) {
		s.parsed[todo[i].ID] = r
	}
}

// mergeLines is the increasing union of two increasing lists of lines.
func mergeLines(a, b []int) []int {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// parseKernelsAt parses the kernels of f whose definition holds one of
// lines (cst.KernelItemsAt), or the whole file where Split gives up or
// they do not parse cleanly.
func parseKernelsAt(parser *cst.Parser, f *cpp.File, lines []int) structureOf {
	src := f.Source()
	pieces, ok := cst.Split(src)
	if !ok {
		return kernelsOrWhole(parser.ParseKernelsAt(context.Background(), src, lines))
	}
	return keptKernels(parser, f, pieces, cst.KernelItemsAt(src, pieces, lines))
}

// keptKernels parses the kernels of the items keep marks in pieces, a
// split of f (cst.Parser.ParseKernelItems), and remembers which; the whole
// file when they are nearly all of it (cst.NearlyWhole: a part found
// unclean would be parsed twice).
func keptKernels(parser *cst.Parser, f *cpp.File, pieces []cst.Piece, keep []bool) structureOf {
	if cst.NearlyWhole(cst.KeptBytes(pieces, keep), len(f.Source())) && slices.Contains(keep, true) {
		return parseWhole(parser, f)
	}
	r := kernelsOrWhole(parser.ParseKernelItems(context.Background(), f.Source(), pieces, keep))
	if !r.whole() {
		r.pieces, r.kept = pieces, keep
	}
	return r
}

// kernelsOrWhole is what a parse of a file's kernels gave: the kernels, or
// the whole file's facts (or its error) where it parsed whole.
func kernelsOrWhole(kernels []cst.Function, whole *cst.Facts, err error) structureOf {
	if err != nil || whole != nil {
		return wholeStructure(whole, err)
	}
	return structureOf{kernels: kernels}
}

// parseWhole parses f whole.
func parseWhole(parser *cst.Parser, f *cpp.File) structureOf {
	return wholeStructure(parser.Parse(f.Source()))
}

// parseNotes are the notifications for the kernel files whose parse
// failed.
func (s *kernelStructure) parseNotes(fs *cpp.FileSet) []finding.Notification {
	s.mu.Lock()
	defer s.mu.Unlock()
	var notes []finding.Notification
	for _, f := range fs.Files {
		if r, ok := s.parsed[f.ID]; ok && r.err != nil {
			notes = append(notes, notification(f.Root, f.Path, 0, "could not parse: "+r.err.Error()))
		}
	}
	return notes
}

// isKernelFile says whether a file defines kernels, the files whose CUDA
// structure Structure gives.
func isKernelFile(src []byte) bool { return bytes.Contains(src, []byte("__global__")) }

// parseAll parses files whole with tree-sitter on a pool of workers, one
// parser per worker (trees never cross goroutines); results follow the
// input order.
func (p *Project) parseAll(files []*cpp.File) ([]*cst.Facts, []error) {
	rs := parseFiles(files, p.jobs, func(parser *cst.Parser, i int) structureOf { return parseWhole(parser, files[i]) })
	facts := make([]*cst.Facts, len(files))
	errs := make([]error, len(files))
	for i, r := range rs {
		facts[i], errs[i] = r.facts, r.err
	}
	return facts, errs
}

// parseFiles parses files with parse (given a file's index) on at most
// jobs workers, one parser per worker; results follow the input order.
func parseFiles(files []*cpp.File, jobs int, parse func(*cst.Parser, int) structureOf) []structureOf {
	out := make([]structureOf, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, len(files)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			parser := cst.NewParser()
			defer parser.Close()
			for i := range next {
				out[i] = parse(parser, i)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// Run is the whole scan.
func Run(opt Options) (*Result, error) {
	// Python first: its JIT calls name include directories that the C++
	// side's #include resolution needs.
	prog, pyFiles, pyHolding, pyNotes, err := pythonProgram(opt, opt.Jobs)
	if err != nil {
		return nil, err
	}
	opt.includeDirs = jitIncludeDirs(prog)
	for _, root := range opt.Roots {
		opt.includeDirs[root] = append(opt.includeDirs[root], opt.IncludeDirs...)
	}
	p, err := Load(opt)
	if err != nil {
		return nil, err
	}
	units := p.Units()
	structure := p.Structure()
	res := &Result{Files: len(p.FS.Files), Units: len(units)}
	for _, f := range p.FS.Files {
		res.Scanned = append(res.Scanned, filter.FileRef{Root: f.Root, Path: f.Path})
	}
	res.Scanned = append(res.Scanned, pyFiles...)
	if len(opt.Probe) > 0 {
		res.holding = p.holding
		for _, f := range pyFiles {
			res.holding[f] = false
		}
		for _, f := range pyHolding {
			res.holding[f] = true
		}
	}
	res.Notifications = p.Notifications
	// Host gates go after the Python ones: JIT modules refer to Python
	// gates by index.
	gates := append(append([]python.Gate(nil), prog.Gates...), p.HostGates...)
	res.Notifications = append(res.Notifications, pyNotes...)
	linker := chain.NewLinker(p.FS, prog)
	linker.ReadFile = func(root, rel string) ([]byte, error) {
		return os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	}
	res.Notifications = append(res.Notifications, linker.Notes...)
	caps := ReferenceCaps(opt.Table, opt.CUDA)
	kb, err := verdict.Load()
	if err != nil {
		return nil, fmt.Errorf("loading the feature knowledge base: %w", err)
	}
	for _, tg := range opt.Targets {
		build := opt.BuildList
		if len(build) == 0 {
			build = []target.Arch{tg.Arch}
		}
		passes := opt.Table.Reference(opt.CUDA)
		cfg := cpp.Config{Table: opt.Table, CUDA: opt.CUDA, BuildList: build, Passes: passes}
		if opt.Progress != nil {
			opt.Progress("evaluating translation units for "+tg.String(), 0, len(units))
		}
		// The engine is kept for the assumption runs, which replay what
		// its memo stored (cpp.Engine.Assuming).
		eng := cpp.NewEngine(cfg, p.FS)
		results := p.evaluate(eng, units, p.jobs)
		if len(res.Targets) == 0 {
			res.Notifications = append(res.Notifications, conditionErrors(p.FS, results)...)
		}
		newCtx := func(chains []*cpp.ChainEval) *rules.Context {
			c := &rules.Context{Target: tg, Passes: passes, Chains: chains, Structure: structure, Gates: gates, Caps: caps, KB: kb,
				Macros: func(a target.Arch) target.PassMacros { return opt.Table.Macros(a, opt.CUDA, build) }}
			for _, fl := range opt.Table.Flavors(tg, opt.CUDA) {
				for i, ps := range passes {
					if ps == fl {
						c.Flavors = append(c.Flavors, i)
					}
				}
			}
			return c
		}
		chains := results.ChainEvals(p.FS)
		ctx := newCtx(chains)
		// The assumption runs need the main evaluation only: they
		// evaluate while the checks run, and are judged after them, in
		// the same order as before.
		assumed := p.conditionalFindings(eng, chains)
		if len(res.Targets) == 0 {
			// The same chains for every target: said once.
			res.Notifications = append(res.Notifications, p.blindSpots(chains, assumed.judged())...)
		}
		var fs []finding.Finding
		for _, c := range rules.Checks() {
			fs = append(fs, c.Run(c.Rule, ctx)...)
		}
		// Python gates are judged once, in the main context.
		noGates := func(cs []*cpp.ChainEval) *rules.Context { c := newCtx(cs); c.Gates = nil; return c }
		fs = append(fs, assumed.findings(noGates, fs)...)
		fs = linker.Attach(fs)
		escalateReachable(fs)
		preferProjectFlavors(fs, projectFlavors(prog, gates, tg), tg)
		SortFindings(fs)
		finding.AssignKeys(fs)
		res.Targets = append(res.Targets, TargetResult{Target: tg, Findings: fs})
	}
	res.Notifications = append(res.Notifications, p.structure.parseNotes(p.FS)...)
	for _, f := range p.FS.Files {
		if err := f.RestoreErr(); err != nil {
			res.Notifications = append(res.Notifications, notification(f.Root, f.Path, 0, err.Error()))
		}
	}
	res.Notifications = groupInvalidUTF8(res.Notifications)
	sortNotifications(res.Notifications)
	return res, nil
}

// SortFindings orders findings by file, line, column, rule and message so
// the output never depends on scheduling or map order.
func SortFindings(fs []finding.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		return cmp.Or(fs[i].Location.Compare(fs[j].Location), cmp.Compare(fs[i].RuleID, fs[j].RuleID),
			cmp.Compare(fs[i].Message, fs[j].Message)) < 0
	})
}

func sortNotifications(ns []finding.Notification) {
	sort.SliceStable(ns, func(i, j int) bool {
		a, b := ns[i].Where, ns[j].Where
		if a.Root != b.Root {
			return a.Root < b.Root
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return ns[i].Message < ns[j].Message
	})
}

// escalateReachable raises arbitrary exclusions that a JIT module compiles
// (the finding has a chain) to errors: nothing the code uses is missing on
// the target, and users reach it (design.md, verdicts).
func escalateReachable(fs []finding.Finding) {
	for i := range fs {
		if fs[i].Properties["verdict"] == "arbitrary" && len(fs[i].Flows) > 0 && fs[i].Level.Rank() < finding.LevelError.Rank() {
			fs[i].Level = finding.LevelError
		}
	}
}
