package rules

import (
	"sync"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/verdict"
)

// Context is the facts every check reads for one target. Checks never
// parse or evaluate: the stages before them did.
type Context struct {
	Target target.Target
	Passes []target.Arch
	// Flavors are the indexes in Passes of the target's builds.
	Flavors []int
	Chains  []*cpp.ChainEval
	// Structure gives the tree-sitter facts of the kernel files (nil: no
	// file has any).
	Structure KernelFacts
	// Gates are the Python and CMake capability gates, evaluated for Caps.
	Gates []python.Gate
	Caps  []python.Capability
	// KB is the feature knowledge base for verdicts (nil: no verdicts).
	KB *verdict.KB
	// Macros gives a pass's predefined macros, to verify proposed fixes.
	Macros func(target.Arch) target.PassMacros

	once     sync.Once
	verdicts map[*cpp.ChainEval][]shutout.Verdict

	// calleeDefs holds, by file ID, the function definitions verdicts
	// read (fileDefinitions) and those of each file's nearest headers
	// (includedDefinitions): every branch of a file asks for the same
	// ones, and reading them again for each was CUTLASS's checks' time
	// (4.9 -> 72 s) once verdicts looked into headers.
	calleeMu   sync.Mutex
	calleeDefs map[int]*definitions
	headerDefs map[int][]*definitions
}

// KernelFacts gives the tree-sitter facts of the files that define kernels.
// Parsing is most of what they cost, and the checks need the facts of few
// files (checkEmptyKernel: those with a chain two builds take differently;
// verdicts: the files of their findings), so an implementation may parse a
// file the first time it is asked for it.
type KernelFacts interface {
	// Functions returns the function definitions of f that have a body,
	// in source order, with their Name, BodyStart and BodyEnd (as
	// cst.FunctionExtents reads them, or a whole parse's Facts.Functions
	// where it cannot, in a kernel file); nil when f could not be read.
	Functions(f *cpp.File) []cst.Function
	// ParsedFunctions is Functions, parsing any file whose tokens cannot
	// be read, kernel file or not (a rare need: it costs a whole parse).
	ParsedFunctions(f *cpp.File) []cst.Function
	// Kernels returns the kernels of f whose body a conditional directive
	// may compile out where the header is not (cst.MayEmpty) and whose
	// definition holds one of lines (1-based, increasing), in order, and
	// perhaps some others of them: the only ones checkEmptyKernel can
	// report when lines are those after which a build of the target
	// stops compiling code (Context.emptyStarts), and a few of a kernel
	// file's declarations, so an implementation may parse just those
	// (cst.KernelItemsAt). Each has its Name, StartLine, EndLine and
	// body's span and lines, as a whole parse's Facts.Kernels gives them
	// (cst.FunctionExtents reads them so from the tokens).
	// checkEmptyKernel reads nothing else of them.
	Kernels(f *cpp.File, lines []int) []cst.Function
	// PrepareKernels tells that the kernels of files are wanted next, for
	// lines (parallel to files), so that an implementation may parse them
	// at once, in parallel, instead of one by one as Kernels is called.
	PrepareKernels(files []*cpp.File, lines [][]int)
	// PrepareFunctions tells that the functions of files are wanted
	// next, as PrepareKernels does for their kernels.
	PrepareFunctions(files []*cpp.File)
	// Scopes returns the named braced bodies of any file f (classes,
	// structs, namespaces, functions), outermost first, as
	// cst.NamedScopes reads them from its tokens; nil where it cannot.
	Scopes(f *cpp.File) []cst.Scope
}

// Check is a rule with the function that produces its findings.
type Check struct {
	Rule Rule
	Run  func(Rule, *Context) []finding.Finding
}

// ShutOut returns, per flavor of the target (parallel to Flavors), the
// verdict of the branch rule on a chain.
func (c *Context) ShutOut(ce *cpp.ChainEval) []shutout.Verdict {
	c.once.Do(c.decideAll)
	return c.verdicts[ce]
}

func (c *Context) decideAll() {
	cols := make([][]int, len(c.Flavors))
	ages := make([][]shutout.Pass, len(c.Flavors))
	for i, t := range c.Flavors {
		cols[i] = c.column(c.Passes[t].Flavor)
		for _, p := range cols[i] {
			ages[i] = append(ages[i], shutout.Pass{Age: c.Passes[p].CudaArch(), Host: c.Passes[p].Host})
		}
	}
	c.verdicts = map[*cpp.ChainEval][]shutout.Verdict{}
	for _, ce := range c.Chains {
		if !ce.ArchDependent() {
			continue
		}
		vs := make([]shutout.Verdict, len(c.Flavors))
		for i, t := range c.Flavors {
			b := make([]int, len(cols[i]))
			ti := -1
			for j, p := range cols[i] {
				b[j] = ce.Branch[p]
				if p == t {
					ti = j
				}
				// A path that refuses to build or traps (#error,
				// static_assert(false), __trap) is no better path: a
				// pass taking it where the target does not is not
				// admitted, or an #error guard would read inverted
				// (the builds it refuses "admitted", the target shut
				// out). AL103 reports the target taking one.
				if b[j] != ce.Branch[t] && ce.Fails(b[j]) {
					b[j] = shutout.None
				}
			}
			v := shutout.Decide(ages[i], b, ti)
			// Back to indexes into Passes.
			if v.X >= 0 {
				v.X = cols[i][v.X]
			}
			if v.W >= 0 {
				v.W = cols[i][v.W]
			}
			for k, x := range v.Xs {
				v.Xs[k] = cols[i][x]
			}
			vs[i] = v
		}
		c.verdicts[ce] = vs
	}
}

// column is what a build of the target is compared with: for every
// architecture, its build of the same flavor where one exists, else its plain
// build, plus the host pass. An sm_120a build is measured against sm_90a and
// sm_100a, not against plain sm_110 (which lacks the arch-specific macros
// by construction); a plain build against plain builds.
func (c *Context) column(fl target.Flavor) []int {
	var out []int
	for p, a := range c.Passes {
		switch {
		case a.Host:
			out = append(out, p)
		case a.Flavor == fl:
			out = append(out, p)
		case a.Flavor == target.Plain:
			has := false
			for _, b := range c.Passes {
				has = has || (b.Base() == a && b.Flavor == fl)
			}
			if !has {
				out = append(out, p)
			}
		}
	}
	return out
}

// active reports, for a logical line of a file and a pass, whether the line
// is compiled in that pass: every enclosing branch is taken. Unknown when an
// enclosing choice is undecided.
func (c *Context) active(ce map[int]*cpp.ChainEval, st *cpp.Structure, li, p int) cpp.Tri {
	ref := st.Owner(li)
	for ref.Chain >= 0 {
		e := ce[ref.Chain]
		if e == nil {
			return unknownTri
		}
		switch e.Taken[p] {
		case shutout.Unknown:
			return unknownTri
		case ref.Branch:
		default:
			return falseTri
		}
		ch := st.Chains[ref.Chain]
		ref = cpp.BranchRef{Chain: ch.Parent, Branch: ch.ParentBr}
	}
	return trueTri
}
