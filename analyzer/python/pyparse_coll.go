package python

// Parenthesized forms, collections, comprehensions and call arguments.

// collElem is an element of a tuple, list or set, or a call's
// positional argument: an expression or "*" expression.
func (g *gparser) collElem() int32 {
	if g.isOp(oStar) {
		n := g.argSplat()
		switch g.gk(g.nodes[n].first) {
		case gConditionalExpression, gLambda, gNamedExpression:
			g.bail() // tree-sitter splats only the condition's first operand
		}
		return n
	}
	if g.isKw(kYield) {
		g.bail()
	}
	return g.expression()
}

// splatName refuses "*name" followed by anything but the element's end
// in an expression list: tree-sitter reads "*a.b" there as the
// attribute b of the splat *a (its pattern splat is a primary
// expression), which no one means; arguments are read as "*(a.b)", and
// so are the elements of collections, except a list's only element
// (see loneSplat).
func (g *gparser) splatName() {
	if n := g.peek(1); n.k == tkName {
		switch a := g.peek(2); {
		case a.k == tkNewline:
		case a.k == tkOp && (a.op == oComma || a.op == oRParen || a.op == oRBrack || a.op == oRBrace || a.op == oAssign):
		default:
			g.bail()
		}
	}
}

// argSplat is a call's "*" expression.
func (g *gparser) argSplat() int32 {
	n := g.open(gListSplat, g.pos)
	g.pos++
	g.add(n, g.expression(), gfNone)
	return g.close(n)
}

// elems parses the rest of a comma-separated collection into n, up to
// the closing bracket.
func (g *gparser) elems(n int32, closer opc) {
	for g.isOp(oComma) {
		g.pos++
		if g.isOp(closer) {
			break
		}
		g.add(n, g.collElem(), gfNone)
	}
	g.expectOp(closer)
}

func (g *gparser) paren() int32 {
	open := g.pos
	g.pos++
	if g.isOp(oRParen) {
		n := g.open(gTuple, open)
		g.pos++
		return g.close(n)
	}
	if g.isKw(kYield) {
		n := g.open(gParenthesizedExpression, open)
		g.add(n, g.yield(), gfNone)
		g.expectOp(oRParen)
		return g.close(n)
	}
	first := g.collElem()
	switch {
	case g.compStart():
		if g.gk(first) == gListSplat {
			g.bail()
		}
		n := g.open(gGeneratorExpression, open)
		g.add(n, first, gfBody)
		g.compClauses(n)
		g.expectOp(oRParen)
		return g.close(n)
	case g.isOp(oRParen):
		if g.gk(first) == gListSplat {
			g.bail() // parenthesized_list_splat
		}
		n := g.open(gParenthesizedExpression, open)
		g.add(n, first, gfNone)
		g.pos++
		return g.close(n)
	}
	n := g.open(gTuple, open)
	g.add(n, first, gfNone)
	if !g.isOp(oComma) {
		g.bail()
	}
	g.elems(n, oRParen)
	return g.close(n)
}

func (g *gparser) listAtom() int32 {
	n := g.open(gList, g.pos)
	g.pos++
	if g.isOp(oRBrack) {
		g.pos++
		return g.close(n)
	}
	first := g.collElem()
	g.loneSplat(first)
	if g.compStart() {
		if g.gk(first) == gListSplat {
			g.bail()
		}
		g.nodes[n].gk = gListComprehension
		g.nodes[n].kind = g.k.kind[gListComprehension]
		g.add(n, first, gfBody)
		g.compClauses(n)
		g.expectOp(oRBrack)
		return g.close(n)
	}
	g.add(n, first, gfNone)
	g.elems(n, oRBrack)
	return g.close(n)
}

// loneSplat refuses a collection's first element that is a splat of
// more than a name when no comma follows: tree-sitter then reads "[*a.b]"
// as the attribute b of the splat *a.
func (g *gparser) loneSplat(first int32) {
	if g.gk(first) == gListSplat && g.gk(g.nodes[first].first) != gIdentifier && !g.isOp(oComma) {
		g.bail()
	}
}

func (g *gparser) setKind(n int32, k gkind) {
	g.nodes[n].gk = k
	g.nodes[n].kind = g.k.kind[k]
}

