package python

// Expression statements, assignments and their targets.

func isAugOp(o opc) bool { return o >= oPlusEq && o <= oPipeEq }

// exprStatement parses an expression statement, assignment or
// augmented assignment.
func (g *gparser) exprStatement() int32 {
	if g.isKw(kYield) {
		y := g.yield()
		n := g.wrap(gExpressionStatement, y, gfNone)
		return g.close(n)
	}
	ft := g.pos
	var buf [8]int32
	elems, trailing := g.stmtElems(buf[:0])
	t := g.tok()
	if t.k == tkOp && (t.op == oAssign || t.op == oColon || isAugOp(t.op)) {
		a := g.assignment(elems, trailing)
		n := g.wrap(gExpressionStatement, a, gfNone)
		return g.close(n)
	}
	patterns := true
	for _, e := range elems {
		switch g.gk(e) {
		case gListSplat:
			g.bail()
		case gIdentifier, gAttribute, gSubscript, gTuple, gList, gParenthesizedExpression:
		default:
			patterns = false
		}
	}
	if trailing && patterns {
		// "a, b," may be the start of a pattern_list that tree-sitter
		// continues on the next line.
		g.bail()
	}
	if len(elems) > 1 && t.k == tkNewline {
		// So may "a, b", or "a, 0": a next line "[k] = v" is read on
		// into the one assignment "a, b[k] = v", and one starting with
		// "(" as a call of the last element ("A, ()" then "()[0] = 0";
		// fuzz).
		if nt := g.peek(1); nt.k == tkOp && (nt.op == oLBrack || nt.op == oLParen) {
			g.bail()
		}
	}
	n := g.open(gExpressionStatement, ft)
	for _, e := range elems {
		g.add(n, e, gfNone)
	}
	return g.close(n)
}

// stmtElems parses "a, *b, c," where a statement or right-hand side
// has expressions; a starred element takes only what a pattern's splat
// takes (tree-sitter reads it as one).
func (g *gparser) stmtElems(buf []int32) ([]int32, bool) {
	for {
		if nt := g.peek(1); g.isOp(oStar) && nt.k == tkOp && (nt.op == oLParen || nt.op == oLBrack) {
			buf = append(buf, g.bracketSplat())
		} else if g.isOp(oStar) {
			g.splatName()
			n := g.open(gListSplat, g.pos)
			g.pos++
			c := g.postfix()
			if k := g.gk(c); k != gIdentifier && k != gAttribute && k != gSubscript {
				g.bail()
			}
			g.add(n, c, gfNone)
			buf = append(buf, g.close(n))
			if t := g.tok(); !(t.k == tkOp && (t.op == oComma || t.op == oAssign)) {
				g.bail()
			}
		} else {
			if len(buf) > 0 && g.isKw(kLambda) {
				// "h,lambda:()": tree-sitter reads the lambda as a name
				// and the rest as an annotation (fuzz); its reading is
				// the one to give.
				g.bail()
			}
			buf = append(buf, g.expression())
		}
		if !g.isOp(oComma) {
			return buf, false
		}
		g.pos++
		if !g.exprStart() {
			return buf, true
		}
	}
}

// assignment parses from the operator on, the targets being parsed.
func (g *gparser) assignment(elems []int32, trailing bool) int32 {
	t := g.tok()
	left := g.lhs(elems, trailing)
	switch {
	case t.op == oAssign:
		a := g.wrap(gAssignment, left, gfLeft)
		g.pos++
		g.add(a, g.rhs(), gfRight)
		return g.close(a)
	case t.op == oColon:
		if len(elems) != 1 || trailing {
			g.bail()
		}
		a := g.wrap(gAssignment, left, gfLeft)
		g.pos++
		g.add(a, g.typeExpr(), gfType)
		if g.isOp(oAssign) {
			g.pos++
			g.add(a, g.rhs(), gfRight)
		}
		return g.close(a)
	default:
		if len(elems) != 1 || trailing {
			g.bail()
		}
		a := g.wrap(gAugmentedAssignment, left, gfLeft)
		g.add(a, g.opLeaf(t.op, 1), gfOperator)
		g.add(a, g.rhs(), gfRight)
		return g.close(a)
	}
}

