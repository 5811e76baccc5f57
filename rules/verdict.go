package rules

import (
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
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

// withCallees appends the bodies of the functions of the same file that the
// code calls, two levels deep.
func (c *Context) withCallees(f *cpp.File, code string) string {
	if c.Structure == nil {
		return code
	}
	funcs := c.Structure.Functions(f)
	if funcs == nil {
		return code
	}
	var sb strings.Builder
	sb.WriteString(code)
	src := f.Source()
	added := map[string]bool{}
	frontier := code
	for depth := 0; depth < calleeDepth && frontier != ""; depth++ {
		var next strings.Builder
		// The frontier's words, once: a file has hundreds of functions,
		// and looking for each name in the code was most of the checks'
		// time on flashinfer.
		fb := []byte(frontier)
		words := identWords(fb)
		for _, fn := range funcs {
			if fn.Name == "" || added[fn.Name] || fn.BodyStart < 0 || fn.BodyEnd > len(src) || fn.BodyStart >= fn.BodyEnd {
				continue
			}
			var named bool
			if isIdentName(fn.Name) {
				// A whole word of the code is a maximal run of
				// identifier bytes (containsWord).
				named = words[fn.Name]
			} else {
				named = containsWord(fb, fn.Name) // operator(), ~Foo
			}
			if named {
				added[fn.Name] = true
				next.Write(src[fn.BodyStart:fn.BodyEnd])
				next.WriteByte('\n')
			}
		}
		frontier = next.String()
		sb.WriteString(frontier)
	}
	return sb.String()
}

// identWords is the set of the maximal runs of identifier bytes of b.
func identWords(b []byte) map[string]bool {
	words := map[string]bool{}
	for i := 0; i < len(b); {
		if !isIdent(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && isIdent(b[j]) {
			j++
		}
		words[string(b[i:j])] = true
		i = j
	}
	return words
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
