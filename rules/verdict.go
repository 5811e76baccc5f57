package rules

import (
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/verdict"
)

// regionCode is the code of a branch, nested chains included (comment-free
// logical lines), with the functions it calls (see withCallees).
func (c *Context) regionCode(f *cpp.File, b *cpp.Branch) string {
	var sb strings.Builder
	for li := b.FirstLine; li < b.EndLine && li < f.St.Src.NumLines(); li++ {
		sb.WriteString(f.LineText(li))
		sb.WriteByte('\n')
	}
	return c.withCallees(f, sb.String())
}

// branchCode is the code of branch bx of a chain, with its callees: the
// lines of a directive's branch, or an <nv/target> gate's argument.
func (c *Context) branchCode(ce *cpp.ChainEval, bx int) string {
	if ce.Synth != nil {
		return c.withCallees(ce.File, ce.SynthBody(bx))
	}
	return c.regionCode(ce.File, &ce.Chain.Branches[bx])
}

// calleeDepth is how many levels of calls a verdict looks through: a range
// that only calls wait_prior_grid() uses what that body uses.
const calleeDepth = 2

// maxCalleeHeaders bounds the headers, nearest first, that a verdict looks
// through for the functions its code calls and its file does not define:
// CuTe's MMA atoms call cute::fma of simd_sm100.hpp, which mma_sm100.hpp
// includes itself.
const maxCalleeHeaders = 32

// withCallees appends the bodies of the functions the code calls, two
// levels deep: those its file defines, and, for a called name the file does
// not define, the first definition in the headers it includes.
func (c *Context) withCallees(f *cpp.File, code string) string {
	if c.Structure == nil {
		return code
	}
	return c.withCalleesFrom(f, c.fileDefinitions(f), code, calleeDepth)
}

// fileDefinitions is definitionsOf(f, c.Structure.Functions), read once
// per file.
func (c *Context) fileDefinitions(f *cpp.File) *definitions {
	c.calleeMu.Lock()
	d, ok := c.calleeDefs[f.ID]
	c.calleeMu.Unlock()
	if ok {
		return d
	}
	d = c.definitionsOf(f, c.Structure.Functions)
	c.calleeMu.Lock()
	defer c.calleeMu.Unlock()
	if c.calleeDefs == nil {
		c.calleeDefs = map[int]*definitions{}
	}
	c.calleeDefs[f.ID] = d
	return d
}

// withCalleesFrom is withCallees, depth levels deep, with own the
// definitions of f.
func (c *Context) withCalleesFrom(f *cpp.File, own *definitions, code string, depth int) string {
	var headers []*definitions // read when the file lacks a callee
	headersRead := false
	var sb strings.Builder
	sb.WriteString(code)
	added := map[string]bool{}
	frontier := code
	for level := 0; level < depth && frontier != ""; level++ {
		var next strings.Builder
		// The frontier's words, once: a file has hundreds of functions,
		// and looking for each name in the code was most of the checks'
		// time on flashinfer.
		fb := []byte(frontier)
		uses := identUses(fb)
		own.callees(&next, fb, uses, added, false)
		if c.callsUndefined(uses, added) {
			if !headersRead {
				headers, headersRead = c.includedDefinitions(f), true
			}
			for _, h := range headers {
				h.callees(&next, fb, uses, added, true)
			}
		}
		frontier = next.String()
		sb.WriteString(frontier)
	}
	return sb.String()
}

// callsUndefined reports whether uses call a name no definition was found
// for yet.
func (c *Context) callsUndefined(uses map[string]wordUse, added map[string]bool) bool {
	for name, u := range uses {
		if u.called && !added[name] {
			return true
		}
	}
	return false
}

// definitions are one file's function definitions with a body, and, for
// each, the class whose member it is ("" for none: a namespace's function
// or an out-of-line member).
type definitions struct {
	src    []byte
	funcs  []cst.Function
	owners []string
	// byName indexes the definitions with an identifier name, in source
	// order; others are the rest (operator(), ~Foo).
	byName map[string][]int
	others []int
}

