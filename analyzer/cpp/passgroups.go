package cpp

import (
	"bytes"
	"slices"
	"strings"
)

// Pass groups: most translation units read only a few of the macros that
// differ between passes (usually __CUDA_ARCH__ alone, often none), and two
// passes that agree on every such macro the unit can read preprocess it
// identically. A unit is therefore run once per group of passes that agree
// on the pass-dependent names found in its include closure, and the one run
// is recorded for every pass of the group. This halves the work on
// arch-heavy trees and divides it by up to 24 on the rest, with the same
// results as running every pass (TestPassGroupsSameResults).

// passDeps is what the engine knows, per file, about pass-dependent names.
type passDeps struct {
	// names[f] are the pass-dependent names file f's directives mention
	// (sorted): predefined macros whose state differs between passes, and
	// names the CUTLASS model answers differently per pass.
	names [][]string
	// opaque[f] is set when f can reach names its text does not spell: an
	// #include whose header name comes from a macro (its target is not in
	// the static closure).
	opaque []bool
	// pastes[f] is set when a #define in f pastes tokens (##), and
	// prefixes[f] lists pass-dependent names some token of f begins: a
	// paste could assemble them.
	pastes   []bool
	prefixes [][]string
	// answers[name][pass] is how a pass-dependent name reads in each pass,
	// as a comparable string.
	answers map[string][]string
}

// newPassDeps scans every file's directives once.
func (e *Engine) newPassDeps() *passDeps {
	n := len(e.fs.Files)
	pd := &passDeps{names: make([][]string, n), opaque: e.fs.sharedInfo().opaque, pastes: make([]bool, n),
		prefixes: make([][]string, n), answers: map[string][]string{}}
	verdict := map[string]bool{} // token -> pass-dependent
	var depNames []string
	isDep := func(tok string) bool {
		d, ok := verdict[tok]
		if !ok {
			a := e.passAnswers(tok)
			d = slices.ContainsFunc(a[1:], func(s string) bool { return s != a[0] })
			verdict[tok] = d
			if d {
				pd.answers[tok] = a
				depNames = append(depNames, tok)
			}
		}
		return d
	}
	// Every name a pass defines or knows undefined, and every name the
	// CUTLASS model knows, is a candidate for prefix matching below.
	for _, pm := range e.pass {
		for k := range pm.Defined {
			isDep(k)
		}
		for k := range pm.Undefined {
			isDep(k)
		}
	}
	for _, k := range cutlassModelNames() {
		isDep(k)
	}
	slices.Sort(depNames)
	for _, f := range e.fs.Files {
		for di := range f.St.Src.Directives {
			d := &f.St.Src.Directives[di]
			if d.Kind == DirDefine && strings.Contains(d.Args, "##") {
				pd.pastes[f.ID] = true
			}
		}
		for _, tok := range f.St.Idents {
			if isDep(tok) {
				pd.names[f.ID] = append(pd.names[f.ID], tok)
			}
			for _, dn := range depNames {
				if len(tok) < len(dn) && strings.HasPrefix(dn, tok) {
					pd.prefixes[f.ID] = append(pd.prefixes[f.ID], dn)
				}
			}
		}
		slices.Sort(pd.prefixes[f.ID])
		pd.prefixes[f.ID] = slices.Compact(pd.prefixes[f.ID])
	}
	return pd
}

// passAnswers is how a name reads in each pass, before any #define of the
// unit: its predefined body, known-undefined, or the CUTLASS model's answer.
func (e *Engine) passAnswers(name string) []string {
	out := make([]string, len(e.pass))
	var b strings.Builder
	for pi, pm := range e.pass {
		b.Reset()
		if v, ok := pm.Defined[name]; ok {
			b.WriteString("D" + v)
		} else if pm.IsKnownUndefined(name) {
			b.WriteString("U")
		}
		if m, t, ok := e.cutlass.lookup(name, e.cfg.Passes[pi]); ok {
			b.WriteString("|M")
			b.WriteString(t.String())
			if m != nil {
				b.WriteString(strings.Join(m.Params, ",") + "=" + m.Body)
			}
		}
		out[pi] = b.String()
	}
	return out
}

// passGroups splits the passes into groups that preprocess unit u alike,
// each in pass order, the groups ordered by their first pass.
func (e *Engine) passGroups(u *File) [][]int {
	pd := e.deps
	all := make([]int, len(e.pass))
	for i := range all {
		all[i] = i
	}
	if pd == nil {
		out := make([][]int, len(all))
		for i := range all {
			out[i] = []int{i}
		}
		return out
	}
	closure := Reach(u.ID, e.fs.IncludeGraph())
	var names []string
	pastes := false
	for _, id := range closure {
		if pd.opaque[id] {
			return e.passGroupsBy(nil, true)
		}
		names = append(names, pd.names[id]...)
		pastes = pastes || pd.pastes[id]
	}
	if pastes {
		for _, id := range closure {
			names = append(names, pd.prefixes[id]...)
		}
	}
	slices.Sort(names)
	return e.passGroupsBy(slices.Compact(names), false)
}

// passGroupsBy groups passes by their answers for names; every pass is its
// own group when split is set.
func (e *Engine) passGroupsBy(names []string, split bool) [][]int {
	var groups [][]int
	index := map[string]int{}
	var key bytes.Buffer
	for pi := range e.pass {
		key.Reset()
		if split {
			key.WriteByte(byte(pi))
		}
		for _, n := range names {
			key.WriteString(e.deps.answers[n][pi])
			key.WriteByte(0)
		}
		k := key.String()
		gi, ok := index[k]
		if !ok {
			gi = len(groups)
			index[k] = gi
			groups = append(groups, nil)
		}
		groups[gi] = append(groups[gi], pi)
	}
	return groups
}

// forEachIdent calls fn for every identifier in s (string and character
// literals are not skipped: a name inside one only costs a finer grouping).
func forEachIdent(s string, fn func(string)) {
	for i := 0; i < len(s); {
		c := s[i]
		if isIdentByte(c) && !(c >= '0' && c <= '9') {
			j := i + 1
			for j < len(s) && isIdentByte(s[j]) {
				j++
			}
			fn(s[i:j])
			i = j
			continue
		}
		if c >= '0' && c <= '9' { // skip pp-numbers such as 0x1ULL
			for i < len(s) && isIdentByte(s[i]) {
				i++
			}
			continue
		}
		i++
	}
}

// recordAll records one observation of the directive at index di of file
// id (conditional index ci) for every pass of the running group.
func (ps *passState) recordAll(id int32, di, ci int, reached, taken Tri, strong bool) *DirResult {
	// Once for the group: replays record whole headers.
	fr := ps.res.fileOf(ps.e.fs, id)
	if mergedBefore(&fr.merged[ci], ps.mask, reached, taken, strong) {
		return &fr.dirs[ci] // set up by the merge it remembers
	}
	dr := ps.res.slot(id, fr, di, ci)
	for _, pi := range ps.group {
		dr.mergePass(pi, reached, taken, strong)
	}
	return dr
}
