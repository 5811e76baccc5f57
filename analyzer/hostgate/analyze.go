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
	"errors"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/grammars"
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// Kind is the python.Gate kind of every host gate.
const Kind = "cpp-host-check"

// Analyze finds capability decisions in C/C++/CUDA host code and evaluates
// them per capability. caps are the reference capabilities oldest first.
func Analyze(root, path string, src []byte, caps []python.Capability) ([]python.Gate, error) {
	if len(caps) == 0 {
		caps = python.DefaultCaps()
	}
	p := sitter.NewParser()
	defer p.Close()
	if err := p.SetLanguage(grammars.CUDA()); err != nil {
		return nil, err
	}
	tree := p.Parse(src, nil)
	if tree == nil {
		return nil, errors.New("hostgate: tree-sitter returned no tree for " + path)
	}
	defer tree.Close()

	f := &file{root: root, path: path, src: src, caps: caps, helpers: map[string]*val{},
		members: map[string]*val{}, conflicted: map[string]bool{}}
	funcs := functions(tree.RootNode())
	// Only functions whose text mentions a capability source (or a helper
	// or member found to hold one) can decide on the capability; skipping
	// the rest keeps the walk to a fraction of the file. Helper summaries
	// repeat until no new helper or member turns up, so that a helper
	// calling a helper defined after it resolves.
	bodies := make([]string, len(funcs))
	for i, fn := range funcs {
		if b := fn.ChildByFieldName("body"); b != nil {
			bodies[i] = norm(string(src[b.StartByte():b.EndByte()]))
		}
	}
	tokens := append([]string(nil), sourceTokens...)
	var relevant []*sitter.Node
	for range 4 {
		relevant = relevant[:0]
		for i, fn := range funcs {
			if mentions(bodies[i], tokens) {
				relevant = append(relevant, fn)
			}
		}
		known := len(f.helpers) + len(f.members) + len(f.conflicted)
		for _, fn := range relevant {
			f.summarize(fn)
		}
		if len(f.helpers)+len(f.members)+len(f.conflicted) == known {
			break
		}
		tokens = append(tokens[:len(sourceTokens)], f.names()...)
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
	return f.gates, nil
}

// file is the state of one Analyze call.
type file struct {
	root, path string
	src        []byte
	caps       []python.Capability
	helpers    map[string]*val
	members    map[string]*val
	// conflicted are members also assigned something else.
	conflicted map[string]bool
	gates      []python.Gate
}

// functions lists every function_definition in source order, iteratively.
func functions(root *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	stack := []*sitter.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind() == "function_definition" {
			out = append(out, n)
		}
		for i := int(n.NamedChildCount()) - 1; i >= 0; i-- {
			if c := n.NamedChild(uint(i)); c != nil && c.NamedChildCount() > 0 {
				stack = append(stack, c)
			}
		}
	}
	return out
}

// funcDeclarator is the function_declarator of a definition (below any
// pointer or reference declarators of the return type).
func funcDeclarator(def *sitter.Node) *sitter.Node {
	d := def.ChildByFieldName("declarator")
	for range 32 {
		if d == nil || d.Kind() == "function_declarator" {
			return d
		}
		d = d.ChildByFieldName("declarator")
	}
	return nil
}

func (f *file) funcName(def *sitter.Node) string {
	if d := funcDeclarator(def); d != nil {
		if n := d.ChildByFieldName("declarator"); n != nil {
			return clip(n.Utf8Text(f.src))
		}
	}
	return ""
}

// sourceTokens are normalized (lowercase, no underscore) fragments one of
// which any capability read contains.
var sourceTokens = []string{"getsm", "devicesm", "cudasm", "currentsm", "gpusm", "computecapabilit", "major",
	"deviceprop", "smversion", "smver", "smarch", "cudaarch", "archversion"}

func mentions(body string, tokens []string) bool {
	for _, t := range tokens {
		if strings.Contains(body, t) {
			return true
		}
	}
	return false
}

// names are the normalized helper and member names found so far, sorted.
func (f *file) names() []string {
	var out []string
	for n := range f.helpers {
		out = append(out, norm(n))
	}
	for n := range f.members {
		out = append(out, norm(n))
	}
	sort.Strings(out)
	return out
}