// definitionsOf reads the function definitions of f with read (one of
// c.Structure's readers); nil when it has none or could not be read.
func (c *Context) definitionsOf(f *cpp.File, read func(*cpp.File) []cst.Function) *definitions {
	funcs := read(f)
	if funcs == nil {
		return nil
	}
	scopes := c.Structure.Scopes(f)
	d := &definitions{src: f.Source(), funcs: funcs, owners: make([]string, len(funcs)), byName: map[string][]int{}}
	for i, fn := range funcs {
		d.owners[i] = memberOf(scopes, fn)
		switch {
		case fn.Name == "":
		case isIdentName(fn.Name):
			d.byName[fn.Name] = append(d.byName[fn.Name], i)
		default:
			d.others = append(d.others, i)
		}
	}
	return d
}

// memberOf is the class whose body holds fn's definition, "" when the
// innermost scope around it is a namespace (or none is known).
func memberOf(scopes []cst.Scope, fn cst.Function) string {
	owner := ""
	for _, s := range scopes { // outermost first: the last one holding fn is innermost
		ownBody := !s.Class && s.Name == fn.Name && s.StartLine == fn.BodyStartLine && s.EndLine == fn.BodyEndLine
		if ownBody || s.StartLine > fn.StartLine || s.EndLine < fn.BodyEndLine {
			continue
		}
		owner = ""
		if s.Class {
			owner = s.Name
		}
	}
	return owner
}

// includedDefinitions reads the definitions of the headers f includes,
// breadth first (nearest first, in #include order), at most
// maxCalleeHeaders of them; once per file.
func (c *Context) includedDefinitions(f *cpp.File) []*definitions {
	c.calleeMu.Lock()
	out, ok := c.headerDefs[f.ID]
	c.calleeMu.Unlock()
	if ok {
		return out
	}
	out = c.readIncludedDefinitions(f)
	c.calleeMu.Lock()
	defer c.calleeMu.Unlock()
	if c.headerDefs == nil {
		c.headerDefs = map[int][]*definitions{}
	}
	c.headerDefs[f.ID] = out
	return out
}

// readIncludedDefinitions is includedDefinitions, read.
func (c *Context) readIncludedDefinitions(f *cpp.File) []*definitions {
	var out []*definitions
	seen := map[int]bool{f.ID: true}
	queue := []*cpp.File{f}
	for read := 0; len(queue) > 0 && read < maxCalleeHeaders; {
		g := queue[0]
		queue = queue[1:]
		for di := range g.St.Src.Directives {
			r, ok := g.Include(di)
			if !ok || r.File == nil || seen[r.File.ID] || read == maxCalleeHeaders {
				continue
			}
			seen[r.File.ID] = true
			queue = append(queue, r.File)
			read++
			if d := c.fileDefinitions(r.File); d != nil {
				out = append(out, d)
			}
		}
	}
	return out
}

// callees writes to out the bodies of d's first definitions of the names
// the code fb uses, in source order, marking them added. A definition that
// is a member of a class answers only a bare use or one qualified by that
// class (cute::fma is no struct's static fma). In another file than the
// code's (calledOnly), only names the code calls or instantiates count.
// The code's names are looked up (byName): a header of CUTLASS defines
// hundreds of functions, and scanning them all for each branch was most
// of its checks' time.
func (d *definitions) callees(out *strings.Builder, fb []byte, uses map[string]wordUse, added map[string]bool, calledOnly bool) {
	if d == nil {
		return
	}
	var picked []int
	for name, u := range uses {
		if added[name] || calledOnly && !u.called {
			continue
		}
		for _, i := range d.byName[name] {
			if d.hasBody(i) && u.admits(d.owners[i]) {
				picked = append(picked, i)
				break
			}
		}
	}
	if !calledOnly {
		for _, i := range d.others { // operator(), ~Foo
			if name := d.funcs[i].Name; !added[name] && d.hasBody(i) && containsWord(fb, name) {
				picked = append(picked, i)
			}
		}
	}
	slices.Sort(picked)
	for _, i := range picked {
		fn := d.funcs[i]
		if added[fn.Name] { // an operator spelled twice
			continue
		}
		added[fn.Name] = true
		out.Write(d.src[fn.BodyStart:fn.BodyEnd])
		out.WriteByte('\n')
	}
}