func (g *gparser) braceAtom() int32 {
	n := g.open(gDictionary, g.pos)
	g.pos++
	if g.isOp(oRBrace) {
		g.pos++
		return g.close(n)
	}
	if g.isOp(oStar) {
		g.setKind(n, gSet)
		first := g.collElem()
		g.loneSplat(first)
		g.add(n, first, gfNone)
		g.elems(n, oRBrace)
		return g.close(n)
	}
	var first int32
	if g.isOp(oPow) {
		first = g.dictSplat()
	} else {
		e := g.expression()
		if !g.isOp(oColon) {
			if g.compStart() {
				g.setKind(n, gSetComprehension)
				g.add(n, e, gfBody)
				g.compClauses(n)
				g.expectOp(oRBrace)
				return g.close(n)
			}
			g.setKind(n, gSet)
			g.add(n, e, gfNone)
			g.elems(n, oRBrace)
			return g.close(n)
		}
		first = g.pair(e)
		if g.compStart() {
			g.setKind(n, gDictionaryComprehension)
			g.add(n, first, gfBody)
			g.compClauses(n)
			g.expectOp(oRBrace)
			return g.close(n)
		}
	}
	g.add(n, first, gfNone)
	for g.isOp(oComma) {
		g.pos++
		if g.isOp(oRBrace) {
			break
		}
		if g.isOp(oPow) {
			g.add(n, g.dictSplat(), gfNone)
			continue
		}
		g.add(n, g.pair(g.expression()), gfNone)
	}
	g.expectOp(oRBrace)
	return g.close(n)
}

func (g *gparser) pair(key int32) int32 {
	n := g.wrap(gPair, key, gfKey)
	g.expectOp(oColon)
	g.add(n, g.expression(), gfValue)
	return g.close(n)
}

func (g *gparser) dictSplat() int32 {
	n := g.open(gDictionarySplat, g.pos)
	g.pos++
	g.add(n, g.expression(), gfNone)
	return g.close(n)
}

// compStart says whether a comprehension's clauses start here.
func (g *gparser) compStart() bool {
	return g.isKw(kFor) || g.isKw(kAsync) && g.peek(1).k == tkName && g.peek(1).op == kFor
}

// compClauses parses a comprehension's for and if clauses into n. An
// iterable or condition followed by "else" or "," is left to
// tree-sitter (it reads those differently).
func (g *gparser) compClauses(n int32) {
	if !g.compStart() {
		g.bail()
	}
	for {
		switch {
		case g.compStart():
			c := g.open(gForInClause, g.pos)
			if g.isKw(kAsync) {
				g.pos++
			}
			g.pos++
			g.add(c, g.targets(), gfLeft)
			g.expectKw(kIn)
			g.add(c, g.disjunction(), gfRight)
			if g.isOp(oComma) || g.isKw(kElse) {
				g.bail()
			}
			g.add(n, g.close(c), gfNone)
		case g.isKw(kIf):
			c := g.open(gIfClause, g.pos)
			g.pos++
			g.add(c, g.disjunction(), gfNone)
			if g.isKw(kElse) {
				g.bail()
			}
			g.add(n, g.close(c), gfNone)
		default:
			return
		}
	}
}

// arguments parses a call's argument_list, or its lone generator.
func (g *gparser) arguments() int32 {
	n := g.open(gArgumentList, g.pos)
	g.pos++
	first := true
	for !g.isOp(oRParen) {
		var a int32
		switch {
		case g.isOp(oStar):
			a = g.argSplat()
		case g.isOp(oPow):
			a = g.dictSplat()
		case g.plainName() || g.isKw(kAsync) || g.isKw(kAwait):
			if nt := g.peek(1); nt.k == tkOp && nt.op == oAssign {
				if !g.plainName() {
					g.bail()
				}
				a = g.open(gKeywordArgument, g.pos)
				g.add(a, g.leaf(gIdentifier), gfName)
				g.pos++
				g.add(a, g.expression(), gfValue)
				g.close(a)
				break
			}
			a = g.collElem()
		default:
			a = g.collElem()
		}
		if first && g.compStart() && g.gk(a) != gListSplat && g.gk(a) != gDictionarySplat && g.gk(a) != gKeywordArgument {
			g.setKind(n, gGeneratorExpression)
			g.add(n, a, gfBody)
			g.compClauses(n)
			g.expectOp(oRParen)
			return g.close(n)
		}
		first = false
		g.add(n, a, gfNone)
		if !g.isOp(oComma) {
			break
		}
		g.pos++
	}
	g.expectOp(oRParen)
	return g.close(n)
}
