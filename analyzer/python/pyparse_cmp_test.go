package python

import (
	"fmt"
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
	for i, nd := range p.nodes {
		if i > 400 {
			b.WriteString("...\n")
			break
		}
		if pa := p.parentOf(nodeID(i)); pa >= 0 {
			depth[i] = depth[pa] + 1
		}
		txt := ""
		if p.next(nodeID(i)) == nodeID(i)+1 && p.end(nodeID(i))-nd.start() < 40 {
			txt = fmt.Sprintf(" %q", src[nd.start():p.end(nodeID(i))])
		}
		fmt.Fprintf(&b, "%s%s%s\n", strings.Repeat("  ", depth[i]), describeNode(tab, p, i), txt)
	}
	return b.String()
}
