package python

// Expressions, with tree-sitter-python's precedences (which are not
// quite Python's: '&' binds looser than '^', and await takes a power).

// expression is the grammar's expression: lambda, named expression,
// conditional, boolean, not, comparison or primary.
func (g *gparser) expression() int32 {
	g.depth++
	if g.depth > maxExprDepth {
		g.bail()
	}
	n := g.expression0()
	g.depth--
	return n
}

func (g *gparser) expression0() int32 {
	t := g.tok()
	var e int32
	switch {
	case t.k == tkName && t.op == kLambda:
		return g.lambda()
	case g.isWalrus():
		e = g.namedExpression()
	default:
		e = g.disjunction()
	}
	if g.isKw(kIf) {
		n := g.wrap(gConditionalExpression, e, gfNone)
		g.pos++
		g.add(n, g.disjunction(), gfNone)
		g.expectKw(kElse)
		g.add(n, g.expression(), gfNone)
		return g.close(n)
	}
	return e
}

// isWalrus says whether the next tokens are "name :=".
func (g *gparser) isWalrus() bool {
	t := g.tok()
	return t.k == tkName && t.op != kLambda && g.plainName() && g.peek(1).k == tkOp && g.peek(1).op == oWalrus
}

// namedExpression is "name := value". tree-sitter-python gives the
// conditional expression a lower precedence (-1) than the named
// expression (0), so the value ends before an "if": "z := a if b else c"
// is (z := a) if b else c to it, whatever Python makes of it; a lambda
// or another named expression still goes on as the value.
func (g *gparser) namedExpression() int32 {
	n := g.open(gNamedExpression, g.pos)
	g.add(n, g.ident(), gfName)
	g.pos++
	var v int32
	switch t := g.tok(); {
	case t.k == tkName && t.op == kLambda:
		v = g.lambda()
	case g.isWalrus():
		// "a := b := ..." nests without expression's count.
		g.depth++
		if g.depth > maxExprDepth {
			g.bail()
		}
		v = g.namedExpression()
		g.depth--
	default:
		v = g.disjunction()
	}
	g.add(n, v, gfValue)
	return g.close(n)
}

func (g *gparser) disjunction() int32 {
	e := g.conjunction()
	for g.isKw(kOr) {
		n := g.wrap(gBooleanOperator, e, gfLeft)
		g.add(n, g.opLeaf(kOr, 1), gfOperator)
		g.add(n, g.conjunction(), gfRight)
		e = g.close(n)
	}
	return e
}

func (g *gparser) conjunction() int32 {
	e := g.inversion()
	for g.isKw(kAnd) {
		n := g.wrap(gBooleanOperator, e, gfLeft)
		g.add(n, g.opLeaf(kAnd, 1), gfOperator)
		g.add(n, g.inversion(), gfRight)
		e = g.close(n)
	}
	return e
}

func (g *gparser) inversion() int32 {
	if g.isKw(kNot) {
		g.depth++
		if g.depth > maxExprDepth {
			g.bail()
		}
		n := g.open(gNotOperator, g.pos)
		g.pos++
		g.add(n, g.inversion(), gfArgument)
		g.depth--
		return g.close(n)
	}
	return g.comparison()
}

// compOp is the comparison operator at the current token and how many
// tokens it takes.
func (g *gparser) compOp() (opc, int) {
	t := g.tok()
	switch t.k {
	case tkOp:
		switch t.op {
		case oLt, oGt, oEq, oNe, oLe, oGe, oLtGt:
			return t.op, 1
		}
	case tkName:
		switch t.op {
		case kIn:
			return kIn, 1
		case kNot:
			if n := g.peek(1); n.k == tkName && n.op == kIn {
				return kNotIn, 2
			}
		case kIs:
			if n := g.peek(1); n.k == tkName && n.op == kNot {
				return kIsNot, 2
			}
			return kIs, 1
		}
	}
	return oNone, 0
}

func (g *gparser) comparison() int32 {
	e := g.binary(14)
	op, n := g.compOp()
	if op == oNone {
		return e
	}
	c := g.wrap(gComparisonOperator, e, gfNone)
	for op != oNone {
		g.add(c, g.opLeaf(op, n), gfOperators)
		g.add(c, g.binary(14), gfNone)
		op, n = g.compOp()
	}
	return g.close(c)
}

// binPrec is tree-sitter's precedence of a binary operator, 0 for none
// (power is handled by power).
func binPrec(t *ptok) int {
	if t.k != tkOp {
		return 0
	}
	switch t.op {
	case oPipe:
		return 14
	case oAmp:
		return 15
	case oCaret:
		return 16
	case oLShift, oRShift:
		return 17
	case oPlus, oMinus:
		return 18
	case oStar, oAt, oSlash, oPercent, oDSlash:
		return 19
	}
	return 0
}

