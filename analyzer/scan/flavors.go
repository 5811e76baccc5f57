package scan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/target"
)

// flavorEvidence is where the project's own build flags name a build of the
// target's architecture: flavor ("a", "f", "") -> a location.
type flavorEvidence map[string]finding.Location

// projectFlavors collects which builds of the target's architecture the
// project compiles, from its arch lists and JIT flags.
func projectFlavors(prog *python.Program, gates []python.Gate, tg target.Target) flavorEvidence {
	num := fmt.Sprint(tg.Arch.CudaArch() / 10)
	ev := flavorEvidence{}
	note := func(expr, root, path string, line int) {
		for _, a := range target.ArchsNamed(expr) {
			if strings.TrimRight(a, "af") == num {
				fl := strings.TrimPrefix(a, num)
				if _, ok := ev[fl]; !ok {
					ev[fl] = finding.Location{Root: root, Path: path, Line: line}
				}
			}
		}
	}
	for _, g := range gates {
		if g.Kind == "arch-list" || g.Kind == "cmake-arch-list" {
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

// preferProjectFlavors lowers findings that hold only for builds of the
// target the project does not make (design.md section 2: where the
// project's own build flags are visible, prefer that flavor and say so).
func preferProjectFlavors(fs []finding.Finding, ev flavorEvidence, tg target.Target) {
	if len(ev) == 0 || !tg.Bare {
		return
	}
	var built []string
	for fl := range ev {
		built = append(built, fmt.Sprintf("sm_%d%s", tg.Arch.CudaArch()/10, fl))
	}
	sort.Strings(built)
	for i := range fs {
		f := &fs[i]
		if len(f.Flavors) == 0 || !strings.HasPrefix(f.RuleID, "AL1") {
			continue
		}
		affectsBuilt := false
		for _, fl := range f.Flavors {
			if _, ok := ev[strings.TrimPrefix(fl, fmt.Sprintf("sm_%d", tg.Arch.CudaArch()/10))]; ok {
				affectsBuilt = true
			}
		}
		if affectsBuilt {
			continue
		}
		first := ev[strings.TrimPrefix(built[0], fmt.Sprintf("sm_%d", tg.Arch.CudaArch()/10))]
		f.Level = finding.LevelNote
		f.Message += fmt.Sprintf(" The project builds %s (%s:%d), which this does not affect.", strings.Join(built, " and "), first.Path, first.Line)
		if f.Properties == nil {
			f.Properties = map[string]any{}
		}
		f.Properties["projectBuilds"] = strings.Join(built, ", ")
	}
}
