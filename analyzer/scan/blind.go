package scan

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/shutout"
)

// A root most of whose architecture tests stay undecided is a scan that
// says little: ggml wrote every feature macro as `!defined(GGML_USE_HIP) &&
// __CUDA_ARCH__ >= ...`, and with GGML_USE_HIP unknown 167 of its 178
// architecture directives were undecided and the scan found nothing, with
// no word of why. blindSpots says so, in one notification per root, naming
// the configuration macros behind most of them.
const (
	// blindMin and blindShare: at least this many of a root's
	// architecture tests, and at least this share of them (1/blindShare),
	// undecided.
	blindMin   = 20
	blindShare = 4
	// blindNamed is how many macros the notification names.
	blindNamed = 3
)

// blindSpots is the notifications for roots whose architecture tests
// (chains that test the architecture themselves, testsArch) are mostly
// undecided for some pass. A chain undecided by one macro the assumption
// runs evaluate both ways (judged: ENABLE_BF16 beside `__CUDA_ARCH__ >=
// 800` in omniserve, rtp-llm, lmdeploy) is judged, and does not count.
func (p *Project) blindSpots(chains []*cpp.ChainEval, judged map[string]bool) []finding.Notification {
	type tally struct {
		arch, undecided int
		by              map[string]int
	}
	roots := map[string]*tally{}
	pre := NewTriggers()
	for _, ce := range chains {
		if ce.Synth != nil || !testsArch(ce, pre) {
			continue
		}
		t := roots[ce.File.Root]
		if t == nil {
			t = &tally{by: map[string]int{}}
			roots[ce.File.Root] = t
		}
		t.arch++
		if !slices.Contains(ce.Branch, shutout.Unknown) {
			continue
		}
		by := undecidedBy(ce, p.FS)
		if len(by) == 1 && judged[by[0]] {
			continue
		}
		t.undecided++
		for _, m := range by {
			t.by[m]++
		}
	}
	var out []finding.Notification
	for _, root := range slices.Sorted(maps.Keys(roots)) {
		t := roots[root]
		if t.undecided < blindMin || t.undecided*blindShare < t.arch {
			continue
		}
		macros := slices.Sorted(maps.Keys(t.by))
		slices.SortStableFunc(macros, func(a, b string) int { return cmp.Compare(t.by[b], t.by[a]) })
		var named []string
		for _, m := range macros[:min(blindNamed, len(macros))] {
			named = append(named, fmt.Sprintf("%s (%d)", m, t.by[m]))
		}
		why := "conditions archlint could not decide (an unresolved __has_include, a macro defined only under an undecided condition)"
		if len(named) > 0 {
			why = "configuration macros that no scanned file defines: " + strings.Join(named, ", ")
		}
		out = append(out, notification(root, "", 0, fmt.Sprintf(
			"%d of %d architecture tests in %s stay undecided for some GPU: they depend on %s. What they decide is "+
				"reported only where it holds either way; `archlint trace --stats` lists them.", t.undecided, t.arch, root, why)))
	}
	return out
}
