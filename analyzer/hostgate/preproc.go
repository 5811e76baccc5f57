package hostgate

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/target"
)

// Config is what the analysis assumes of the build.
type Config struct {
	// Caps are the reference capabilities, oldest first; nil is
	// python.DefaultCaps.
	Caps []python.Capability
	// Host are the predefined macros of the host pass
	// (target.Table.Macros for target.HostPass) and CUDA the toolkit
	// assumed (--cuda-version): CUDA_VERSION and CUDART_VERSION are its
	// number, as cuda.h and cuda_runtime.h give it. With Host.Defined
	// nil no preprocessor group is decided (groups).
	Host target.PassMacros
	CUDA target.CUDAVersion
}

// groups decides the preprocessor groups (#if / #ifdef ... #endif)
// inside the functions analyzed, for the host pass: a check that returns
// for 12.0 inside #if CUDA_VERSION >= 12080 returns with the toolkit
// assumed, and what follows is then no path of 12.0. tree-sitter keeps
// every branch of a group in the tree; a group whose conditions name
// only macros whose host-pass values archlint knows (the compiler's and
// the toolkit's, CUDA_VERSION included, and those known absent) is
// decided with analyzer/cpp/expr, the evaluator of the preprocessor
// engine: its compiled branch stands in the function in the group's
// place, and the others are gone. A group naming anything else (a
// project macro, a name the file #defines or #undefs, __has_include)
// stays undecided, every branch kept as the tree has them, as a group
// tree-sitter parsed with an error does.
type groups struct {
	tree
	src []byte
	cfg Config
	// nvcc says the file is compiled by nvcc (a .cu or .cuh file): in
	// another (a .cpp, a .h) the host compiler alone may read it, and
	// nvcc's own macros (__CUDACC__, __NVCC__, __CUDACC_VER_MAJOR__) are
	// unknown there.
	nvcc bool
	// decided caches each group's decision by node, made once per file
	// (the summary rounds walk a function many times).
	decided map[node]decision
	env     *hostEnv // built at the first group
	x       expr.Evaluator
}

// decision is a group's: whether it is decided, and if so the branch
// compiled (its preproc_if, preproc_elif, preproc_else, ... node), noNode
// when none is.
type decision struct {
	ok     bool
	branch node
}

// hostEnv answers the evaluator's lookups for the host pass (expr.Env).
type hostEnv struct {
	pm     target.PassMacros
	nvcc   bool
	macros map[string]*expr.Macro
	// local are the names the file #defines or #undefs anywhere: their
	// value at a group depends on the file, so they are unknown.
	local map[string]bool
}

func newHostEnv(cfg Config, src []byte, nvcc bool) *hostEnv {
	h := &hostEnv{pm: cfg.Host, nvcc: nvcc, macros: make(map[string]*expr.Macro, len(cfg.Host.Defined)+2), local: definedNames(src)}
	for name, body := range cfg.Host.Defined {
		h.macros[name] = &expr.Macro{Name: name, Body: body}
	}
	if cfg.CUDA.Major > 0 {
		n := strconv.Itoa(cfg.CUDA.Number())
		for _, name := range []string{"CUDA_VERSION", "CUDART_VERSION"} {
			h.macros[name] = &expr.Macro{Name: name, Body: n}
		}
	}
	return h
}

// Lookup implements expr.Env. __CUDA_ARCH_LIST__ names the build's
// architectures, which the analysis does not assume: unknown.
func (h *hostEnv) Lookup(name string) (*expr.Macro, expr.Tri) {
	if h.local[name] || name == "__CUDA_ARCH_LIST__" || (!h.nvcc && nvccOnly(name)) || hostBuild[name] {
		return nil, expr.Unknown
	}
	if m, ok := h.macros[name]; ok {
		return m, expr.True
	}
	if archBuildMacro(name) {
		return &expr.Macro{Name: name, Body: "1"}, expr.True
	}
	if h.pm.IsKnownUndefined(name) {
		return nil, expr.False
	}
	return nil, expr.Unknown
}

