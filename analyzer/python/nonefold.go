package python

import "fmt"

// foldNoneTests folds a check that only asks whether table lookups found
// an entry into those lookups:
//
//	arch = _ARCH_BY_CAPABILITY.get(get_compute_capability(dev))
//	if arch is None:
//	    return None
//
// is one decision (the table has no entry for the GPU), which was reported
// twice: the lookup ("gets None") and the check ("returns None"), and three
// times where two tables feed one check (vllm's sequence parallelism
// thresholds). The lookup keeps the finding: it names the table that lacks
// the entry, which is what a fix changes; the check's consequence becomes
// the lookup's ("gets None (no entry), and the check `arch is None` (line
// 1439) returns None") and its place a related location (Gate.Then). A
// check that instead gives the GPUs without an entry a value of its own
// (`if size is None: size = DEFAULT`) keeps the finding, and the lookups,
// which refused nothing, become its related locations (Gate.Lookups).
//
// Only a check of names that the function binds once, each to a recorded
// lookup that gets None, is folded, and only when it admits exactly the
// capabilities that every lookup gives an entry: anything else the check
// tests (`if arch is None or k > 128`) is a decision of its own.
func foldNoneTests(p *program, keys []siteKey, gates []Gate) []Gate {
	lookups := map[siteKey]int{}
	for i, k := range keys {
		if k.kind == siteLookup && gates[i].Kind == KindLookup && gates[i].Refusal == noEntryNone {
			lookups[siteKey{mod: k.mod, node: k.node, kind: siteLookup}] = i
		}
	}
	if len(lookups) == 0 {
		return gates
	}
	drop := make([]bool, len(gates))
	for i, k := range keys {
		// A check that guards a JIT build stays: the chain to the
		// kernels starts there.
		if gates[i].Kind != KindCheck || gates[i].GuardsCall != "" {
			continue
		}
		m := p.mods[k.mod]
		var cond nodeID
		switch k.kind {
		case siteIf:
			cl := m.clauses(k.node)
			if len(cl) > 2 || len(cl) == 2 && cl[1].cond != noNode {
				continue
			}
			cond = cl[0].cond
		case siteAssert:
			cond = m.namedList(k.node)[0]
		default:
			continue
		}
		names, ok := m.noneTestNames(cond, nil)
		if !ok {
			continue
		}
		var from []int
		for _, name := range names {
			l, ok := m.onlyBinding(name, cond, func(rhs nodeID) bool {
				_, is := lookups[siteKey{mod: k.mod, node: rhs, kind: siteLookup}]
				return is
			})
			if !ok {
				from = nil
				break
			}
			from = append(from, lookups[siteKey{mod: k.mod, node: l, kind: siteLookup}])
		}
		if len(from) == 0 {
			continue
		}
		check := &gates[i]
		then, refused, ok := foldedOutcome(check, gates, from)
		if !ok {
			continue
		}
		if !refused {
			// The check gives a missing entry a value of its own (a
			// default size, a fallback kernel): the lookup refused
			// nothing, and the check says what the target gets.
			for _, li := range from {
				drop[li] = true
				l := &gates[li]
				check.Lookups = append(check.Lookups, GateRef{Expr: l.Expr, Line: l.Line, Col: l.Col, Outcome: noEntryNone})
			}
			continue
		}
		drop[i] = true
		for _, li := range from {
			g := &gates[li]
			g.Then = &GateRef{Expr: check.Expr, Line: check.Line, Col: check.Col, Outcome: then}
			g.Refusal = fmt.Sprintf("%s, and the check `%s` (line %d) %s", noEntryNone, clip(check.Expr), check.Line, then)
			g.Outcomes[len(g.Outcomes)-1] = g.Refusal
		}
	}
	out := gates[:0]
	for i, g := range gates {
		if !drop[i] {
			out = append(out, g)
		}
	}
	return out
}

// noEntryNone is what a capability gets from table.get(key) with no entry
// for its key.
const noEntryNone = "gets None (no entry)"

