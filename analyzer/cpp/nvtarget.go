package cpp

import (
	"bytes"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
)

// CCCL's <nv/target> gates choose code per target inside ordinary code, not
// with directives:
//
//	NV_IF_TARGET(NV_PROVIDES_SM_90, (then))
//	NV_IF_ELSE_TARGET(NV_IS_EXACTLY_SM_80, (then), (else))
//	NV_DISPATCH_TARGET(NV_PROVIDES_SM_90, (a), NV_PROVIDES_SM_80, (b))
//
// They are found here, turned into chains of their own (one branch per
// query, plus the else), and evaluated per pass from the query alone: the
// queries depend only on the pass, never on the translation unit.

// nvGateMacros are the <nv/target> gate macros, as FindMacroGates finds
// them: a word starting there, then white space and '('.
var nvGateMacros = []string{"NV_IF_TARGET", "NV_IF_ELSE_TARGET", "NV_DISPATCH_TARGET"}

// gateMatch is one gate macro found in a file's code: the macro's name at
// code[name:name+len(macro)], its '(' ending at open.
type gateMatch struct {
	name  int
	macro string
	open  int
}

// findGateMacros finds the gate macros of code in order, as the regexp
// \b(NV_IF_TARGET|NV_IF_ELSE_TARGET|NV_DISPATCH_TARGET)\s*\( would
// (FuzzGateMacrosLikeRegexp): the regexp was nearly all of FindMacroGates,
// 0.35 s of CPU on CCCL, whose headers use them everywhere.
func findGateMacros(code string) []gateMatch {
	var out []gateMatch
	for off := 0; ; {
		k := strings.Index(code[off:], "NV_")
		if k < 0 {
			return out
		}
		p := off + k
		off = p + 1
		if p > 0 && isIdentByte(code[p-1]) {
			continue
		}
		for _, m := range nvGateMacros {
			if !strings.HasPrefix(code[p:], m) {
				continue
			}
			// \s is [\t\n\f\r ]: not \v.
			j := p + len(m)
			for j < len(code) && (code[j] == ' ' || code[j] == '\t' || code[j] == '\n' || code[j] == '\f' || code[j] == '\r') {
				j++
			}
			if j < len(code) && code[j] == '(' {
				out = append(out, gateMatch{name: p, macro: m, open: j + 1})
				off = j + 1
			}
			break
		}
	}
}

// MacroGate is one <nv/target> gate.
type MacroGate struct {
	Macro   string
	Line    int // first physical line
	EndLine int
	// Col is the 1-based column of the macro's name in its logical line's
	// comment-free text, as the gate's pseudo-directives report it.
	Col     int
	LineIdx int      // logical line of the macro name
	Queries []string // per branch; "" for the else branch
	Bodies  []string
}

// FindMacroGates lists the <nv/target> gates of a file (not in directives).
// raw is the file's bytes, checked first so that files without gates cost
// one byte search.
func FindMacroGates(raw []byte, src *Source) []MacroGate {
	if !bytes.Contains(raw, []byte("NV_IF_")) && !bytes.Contains(raw, []byte("NV_DISPATCH_TARGET")) {
		return nil
	}
	var text strings.Builder
	starts := make([]int, src.NumLines())
	d := 0
	for i := range starts {
		starts[i] = text.Len()
		if d < len(src.Directives) && src.Directives[d].LineIdx == i {
			d++
		} else {
			text.WriteString(src.text(i))
		}
		text.WriteByte('\n')
	}
	code := text.String()
	lineAt := func(off int) int { return max(0, sort.SearchInts(starts, off+1)-1) }
	var out []MacroGate
	for _, m := range findGateMacros(code) {
		args, end, ok := splitArgs(code, m.open)
		if !ok || len(args) < 2 {
			continue
		}
		// The gate's strings are copies: slices of code would keep the
		// file's whole text alive for the scan.
		g := MacroGate{Macro: m.macro}
		switch g.Macro {
		case "NV_DISPATCH_TARGET":
			for i := 0; i+1 < len(args); i += 2 {
				g.Queries = append(g.Queries, strings.Clone(strings.TrimSpace(args[i])))
				g.Bodies = append(g.Bodies, strings.Clone(args[i+1]))
			}
		default:
			g.Queries = append(g.Queries, strings.Clone(strings.TrimSpace(args[0])))
			g.Bodies = append(g.Bodies, strings.Clone(args[1]))
			if g.Macro == "NV_IF_ELSE_TARGET" && len(args) > 2 {
				g.Queries = append(g.Queries, "")
				g.Bodies = append(g.Bodies, strings.Clone(args[2]))
			}
		}
		li := lineAt(m.name)
		g.LineIdx, g.Col = li, strings.Index(src.text(li), g.Macro)+1
		g.Line, _ = src.lines.at(li)
		_, g.EndLine = src.lines.at(lineAt(end))
		out = append(out, g)
	}
	return out
}

