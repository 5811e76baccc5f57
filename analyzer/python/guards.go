package python

import "sort"

// linePos is a 1-based line and column.
type linePos struct{ line, col int }

func (m *module) posOf(n nodeID) linePos {
	l, c := m.lines.pos(m.start(n))
	return linePos{l, c}
}

func (a linePos) before(b linePos) bool {
	return a.line < b.line || a.line == b.line && a.col < b.col
}

// guardingGates finds, among the gates of the call's file (inFile indexes
// gates), those that decide whether the JIT call runs or how it builds:
//   - supported_major_versions anywhere in the call's arguments (its own,
//     or one computing its flags inline);
//   - supported_major_versions in an assignment, in the same function, to
//     a name the call's arguments use (nvcc_flags = ctx.flags(supported_major_versions=...));
//   - an if/elif/else chain or conditional expression whose arms hold the
//     call, up to the enclosing function;
//   - an earlier if chain of the same function with an arm that leaves
//     (raise, return), or an earlier assert: they stop the call too.
//
// Gates are matched by the position of their deciding expression, which
// buildGate takes from the same syntax nodes.
func guardingGates(m *module, call nodeID, gates []Gate, inFile []int) []int {
	want := map[linePos]bool{}
	start := m.posOf(call)
	el, ec := m.lines.pos(m.end(call))
	end := linePos{el, ec}
	var out []int
	for _, gi := range inFile {
		g := gates[gi]
		p := linePos{g.Line, g.Col}
		if g.Kind == KindMajors && !p.before(start) && p.before(end) {
			out = append(out, gi)
		}
	}
	scope := nodeID(0)
	child := call
walk:
	for p := m.parent(call); p != noNode; child, p = p, m.parent(p) {
		switch m.kind(p) {
		case "function_definition":
			scope = p
			break walk
		case "if_statement":
			if m.child(p, fCondition) != child {
				want[m.posOf(m.clauses(p)[0].cond)] = true
			}
		case "conditional_expression":
			if kids := m.namedList(p); len(kids) == 3 && child != kids[1] {
				want[m.posOf(kids[1])] = true
			}
		case "block", "module":
			for s := range m.named(p) {
				if s == child {
					break
				}
				switch m.kind(s) {
				case "if_statement":
					if m.anyTerminates(m.clauses(s)) {
						want[m.posOf(m.clauses(s)[0].cond)] = true
					}
				case "assert_statement":
					if kids := m.namedList(s); len(kids) > 0 {
						want[m.posOf(kids[0])] = true
					}
				}
			}
		}
	}
	m.majorsFlowingInto(call, scope, want)
	for _, gi := range inFile {
		g := gates[gi]
		if want[linePos{g.Line, g.Col}] {
			out = append(out, gi)
		}
	}
	sort.Ints(out)
	return compactInts(out)
}

// majorsFlowingInto marks the supported_major_versions values assigned,
// within scope and its own function, to names the call's arguments read.
func (m *module) majorsFlowingInto(call, scope nodeID, want map[linePos]bool) {
	names := map[string]bool{}
	args := m.child(call, fArguments)
	if args == noNode {
		return
	}
	m.eachNode(args, func(i nodeID) {
		if m.kind(i) == "identifier" {
			names[m.text(i)] = true
		}
	})
	fn := m.defAt(scope)
	m.eachNode(scope, func(i nodeID) {
		if m.kind(i) != "assignment" {
			return
		}
		left := m.child(i, fLeft)
		if m.kind(left) != "identifier" || !names[m.text(left)] || m.enclosingFunc(i) != fn {
			return
		}
		m.eachNode(m.child(i, fRight), func(k nodeID) {
			if m.kind(k) == "keyword_argument" && m.text(m.child(k, fName)) == "supported_major_versions" {
				want[m.posOf(m.child(k, fValue))] = true
			}
		})
	})
}

// eachNode visits the subtree at n in source order (nodes are stored in
// pre-order, so it is a contiguous range).
func (m *module) eachNode(n nodeID, visit func(nodeID)) {
	if n == noNode {
		return
	}
	end := m.end(n)
	for i := int(n); i < len(m.nodes) && (i == int(n) || m.start(nodeID(i)) < end); i++ {
		visit(nodeID(i))
	}
}

func compactInts(s []int) []int {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}
