// Package hostgate finds the capability decisions of C/C++/CUDA host code:
// every place a function reads the GPU's compute capability
// (getSMVersion()-style helpers, cudaDeviceProp.major/minor,
// cudaDeviceGetAttribute(...ComputeCapabilityMajor...)) and decides on it
// in an if / else if ladder, a switch, a ternary or a TORCH_CHECK-style
// assertion. Each decision is evaluated once per reference capability and
// returned as a python.Gate, so the rules judge it exactly like a Python
// gate (the Branch encoding of analyzer/shutout).
//
// The evaluation is a small dataflow over one function at a time, in
// source order, with every value computed per capability at once; results
// of same-file helpers with a single capability-dependent return are
// followed into their callers.
package hostgate

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/python"
)

// Kind is the python.Gate kind of every host gate.
const Kind = "cpp-host-check"

// Analyze finds capability decisions in C/C++/CUDA host code and evaluates
// them per capability, with what cfg assumes of the build. It parses src
// with a parser of its own; a caller analyzing many files keeps one
// cst.Parser per goroutine and calls AnalyzeTree.
func Analyze(root, path string, src []byte, cfg Config) ([]python.Gate, error) {
	p := cst.NewParser()
	defer p.Close()
	t, err := p.ParseTree(context.Background(), src)
	if err != nil {
		return nil, fmt.Errorf("hostgate: parsing %s: %w", path, err)
	}
	return AnalyzeTree(root, path, t, cfg), nil
}

// AnalyzeTree is Analyze on a file already parsed (t holds its source).
// Nothing of t is kept: the gates are plain data.
func AnalyzeTree(root, path string, t *cst.Tree, cfg Config) []python.Gate {
	gates, _ := analyze(root, path, t, cfg)
	return gates
}

