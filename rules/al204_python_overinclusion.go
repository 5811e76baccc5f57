package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// AL204 is the Python side of AL106: a capability check that sends the
// target down the path built for a datacenter Blackwell (sm_100/sm_103)
// GPU, whose kernels use tcgen05/UMMA that sm_12x does not have.
var AL204 = Rule{
	ID:    "AL204",
	Name:  "python-gate-routes-target-to-foreign-kernels",
	Short: "A capability check such as `major >= 10` sends the target down a path named for another architecture family's kernels (SM100 / tcgen05).",
	Full: "A Python (or C++ host) capability check admits the target together with a different family, typically `major >= 10` " +
		"or `sm >= 100`, and the path it takes names kernels built for that family: an SM100/SM103 module, tcgen05/UMMA, " +
		"trtllm-gen cubins. sm_120 and sm_121 are not datacenter Blackwell: they lack tcgen05 and TMEM, so the module does " +
		"not build for them or its kernels cannot run. The evidence is the name of the path, so this is a warning of medium " +
		"precision: check what the path loads, and give the target its own branch.",
	Before:    "if major >= 10:\n    return get_gemm_sm100_module_cutlass_fp4()",
	After:     "if major == 10:\n    return get_gemm_sm100_module_cutlass_fp4()\nelif major == 12:\n    return get_gemm_sm120_module_cutlass_fp4()",
	Level:     finding.LevelWarning,
	Tags:      []string{"correctness", "python", "runtime-gate"},
	Precision: "medium",
}

// majorTestRE: the gate's own expression must test the major (or an
// sm_version scale number); an inner `minor == 3` check nested under a major
// test is the outer gate's business, and its per-capability outcomes for
// capabilities that never reach it are not to be trusted.
var majorTestRE = regexp.MustCompile(`(?i)major|\b(10|11|100|103|110|1000|1030|1100)\b`)

// foreignPathRE names kernels of the datacenter Blackwell family.
var foreignPathRE = regexp.MustCompile(`(?i)sm_?10[03]a?\b|sm_?10[03]_|sm10x|tcgen05|umma|trtllm[_-]gen|blackwell_dc`)

// checkForeignRoute fires when the target shares a non-refusing outcome with
// a capability of another major whose outcome text names that family.
func checkForeignRoute(r Rule, c *Context) []finding.Finding {
	t := c.targetCap()
	if t < 0 {
		return nil
	}
	var out []finding.Finding
	for i := range c.Gates {
		g := &c.Gates[i]
		if len(g.Branch) != len(c.Caps) || g.IsTest || !routes(g.Kind) || !majorTestRE.MatchString(g.Expr) {
			continue
		}
		bt := g.Branch[t]
		if bt < 0 || bt >= len(g.Outcomes) || !foreignPathRE.MatchString(g.Outcomes[bt]) ||
			strings.Contains(g.Outcomes[bt], fmt.Sprintf("%d", c.Target.Arch.CudaArch()/10)) {
			continue // no foreign path, or a path that names the target too
		}
		var with []string
		for i, cp := range c.Caps {
			if g.Branch[i] == bt && cp.Major != c.Target.Arch.Major && cp.Major >= 10 && cp.Major < c.Target.Arch.Major {
				with = append(with, fmt.Sprintf("%d.%d", cp.Major, cp.Minor))
			}
		}
		if len(with) == 0 {
			continue
		}
		tName := fmt.Sprintf("%d.%d (%s)", c.Target.Arch.Major, c.Target.Arch.Minor, c.Target.Arch.Base().Name())
		f := finding.Finding{
			RuleID: r.ID,
			Level:  r.Level,
			Message: fmt.Sprintf("This %s sends %s down the path of %s: %s. That path is named for datacenter Blackwell kernels "+
				"(tcgen05/UMMA), which %s does not have; give it its own branch.", gateNoun(g.Kind), tName, strings.Join(with, ", "),
				g.Outcomes[bt], c.Target.Arch.Base().Name()),
			Location:   finding.Location{Root: g.Root, Path: g.Path, Line: g.Line, Col: g.Col, EndLine: g.EndLine, EndCol: g.EndCol, Snippet: g.Expr},
			Condition:  g.Expr,
			Admits:     with,
			Flavors:    []string{c.Target.Arch.Base().Name()},
			Gets:       g.Outcomes[bt],
			Target:     c.Target.String(),
			Properties: map[string]any{"gateKind": g.Kind, "function": g.Function},
		}
		quoteComment(&f, g)
		out = append(out, f)
	}
	return out
}

// routes reports whether a gate kind chooses a code path (lists only admit
// or refuse, they route nowhere).
func routes(kind string) bool {
	switch kind {
	case "capability-check", "helper-predicate", "dispatch-ladder", "table-lookup", "cpp-host-check":
		return true
	}
	return false
}
