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
		w, g := want.nodes[i], got.nodes[i]
		if tab.names[w.kind] != tab.names[g.kind] || tab.named[w.kind] != tab.named[g.kind] ||
			tab.fields[w.field] != tab.fields[g.field] || w.sb != g.sb || w.eb != g.eb || w.parent != g.parent {
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
	nd := p.nodes[i]
	name := tab.names[nd.kind]
	if !tab.named[nd.kind] {
		name = fmt.Sprintf("%q", name)
	}
	return fmt.Sprintf("%s %s [%d,%d] parent %d", tab.fields[nd.field], name, nd.sb, nd.eb, nd.parent)
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
		if nd.parent >= 0 {
			depth[i] = depth[nd.parent] + 1
		}
		txt := ""
		if s, e := p.kidRange(nodeID(i)); s == e && nd.eb-nd.sb < 40 {
			txt = fmt.Sprintf(" %q", src[nd.sb:nd.eb])
		}
		fmt.Fprintf(&b, "%s%s%s\n", strings.Repeat("  ", depth[i]), describeNode(tab, p, i), txt)
	}
	return b.String()
}
