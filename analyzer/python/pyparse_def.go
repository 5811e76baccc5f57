package python

// Function and class definitions, decorators and parameters.

func (g *gparser) funcDef(start int) int32 {
	n := g.open(gFunctionDefinition, start)
	g.expectKw(kDef)
	g.add(n, g.ident(), gfName)
	if !g.isOp(oLParen) {
		g.bail() // type parameters
	}
	g.add(n, g.params(false), gfParameters)
	if g.isOp(oArrow) {
		g.pos++
		g.add(n, g.typeExpr(), gfReturnType)
		// "-> X: a[0] = 1" is read as the constrained type X: a[0]
		// (and an error); so, maybe, is "-> X: *a".
		nt, nn := g.peek(1), g.peek(2)
		if nt.k == tkName && (nt.op == oNone || nt.op == kType) && nn.k == tkOp && nn.op == oLBrack ||
			nt.k == tkOp && (nt.op == oStar || nt.op == oPow) {
			g.bail()
		}
	}
	g.block(n, gfBody)
	return g.close(n)
}

func (g *gparser) classDef() int32 {
	n := g.open(gClassDefinition, g.pos)
	g.pos++
	g.add(n, g.ident(), gfName)
	if g.isOp(oLParen) {
		g.add(n, g.arguments(), gfSuperclasses)
		if g.gk(g.nodes[n].last) != gArgumentList {
			g.bail()
		}
	}
	g.block(n, gfBody)
	return g.close(n)
}

func (g *gparser) decorated() int32 {
	n := g.open(gDecoratedDefinition, g.pos)
	for g.isOp(oAt) {
		d := g.open(gDecorator, g.pos)
		g.pos++
		g.add(d, g.expression(), gfNone)
		g.expect(tkNewline)
		g.add(n, g.close(d), gfNone)
	}
	switch {
	case g.isKw(kDef):
		g.add(n, g.funcDef(g.pos), gfDefinition)
	case g.isKw(kClass):
		g.add(n, g.classDef(), gfDefinition)
	case g.isKw(kAsync) && g.peek(1).k == tkName && g.peek(1).op == kDef:
		start := g.pos
		g.pos++
		g.add(n, g.funcDef(start), gfDefinition)
	default:
		g.bail()
	}
	return g.close(n)
}

// params parses a def's parameters (with their parentheses) or a
// lambda's (up to the colon).
func (g *gparser) params(lambda bool) int32 {
	var n int32
	closer := oRParen
	if lambda {
		n = g.open(gLambdaParameters, g.pos)
		closer = oColon
	} else {
		n = g.open(gParameters, g.pos)
		g.pos++
	}
	for !g.isOp(closer) {
		g.add(n, g.param(lambda, closer), gfNone)
		if !g.isOp(oComma) {
			break
		}
		g.pos++
	}
	if !lambda {
		g.expectOp(oRParen)
	} else if !g.isOp(oColon) {
		g.bail()
	}
	return g.close(n)
}

func (g *gparser) param(lambda bool, closer opc) int32 {
	switch {
	case g.isOp(oSlash):
		return g.leaf(gPositionalSeparator)
	case g.isOp(oStar) || g.isOp(oPow):
		k := gListSplatPattern
		if g.isOp(oPow) {
			k = gDictionarySplatPattern
		} else if nt := g.peek(1); nt.k == tkOp && (nt.op == oComma || nt.op == closer) {
			return g.leaf(gKeywordSeparator)
		}
		s := g.open(k, g.pos)
		g.pos++
		g.add(s, g.ident(), gfNone)
		g.close(s)
		if g.isOp(oColon) && !lambda {
			n := g.wrap(gTypedParameter, s, gfNone)
			g.pos++
			g.add(n, g.typeExpr(), gfType)
			return g.close(n)
		}
		return s
	}
	id := g.ident()
	switch {
	case g.isOp(oColon) && !lambda:
		g.pos++
		ty := g.typeExpr()
		if g.isOp(oAssign) {
			n := g.wrap(gTypedDefaultParameter, id, gfName)
			g.add(n, ty, gfType)
			g.pos++
			g.add(n, g.expression(), gfValue)
			return g.close(n)
		}
		n := g.wrap(gTypedParameter, id, gfNone)
		g.add(n, ty, gfType)
		return g.close(n)
	case g.isOp(oAssign):
		n := g.wrap(gDefaultParameter, id, gfName)
		g.pos++
		g.add(n, g.expression(), gfValue)
		return g.close(n)
	}
	return id
}
