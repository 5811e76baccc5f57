package rules

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
)

// A constexpr flag set by an architecture #if (nunchaku's
// `#if __CUDA_ARCH__ >= 1200 static constexpr bool FP4_AVAILABLE = true;
// #else ... = false; #endif`) carries the #if's condition to every
// `if constexpr (FP4_AVAILABLE)`: the arm is instantiated, and reaches
// ptxas, exactly where the #if's branch that sets it true is taken.

// constexprFlagRE matches a constexpr bool set to a literal.
var constexprFlagRE = regexp.MustCompile(`\bconstexpr\s+bool\s+([A-Za-z_]\w*)\s*=\s*(true|false)\s*;`)

// ifConstexprRE matches the start of an `if constexpr (` statement.
var ifConstexprRE = regexp.MustCompile(`\bif\s+constexpr\s*\(`)

// flagArmDepth is how many levels of calls the code an `if constexpr` arm
// guards is read through: the arm exists to keep a chain of helpers
// uninstantiated, and the instruction often sits three calls down
// (nunchaku: gemm_w4a4_fp4_block -> compute_fp4 -> mma_fp4).
const flagArmDepth = 3

// archFlags maps the constexpr bools the branches of ce set to their value
// in each branch that sets them (by branch index).
func archFlags(ce *cpp.ChainEval) map[string]map[int]bool {
	if ce.Synth != nil {
		return nil
	}
	var flags map[string]map[int]bool
	for bi, br := range ce.Chain.Branches {
		for li := br.FirstLine; li < br.EndLine; li++ {
			for _, m := range constexprFlagRE.FindAllStringSubmatch(ce.File.LineText(li), -1) {
				if flags == nil {
					flags = map[string]map[int]bool{}
				}
				if flags[m[1]] == nil {
					flags[m[1]] = map[int]bool{}
				}
				flags[m[1]][bi] = m[2] == "true"
			}
		}
	}
	return flags
}

// flagArm is an `if constexpr` whose condition requires a flag: its
// physical line and the code of its braced arm.
type flagArm struct {
	line int
	cond string
	body string
}

// flagArms lists the `if constexpr` statements of f whose condition is the
// flag or a conjunction holding it (`FLAG && N > 1`): their arm compiles
// only where the flag is true. A disjunction or a negation may compile
// the arm elsewhere too, and is left out.
func flagArms(f *cpp.File, flag string) []flagArm {
	var text strings.Builder
	var starts []int // text offset of each logical line
	for li := 0; li < f.St.Src.NumLines(); li++ {
		starts = append(starts, text.Len())
		text.WriteString(f.LineText(li))
		text.WriteByte('\n')
	}
	src := text.String()
	if !strings.Contains(src, flag) {
		return nil
	}
	var out []flagArm
	for _, m := range ifConstexprRE.FindAllStringIndex(src, -1) {
		closeAt := matching(src, m[1]-1, '(', ')')
		if closeAt < 0 {
			continue
		}
		cond := strings.TrimSpace(src[m[1]:closeAt])
		if !requiresFlag(cond, flag) {
			continue
		}
		open := closeAt + 1
		for open < len(src) && (src[open] == ' ' || src[open] == '\t' || src[open] == '\n') {
			open++
		}
		if open == len(src) || src[open] != '{' {
			continue
		}
		end := matching(src, open, '{', '}')
		if end < 0 {
			continue
		}
		li := lineOf(starts, m[0])
		out = append(out, flagArm{line: f.St.Src.Line(li).StartLine, cond: cond, body: src[open+1 : end]})
	}
	return out
}

// requiresFlag reports whether cond holds only where flag does: the flag
// itself or one conjunct of a conjunction.
func requiresFlag(cond, flag string) bool {
	if strings.Contains(cond, "||") {
		return false
	}
	for _, part := range strings.Split(cond, "&&") {
		if strings.Trim(strings.TrimSpace(part), "()") == flag {
			return true
		}
	}
	return false
}

