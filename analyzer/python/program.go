package python

import (
	"sort"
)

// JITModule is one call that builds or loads a CUDA/C++ extension.
type JITModule struct {
	Root, Path string // where the call is
	Line, Col  int
	// Callee is "gen_jit_spec", "load", "load_inline", "CUDAExtension",
	// "CppExtension", or the configured name (Config.JITFuncs) it matched.
	Callee string
	// Name is the module name argument when it evaluates to a string.
	Name string
	// Function encloses the call: "pkg.mod.func", "pkg.mod.Class.method",
	// or the module name at top level.
	Function string
	// Sources are the source files as slash paths: relative to Root when
	// the directory is known ("flashinfer/csrc/x.cu" from a constant built
	// on __file__), else the known tail ("x.cu").
	Sources []string
	// SourcesExact: every source argument was resolved to strings.
	SourcesExact bool
	// IncludeDirs are the extra include directories, same precision.
	IncludeDirs []string
	// Flags are the literal nvcc flags (extra_cuda_cflags,
	// extra_compile_args["nvcc"]).
	Flags []string
	// Gates index the Program's Gates that guard this call: its own
	// supported_major_versions (also inside its arguments, or assigned to
	// a name its arguments use), and the capability decisions of the same
	// function whose arms contain the call or that leave the function
	// before it.
	Gates []int
}

// Call is one call edge between functions defined in the scanned sources,
// resolved through imports.
type Call struct {
	Caller, Callee string // qualified names as in JITModule.Function
	Root, Path     string // the call site
	Line, Col      int
}

// FuncDef locates a function definition.
type FuncDef struct {
	Name       string
	Root, Path string
	Line       int
}

// Program is everything Analyze learns, for the chain from an entry point
// through the gate and the JIT call to the header.
type Program struct {
	Gates []Gate
	JIT   []JITModule
	// Calls are the edges recorded in the modules analyzed that lead up
	// to a JIT call: every edge into a function that makes one, and into
	// each of their callers, up to the entry points (facts.edges).
	Calls []Call
	Funcs []FuncDef // every function/method of the modules analyzed on their own (all with Config.AllFiles), sorted by Name
}

// AnalyzeProgram finds the gates (exactly as Analyze does), the JIT build
// calls with their resolved sources, and the call graph of the sources.
// Like Analyze, the result does not depend on input order or scheduling.
func AnalyzeProgram(srcs []Source, cfg Config) (*Program, []Notification) {
	return analyze(srcs, cfg, true)
}

// funcsAndCalls turns what the collecting worker saw into the public
// definitions and call edges (no edge without facts). The JIT modules
// (facts.modules) point into the sorted gates, so they come after them.
func funcsAndCalls(p *program, fx *facts) (funcs []FuncDef, calls []Call) {
	for _, m := range p.order {
		for _, fn := range m.funcs {
			funcs = append(funcs, FuncDef{Name: fn.qual, Root: m.root, Path: m.path, Line: int(fn.line)})
		}
	}
	sort.Slice(funcs, func(i, j int) bool {
		a, b := funcs[i], funcs[j]
		switch {
		case a.Name != b.Name:
			return a.Name < b.Name
		case a.Root != b.Root:
			return a.Root < b.Root
		case a.Path != b.Path:
			return a.Path < b.Path
		}
		return a.Line < b.Line
	})
	if fx == nil {
		return funcs, nil
	}
	return funcs, fx.edges(p)
}