// GateRef is a gate foldNoneTests folded into another: its expression,
// place, and what the capabilities the table has no entry for get there.
type GateRef struct {
	Expr      string
	Line, Col int
	Outcome   string
}

// noneTestNames are the names cond tests for None or truth, when that is
// all it does: `x is None`, `x is not None`, `not x`, `x`, and `and`/`or`
// of those. ok is false for anything else.
func (m *module) noneTestNames(cond nodeID, names []string) ([]string, bool) {
	switch m.kind(cond) {
	case "identifier":
		return append(names, m.view(cond)), true
	case "parenthesized_expression", "not_operator":
		kids := m.namedList(cond)
		if len(kids) != 1 {
			return nil, false
		}
		return m.noneTestNames(kids[0], names)
	case "boolean_operator":
		names, ok := m.noneTestNames(m.child(cond, fLeft), names)
		if !ok {
			return nil, false
		}
		return m.noneTestNames(m.child(cond, fRight), names)
	case "comparison_operator":
		kids := m.namedList(cond)
		ops := m.appendChildrenBy(nil, cond, fOperators)
		if len(kids) != 2 || len(ops) != 1 || m.kind(ops[0]) != "is" && m.kind(ops[0]) != "is not" ||
			m.kind(kids[0]) != "identifier" || m.kind(kids[1]) != "none" {
			return nil, false
		}
		return append(names, m.view(kids[0])), true
	}
	return nil, false
}

// onlyBinding is the right-hand side of the one assignment to name in the
// function (or module top level) around at, when there is exactly one,
// it comes before at, and want accepts it. Any other binding of the name
// there (a second assignment, an augmented one, a loop or with target, a
// walrus, a parameter) makes the value more than the lookup's.
func (m *module) onlyBinding(name string, at nodeID, want func(rhs nodeID) bool) (nodeID, bool) {
	from, to := nodeID(0), nodeID(len(m.nodes))
	if fn := m.enclosingFunc(at); fn != nil {
		from, to = fn.node, m.next(fn.node)
		for _, p := range fn.params {
			if p.name == name {
				return noNode, false
			}
		}
	}
	rhs, n := noNode, 0
	for k := from; k < to; k++ {
		if m.kind(k) != "identifier" || m.view(k) != name {
			continue
		}
		par := m.parent(k)
		switch m.kind(par) {
		case "assignment":
			if m.child(par, fLeft) != k {
				continue
			}
			n++
			rhs = m.child(par, fRight)
			if rhs == noNode || rhs > at {
				return noNode, false
			}
		case "augmented_assignment", "named_expression", "for_statement", "for_in_clause",
			"as_pattern_target", "pattern_list", "tuple_pattern", "list_pattern", "global_statement", "nonlocal_statement":
			return noNode, false
		}
	}
	if n != 1 || !want(rhs) {
		return noNode, false
	}
	return rhs, true
}

// foldedOutcome is what the check gives the capabilities some lookup has
// no entry for, and whether that is the check's refusal, when the check
// splits the capabilities exactly as the lookups do: those with every
// entry take one outcome, the others another, and none is undecided in one
// and not the other. Otherwise the check decides something of its own, and
// ok is false.
func foldedOutcome(check *Gate, gates []Gate, from []int) (then string, refused, ok bool) {
	found, missing := -3, -3
	for ci, b := range check.Branch {
		state := 0
		for _, li := range from {
			switch lb := gates[li].Branch[ci]; {
			case lb == -2:
				state = -2
			case lb == -1 && state == 0:
				state = -1
			}
		}
		switch {
		case state == -2 || b == -2:
			if state != b {
				return "", false, false
			}
		case state == 0:
			if found != -3 && found != b {
				return "", false, false
			}
			found = b
		default:
			if missing != -3 && missing != b {
				return "", false, false
			}
			missing = b
		}
	}
	switch {
	case found == -3 || missing == -3 || found == missing:
		return "", false, false
	case missing == -1:
		return check.Refusal, true, check.Refusal != ""
	case missing < len(check.Outcomes):
		return check.Outcomes[missing], false, true
	}
	return "", false, false
}
