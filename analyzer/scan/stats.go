package scan

import (
	"sort"

	"github.com/archlint/archlint/analyzer/cpp"
)

// TraceStats summarizes a trace: how many directives the line scanner
// found, how many of them tree-sitter's structure recognizes (the rest were
// lost to its error recovery and are kept by the scanner), and why values
// stayed undecided.
type TraceStats struct {
	Files            int
	Conditionals     int // #if/#ifdef/#ifndef/#elif/#else/#endif found by the scanner
	ArchRelevant     int // traced entries (arch-relevant directives)
	TreeSitterSeen   int // conditional directive lines tree-sitter recognized
	TreeSitterLost   int // scanner directives tree-sitter lost (recovered by the scanner)
	TreeSitterErrors int // ERROR/MISSING nodes in the traced files
	Undecided        int // traced entries with an undecided value for some pass
	Errors           int // traced entries whose condition is a preprocessor error
	// UnknownMacros counts, per configuration macro, the undecided entries
	// that depend on it.
	UnknownMacros map[string]int
	// UnitsDisagree counts undecided entries where the translation units
	// that reach the file disagree.
	UnitsDisagree int
	// UndecidedOther counts the rest: an unresolved __has_include, a macro
	// of the project defined under an undecided condition, or a
	// file included only under an undecided condition.
	UndecidedOther int
}

// Stats computes TraceStats for traced files; it parses them with
// tree-sitter (one parser per worker).
func (p *Project) Stats(entries []TraceEntry, files []*cpp.File) TraceStats {
	s := TraceStats{Files: len(files), ArchRelevant: len(entries), UnknownMacros: map[string]int{}}
	for _, e := range entries {
		undecided := false
		for _, st := range e.States {
			if st.Taken == nil {
				undecided = true
			}
		}
		if e.Err != "" {
			s.Errors++
		}
		if undecided {
			s.Undecided++
			for _, u := range e.Unknowns {
				s.UnknownMacros[u]++
			}
			switch {
			case e.Disagree:
				s.UnitsDisagree++
			case len(e.Unknowns) == 0 && e.Err == "":
				s.UndecidedOther++
			}
		}
	}
	type parsed struct {
		seen, lost, errs, conds int
	}
	out := make([]parsed, len(files))
	facts, errs := p.parseAll(files)
	for i, f := range files {
		lines := map[int]bool{}
		for _, d := range f.St.Src.Directives {
			if d.Kind.Conditional() {
				lines[d.Line] = true
				out[i].conds++
			}
		}
		if errs[i] != nil {
			out[i].lost = len(lines)
			continue
		}
		seen := map[int]bool{}
		for _, l := range facts[i].DirectiveLines {
			if lines[l] {
				seen[l] = true
			}
		}
		out[i].seen = len(seen)
		out[i].lost = len(lines) - len(seen)
		out[i].errs = facts[i].ErrorNodes
	}
	for _, o := range out {
		s.Conditionals += o.conds
		s.TreeSitterSeen += o.seen
		s.TreeSitterLost += o.lost
		s.TreeSitterErrors += o.errs
	}
	return s
}

// TopUnknowns lists the configuration macros behind undecided values, most
// frequent first.
func (s TraceStats) TopUnknowns(n int) []string {
	names := make([]string, 0, len(s.UnknownMacros))
	for k := range s.UnknownMacros {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if s.UnknownMacros[names[i]] != s.UnknownMacros[names[j]] {
			return s.UnknownMacros[names[i]] > s.UnknownMacros[names[j]]
		}
		return names[i] < names[j]
	})
	if len(names) > n {
		names = names[:n]
	}
	return names
}