// archBuildMacroRE matches a build switch named for an architecture:
// vllm's ENABLE_SCALED_MM_SM120, ENABLE_NVFP4_SM100, ENABLE_CUTLASS_MOE_SM90.
var archBuildMacroRE = regexp.MustCompile(`^ENABLE_(?:[A-Z0-9]+_)*SM_?[0-9]{2,3}[AF]?(?:_[A-Z0-9]+)*$`)

// archBuildMacro reports a macro the build defines when it compiles for
// the architecture the name names (vllm's CMake adds
// -DENABLE_SCALED_MM_SM120=1 when the arch list holds 12.0). The host
// checks are read for a build of every architecture the project serves,
// the target's among them: such a group is compiled, so a check inside
// that returns for the GPU it names ends that GPU's path, and the next
// check is no path of it (`#if defined ENABLE_NVFP4_SM120 &&
// ENABLE_NVFP4_SM120` around `if (sm >= 120 && sm < 130) {...; return;}`).
func archBuildMacro(name string) bool { return archBuildMacroRE.MatchString(name) }

// hostBuild are host-pass macros whose value is the build's choice, not
// nvcc's (the profile holds one measured build): the language standard
// (-std=c++20), the host compiler (-ccbin: gcc 11 or 13, clang) and the
// host CPU (a Grace host is aarch64, not x86_64). A group reading one is
// undecided.
var hostBuild = map[string]bool{"__cplusplus": true, "__GNUC__": true, "__GNUC_MINOR__": true, "__x86_64__": true, "__aarch64__": true, "__clang__": true}

// nvccOnly reports a macro that nvcc defines and a host compiler run on
// its own (g++ on a .cpp file) does not.
func nvccOnly(name string) bool {
	return strings.HasPrefix(name, "__CUDACC") || strings.HasPrefix(name, "__NVCC") || strings.HasPrefix(name, "__CUDA_API_VER")
}

// isNvccFile reports a file that nvcc compiles: .cu, or a .cuh header.
func isNvccFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".cu", ".cuh":
		return true
	}
	return false
}

// HasInclude implements expr.Env: which headers exist is not known here.
func (h *hostEnv) HasInclude(string, bool) expr.Tri { return expr.Unknown }

// definedNames are the names of every #define and #undef line of src, or
// what looks like one: a '#' first on a line (blanks before it), then
// define or undef, then a name. A line inside a comment or continuing
// another may be taken for one; that only leaves more groups undecided.
func definedNames(src []byte) map[string]bool {
	out := map[string]bool{}
	blanks := func(i int) int {
		for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		return i
	}
	word := func(i int) int {
		for i < len(src) && isNameByte(src[i]) {
			i++
		}
		return i
	}
	for i := 0; i < len(src); {
		i = blanks(i)
		if i < len(src) && src[i] == '#' {
			k := blanks(i + 1)
			w := word(k)
			if d := string(src[k:w]); d == "define" || d == "undef" {
				n := blanks(w)
				if e := word(n); e > n {
					out[string(src[n:e])] = true
				}
			}
		}
		for i < len(src) && src[i] != '\n' {
			i++
		}
		i++
	}
	return out
}

// isGroup reports a node that opens a preprocessor group.
func isGroup(kind string) bool { return kind == "preproc_if" || kind == "preproc_ifdef" }

// decide decides the group g (isGroup).
func (gs *groups) decide(g node) decision {
	if d, ok := gs.decided[g]; ok {
		return d
	}
	d := gs.decide1(g)
	if gs.decided == nil {
		gs.decided = map[node]decision{}
	}
	gs.decided[g] = d
	return d
}

