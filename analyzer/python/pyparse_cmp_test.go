package python

import (
	"fmt"
	"slices"
	"strings"
)

// Helpers comparing the Go parser's tree with tree-sitter's.

// diffTrees describes the first difference between two parses of src,
// "" when they are the same tree.
func diffTrees(tab *langTable, src []byte, want, got *parsed) string {
	if got.syntaxErr != 0 {
		return fmt.Sprintf("Go parse reports a syntax error at line %d", got.syntaxErr)
	}
	n := min(len(want.nodes), len(got.nodes))
	for i := range n {
		n := nodeID(i)
		wk, gk := want.kindID(n), got.kindID(n)
		if tab.names[wk] != tab.names[gk] || tab.named[wk] != tab.named[gk] ||
			tab.fields[want.fieldID(n)] != tab.fields[got.fieldID(n)] || want.start(nodeID(i)) != got.start(nodeID(i)) ||
			want.end(n) != got.end(n) || want.parentOf(n) != got.parentOf(n) {
			return fmt.Sprintf("node %d: want %s, got %s\n--- want\n%s--- got\n%s", i,
				describeNode(tab, want, i), describeNode(tab, got, i), dumpTree(tab, src, want), dumpTree(tab, src, got))
		}
	}
	if len(want.nodes) != len(got.nodes) {
		return fmt.Sprintf("%d nodes, want %d\n--- want\n%s--- got\n%s", len(got.nodes), len(want.nodes),
			dumpTree(tab, src, want), dumpTree(tab, src, got))
	}
	if !slices.Equal(want.dropped, got.dropped) {
		return fmt.Sprintf("nodes dropped under %v, want %v", got.dropped, want.dropped)
	}
	return ""
}

func describeNode(tab *langTable, p *parsed, i int) string {
	n := nodeID(i)
	name := tab.names[p.kindID(n)]
	if !tab.named[p.kindID(n)] {
		name = fmt.Sprintf("%q", name)
	}
	return fmt.Sprintf("%s %s [%d,%d] parent %d", tab.fields[p.fieldID(n)], name, p.start(nodeID(i)), p.end(n), p.parentOf(n))
}

// dumpTree prints a tree an indented line a node; long trees are cut.
func dumpTree(tab *langTable, src []byte, p *parsed) string {
	var b strings.Builder
	depth := make([]int, len(p.nodes))
	for i := range p.nodes {
		if i > 400 {
			b.WriteString("...\n")
			break
		}
		if pa := p.parentOf(nodeID(i)); pa >= 0 {
			depth[i] = depth[pa] + 1
		}
		txt := ""
		if p.next(nodeID(i)) == nodeID(i)+1 && p.end(nodeID(i))-p.start(nodeID(i)) < 40 {
			txt = fmt.Sprintf(" %q", src[p.start(nodeID(i)):p.end(nodeID(i))])
		}
		fmt.Fprintf(&b, "%s%s%s\n", strings.Repeat("  ", depth[i]), describeNode(tab, p, i), txt)
	}
	return b.String()
}

// diffBracketSplats is diffTrees for a source tree-sitter refuses and the
// Go parser reads: allowed only for splats whose operand opens with a
// bracket ("return a, *(b,)": bracketSplat), the one place the Go parser
// takes what tree-sitter refuses. With each such operand's bytes renamed
// to one identifier as long, tree-sitter must accept the source and build
// got's tree, each operand's subtree being that identifier. "" when it
// does.
func diffBracketSplats(ps *parser, src []byte, got *parsed) string {
	tab := ps.tab
	operand := map[nodeID]bool{}
	renamed := append([]byte(nil), src...)
	for i := range got.nodes {
		n := nodeID(i)
		if tab.names[got.kindID(n)] != "list_splat" || n+1 >= nodeID(len(got.nodes)) {
			continue
		}
		op := n + 1
		if c := src[got.start(op)]; c != '(' && c != '[' {
			continue
		}
		operand[op] = true
		for b := got.start(op); b < got.end(op); b++ {
			renamed[b] = '_'
		}
	}
	if len(operand) == 0 {
		return "no bracketed splat"
	}
	want, err := ps.parse(renamed)
	if err != nil {
		return err.Error()
	}
	if want.syntaxErr != 0 {
		return fmt.Sprintf("renamed, tree-sitter still refuses it at line %d:\n%s", want.syntaxErr, renamed)
	}
	// got's nodes with each operand's subtree cut to its root, which
	// becomes an identifier; remap[i] is node i's index in that list.
	var kept []nodeID
	remap := map[nodeID]int{}
	for n := nodeID(0); n < nodeID(len(got.nodes)); {
		remap[n] = len(kept)
		kept = append(kept, n)
		if operand[n] {
			n = got.next(n)
		} else {
			n++
		}
	}
	if len(kept) != len(want.nodes) {
		return fmt.Sprintf("%d nodes with the operands cut, tree-sitter's renamed source %d\n--- want\n%s--- got\n%s",
			len(kept), len(want.nodes), dumpTree(tab, renamed, want), dumpTree(tab, src, got))
	}
	for i, n := range kept {
		w := nodeID(i)
		gk := tab.names[got.kindID(n)]
		if operand[n] {
			gk = "identifier"
		}
		gp := -1
		if p := got.parentOf(n); p >= 0 {
			gp = remap[p]
		}
		if tab.names[want.kindID(w)] != gk || tab.fields[want.fieldID(w)] != tab.fields[got.fieldID(n)] ||
			want.start(w) != got.start(n) || want.end(w) != got.end(n) || int(want.parentOf(w)) != gp {
			return fmt.Sprintf("node %d (%s): want %s\n--- want\n%s--- got\n%s", n, gk, describeNode(tab, want, i),
				dumpTree(tab, renamed, want), dumpTree(tab, src, got))
		}
	}
	return ""
}
