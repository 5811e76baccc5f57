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
	if t.k == tkName {
		if t.op == kLambda {
			return g.lambda()
		}
		if g.plainName() && g.peek(1).k == tkOp && g.peek(1).op == oWalrus {
			n := g.open(gNamedExpression, g.pos)
			g.add(n, g.ident(), gfName)
			g.pos++
			g.add(n, g.expression(), gfValue)
			return g.close(n)
		}
	}
	e := g.disjunction()
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
			for {
				g.add(n, g.subscriptElem(), gfSubscript)
				if !g.isOp(oComma) {
					break
				}
				g.pos++
				if g.isOp(oRBrack) {
					break
				}
			}
			g.expectOp(oRBrack)
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
		g.add(n, g.exprList(), gfNone)
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

// exprList parses the grammar's _expressions: an expression, or an
// expression_list of several (or one with a trailing comma). A starred
// element is refused: tree-sitter reads it as a pattern's splat in some
// of these places.
func (g *gparser) exprList() int32 {
	if g.isOp(oStar) {
		g.bail()
	}
	first := g.expression()
	if !g.isOp(oComma) {
		return first
	}
	n := g.wrap(gExpressionList, first, gfNone)
	for g.isOp(oComma) {
		g.pos++
		if !g.exprStart() {
			break
		}
		if g.isOp(oStar) {
			g.bail()
		}
		g.add(n, g.expression(), gfNone)
	}
	return g.close(n)
}

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
	g.add(n, g.exprList(), gfExpression)
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