// analyze is AnalyzeTree, also giving, when the analysis found a helper
// or a member (what functions share across the file), the normalized
// names of its helpers and of what were ever its members: every name its
// rounds may have looked for (see AnalyzeSource), in no order. names is
// nil when it found none.
func analyze(root, path string, t *cst.Tree, cfg Config) (gates []python.Gate, names []string) {
	if len(cfg.Caps) == 0 {
		cfg.Caps = python.DefaultCaps()
	}
	src := t.Src()
	f := &file{tree: tree{t}, root: root, path: path, src: src, caps: cfg.Caps, helpers: map[string]*val{},
		groups:    &groups{tree: tree{t}, src: src, cfg: cfg, nvcc: isNvccFile(path)},
		helperDef: map[string]node{}, lostHelper: map[string]bool{},
		members: map[string]*val{}, wasMember: map[string]bool{}, conflicted: map[string]bool{}}
	funcs := f.functions()
	f.consts = f.fileConsts()
	// Only functions whose text mentions a capability source (or a helper
	// or member found to hold one) can decide on the capability; skipping
	// the rest keeps the walk to a fraction of the file. Helper summaries
	// repeat until no new helper or member turns up, so that a helper
	// calling a helper defined after it resolves.
	bodies := make([]string, len(funcs))
	raw := make([][]byte, len(funcs))
	for i, fn := range funcs {
		if b := f.field(fn, fBody); b != noNode {
			raw[i] = src[t.StartByte(b):t.EndByte(b)]
			bodies[i] = norm(string(raw[i]))
		}
	}
	// lookFor are the helpers and members found by the round before,
	// normalized: a function can read one only through a name equal to
	// it (expr.go looks them up by name), so a body where none is one
	// whole name (namesOne) has nothing to read from them.
	//
	// The rounds go on until a round finds nothing new. Helpers, names
	// that were ever members and conflicted names only grow (a member
	// lost to a conflict leaves members but joins conflicted), so their
	// count is the progress measure and the loop ends; members alone
	// is not one: a new member and a lost one cancel out. (A fixed four
	// rounds left a chain of five assignments half read: a member set
	// to 0 in a function the fifth round would have reached counted as
	// a capability.)
	var lookFor map[string]bool
	var relevant []node
	for {
		relevant = relevant[:0]
		for i, fn := range funcs {
			if mentions(bodies[i], sourceTokens) || callsBareSM(raw[i]) || namesOne(raw[i], plainCapNames) || namesOne(raw[i], lookFor) {
				relevant = append(relevant, fn)
			}
		}
		known := f.progress()
		for _, fn := range relevant {
			f.summarize(fn)
		}
		if f.progress() == known {
			break
		}
		lookFor = map[string]bool{}
		for _, n := range f.names() {
			lookFor[n] = true
		}
	}
	for _, fn := range relevant {
		f.gatesOf(fn)
	}
	sort.SliceStable(f.gates, func(i, j int) bool {
		a, b := f.gates[i], f.gates[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	if f.shared {
		// Every name the rounds may have looked for: a round looks for
		// the names of the round before it (f.names: every name that
		// was ever a helper or a member, lost ones included). A
		// conflicted name that never was a member is in no round's
		// tokens, so the functions naming it need not be parsed: those
		// the rounds look at, which alone can mark it conflicted, name
		// a source token or a name here, and are parsed alike in the
		// partial tree and the whole file.
		names = append(names, f.names()...)
	}
	return f.gates, names
}

// progress counts what the summary rounds have found; it never shrinks.
func (f *file) progress() int {
	return len(f.helpers) + len(f.lostHelper) + len(f.wasMember) + len(f.conflicted)
}

// file is the state of one Analyze call.
type file struct {
	tree
	root, path string
	src        []byte
	caps       []python.Capability
	// groups decides the preprocessor groups in the functions walked.
	groups  *groups
	helpers map[string]*val
	// helperDef is the definition each helper was found in, and
	// lostHelper the helpers whose definition, summarized again, no
	// longer returns the capability (the member it returns was found
	// conflicted later): they stay lost, so the rounds end.
	helperDef  map[string]node
	lostHelper map[string]bool
	members    map[string]*val
	// wasMember are the names members ever held, a member later lost to
	// a conflict included.
	wasMember map[string]bool
	// conflicted are members also assigned something else.
	conflicted map[string]bool
	// consts are the constants declared at file or namespace scope.
	consts map[string]*val
	// shared says a helper or a member was found (and maybe lost again
	// to a conflict).
	shared bool
	gates  []python.Gate
}

// functions lists every function_definition in source order, iteratively,
// looking through named children that have named children themselves.
func (f *file) functions() []node {
	var out []node
	stack := []node{f.t.Root()}
	var kids []node
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.kind(n) == "function_definition" {
			out = append(out, n)
		}
		kids = f.appendNamed(kids[:0], n)
		for i := len(kids) - 1; i >= 0; i-- {
			if c := kids[i]; f.hasNamedChild(c) {
				stack = append(stack, c)
			}
		}
	}
	return out
}

// funcDeclarator is the function_declarator of a definition (below any
// pointer or reference declarators of the return type).
func (t tree) funcDeclarator(def node) node {
	d := t.field(def, fDeclarator)
	for range 32 {
		if d == noNode || t.kind(d) == "function_declarator" {
			return d
		}
		d = t.field(d, fDeclarator)
	}
	return noNode
}

func (f *file) funcName(def node) string {
	if d := f.funcDeclarator(def); d != noNode {
		if n := f.field(d, fDeclarator); n != noNode {
			return clip(f.text(n))
		}
	}
	return ""
}

// defName is the unqualified name of the function def defines
// (getTmaWarpSpecializedConfigs in MoeGemmRunner<...>::getTmaWarpSpecializedConfigs),
// "" when it has none callee2 reads.
func (f *file) defName(def node) string {
	if d := f.funcDeclarator(def); d != noNode {
		e := evaluator{tree: f.tree}
		return e.callee2(f.field(d, fDeclarator))
	}
	return ""
}

// sourceTokens are normalized (lowercase, no underscore) fragments one of
// which any capability read contains.
var sourceTokens = []string{"getsm", "devicesm", "cudasm", "currentsm", "gpusm", "computecapabilit", "major",
	"deviceprop", "smversion", "smver", "smarch", "cudaarch", "archversion"}

// plainCapNames are capability names too short to be fragments
// (sourceTokens would find "cc" in most bodies): a body must hold one as a
// whole name (isCapName's `cc`, ppl.llm's `int cc` parameter; isWeakCapName's
// sm, sm_ and SM).
var plainCapNames = map[string]bool{"cc": true, "sm": true}

func mentions(body string, tokens []string) bool {
	for _, t := range tokens {
		if strings.Contains(body, t) {
			return true
		}
	}
	return false
}

// callsBareSM reports whether text calls a helper named plain sm ("sm()",
// "SM()": isCapHelper takes it for a capability read), which no source
// token finds ("getsm" and the others need a prefix). The partial parse
// keeps such functions by the same rule (mayRead: the name sm, called).
func callsBareSM(text []byte) bool {
	for i, j, _ := nameRun(text, 0); i < j; i, j, _ = nameRun(text, j) {
		if norm(string(text[i:j])) == "sm" && called(text[j:]) {
			return true
		}
	}
	return false
}

// namesOne reports whether text holds one of names (normalized, norm) as
// a whole name: a run of name bytes that normalizes to it. tree-sitter
// may read a run with bytes of other UTF-8 characters, or one that starts
// with a digit (a number's suffix), as more than one name, so in such a
// run a name anywhere counts. A member sm is then not found in smem or
// num_sms, which made functions that cannot read it look at it, and the
// partial parse of their files widen to them (wideItems).
func namesOne(text []byte, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	for i, j, whole := nameRun(text, 0); i < j; i, j, whole = nameRun(text, j) {
		n := norm(string(text[i:j]))
		if names[n] {
			return true
		}
		if !whole {
			for name := range names {
				if strings.Contains(n, name) {
					return true
				}
			}
		}
	}
	return false
}

// nameRun is the first run of name bytes (inName) in text at or after
// from, text[i:j], and whether it is whole: only plain bytes, not
// starting with a digit. i == j when there is none.
func nameRun(text []byte, from int) (i, j int, whole bool) {
	i = from
	for i < len(text) {
		if in, _ := inName(text, i); in {
			break
		}
		i++
	}
	j, whole = i, i < len(text) && !('0' <= text[i] && text[i] <= '9')
	for j < len(text) {
		in, plain := inName(text, j)
		if !in {
			break
		}
		whole = whole && plain
		j++
	}
	return i, j, whole
}

// inName reports whether text[i] may be part of a name to tree-sitter,
// and whether it is plain (an ASCII letter, digit or underscore). Its
// identifiers also hold '$' and universal character names (is$sm90,
// is\u00e9sm90): a helper so named is found whole, and a run with
// either, like one with other UTF-8 bytes, counts a name anywhere.
func inName(text []byte, i int) (in, plain bool) {
	switch c := text[i]; {
	case c == '$', c >= 0x80:
		return true, false
	case c == '\\':
		return i+1 < len(text) && (text[i+1] == 'u' || text[i+1] == 'U'), false
	}
	return isNameByte(text[i]), true
}

// names are the normalized names of every helper and member found so far,
// those lost again included (a function naming one is summarized again in
// the next round: a helper returning a member found conflicted since is no
// helper any more), sorted.
func (f *file) names() []string {
	var out []string
	for n := range f.helpers {
		out = append(out, norm(n))
	}
	for n := range f.lostHelper {
		out = append(out, norm(n))
	}
	for n := range f.wasMember {
		out = append(out, norm(n))
	}
	sort.Strings(out)
	return out
}
