package python

// Type annotations.

// typeExpr parses a type annotation. tree-sitter's type wraps an
// expression, except when it starts with Name[...]: that is a
// generic_type (with types for parameters), which a "." makes a
// member_type's and a "|" a union_type's left side; a generic right
// side keeps the union going, anything else is an expression that takes
// the rest.
func (g *gparser) typeExpr() int32 {
	if !g.genericStart() {
		return g.typeOf(g.expression())
	}
	t := g.typeOf(g.generic())
	for {
		switch {
		case g.isOp(oDot):
			m := g.wrap(gMemberType, t, gfNone)
			g.pos++
			g.add(m, g.ident(), gfNone)
			t = g.typeOf(g.close(m))
			continue
		case g.isOp(oPipe):
			u := g.wrap(gUnionType, t, gfNone)
			g.pos++
			if g.genericStart() {
				g.add(u, g.typeOf(g.generic()), gfNone)
				t = g.typeOf(g.close(u))
				continue
			}
			g.add(u, g.typeOf(g.expression()), gfNone)
			return g.typeOf(g.close(u))
		}
		break
	}
	switch tk := g.tok(); {
	case tk.k == tkNewline:
	case tk.k == tkOp && (tk.op == oAssign || tk.op == oComma || tk.op == oRParen || tk.op == oRBrack || tk.op == oColon || tk.op == oSemi):
	default:
		g.bail()
	}
	return t
}

func (g *gparser) genericStart() bool {
	t := g.tok()
	if t.k != tkName || !(t.op == oNone || t.op == kType) {
		return false
	}
	n := g.peek(1)
	return n.k == tkOp && n.op == oLBrack
}

// bracketed adds to n the comma-separated elements elem parses, a
// trailing comma allowed, up to and past the closing ']' (a subscript's
// indices, a generic's type parameters).
func (g *gparser) bracketed(n int32, elem func() int32, f gfield) {
	for {
		g.add(n, elem(), f)
		if !g.isOp(oComma) {
			break
		}
		g.pos++
		if g.isOp(oRBrack) {
			break
		}
	}
	g.expectOp(oRBrack)
}

// generic parses Name[type, ...].
func (g *gparser) generic() int32 {
	gt := g.open(gGenericType, g.pos)
	g.add(gt, g.leaf(gIdentifier), gfNone)
	tp := g.open(gTypeParameter, g.pos)
	g.pos++
	g.bracketed(tp, g.typeExpr, gfNone)
	g.add(gt, g.close(tp), gfNone)
	return g.close(gt)
}

// typeOf wraps a node in a type.
func (g *gparser) typeOf(e int32) int32 {
	t := g.wrap(gType, e, gfNone)
	nd, in := &g.nodes[t], &g.nodes[e]
	nd.lt, nd.sb, nd.eb = in.lt, in.sb, in.eb
	return t
}