// matching is the offset of the bracket that closes the one at open in s,
// past string and character literals; -1 when it is not closed.
func matching(s string, open int, o, c byte) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			q := s[i]
			for i++; i < len(s) && s[i] != q && s[i] != '\n'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// lineOf is the logical line whose text holds offset at.
func lineOf(starts []int, at int) int {
	return max(0, sort.SearchInts(starts, at+1)-1)
}

// namedFlag is a flag with its value in each branch that sets it.
type namedFlag struct {
	name   string
	values map[int]bool
}

// sortedFlags lists flags by name, for output that does not depend on map
// order.
func sortedFlags(flags map[string]map[int]bool) []namedFlag {
	var out []namedFlag
	for name, values := range flags {
		out = append(out, namedFlag{name: name, values: values})
	}
	slices.SortFunc(out, func(a, b namedFlag) int { return strings.Compare(a.name, b.name) })
	return out
}

// flagOverInclusions reports, as AL106 does for an #if's branch, each
// `if constexpr` arm of ce's file that a flag ce sets lets a build of the
// target into, where the code the arm guards (with the functions it calls)
// uses a feature that build lacks.
func (c *Context) flagOverInclusions(r Rule, ce *cpp.ChainEval) []finding.Finding {
	var out []finding.Finding
	for _, fl := range sortedFlags(archFlags(ce)) {
		var on []int // the target's builds that take a branch setting the flag true
		for _, t := range c.Flavors {
			if v, ok := fl.values[ce.Taken[t]]; ok && v {
				on = append(on, t)
			}
		}
		if len(on) == 0 {
			continue
		}
		for _, arm := range flagArms(ce.File, fl.name) {
			if f, ok := c.flagArmFinding(r, ce, fl, arm, on); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// flagArmFinding is the AL106 finding of one arm, for the builds on (which
// set the flag true), when the code it guards uses what some of them lack.
func (c *Context) flagArmFinding(r Rule, ce *cpp.ChainEval, fl namedFlag, arm flagArm, on []int) (finding.Finding, bool) {
	code := arm.body
	if c.Structure != nil {
		code = c.withCalleesFrom(ce.File, c.definitionsOf(ce.File, c.Structure.ParsedFunctions), arm.body, flagArmDepth)
	}
	if !strings.Contains(code, "asm") {
		return finding.Finding{}, false // only inline PTX is certain to reach ptxas
	}
	uses := c.KB.Find(code)
	var flavors, missing []string
	setter := -1
	for _, t := range on {
		var miss []string
		for _, u := range uses {
			if !u.Feature.Supports(c.Passes[t]) {
				miss = append(miss, u.String())
			}
		}
		if len(miss) == 0 {
			continue
		}
		if setter < 0 {
			missing, setter = miss, ce.Taken[t]
		}
		flavors = append(flavors, c.Passes[t].Name())
	}
	if len(flavors) == 0 {
		return finding.Finding{}, false
	}
	d := ce.Directive(setter)
	set := loc(ce.File, d, fl.name+" is set here, under a preprocessor condition")
	msg := fmt.Sprintf("This `if constexpr (%s)` lets %s into code nvcc 13.0 cannot compile for %s: %s is true in the branch of the %s at %s:%d that %s take%s, "+
		"and the code it guards, with the functions it calls, uses %s, so ptxas fails wherever this code is instantiated for %s. ",
		arm.cond, andList(flavors), them(len(flavors)), fl.name, d.Display(), set.MessagePath(ce.File.Root), d.Line,
		andList(flavors), singularVerb(len(flavors)), strings.Join(missing, ", "), them(len(flavors)))
	advice, level := c.overInclusionAdvice(r, flavors)
	f := finding.Finding{
		Related:    []finding.Location{set},
		RuleID:     r.ID,
		Level:      level,
		Message:    msg + advice,
		Location:   lineLoc(ce.File, arm.line, ""),
		Condition:  directiveText(ce.Directive(0)),
		Flavors:    flavors,
		Gets:       "a build failure in ptxas",
		Target:     c.Target.String(),
		Properties: map[string]any{"missingFeatures": strings.Join(missing, ", ")},
	}
	f.Location.Snippet = "if constexpr (" + arm.cond + ")"
	return f, true
}
