package rules

import (
	"fmt"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// AL106 is the opposite mistake of AL101: the target is let into a branch
// whose code it cannot compile or run.
var AL106 = Rule{
	ID:    "AL106",
	Name:  "target-admitted-to-unsupported-code",
	Short: "A preprocessor range lets the target into inline PTX it does not support (tcgen05 or wgmma on sm_120, say): ptxas fails for the target.",
	Full: "An #if range written as a lower bound (`__CUDA_ARCH__ >= 1000`) or an arch-family test admits the target, and " +
		"the branch holds inline PTX for a feature nvcc 13.0 does not compile for the target: 5th-generation tensor cores " +
		"(tcgen05) and warpgroup MMA (wgmma) do not exist on sm_120, setmaxnreg needs an a or f build, block-scaled FP4 " +
		"MMA needs an a or f build (kind::mxf4nvf4 compiles for sm_120a and sm_120f, not sm_120). Building for the target " +
		"fails in ptxas (or, through a JIT, at first use). Narrow the range to the architectures that have the feature and " +
		"give the target its own path. When another build of the target compiles the code (the plain sm_120 build fails " +
		"where sm_120a and sm_120f pass), the finding is a warning: the fix may be the build's flags rather than the code. " +
		"A constexpr bool that an architecture #if sets (nunchaku's `#if __CUDA_ARCH__ >= 1200` `static constexpr bool " +
		"FP4_AVAILABLE = true;` `#else` `... = false;`) reads like that #if: an `if constexpr` arm of the same file whose " +
		"condition requires the flag (`FP4_AVAILABLE`, or a conjunction holding it) is judged with the functions it calls, " +
		"three levels deep, since the arm exists to keep them uninstantiated elsewhere; the finding is at the arm, the #if " +
		"its related location. " +
		"The knowledge base is measured: each feature was compiled with nvcc 13.0 for every target.",
	Before: "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000\n  asm volatile(\"tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;\" :: \"r\"(dst));\n#endif",
	After: "#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 1000 || __CUDA_ARCH__ == 1030) && defined(__CUDA_ARCH_FEAT_SM100_ALL)\n" +
		"  asm volatile(\"tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;\" :: \"r\"(dst));\n#endif",
	Level:     finding.LevelError,
	Tags:      []string{"correctness", "cuda", "build"},
	Precision: "high",
}

// checkOverInclusion looks at the branch each build of the target takes: its
// own inline assembly (nested ranges are judged on their own) must not use a
// feature the build lacks.
func checkOverInclusion(r Rule, c *Context) []finding.Finding {
	if c.KB == nil {
		return nil
	}
	var out []finding.Finding
	for _, ce := range c.Chains {
		if !ce.ArchDependent() {
			continue
		}
		type hit struct {
			flavors []string
			missing []string
		}
		byBranch := map[int]*hit{}
		var order []int
		for _, t := range c.Flavors {
			b := ce.Taken[t]
			if b < 0 {
				continue
			}
			text := ce.Chain.Branches[b].Content.AsmText
			if !strings.Contains(text, "asm") {
				continue // only inline PTX is certain to reach ptxas for this pass
			}
			var missing []string
			for _, u := range c.KB.Find(text) {
				if !u.Feature.Supports(c.Passes[t]) {
					missing = append(missing, u.String())
				}
			}
			if len(missing) == 0 {
				continue
			}
			h := byBranch[b]
			if h == nil {
				h = &hit{missing: missing}
				byBranch[b] = h
				order = append(order, b)
			}
			h.flavors = append(h.flavors, c.Passes[t].Name())
		}
		out = append(out, c.flagOverInclusions(r, ce)...)
		for _, b := range order {
			h := byBranch[b]
			d := ce.Directive(b)
			msg := fmt.Sprintf("This %s lets %s into code nvcc 13.0 cannot compile for %s: the branch uses %s, so ptxas fails wherever this code is instantiated for %s. ",
				d.Display(), andList(h.flavors), them(len(h.flavors)), strings.Join(h.missing, ", "), them(len(h.flavors)))
			advice, level := c.overInclusionAdvice(r, h.flavors)
			msg += advice
			related := defRelated(ce.Dirs)
			if len(related) > 0 {
				// SpargeAttn's eleven `#ifdef SM90_ENABLED` come from one
				// `#define` under `__CUDA_ARCH__ >= 900`: that is the range.
				msg += fmt.Sprintf(" %s comes from its #define at %s:%d, under a preprocessor condition: when that condition is on the architecture, it is the range to narrow.",
					defMacros(ce.Dirs), related[0].MessagePath(ce.File.Root), related[0].Line)
			}
			out = append(out, finding.Finding{
				Related:    related,
				RuleID:     r.ID,
				Level:      level,
				Message:    msg,
				Location:   loc(ce.File, d, ""),
				Condition:  directiveText(d),
				Flavors:    h.flavors,
				Gets:       "a build failure in ptxas",
				Target:     c.Target.String(),
				Properties: map[string]any{"missingFeatures": strings.Join(h.missing, ", ")},
			})
		}
	}
	return out
}

// overInclusionAdvice is the last sentence of an AL106 finding that lets
// flavors of the target in, and its level.
func (c *Context) overInclusionAdvice(r Rule, flavors []string) (string, finding.Level) {
	if len(flavors) == len(c.Flavors) {
		return fmt.Sprintf("Narrow the range to the architectures that have the feature and give %s its own path.", c.Target.Arch.Base().Name()), r.Level
	}
	// Another build of the GPU has the feature: a build-flag problem more
	// than a code one.
	var others []string
	for _, p := range c.Flavors {
		if !containsString(flavors, c.Passes[p].Name()) {
			others = append(others, c.Passes[p].Name())
		}
	}
	return fmt.Sprintf("The %s build%s compile%s it: make sure the project builds %s, or narrow the range.",
		andList(others), plural(len(others)), singularVerb(len(others)), strings.Join(others, " or ")), finding.LevelWarning
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