func (g *gparser) binary(min int) int32 {
	left := g.unary()
	for {
		t := g.tok()
		p := binPrec(t)
		if p == 0 || p < min {
			return left
		}
		n := g.wrap(gBinaryOperator, left, gfLeft)
		g.add(n, g.opLeaf(t.op, 1), gfOperator)
		g.add(n, g.binary(p+1), gfRight)
		left = g.close(n)
	}
}

// unary: a sign or await applies to a whole power ("-a ** b" is
// -(a ** b)).
func (g *gparser) unary() int32 {
	t := g.tok()
	g.depth++
	if g.depth > maxExprDepth {
		g.bail()
	}
	var n int32
	switch {
	case t.k == tkOp && (t.op == oMinus || t.op == oPlus || t.op == oTilde):
		n = g.open(gUnaryOperator, g.pos)
		g.add(n, g.opLeaf(t.op, 1), gfOperator)
		g.add(n, g.unary(), gfArgument)
		g.close(n)
	case t.k == tkName && t.op == kAwait:
		n = g.open(gAwait, g.pos)
		g.pos++
		g.add(n, g.unary(), gfNone)
		g.close(n)
	default:
		n = g.power()
	}
	g.depth--
	return n
}

func (g *gparser) power() int32 {
	base := g.postfix()
	if !g.isOp(oPow) {
		return base
	}
	n := g.wrap(gBinaryOperator, base, gfLeft)
	g.add(n, g.opLeaf(oPow, 1), gfOperator)
	g.add(n, g.unary(), gfRight)
	return g.close(n)
}

// postfix is an atom with its attributes, calls and subscripts.
func (g *gparser) postfix() int32 {
	e := g.atom()
	for {
		t := g.tok()
		if t.k != tkOp {
			return e
		}
		switch t.op {
		case oDot:
			n := g.wrap(gAttribute, e, gfObject)
			g.pos++
			if !g.plainName() {
				g.bail()
			}
			g.add(n, g.leaf(gIdentifier), gfAttribute)
			e = g.close(n)
		case oLParen:
			n := g.wrap(gCall, e, gfFunction)
			g.add(n, g.arguments(), gfArguments)
			e = g.close(n)
		case oLBrack:
			n := g.wrap(gSubscript, e, gfValue)
			g.pos++
			g.bracketed(n, g.subscriptElem, gfSubscript)
			e = g.close(n)
		default:
			return e
		}
	}
}

func (g *gparser) subscriptElem() int32 {
	var s int32 = -1
	if g.isOp(oColon) {
		s = g.open(gSlice, g.pos)
	} else {
		if g.isOp(oStar) {
			g.bail()
		}
		e := g.expression()
		if !g.isOp(oColon) {
			return e
		}
		s = g.wrap(gSlice, e, gfNone)
	}
	g.pos++ // the first colon
	if !g.isOp(oColon) && !g.isOp(oComma) && !g.isOp(oRBrack) {
		g.add(s, g.expression(), gfNone)
	}
	if g.isOp(oColon) {
		g.pos++
		if !g.isOp(oComma) && !g.isOp(oRBrack) {
			g.add(s, g.expression(), gfNone)
		}
	}
	return g.close(s)
}

func (g *gparser) atom() int32 {
	t := g.tok()
	if g.splatAtom && t.k == tkOp && t.op == oStar {
		g.splatAtom = false
		n := g.open(gListSplat, g.pos)
		g.pos++
		g.add(n, g.leaf(gIdentifier), gfNone)
		return g.close(n)
	}
	switch t.k {
	case tkName:
		switch {
		case t.op == oNone || softKeyword(t.op) || t.op == kFuture:
			return g.leaf(gIdentifier)
		case t.op == kTrue:
			return g.leaf(gTrue)
		case t.op == kFalse:
			return g.leaf(gFalse)
		case t.op == kNone:
			return g.leaf(gNone)
		}
	case tkInt:
		return g.leaf(gInteger)
	case tkFloat:
		return g.leaf(gFloat)
	case tkStrStart:
		return g.strings()
	case tkOp:
		switch t.op {
		case oLParen:
			return g.paren()
		case oLBrack:
			return g.listAtom()
		case oLBrace:
			return g.braceAtom()
		case oEllipsis:
			return g.leaf(gEllipsis)
		}
	}
	g.bail()
	return -1
}

