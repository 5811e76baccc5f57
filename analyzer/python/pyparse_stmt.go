package python

// Statements.

func (g *gparser) module() int32 {
	root := g.open(gModule, 0)
	for !g.is(tkEOF) {
		g.statement(root)
	}
	nd := &g.nodes[root]
	nd.lt = int32(len(g.toks) - 1)
	// The module starts at its first token or comment (leading blanks
	// are padding) and ends at the end of the file.
	nd.sb = g.toks[0].sb
	nd.eb = uint32(len(g.src))
	return root
}

// statement parses one statement (a line of simple statements counts
// as one) into parent.
func (g *gparser) statement(parent int32) {
	t := g.tok()
	if t.k == tkOp && t.op == oAt {
		g.add(parent, g.decorated(), gfNone)
		return
	}
	if t.k == tkName {
		switch t.op {
		case kIf:
			g.add(parent, g.ifStatement(), gfNone)
			return
		case kFor:
			g.add(parent, g.forStatement(g.pos), gfNone)
			return
		case kWhile:
			g.add(parent, g.whileStatement(), gfNone)
			return
		case kTry:
			g.add(parent, g.tryStatement(), gfNone)
			return
		case kWith:
			g.add(parent, g.withStatement(g.pos), gfNone)
			return
		case kDef:
			g.add(parent, g.funcDef(g.pos), gfNone)
			return
		case kClass:
			g.add(parent, g.classDef(), gfNone)
			return
		case kAsync:
			start := g.pos
			g.pos++
			switch {
			case g.isKw(kDef):
				g.add(parent, g.funcDef(start), gfNone)
			case g.isKw(kFor):
				g.add(parent, g.forStatement(start), gfNone)
			case g.isKw(kWith):
				g.add(parent, g.withStatement(start), gfNone)
			default:
				g.bail()
			}
			return
		}
	}
	g.simpleStatements(parent)
}

// simpleStatements parses "a; b; c" NEWLINE into parent.
func (g *gparser) simpleStatements(parent int32) {
	for {
		g.add(parent, g.simpleStatement(), gfNone)
		if g.isOp(oSemi) {
			g.pos++
			if g.is(tkNewline) {
				break
			}
			continue
		}
		break
	}
	g.expect(tkNewline)
}