// rhs is the grammar's _right_hand_side.
func (g *gparser) rhs() int32 {
	if g.isKw(kYield) {
		return g.yield()
	}
	var buf [8]int32
	elems, trailing := g.stmtElems(buf[:0])
	t := g.tok()
	if t.k == tkOp && (t.op == oAssign || t.op == oColon || isAugOp(t.op)) {
		if t.op != oAssign {
			g.bail()
		}
		return g.assignment(elems, trailing)
	}
	for _, e := range elems {
		if g.gk(e) == gListSplat && !g.splatsBracket(e) {
			g.bail() // expression_list or pattern_list: tree-sitter's pick
		}
	}
	if len(elems) == 1 && !trailing {
		if g.gk(elems[0]) == gListSplat {
			// "x = *(a, b)" is Python's "can't use starred expression
			// here", and tree-sitter reads a next line starting with
			// "[" or "." on into the operand (fuzz).
			g.bail()
		}
		return elems[0]
	}
	if k := g.gk(elems[len(elems)-1]); t.k == tkNewline && !trailing && k != gIdentifier && k != gAttribute && k != gSubscript {
		// As after a statement's "a, b" (exprStatement): tree-sitter
		// reads a next line starting with "[" on into the list, as a
		// subscript of its last element, when that is a literal, a call
		// or a bracketed expression ("x = c, 2" then "[a]"; fuzz), and
		// one starting with "(" as a call of it when a postfix follows
		// ("x = c, f()" then "()[a]" is "c, f()()[a]"; fuzz).
		if nt := g.peek(1); nt.k == tkOp && (nt.op == oLBrack || nt.op == oLParen) {
			g.bail()
		}
	}
	n := g.wrap(gExpressionList, elems[0], gfNone)
	for _, e := range elems[1:] {
		g.add(n, e, gfNone)
	}
	return g.close(n)
}

// lhs turns parsed expressions into the grammar's _left_hand_side: a
// pattern, or a pattern_list.
func (g *gparser) lhs(elems []int32, trailing bool) int32 {
	for _, e := range elems {
		g.toPattern(e)
	}
	if len(elems) == 1 && !trailing {
		return elems[0]
	}
	n := g.wrap(gPatternList, elems[0], gfNone)
	for _, e := range elems[1:] {
		g.add(n, e, gfNone)
	}
	return g.close(n)
}

// toPattern rewrites an expression as the pattern it is on the left of
// an assignment.
func (g *gparser) toPattern(e int32) {
	switch g.gk(e) {
	case gIdentifier, gAttribute, gSubscript:
	case gTuple, gList:
		if g.nodes[e].first < 0 {
			g.bail()
		}
		if g.gk(e) == gTuple {
			g.setKind(e, gTuplePattern)
		} else {
			g.setKind(e, gListPattern)
		}
		for c := g.nodes[e].first; c >= 0; c = g.nodes[c].next {
			g.toPattern(c)
		}
	case gParenthesizedExpression:
		// "(a.b) = 0": a one-element tuple_pattern.
		g.setKind(e, gTuplePattern)
		g.toPattern(g.nodes[e].first)
	case gListSplat:
		c := g.nodes[e].first
		if k := g.gk(c); k != gIdentifier && k != gAttribute && k != gSubscript {
			g.bail()
		}
		g.setKind(e, gListSplatPattern)
	default:
		g.bail()
	}
}

// targets parses a for loop's or comprehension's targets up to "in".
func (g *gparser) targets() int32 {
	first := g.target()
	if !g.isOp(oComma) {
		return first
	}
	n := g.wrap(gPatternList, first, gfNone)
	for g.isOp(oComma) {
		g.pos++
		if g.isKw(kIn) {
			break
		}
		g.add(n, g.target(), gfNone)
	}
	return g.close(n)
}

func (g *gparser) target() int32 {
	switch {
	case g.isOp(oStar):
		g.splatName()
		n := g.open(gListSplatPattern, g.pos)
		g.pos++
		c := g.postfix()
		if k := g.gk(c); k != gIdentifier && k != gAttribute && k != gSubscript {
			g.bail()
		}
		g.add(n, c, gfNone)
		return g.close(n)
	case g.isOp(oLParen), g.isOp(oLBrack):
		k, closer := gTuplePattern, oRParen
		if g.isOp(oLBrack) {
			k, closer = gListPattern, oRBrack
		}
		n := g.open(k, g.pos)
		g.pos++
		if g.isOp(closer) {
			g.bail()
		}
		g.add(n, g.target(), gfNone)
		if k == gTuplePattern && !g.isOp(oComma) {
			g.bail() // "(a)": a parenthesized target
		}
		for g.isOp(oComma) {
			g.pos++
			if g.isOp(closer) {
				break
			}
			g.add(n, g.target(), gfNone)
		}
		g.expectOp(closer)
		return g.close(n)
	}
	c := g.postfix()
	if k := g.gk(c); k != gIdentifier && k != gAttribute && k != gSubscript {
		g.bail()
	}
	return c
}