// splitArgs splits a macro argument list starting after '(' at top-level
// commas; it returns the offset of the closing ')'.
func splitArgs(s string, i int) ([]string, int, bool) {
	depth := 0
	start := i
	var args []string
	var quote byte
	for ; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			quote = c
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return append(args, s[start:i]), i, true
			}
			depth--
		case ',':
			if depth == 0 {
				args = append(args, s[start:i])
				start = i + 1
			}
		}
	}
	return nil, 0, false
}

var nvQueryRE = regexp.MustCompile(`^NV_(PROVIDES_SM|IS_EXACTLY_SM|HAS_FEATURE_SM)_(\d+)([af]?)$`)

// QueryHolds evaluates an <nv/target> query for a pass; "" is the else branch.
func QueryHolds(q string, a target.Arch) Tri {
	switch q {
	case "":
		return expr.True
	case "NV_ANY_TARGET":
		return expr.True
	case "NV_NO_TARGET":
		return expr.False
	case "NV_IS_HOST":
		return triOf(a.Host)
	case "NV_IS_DEVICE":
		return triOf(!a.Host)
	}
	m := nvQueryRE.FindStringSubmatch(q)
	if m == nil {
		return expr.Unknown
	}
	n, _ := strconv.Atoi(m[2])
	if a.Host {
		return expr.False
	}
	switch m[1] {
	case "PROVIDES_SM":
		return triOf(a.CudaArch() >= n*10)
	case "IS_EXACTLY_SM":
		return triOf(a.CudaArch() == n*10)
	default: // HAS_FEATURE_SM_90a: the arch-specific (or family) build of that arch
		want := target.ArchSpecific
		if m[3] == "f" {
			return triOf(a.CudaArch() == n*10 && a.Flavor != target.Plain)
		}
		return triOf(a.CudaArch() == n*10 && a.Flavor == want)
	}
}

func triOf(b bool) Tri {
	if b {
		return expr.True
	}
	return expr.False
}

// macroGateEvals turns a file's <nv/target> gates into chain evaluations,
// given the evaluations of its real chains (for whether the gate's line is
// compiled in each pass).
func (r *Results) macroGateEvals(f *File, real []*ChainEval) []*ChainEval {
	gates := f.MacroGates
	if len(gates) == 0 {
		return nil
	}
	byID := map[int]*ChainEval{}
	for _, ce := range real {
		byID[ce.Chain.ID] = ce
	}
	var out []*ChainEval
	for k, g := range gates {
		owner := f.St.Owner(g.LineIdx)
		c := &Chain{ID: len(f.St.Chains) + k, Endif: -1, Parent: owner.Chain, ParentBr: owner.Branch}
		ce := &ChainEval{File: f, Chain: c, Branch: make([]int, len(r.Passes)), Taken: make([]int, len(r.Passes)),
			Active: make([]Tri, len(r.Passes))}
		for bi, q := range g.Queries {
			kw := g.Macro
			if q == "" {
				kw = g.Macro + " else"
			}
			ce.Synth = append(ce.Synth, Directive{Kind: DirOther, Keyword: kw, Args: q, Line: g.Line, EndLine: g.EndLine,
				Col: g.Col, LineIdx: g.LineIdx, Macro: true})
			body := strings.TrimSpace(strings.Trim(strings.TrimSpace(g.Bodies[bi]), "(){}"))
			c.Branches = append(c.Branches, Branch{Dir: bi, Content: Content{Empty: body == "",
				Shape: shapeOf(body), AsmText: asmOnly(body),
				Failure: branchFailure(body)}})
		}
		for p, pass := range r.Passes {
			reached := lineActive(f.St, byID, g.LineIdx, p)
			ce.Active[p] = reached
			ce.Taken[p] = shutout.None
			switch reached {
			case expr.Unknown:
				ce.Taken[p] = shutout.Unknown
			case expr.True:
				for bi, q := range g.Queries {
					if t := QueryHolds(q, pass); t == expr.True {
						ce.Taken[p] = bi
						break
					} else if t == expr.Unknown {
						ce.Taken[p] = shutout.Unknown
						break
					}
				}
			}
			ce.Branch[p] = ce.Taken[p]
			if ce.Taken[p] >= 0 && c.Branches[ce.Taken[p]].Content.Empty {
				ce.Branch[p] = shutout.None
			}
		}
		out = append(out, ce)
	}
	return out
}

// lineActive reports whether a logical line is compiled in a pass: every
// enclosing branch is taken.
func lineActive(st *Structure, byID map[int]*ChainEval, li, p int) Tri {
	ref := st.Owner(li)
	for ref.Chain >= 0 {
		e := byID[ref.Chain]
		if e == nil {
			return expr.Unknown
		}
		switch e.Taken[p] {
		case shutout.Unknown:
			return expr.Unknown
		case ref.Branch:
		default:
			return expr.False
		}
		ch := st.Chains[ref.Chain]
		ref = BranchRef{Chain: ch.Parent, Branch: ch.ParentBr}
	}
	return expr.True
}