func (g *gparser) simpleStatement() int32 {
	t := g.tok()
	if t.k == tkName {
		switch t.op {
		case kPass:
			return g.leaf(gPassStatement)
		case kBreak:
			return g.leaf(gBreakStatement)
		case kContinue:
			return g.leaf(gContinueStatement)
		case kReturn:
			n := g.open(gReturnStatement, g.pos)
			g.pos++
			if g.exprStart() {
				g.add(n, g.exprList(), gfNone)
			}
			return g.close(n)
		case kDel:
			n := g.open(gDeleteStatement, g.pos)
			g.pos++
			g.add(n, g.exprList(), gfNone)
			return g.close(n)
		case kRaise:
			n := g.open(gRaiseStatement, g.pos)
			g.pos++
			if g.exprStart() {
				g.add(n, g.exprList(), gfNone)
			}
			if g.isKw(kFrom) {
				g.pos++
				g.add(n, g.expression(), gfCause)
			}
			return g.close(n)
		case kGlobal, kNonlocal:
			k := gGlobalStatement
			if t.op == kNonlocal {
				k = gNonlocalStatement
			}
			n := g.open(k, g.pos)
			g.pos++
			g.add(n, g.ident(), gfNone)
			for g.isOp(oComma) {
				g.pos++
				g.add(n, g.ident(), gfNone)
			}
			return g.close(n)
		case kAssert:
			n := g.open(gAssertStatement, g.pos)
			g.pos++
			g.add(n, g.expression(), gfNone)
			for g.isOp(oComma) {
				g.pos++
				g.add(n, g.expression(), gfNone)
			}
			return g.close(n)
		case kImport:
			n := g.open(gImportStatement, g.pos)
			g.pos++
			g.importList(n)
			return g.close(n)
		case kFrom:
			return g.importFrom()
		case kPrint:
			// print_statement (Python 2) competes with a call; only the
			// spellings where the call surely wins are taken.
			switch nt := g.peek(1); {
			case nt.k == tkOp && (nt.op == oLParen || nt.op == oDot || nt.op == oAssign || nt.op == oSemi || nt.op == oComma):
			case nt.k == tkNewline:
			default:
				g.bail()
			}
		case kExec:
			if nt := g.peek(1); nt.k == tkName || nt.k == tkStrStart {
				g.bail() // exec_statement
			}
		case kType:
			// "type X = ..." is a type_alias_statement, and so is
			// anything else after "type" that looks like a type and is
			// assigned to ("type(x).a = b").
			if nt := g.peek(1); nt.k != tkOp || !(nt.op == oAssign || nt.op == oColon || nt.op == oDot || isAugOp(nt.op)) {
				st := g.exprStatement()
				if g.gk(g.nodes[st].first) == gAssignment {
					g.bail()
				}
				return st
			}
		}
	}
	return g.exprStatement()
}

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
		if g.isOp(oStar) {
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
		if g.gk(e) == gListSplat {
			g.bail() // expression_list or pattern_list: tree-sitter's pick
		}
	}
	if len(elems) == 1 && !trailing {
		return elems[0]
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

// block parses a compound statement's suite: an indented block, or
// simple statements on the header's line.
func (g *gparser) block(parent int32, f gfield) {
	g.expectOp(oColon)
	if g.is(tkIndent) {
		g.pos++
		b := g.open(gBlock, g.pos)
		for !g.is(tkDedent) {
			if g.is(tkEOF) {
				g.bail()
			}
			g.statement(b)
		}
		g.pos++
		g.add(parent, g.close(b), f)
		return
	}
	if g.is(tkNewline) {
		g.bail()
	}
	b := g.open(gBlock, g.pos)
	g.simpleStatements(b)
	g.add(parent, g.close(b), f)
}

func (g *gparser) ifStatement() int32 {
	n := g.open(gIfStatement, g.pos)
	g.pos++
	g.add(n, g.expression(), gfCondition)
	g.block(n, gfConsequence)
	for g.isKw(kElif) {
		e := g.open(gElifClause, g.pos)
		g.pos++
		g.add(e, g.expression(), gfCondition)
		g.block(e, gfConsequence)
		g.add(n, g.close(e), gfAlternative)
	}
	if g.isKw(kElse) {
		g.add(n, g.elseClause(), gfAlternative)
	}
	return g.close(n)
}

func (g *gparser) elseClause() int32 {
	e := g.open(gElseClause, g.pos)
	g.pos++
	g.block(e, gfBody)
	return g.close(e)
}

func (g *gparser) forStatement(start int) int32 {
	n := g.open(gForStatement, start)
	g.pos++
	g.add(n, g.targets(), gfLeft)
	g.expectKw(kIn)
	g.add(n, g.exprList(), gfRight)
	g.block(n, gfBody)
	if g.isKw(kElse) {
		g.add(n, g.elseClause(), gfAlternative)
	}
	return g.close(n)
}

func (g *gparser) whileStatement() int32 {
	n := g.open(gWhileStatement, g.pos)
	g.pos++
	g.add(n, g.expression(), gfCondition)
	g.block(n, gfBody)
	if g.isKw(kElse) {
		g.add(n, g.elseClause(), gfAlternative)
	}
	return g.close(n)
}

func (g *gparser) tryStatement() int32 {
	n := g.open(gTryStatement, g.pos)
	g.pos++
	g.block(n, gfBody)
	handlers := 0
	for g.isKw(kExcept) {
		c := g.open(gExceptClause, g.pos)
		g.pos++
		if !g.isOp(oColon) {
			if g.isOp(oStar) {
				g.bail() // except_group_clause
			}
			v := g.expression()
			if g.isKw(kAs) {
				v = g.asPattern(v)
			}
			if g.isOp(oComma) {
				g.bail()
			}
			g.add(c, v, gfValue)
		}
		g.block(c, gfNone)
		g.add(n, g.close(c), gfNone)
		handlers++
	}
	if handlers > 0 && g.isKw(kElse) {
		g.add(n, g.elseClause(), gfNone)
	}
	if g.isKw(kFinally) {
		c := g.open(gFinallyClause, g.pos)
		g.pos++
		g.block(c, gfNone)
		g.add(n, g.close(c), gfNone)
		handlers++
	}
	if handlers == 0 {
		g.bail()
	}
	return g.close(n)
}

// asPattern parses "as target" after v. A conditional, lambda or named
// expression would take the "as" into its last operand.
func (g *gparser) asPattern(v int32) int32 {
	switch g.gk(v) {
	case gConditionalExpression, gLambda, gNamedExpression:
		g.bail()
	}
	a := g.wrap(gAsPattern, v, gfNone)
	g.pos++
	t := g.wrap(gAsPatternTarget, g.expression(), gfNone)
	g.add(a, g.close(t), gfAlias)
	return g.close(a)
}

func (g *gparser) withStatement(start int) int32 {
	n := g.open(gWithStatement, start)
	g.pos++
	g.add(n, g.withClause(), gfNone)
	g.block(n, gfBody)
	return g.close(n)
}

// withClause: "with (a as b, c):" lists its items in parentheses;
// "with (a):" and "with (a) as b:" are items that start with one.
func (g *gparser) withClause() int32 {
	n := g.open(gWithClause, g.pos)
	if g.isOp(oLParen) {
		closeAt, comma := g.matchParen(g.pos)
		if nt := &g.toks[closeAt+1]; nt.k == tkOp && nt.op == oColon {
			if comma {
				g.pos++
				for items := 0; !g.isOp(oRParen); items++ {
					g.add(n, g.withItem(), gfNone)
					if !g.isOp(oComma) {
						break
					}
					g.pos++
					if items == 0 && g.isOp(oRParen) {
						g.bail() // "with (a,):" is a tuple
					}
				}
				g.expectOp(oRParen)
				return g.close(n)
			}
			// "with (x):" or "with (x as y):"
			p := g.open(gParenthesizedExpression, g.pos)
			g.pos++
			if g.isKw(kYield) || g.isOp(oStar) {
				g.bail()
			}
			v := g.expression()
			if g.isKw(kAs) {
				v = g.asPattern(v)
			}
			g.add(p, v, gfNone)
			g.expectOp(oRParen)
			item := g.wrap(gWithItem, g.close(p), gfValue)
			g.add(n, g.close(item), gfNone)
			return g.close(n)
		}
	}
	for {
		g.add(n, g.withItem(), gfNone)
		if !g.isOp(oComma) {
			break
		}
		g.pos++
	}
	return g.close(n)
}

func (g *gparser) withItem() int32 {
	if g.isOp(oStar) || g.isKw(kYield) {
		g.bail()
	}
	v := g.expression()
	if g.isKw(kAs) {
		v = g.asPattern(v)
	}
	item := g.wrap(gWithItem, v, gfValue)
	return g.close(item)
}

// matchParen finds the parenthesis closing the one at i, and whether a
// comma sits directly inside.
func (g *gparser) matchParen(i int) (int, bool) {
	depth := 0
	comma := false
	for j := i; j < len(g.toks); j++ {
		t := &g.toks[j]
		switch t.k {
		case tkOp:
			switch t.op {
			case oLParen, oLBrack, oLBrace:
				depth++
			case oRParen, oRBrack, oRBrace:
				depth--
				if depth == 0 {
					return j, comma
				}
			case oComma:
				if depth == 1 {
					comma = true
				}
			}
		case tkEOF:
			g.bail()
		}
	}
	g.bail()
	return 0, false
}

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

// importList parses the names of an import: dotted names, each maybe
// "as" an alias, in field name.
func (g *gparser) importList(n int32) {
	for {
		d := g.dottedName()
		if g.isKw(kAs) {
			a := g.wrap(gAliasedImport, d, gfName)
			g.pos++
			g.add(a, g.ident(), gfAlias)
			d = g.close(a)
		}
		g.add(n, d, gfName)
		if !g.isOp(oComma) {
			return
		}
		g.pos++
		if !g.plainName() {
			return
		}
	}
}

func (g *gparser) dottedName() int32 {
	n := g.open(gDottedName, g.pos)
	g.add(n, g.ident(), gfNone)
	for g.isOp(oDot) {
		g.pos++
		g.add(n, g.ident(), gfNone)
	}
	return g.close(n)
}

func (g *gparser) importFrom() int32 {
	start := g.pos
	g.pos++
	if g.isKw(kFuture) {
		n := g.open(gFutureImportStatement, start)
		g.pos++
		g.expectKw(kImport)
		g.importNames(n)
		return g.close(n)
	}
	n := g.open(gImportFromStatement, start)
	if g.isOp(oDot) || g.isOp(oEllipsis) {
		r := g.open(gRelativeImport, g.pos)
		p := g.open(gImportPrefix, g.pos)
		for g.isOp(oDot) || g.isOp(oEllipsis) {
			g.pos++
		}
		g.add(r, g.close(p), gfNone)
		if g.plainName() {
			g.add(r, g.dottedName(), gfNone)
		}
		g.add(n, g.close(r), gfModuleName)
	} else {
		g.add(n, g.dottedName(), gfModuleName)
	}
	g.expectKw(kImport)
	if g.isOp(oStar) {
		g.add(n, g.leaf(gWildcardImport), gfNone)
		return g.close(n)
	}
	g.importNames(n)
	return g.close(n)
}

// importNames: a list, maybe in parentheses.
func (g *gparser) importNames(n int32) {
	if g.isOp(oLParen) {
		g.pos++
		g.importList(n)
		g.expectOp(oRParen)
		return
	}
	g.importList(n)
}

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

// generic parses Name[type, ...].
func (g *gparser) generic() int32 {
	gt := g.open(gGenericType, g.pos)
	g.add(gt, g.leaf(gIdentifier), gfNone)
	tp := g.open(gTypeParameter, g.pos)
	g.pos++
	for {
		g.add(tp, g.typeExpr(), gfNone)
		if !g.isOp(oComma) {
			break
		}
		g.pos++
		if g.isOp(oRBrack) {
			break
		}
	}
	g.expectOp(oRBrack)
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
