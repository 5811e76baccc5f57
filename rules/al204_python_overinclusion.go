package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/shutout"
)

// AL204 is the Python side of AL106: a capability check that sends the
// target down the path built for a datacenter Blackwell (sm_100/sm_103)
// GPU, whose kernels use tcgen05/UMMA that sm_12x does not have.
var AL204 = Rule{
	ID:    "AL204",
	Name:  "python-gate-routes-target-to-foreign-kernels",
	Short: "A capability check such as `major >= 10` sends the target down a path named for another architecture family's kernels (SM100 / tcgen05, Hopper's sm90 kernels).",
	Full: "A Python (or C++ host) capability check admits the target together with a different family, typically `major >= 10` " +
		"or `sm >= 100`, and the path it takes names kernels built for that family: an SM100/SM103 module, tcgen05/UMMA, tensor memory (`gemm_tmem_reduce`), " +
		"trtllm-gen cubins. sm_120 and sm_121 are not datacenter Blackwell: they lack tcgen05 and TMEM, so the module does " +
		"not build for them or its kernels cannot run. In C++ host dispatch the same holds for Hopper: `if (version_num >= 90) " +
		"cutlass_scaled_mm_azp_sm90(...)` sends 12.0 to a CUTLASS 3.x kernel that uses wgmma and is built for sm_90a alone (a " +
		"Hopper tile size such as kBlockM_sm90 is no kernel, and a Python module named sm90 is often Hopper and later, so " +
		"neither counts). A path that GPUs older than the family take too is a fallback for all, not the family's. " +
		"The evidence is the name of the path, so this is a warning of medium " +
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
var majorTestRE = regexp.MustCompile(`(?i)major|\b(9|10|11|90|100|103|110|900|1000|1030|1100)\b`)

// foreignFamily is an architecture family whose kernels a path's name can
// name, and its majors (lo..hi).
type foreignFamily struct {
	path   *regexp.Regexp
	lo, hi int
	what   string
	// hostOnly: only C++ host dispatch names the family this way.
	hostOnly bool
	// word finds, in an identifier, a word other than an architecture
	// number that names the family or its instructions (HOPPER, wgmma).
	word *regexp.Regexp
}

// numberNameRE finds the name of a number (a tile size, a limit, a count:
// MAX_M_TILE_SM90, kBlockM_sm90, SMEM_SIZE_SM100; DeepGEMM's SM90ArchSpec,
// whose smem_capacity an arm checks a size against), which a family's
// tuning has and which is no kernel of it.
var numberNameRE = regexp.MustCompile(`^k[A-Z]|(?i)max|min|num|size|bytes|smem|count|capacity|archspec`)

// names reports whether identifier name names the family: an architecture
// of it spelled as a word (smTokens: CutlassTileConfigSM90, sm100_configs)
// or one of its words.
func (fm foreignFamily) names(name string) bool {
	if numberNameRE.MatchString(name) {
		return false
	}
	for _, n := range smTokens(name) {
		if m := n / 10; m >= fm.lo && m <= fm.hi {
			return true
		}
	}
	return fm.word.MatchString(name)
}

// foreignFamilies: datacenter Blackwell (sm_100/sm_103: tcgen05, UMMA,
// tensor memory (TMEM), trtllm-gen cubins, named anywhere in the path), and Hopper, whose
// kernels C++ host dispatch calls by a name with sm90 in it (vllm's
// cutlass_scaled_mm_azp_sm90, CUTLASS 3.x kernels built for 9.0a alone)
// use wgmma, which no later GPU runs. A Hopper tile size (kBlockM_sm90) is
// no kernel, and a Python module named sm90 is often Hopper and later
// (flashinfer's gen_selective_state_update_sm90_module is built for majors
// 9 to 12), so neither counts.
func foreignFamilies() []foreignFamily {
	return []foreignFamily{
		{regexp.MustCompile(`(?i)sm_?10[03]a?\b|sm_?10[03]_|sm10x|tcgen05|umma|(?:\b|_)tmem(?:\b|_)|trtllm[_-]gen|blackwell_dc`), 10, 11,
			"datacenter Blackwell kernels (tcgen05/UMMA)", false, regexp.MustCompile(`(?i)tcgen05`)},
		{regexp.MustCompile(`(?i)\b\w*sm_?90a?(?:_\w*)?\s*\(|wgmma`), 9, 9, "Hopper kernels (sm_90a: wgmma)", true,
			regexp.MustCompile(`(?i)hopper|wgmma`)},
	}
}

// checkForeignRoute fires when the target shares a non-refusing outcome with
// a capability of another major whose outcome text names that family.
func checkForeignRoute(r Rule, c *Context) []finding.Finding {
	t := c.targetCap()
	if t < 0 {
		return nil
	}
	families := foreignFamilies()
	var out []finding.Finding
	for i := range c.Gates {
		g := &c.Gates[i]
		if len(g.Branch) != len(c.Caps) || g.IsTest || !routes(g.Kind) || !majorTestRE.MatchString(g.Expr) {
			continue
		}
		bt := g.Branch[t]
		if bt < 0 || bt >= len(g.Outcomes) || strings.Contains(g.Outcomes[bt], fmt.Sprintf("%d", c.Target.Arch.CudaArch()/10)) {
			continue // a refusal, or a path that names the target too
		}
		var with []string
		var fam foreignFamily
		for _, fm := range families {
			if fm.hostOnly && g.Kind != hostCheck || !fm.path.MatchString(g.Outcomes[bt]) {
				continue
			}
			if with = c.familyShare(g, bt, fm); len(with) > 0 {
				fam = fm
				break
			}
		}
		if len(with) == 0 {
			continue
		}
		tName := fmt.Sprintf("%d.%d (%s)", c.Target.Arch.Major, c.Target.Arch.Minor, c.Target.Arch.Base().Name())
		f := finding.Finding{
			RuleID: r.ID,
			Level:  r.Level,
			Message: fmt.Sprintf("This %s sends %s down the path of %s: %s. That path is named for %s, which %s does not have; "+
				"give it its own branch.", gateNoun(g.Kind), tName, strings.Join(with, ", "), g.Outcomes[bt], fam.what,
				c.Target.Arch.Base().Name()),
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

// familyShare lists the capabilities of family fm that take outcome bt of
// g with the target, nil when none does, or when an older GPU takes it
// too: a path older GPUs take is everyone's fallback (sglang loads its
// "sm100" build for every GPU but 9.0), not the family's own.
func (c *Context) familyShare(g *python.Gate, bt int, fm foreignFamily) []string {
	var with []string
	for i, cp := range c.Caps {
		switch {
		case g.Branch[i] != bt || cp.Major == c.Target.Arch.Major:
		case cp.Major < fm.lo:
			return nil
		case cp.Major <= fm.hi && cp.Major < c.Target.Arch.Major:
			with = append(with, fmt.Sprintf("%d.%d", cp.Major, cp.Minor))
		}
	}
	return with
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

// otherFamilyArms says, for a C++ host check that keeps the target from
// the paths of v's GPUs, why those paths were never the target's: the arm
// each of them takes names another family's kernels (foreignFamilies:
// `CutlassGemmConfig::HOPPER`, `CutlassTileConfigSM90` tiles, a list of
// `sm100_configs`) that the target cannot run, every GPU taking it is of
// that family, and the target's own path names no other family's kernels.
// flashinfer's MoE runner picks Hopper's TMA warp-specialized configs
// for `sm == 90` and adds SM100's for `sm == 103`: 12.0 passing them by
// loses nothing it could run. It returns one clause per arm ("the arm
// for 9.x names `CutlassTileConfigSM90`, Hopper kernels (sm_90a:
// wgmma)"), false when some arm names none.
func (c *Context) otherFamilyArms(g *python.Gate, v shutout.Verdict, t int) ([]string, bool) {
	if len(g.ArmNames) != len(g.Outcomes) {
		return nil, false
	}
	tm := c.Caps[t].Major
	var arms []int
	for _, x := range v.Xs {
		if b := g.Branch[x]; b >= 0 && !slices.Contains(arms, b) {
			arms = append(arms, b)
		}
	}
	slices.Sort(arms)
	var clauses []string
	for _, a := range arms {
		found := false
		for _, fm := range foreignFamilies() {
			if tm >= fm.lo && tm <= fm.hi {
				continue
			}
			i := slices.IndexFunc(g.ArmNames[a], fm.names)
			if i < 0 {
				continue
			}
			takes := func(k int) bool { return g.Branch[k] == a }
			other := false
			for k, cp := range c.Caps {
				other = other || takes(k) && (cp.Major < fm.lo || cp.Major > fm.hi)
			}
			if other {
				continue // a GPU of another family takes it too: no family's own path
			}
			clauses = append(clauses, fmt.Sprintf("the arm for %s names `%s`, %s", strings.Join(capSet(c.Caps, takes), ", "), g.ArmNames[a][i], fm.what))
			found = true
			break
		}
		if !found {
			return nil, false
		}
	}
	if len(clauses) == 0 {
		return nil, false
	}
	if bt := g.Branch[t]; bt >= 0 && bt < len(g.ArmNames) {
		for _, fm := range foreignFamilies() {
			if (tm < fm.lo || tm > fm.hi) && slices.ContainsFunc(g.ArmNames[bt], fm.names) {
				// The target's own path is another family's too
				// (DeepGEMM's einsum sends all but 10.x to sm90_fp8_bmm):
				// what it takes is as much the question as what it misses.
				return nil, false
			}
		}
	}
	return clauses, true
}

// markOtherFamily makes f a note that says why the target loses nothing
// it could run (otherFamilyArms' clauses).
func markOtherFamily(f *finding.Finding, clauses []string, tName, arch string) {
	f.Level = finding.LevelNote
	paths := "The path it keeps %s from is"
	if len(clauses) > 1 {
		paths = "The paths it keeps %s from are"
	}
	f.Message += fmt.Sprintf(" "+paths+" another family's: %s, which %s cannot run. Opening the check would not help: "+
		"%s needs kernels of its own there, so this is a note.", tName, strings.Join(clauses, "; "), arch, tName)
	if f.Properties == nil {
		f.Properties = map[string]any{}
	}
	f.Properties["otherFamily"] = fmt.Sprintf("%s, which %s cannot run", strings.Join(clauses, "; "), arch)
}