func (g *gparser) lambda() int32 {
	n := g.open(gLambda, g.pos)
	g.pos++
	if !g.isOp(oColon) {
		g.add(n, g.params(true), gfParameters)
	}
	g.expectOp(oColon)
	g.add(n, g.expression(), gfBody)
	return g.close(n)
}

// yield parses "yield [from] ...".
func (g *gparser) yield() int32 {
	n := g.open(gYield, g.pos)
	g.pos++
	if g.isKw(kFrom) {
		g.pos++
		g.add(n, g.expression(), gfNone)
		return g.close(n)
	}
	if g.exprStart() {
		g.add(n, g.exprList(bracketSplats), gfNone)
	}
	return g.close(n)
}

// exprStart says whether an expression can start at the current token.
func (g *gparser) exprStart() bool {
	t := g.tok()
	switch t.k {
	case tkName:
		switch t.op {
		case oNone, kTrue, kFalse, kNone, kNot, kLambda, kAwait, kPrint, kExec, kMatch, kCase, kType:
			return true
		}
	case tkInt, tkFloat, tkStrStart:
		return true
	case tkOp:
		switch t.op {
		case oLParen, oLBrack, oLBrace, oMinus, oPlus, oTilde, oEllipsis, oStar:
			return true
		}
	}
	return false
}

// splatKind says which starred elements an expression list takes.
type splatKind int

const (
	noSplats      splatKind = iota
	bracketSplats           // "*(...)" and "*[...]": a yield's, a for loop's
	returnSplats            // those and "*name...": a return's
)

// exprList parses the grammar's _expressions: an expression, or an
// expression_list of several (or one with a trailing comma). A starred
// element is refused (tree-sitter reads it as a pattern's splat in some
// of these places), except, where splats says Python takes one (return,
// yield, a for loop's iterable; stmtElems takes them on an assignment's
// right side), one whose operand opens with a bracket:
// see bracketSplat.
func (g *gparser) exprList(splats splatKind) int32 {
	starred := false
	elem := func() int32 {
		if !g.isOp(oStar) {
			return g.expression()
		}
		if splats == noSplats {
			g.bail()
		}
		starred = true
		if nt := g.peek(1); splats == returnSplats && nt.k == tkName && nt.op == oNone {
			// "*name" in a return: tree-sitter makes the splat of the
			// name an atom that the rest of the element applies to
			// ("*a.b" is the attribute b of the splat of a), which
			// the gates never read; taking its reading lets a list
			// that also has a bracketed splat be read (Megatron's
			// `return None, *r.grads, *(None,) * n`). A yield's list
			// is read otherwise ("yield 0, *a[0]" splats the
			// subscript; fuzz), so only a return's is.
			g.splatAtom = true
			e := g.expression()
			if g.splatAtom {
				g.bail()
			}
			return e
		}
		return g.bracketSplat()
	}
	first := elem()
	if !g.isOp(oComma) {
		if starred {
			g.bail() // Python's "can't use starred expression here"
		}
		return first
	}
	n := g.wrap(gExpressionList, first, gfNone)
	for g.isOp(oComma) {
		g.pos++
		if !g.exprStart() {
			break
		}
		g.add(n, elem(), gfNone)
	}
	return g.close(n)
}

// splatsBracket says whether splat n's operand opens with a bracket (a
// bracketSplat, which tree-sitter would have refused).
func (g *gparser) splatsBracket(n int32) bool {
	t := &g.toks[g.nodes[g.nodes[n].first].ft]
	return t.k == tkOp && (t.op == oLParen || t.op == oLBrack)
}

// bracketSplat parses "*(...)" or "*[...]" as an element of a list of
// expressions ("return dq, dk, *((None,) * 21)", "return dx, *[None] * 10"):
// valid Python that tree-sitter refuses, an ERROR over the statement that
// takes the rest of the function's body with it, gates and all. The
// operand is what Python splats (a bitwise_or: "*[None] * 10" is
// "*([None] * 10)"), and the tree is the one tree-sitter builds for
// "*name" there, a list_splat in the expression_list
// (TestPyParseBracketSplats holds it to tree-sitter's with the operand
// renamed). Any other splat is left to tree-sitter.
func (g *gparser) bracketSplat() int32 {
	if nt := g.peek(1); nt.k != tkOp || nt.op != oLParen && nt.op != oLBrack {
		g.bail()
	}
	n := g.open(gListSplat, g.pos)
	g.pos++
	g.add(n, g.binary(14), gfNone)
	switch t := g.tok(); {
	case t.k == tkNewline, t.k == tkEOF:
	case t.k == tkOp && (t.op == oComma || t.op == oSemi || t.op == oColon || t.op == oRParen):
	default:
		g.bail()
	}
	return g.close(n)
}
