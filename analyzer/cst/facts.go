package cst

// MaxErrorLines caps Facts.ErrorLines so that a file tree-sitter cannot make
// sense of (generated code, a non-C file with a C extension) does not produce
// an unbounded list; Facts.ErrorNodes still counts every error.
const MaxErrorLines = 1000

// Facts is what Parse learns about one C/C++/CUDA file. Lines are 1-based,
// byte offsets 0-based.
type Facts struct {
	// Kernels are the function definitions declared __global__, in source
	// order. Each is also in Functions.
	Kernels []Function
	// Functions are all function definitions that have a body (free
	// functions, __device__ and __host__ functions, templates, methods,
	// out-of-line members), in source order.
	Functions []Function
	// DirectiveLines are the first physical lines of the preprocessor
	// conditional directives tree-sitter recognized as such (#if, #ifdef,
	// #ifndef, #elif, #elifdef, #elifndef, #else and the #endif closing a
	// recognized conditional), increasing and without duplicates.
	// Directives swallowed by error recovery are missing, so this is at
	// most what a line scanner finds.
	DirectiveLines []int
	// ErrorNodes counts ERROR and MISSING nodes.
	ErrorNodes int
	// ErrorLines holds the first line of each ERROR node (not MISSING
	// nodes, which have no extent), in source order, at most MaxErrorLines.
	ErrorLines []int
}

// Function is one function definition with a body.
type Function struct {
	// Name is the unqualified name ("bar" for ns::Foo<T>::bar, "~Foo",
	// "operator()"), comparable with the entries of Calls.
	Name string
	// QualifiedName is the declarator's name as written, with runs of
	// white space collapsed ("ns::Foo<T>::bar").
	QualifiedName string
	// Global and Device report the __global__ and __device__ specifiers.
	Global, Device bool
	// StartLine and EndLine span the whole definition, including any
	// template<...> headers in front of it.
	StartLine, EndLine int
	// BodyStart is the byte offset of the body's '{' and BodyEnd the offset
	// just past its '}' (for a function-try-block: past the last handler).
	BodyStart, BodyEnd int
	// BodyStartLine and BodyEndLine are the lines of that '{' and '}'.
	BodyStartLine, BodyEndLine int
	// Calls are the names of the functions called inside the body:
	// identifiers, member names and template names, unqualified, unique and
	// sorted. Kernel launches (k<<<g, b>>>(...)) count as calls of k.
	Calls []string
	// Recovered is set when error recovery shaped this definition's
	// extent, so StartLine or the body range are tree-sitter's best guess
	// and worth cross-checking against the line scanner: a brace it could
	// not pair lies in the body (an #if/#else whose branches each close
	// the body leave a stray '}'; a MISSING '}'), or the definition was
	// stitched together from a declaration tree-sitter split off
	// ("__global__ LAUNCH_MACRO(256) void k() {...}"). Errors that leave
	// the braces alone, such as an #if inside the parameter list, do not
	// set it.
	Recovered bool
}
