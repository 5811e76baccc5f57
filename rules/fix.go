package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/target"
)

// upperBoundRE matches an upper bound on __CUDA_ARCH__ joined by && to the
// rest of a condition, on either side: "&& (__CUDA_ARCH__ < 1200)".
var (
	upperBoundAfter  = regexp.MustCompile(`\s*&&\s*\(?\s*__CUDA_ARCH__\s*(<|<=)\s*(\d+)\s*\)?`)
	upperBoundBefore = regexp.MustCompile(`\(?\s*__CUDA_ARCH__\s*(<|<=)\s*(\d+)\s*\)?\s*&&\s*`)
	allowTermRE      = regexp.MustCompile(`\(?\s*__CUDA_ARCH__\s*==\s*(\d+)\s*\)?`)
)

// openCondition proposes a condition that admits the target: drop upper
// bounds that exclude it, or add it to an allowlist. It returns "" when no
// simple edit applies (derived macros, feature macros: the fix belongs
// elsewhere, and archlint does not guess).
func (c *Context) openCondition(cond string) string {
	tArch := c.Target.Arch.CudaArch()
	excludes := func(op, n string) bool {
		v, _ := strconv.Atoi(n)
		return (op == "<" && v <= tArch) || (op == "<=" && v < tArch)
	}
	out := cond
	for _, re := range []*regexp.Regexp{upperBoundAfter, upperBoundBefore} {
		out = re.ReplaceAllStringFunc(out, func(m string) string {
			sm := re.FindStringSubmatch(m)
			if excludes(sm[1], sm[2]) {
				return ""
			}
			return m
		})
	}
	if out != cond {
		return out
	}
	terms := allowTermRE.FindAllStringIndex(cond, -1)
	if len(terms) >= 1 && strings.Contains(cond, "||") || len(terms) == 1 {
		last := terms[len(terms)-1]
		return cond[:last[1]] + fmt.Sprintf(" || __CUDA_ARCH__ == %d", tArch) + cond[last[1]:]
	}
	return ""
}

// verifyOpened checks a proposed condition the way the engine would: every
// build of the target now takes it, and every older architecture decides as
// before. Conditions that need the translation unit's macros are refused.
func (c *Context) verifyOpened(old, proposed string) bool {
	return c.verifyOpenedFor(old, proposed, c.Flavors)
}

// verifyOpenedFor is verifyOpened for some builds of the target: those must
// take the proposed condition; every other pass decides as before (newer
// architectures aside, which share the family).
func (c *Context) verifyOpenedFor(old, proposed string, open []int) bool {
	if c.Macros == nil {
		return false
	}
	for p, a := range c.Passes {
		env := passEnv{c.Macros(a)}
		was, err1 := expr.Eval(old, env)
		now, err2 := expr.Eval(proposed, env)
		if err1 != nil || err2 != nil || now.Truth == expr.Unknown || was.Truth == expr.Unknown {
			return false
		}
		switch {
		case contains(open, p):
			if now.Truth != expr.True {
				return false
			}
		case contains(c.Flavors, p) || a.CudaArch() < c.Target.Arch.CudaArch():
			if now.Truth != was.Truth {
				return false
			}
		}
	}
	return true
}

// passEnv answers from a pass's nvcc macros alone: everything else is
// unknown, so a condition that needs project macros is never "verified".
type passEnv struct{ pm target.PassMacros }

func (e passEnv) Lookup(name string) (*expr.Macro, expr.Tri) {
	if v, ok := e.pm.Defined[name]; ok {
		return &expr.Macro{Name: name, Body: v}, expr.True
	}
	if e.pm.IsKnownUndefined(name) {
		return nil, expr.False
	}
	return nil, expr.Unknown
}

func (e passEnv) HasInclude(string, bool) expr.Tri { return expr.Unknown }

// directiveFix builds the whole-line edit that rewrites a directive.
func directiveFix(f *cpp.File, d *cpp.Directive, cond, why string) *finding.Fix {
	lines := strings.Split(string(f.Source()), "\n")
	if d.Line < 1 || d.EndLine > len(lines) {
		return nil
	}
	old := strings.Join(lines[d.Line-1:d.EndLine], "\n")
	indent := old[:len(old)-len(strings.TrimLeft(old, " \t"))]
	trailing := ""
	if d.Line == d.EndLine {
		if i := strings.Index(old, "//"); i > 0 && !strings.Contains(old[:i], "\"") {
			trailing = " " + strings.TrimSpace(old[i:])
		}
	}
	return &finding.Fix{Description: why, Edits: []finding.Edit{{Root: f.Root, Path: f.Path, Line: d.Line, EndLine: d.EndLine,
		Old: strings.TrimSuffix(old, "\r"), New: indent + "#" + d.Keyword + " " + cond + trailing}}}
}

// variantCondition opens a condition to the family-specific builds of the
// target (sm_120a, sm_120f): what a needs-variant verdict asks for.
func (c *Context) variantCondition(cond string) string {
	return fmt.Sprintf("(%s) || (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ == %d)", cond, c.Target.Arch.CudaArch())
}
