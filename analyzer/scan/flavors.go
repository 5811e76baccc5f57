package scan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/target"
)

// flavorEvidence says where the project's own build flags name a build of
// the target's architecture.
type flavorEvidence []flavorSite

type flavorSite struct {
	flavor string // "a", "f" or "" (plain)
	at     finding.Location
}

// projectFlavors collects which builds of the target's architecture the
// project compiles, from its arch lists and JIT flags.
func projectFlavors(prog *python.Program, gates []python.Gate, tg target.Target) flavorEvidence {
	num := fmt.Sprint(tg.Arch.CudaArch() / 10)
	var ev flavorEvidence
	note := func(expr, root, path string, line int) {
		for _, a := range target.ArchsNamed(expr) {
			if strings.TrimRight(a, "af") == num {
				ev = append(ev, flavorSite{strings.TrimPrefix(a, num), finding.Location{Root: root, Path: path, Line: line}})
			}
		}
	}
	for _, g := range gates {
		if g.Kind == "arch-list" || g.Kind == "cmake-arch-list" || g.Kind == python.KindKernelArchs {
			note(g.Expr, g.Root, g.Path, g.Line)
		}
	}
	for _, j := range prog.JIT {
		for _, f := range j.Flags {
			note(f, j.Root, j.Path, j.Line)
		}
	}
	return ev
}

// near keeps the evidence of the finding's own package when there is some:
// a repository often holds several extensions built with different flags
// (SageAttention's sageattention3_blackwell/setup.py builds sm_120a only,
// its top-level setup.py plain 12.0), and the nearest build is the one
// that compiles the file.
func (ev flavorEvidence) near(loc finding.Location) map[string]finding.Location {
	top := func(p string) string {
		if i := strings.IndexByte(p, '/'); i >= 0 {
			return p[:i]
		}
		return ""
	}
	pick := map[string]finding.Location{}
	for _, e := range ev {
		if e.at.Root == loc.Root && top(e.at.Path) != "" && top(e.at.Path) == top(loc.Path) {
			if _, ok := pick[e.flavor]; !ok {
				pick[e.flavor] = e.at
			}
		}
	}
	if len(pick) > 0 {
		return pick
	}
	for _, e := range ev {
		if _, ok := pick[e.flavor]; !ok {
			pick[e.flavor] = e.at
		}
	}
	return pick
}

// preferProjectFlavors lowers findings that hold only for builds of the
// target the project does not make (design.md section 2: where the
// project's own build flags are visible, prefer that flavor and say so).
func preferProjectFlavors(fs []finding.Finding, ev flavorEvidence, tg target.Target) {
	if len(ev) == 0 || !tg.Bare {
		return
	}
	prefix := fmt.Sprintf("sm_%d", tg.Arch.CudaArch()/10)
	for i := range fs {
		f := &fs[i]
		if len(f.Flavors) == 0 || !strings.HasPrefix(f.RuleID, "AL1") {
			continue
		}
		builds := ev.near(f.Location)
		affectsBuilt := false
		for _, fl := range f.Flavors {
			if _, ok := builds[strings.TrimPrefix(fl, prefix)]; ok {
				affectsBuilt = true
			}
		}
		if affectsBuilt {
			continue
		}
		var built []string
		for fl := range builds {
			built = append(built, prefix+fl)
		}
		sort.Strings(built)
		first := builds[strings.TrimPrefix(built[0], prefix)]
		f.Level = finding.LevelNote
		f.Message += fmt.Sprintf(" The project builds %s (%s:%d), which this does not affect.", strings.Join(built, " and "), first.Path, first.Line)
		if f.Properties == nil {
			f.Properties = map[string]any{}
		}
		f.Properties["projectBuilds"] = fmt.Sprintf("%s (%s:%d), which this does not affect", strings.Join(built, " and "), first.Path, first.Line)
	}
}
