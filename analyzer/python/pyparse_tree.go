package python

// The Go parser's state and its node-building helpers.

type gparser struct {
	src   []byte
	toks  []ptok
	escs  []pesc
	k     *pyKinds
	nodes []gnode
	pos   int // current token
	depth int // expression nesting, bounded
	// splatAtom: the next atom is "*name", read as tree-sitter reads a
	// starred element of a return's or a for loop's list (exprList).
	splatAtom bool
}

// maxExprDepth bounds the recursion on pathological nesting.
const maxExprDepth = 500

func (g *gparser) bail() { panic(errBail) }

func (g *gparser) tok() *ptok { return &g.toks[g.pos] }

func (g *gparser) peek(i int) *ptok {
	if g.pos+i < len(g.toks) {
		return &g.toks[g.pos+i]
	}
	return &g.toks[len(g.toks)-1]
}

func (g *gparser) isOp(o opc) bool {
	t := &g.toks[g.pos]
	return t.k == tkOp && t.op == o
}

func (g *gparser) isKw(o opc) bool {
	t := &g.toks[g.pos]
	return t.k == tkName && t.op == o
}

func (g *gparser) is(k tkind) bool { return g.toks[g.pos].k == k }

func (g *gparser) expectOp(o opc) {
	if !g.isOp(o) {
		g.bail()
	}
	g.pos++
}

func (g *gparser) expectKw(o opc) {
	if !g.isKw(o) {
		g.bail()
	}
	g.pos++
}

func (g *gparser) expect(k tkind) {
	if !g.is(k) {
		g.bail()
	}
	g.pos++
}

// open starts a node at token ft; close ends it at the last token taken.
func (g *gparser) open(k gkind, ft int) int32 {
	// Every field written in place (grow).
	n := len(g.nodes)
	nd := grow(&g.nodes)
	nd.kind, nd.field, nd.sb, nd.eb, nd.gk = g.k.kind[k], 0, 0, 0, k
	nd.ft, nd.lt, nd.first, nd.last, nd.next = int32(ft), -1, -1, -1, -1
	return int32(n)
}

func (g *gparser) close(n int32) int32 {
	nd := &g.nodes[n]
	nd.lt = int32(g.pos - 1)
	if nd.lt < nd.ft {
		g.bail()
	}
	nd.sb = g.toks[nd.ft].sb
	nd.eb = g.toks[nd.lt].eb
	return n
}

// add appends child c to n, in field f.
func (g *gparser) add(n, c int32, f gfield) {
	g.nodes[c].field = g.k.field[f]
	if l := g.nodes[n].last; l >= 0 {
		g.nodes[l].next = c
	} else {
		g.nodes[n].first = c
	}
	g.nodes[n].last = c
}

// wrap opens a node around an already parsed first child.
func (g *gparser) wrap(k gkind, first int32, f gfield) int32 {
	n := g.open(k, int(g.nodes[first].ft))
	g.add(n, first, f)
	return n
}

// leaf makes a one-token node of the current token and moves on.
func (g *gparser) leaf(k gkind) int32 {
	n := g.open(k, g.pos)
	g.pos++
	return g.close(n)
}

// opLeaf makes the anonymous node of an operator spanning the next n
// tokens ("not in" takes two) and moves past them.
func (g *gparser) opLeaf(o opc, n int) int32 {
	id := g.k.op[o]
	if id == 0 {
		g.bail()
	}
	c := g.open(gModule, g.pos)
	g.nodes[c].kind = id
	g.nodes[c].gk = gKindCount
	g.pos += n
	return g.close(c)
}

func (g *gparser) gk(n int32) gkind { return g.nodes[n].gk }

// plainName says whether the current token can be an identifier where
// the grammar takes identifier or keyword_identifier: not a keyword of
// Python's, though print, exec, match, case and type are.
func (g *gparser) plainName() bool {
	t := g.tok()
	return t.k == tkName && (t.op == oNone || softKeyword(t.op))
}

func (g *gparser) ident() int32 {
	if !g.plainName() {
		g.bail()
	}
	return g.leaf(gIdentifier)
}