// hasBody reports whether definition i has a body within the source.
func (d *definitions) hasBody(i int) bool {
	fn := d.funcs[i]
	return fn.BodyStart >= 0 && fn.BodyEnd <= len(d.src) && fn.BodyStart < fn.BodyEnd
}

// wordUse is how code writes an identifier: bare (f, obj.f, p->f), or after
// a named qualifier (q::f: quals), and whether a '(' or '<' follows it
// somewhere (called).
type wordUse struct {
	bare   bool
	quals  []string
	called bool
}

// admits reports whether a definition that is a member of class owner ("":
// none) may be what the uses name.
func (u wordUse) admits(owner string) bool {
	return owner == "" || u.bare || slices.Contains(u.quals, owner)
}

// identUses maps the maximal runs of identifier bytes of b to how b uses
// them.
func identUses(b []byte) map[string]wordUse {
	uses := map[string]wordUse{}
	for i := 0; i < len(b); {
		if !isIdent(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && isIdent(b[j]) {
			j++
		}
		w := string(b[i:j])
		u := uses[w]
		if q := qualifierBefore(b, i); q != "" {
			if !slices.Contains(u.quals, q) {
				u.quals = append(u.quals, q)
			}
		} else {
			u.bare = true
		}
		k := j
		for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\n') {
			k++
		}
		u.called = u.called || k < len(b) && (b[k] == '(' || b[k] == '<')
		uses[w] = u
		i = j
	}
	return uses
}

// qualifierBefore is the identifier q of `q::` right before offset i of b,
// "" when there is none (or the qualifier is no plain name, as in
// `T<int>::f` or `::f`).
func qualifierBefore(b []byte, i int) string {
	if i < 2 || b[i-1] != ':' || b[i-2] != ':' {
		return ""
	}
	j := i - 2
	k := j
	for k > 0 && isIdent(b[k-1]) {
		k--
	}
	return string(b[k:j])
}

// isIdentName reports whether name is made of identifier bytes only.
func isIdentName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !isIdent(name[i]) {
			return false
		}
	}
	return name != ""
}

// builds are the target's flavors as arches.
func (c *Context) builds() []target.Arch {
	var out []target.Arch
	for _, p := range c.Flavors {
		out = append(out, c.Passes[p])
	}
	return out
}

// justified reports whether code uses what the target lacks (judge's
// verdict.Justified).
func (c *Context) justified(code string) bool {
	return c.KB != nil && c.KB.Judge(code, c.builds()).Kind == verdict.Justified
}

// judge attaches a verdict on the excluded code to a finding: in the
// message, in properties, and in the level (a justified exclusion is a note:
// the hardware is missing, nothing to port).
func (c *Context) judge(f *finding.Finding, code string) {
	if c.KB == nil {
		return
	}
	j := c.KB.Judge(code, c.builds())
	f.Message += " Verdict: " + j.Evidence + "."
	if f.Properties == nil {
		f.Properties = map[string]any{}
	}
	f.Properties["verdict"] = string(j.Kind)
	f.Properties["verdictEvidence"] = j.Evidence
	if len(j.Features) > 0 {
		f.Properties["features"] = strings.Join(j.Features, ", ")
	}
	if j.Kind == verdict.Justified && f.RuleID != AL102.ID && f.RuleID != AL103.ID {
		f.Level = finding.LevelNote
	}
}