func (gs *groups) decide1(g node) decision {
	if gs.cfg.Host.Defined == nil || gs.t.HasError(g) {
		return decision{}
	}
	if gs.env == nil {
		gs.env = newHostEnv(gs.cfg, gs.src, gs.nvcc)
	}
	for b := g; b != noNode; b = gs.field(b, fAlternative) {
		var truth expr.Tri
		switch gs.kind(b) {
		case "preproc_else":
			return decision{ok: true, branch: b}
		case "preproc_if", "preproc_elif":
			truth = gs.condition(b)
		case "preproc_ifdef", "preproc_elifdef":
			name := gs.field(b, fName)
			if name == noNode {
				return decision{}
			}
			_, truth = gs.env.Lookup(gs.text(name))
			if k := gs.kind(gs.t.FirstChild(b)); k == "#ifndef" || k == "#elifndef" {
				truth = truth.Not()
			}
		default:
			return decision{}
		}
		switch truth {
		case expr.True:
			return decision{ok: true, branch: b}
		case expr.Unknown:
			return decision{}
		}
	}
	return decision{ok: true, branch: noNode}
}

// condition evaluates the #if or #elif of branch b: the text of its
// directive line after the keyword, as the preprocessor reads it (line
// splices and comments included). An error is unknown, and so is a line
// whose block comment ends on a later line.
func (gs *groups) condition(b node) expr.Tri {
	kw := gs.t.FirstChild(b)
	start := gs.t.EndByte(kw)
	end := start
	for end < len(gs.src) && gs.src[end] != '\n' {
		if gs.src[end] == '\\' {
			// A splice: the line goes on after the newline (a
			// backslash before other bytes is the evaluator's).
			if end+1 < len(gs.src) && gs.src[end+1] == '\n' {
				end++
			} else if end+2 < len(gs.src) && gs.src[end+1] == '\r' && gs.src[end+2] == '\n' {
				end += 2
			}
		}
		end++
	}
	line := string(gs.src[start:end])
	if i := strings.LastIndex(line, "/*"); i >= 0 && !strings.Contains(line[i+2:], "*/") {
		// A comment going on past the line: the condition goes on
		// after it (#if 0 /* ... */ || 1 over two lines).
		return expr.Unknown
	}
	r, err := gs.x.Eval(line, gs.env)
	if err != nil {
		return expr.Unknown
	}
	return r.Truth
}

// appendCompiled appends n's named children to out, as appendNamed does
// (comments included), with each decided group replaced by the children
// of its compiled branch (appendBranch), and nothing for a group decided
// to compile no branch.
func (gs *groups) appendCompiled(out []node, n node) []node {
	for c := gs.t.FirstChild(n); c != noNode; c = gs.t.NextSibling(c) {
		if !gs.t.IsNamed(c) {
			continue
		}
		if isGroup(gs.kind(c)) {
			if d := gs.decide(c); d.ok {
				out = gs.appendBranch(out, d.branch)
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// appendBranch appends the named children of the branch b of a decided
// group (its condition, name and alternative left out), each decided
// group among them replaced in turn. Nesting is followed with a stack of
// its own, not the Go stack.
func (gs *groups) appendBranch(out []node, b node) []node {
	if b == noNode {
		return out
	}
	stack := []node{gs.t.FirstChild(b)} // the next child to look at, per branch
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		if c == noNode {
			stack = stack[:len(stack)-1]
			continue
		}
		stack[len(stack)-1] = gs.t.NextSibling(c)
		if !gs.t.IsNamed(c) {
			continue
		}
		if f := gs.t.FieldOf(c); f == fCondition || f == fName || f == fAlternative {
			continue
		}
		if isGroup(gs.kind(c)) {
			if d := gs.decide(c); d.ok {
				if d.branch != noNode {
					stack = append(stack, gs.t.FirstChild(d.branch))
				}
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// compiledNamed is named (comments left out) with decided groups
// replaced as appendCompiled replaces them.
func (gs *groups) compiledNamed(n node) []node {
	var out []node
	for _, c := range gs.appendCompiled(nil, n) {
		if gs.kind(c) != "comment" {
			out = append(out, c)
		}
	}
	return out
}
