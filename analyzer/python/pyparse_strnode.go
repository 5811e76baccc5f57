package python

// String nodes: strings, concatenations and f-string interpolations.

// strings parses one string or a concatenated_string.
func (g *gparser) strings() int32 {
	s := g.str()
	if !g.is(tkStrStart) {
		return s
	}
	n := g.wrap(gConcatenatedString, s, gfNone)
	for g.is(tkStrStart) {
		g.add(n, g.str(), gfNone)
	}
	return g.close(n)
}

func (g *gparser) str() int32 {
	n := g.open(gString, g.pos)
	g.add(n, g.leaf(gStringStart), gfNone)
	for {
		t := g.tok()
		switch {
		case t.k == tkStrContent:
			c := g.open(gStringContent, g.pos)
			for _, e := range g.escs[t.esc0:t.esc1] {
				k := gEscapeSequence
				if e.interp {
					k = gEscapeInterpolation
				}
				x := g.open(k, g.pos)
				g.nodes[x].lt = int32(g.pos)
				g.nodes[x].sb, g.nodes[x].eb = e.sb, e.eb
				g.add(c, x, gfNone)
			}
			g.pos++
			g.add(n, g.close(c), gfNone)
		case t.k == tkStrEnd:
			g.add(n, g.leaf(gStringEnd), gfNone)
			return g.close(n)
		case t.k == tkOp && t.op == oLBrace:
			g.add(n, g.interpolation(gInterpolation), gfNone)
		default:
			g.bail()
		}
	}
}

func (g *gparser) interpolation(k gkind) int32 {
	n := g.open(k, g.pos)
	g.pos++
	if g.isKw(kYield) || g.isOp(oStar) {
		g.bail()
	}
	g.add(n, g.exprList(noSplats), gfExpression)
	if g.isOp(oAssign) {
		g.pos++
	}
	if g.is(tkTypeConv) {
		g.add(n, g.leaf(gTypeConversion), gfTypeConversion)
	}
	if g.isOp(oColon) {
		s := g.open(gFormatSpecifier, g.pos)
		g.pos++
		for !g.isOp(oRBrace) {
			switch {
			case g.is(tkFmtText):
				g.pos++
			case g.isOp(oLBrace):
				g.add(s, g.interpolation(gFormatExpression), gfNone)
			default:
				g.bail()
			}
		}
		g.add(n, g.close(s), gfFormatSpecifier)
	}
	g.expectOp(oRBrace)
	return g.close(n)
}
