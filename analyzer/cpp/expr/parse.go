package expr

// The parser is a port of libcpp's _cpp_parse_expr/reduce (expr.cc): an
// operator-precedence parser with an explicit stack. Using gcc's algorithm
// rather than a textbook grammar keeps its quirks (?: , and : share one
// precedence; ", and : do not reduce a ?"), its error detection, and the
// order in which operands are read, which matters because reading a token
// can expand macros. The explicit stack also means nesting depth costs
// heap, not Go stack.

type opcode uint8

const (
	opEOF opcode = iota
	opNot
	opGreater
	opLess
	opPlus
	opMinus
	opMult
	opDiv
	opMod
	opAnd
	opOr
	opXor
	opRshift
	opLshift
	opCompl
	opAndAnd
	opOrOr
	opQuery
	opColon
	opComma
	opOpenParen
	opCloseParen
	opEqEq
	opNotEq
	opGreaterEq
	opLessEq
	opUPlus
	opUMinus
)

const (
	leftAssoc  = 1
	noLOperand = 2
)

var optab = [...]struct{ prio, flags uint8 }{
	opEOF:        {0, 0},
	opNot:        {16, noLOperand},
	opGreater:    {12, leftAssoc},
	opLess:       {12, leftAssoc},
	opPlus:       {14, leftAssoc},
	opMinus:      {14, leftAssoc},
	opMult:       {15, leftAssoc},
	opDiv:        {15, leftAssoc},
	opMod:        {15, leftAssoc},
	opAnd:        {9, leftAssoc},
	opOr:         {7, leftAssoc},
	opXor:        {8, leftAssoc},
	opRshift:     {13, leftAssoc},
	opLshift:     {13, leftAssoc},
	opCompl:      {16, noLOperand},
	opAndAnd:     {6, leftAssoc},
	opOrOr:       {5, leftAssoc},
	opQuery:      {4, 0},
	opColon:      {4, leftAssoc},
	opComma:      {4, leftAssoc},
	opOpenParen:  {1, noLOperand},
	opCloseParen: {0, 0},
	opEqEq:       {11, leftAssoc},
	opNotEq:      {11, leftAssoc},
	opGreaterEq:  {12, leftAssoc},
	opLessEq:     {12, leftAssoc},
	opUPlus:      {16, noLOperand},
	opUMinus:     {16, noLOperand},
}

var opText = [...]string{
	opEOF: "end of line", opNot: "!", opGreater: ">", opLess: "<", opPlus: "+",
	opMinus: "-", opMult: "*", opDiv: "/", opMod: "%", opAnd: "&", opOr: "|",
	opXor: "^", opRshift: ">>", opLshift: "<<", opCompl: "~", opAndAnd: "&&",
	opOrOr: "||", opQuery: "?", opColon: ":", opComma: ",", opOpenParen: "(",
	opCloseParen: ")", opEqEq: "==", opNotEq: "!=", opGreaterEq: ">=",
	opLessEq: "<=", opUPlus: "+", opUMinus: "-",
}

// punctOp maps a punctuator valid in #if to its operator.
func punctOp(s string) (opcode, bool) {
	switch s {
	case "!", "not":
		return opNot, true
	case ">":
		return opGreater, true
	case "<":
		return opLess, true
	case "+":
		return opPlus, true
	case "-":
		return opMinus, true
	case "*":
		return opMult, true
	case "/":
		return opDiv, true
	case "%":
		return opMod, true
	case "&", "bitand":
		return opAnd, true
	case "|", "bitor":
		return opOr, true
	case "^", "xor":
		return opXor, true
	case ">>":
		return opRshift, true
	case "<<":
		return opLshift, true
	case "~", "compl":
		return opCompl, true
	case "&&", "and":
		return opAndAnd, true
	case "||", "or":
		return opOrOr, true
	case "?":
		return opQuery, true
	case ":":
		return opColon, true
	case ",":
		return opComma, true
	case "(":
		return opOpenParen, true
	case ")":
		return opCloseParen, true
	case "==":
		return opEqEq, true
	case "!=", "not_eq":
		return opNotEq, true
	case ">=":
		return opGreaterEq, true
	case "<=":
		return opLessEq, true
	}
	return 0, false
}

type entry struct {
	op  opcode
	val value
}

type parser struct {
	e     *expander
	stack []entry
	err   string
}

func (p *parser) fail(msg string) {
	if p.err == "" {
		p.err = msg
	}
}

// parse evaluates the whole condition.
func (p *parser) parse() (value, bool) {
	e := p.e
	p.stack = append(p.stack[:0], entry{op: opEOF})
	want := true
	// undefined is the operand just read when it is an identifier the
	// Env does not define: followed by '(', it is used as a function-like
	// macro.
	undefined := ""
	for {
		t := e.next()
		if e.err != "" {
			p.fail(e.err)
			return value{}, false
		}
		var op opcode
		isValue := false
		switch t.Kind {
		case Number, CharLit, Ident:
			isValue = true
		case Punct:
			if t.Text == "#" || t.Text == "%:" {
				isValue = true
				break
			}
			var ok bool
			if op, ok = punctOp(t.Text); !ok {
				p.fail("token \"" + t.Text + "\" is not valid in preprocessor expressions")
				return value{}, false
			}
		case EOF:
			op = opEOF
		default:
			p.fail("token \"" + t.Text + "\" is not valid in preprocessor expressions")
			return value{}, false
		}
		if isValue {
			if !want {
				p.fail("missing binary operator before token \"" + t.Text + "\"")
				return value{}, false
			}
			want = false
			undefined = ""
			if t.Kind == Ident && t.flags&flagUndefined != 0 {
				undefined = t.Text
			}
			v, ok := p.evalToken(t)
			if !ok {
				return value{}, false
			}
			p.stack[len(p.stack)-1].val = v
			continue
		}
		if want {
			switch op {
			case opPlus:
				op = opUPlus
			case opMinus:
				op = opUMinus
			}
		}
		// Only the operand read just before may be: "(A) (" is not.
		undefinedBefore := undefined
		undefined = ""
		top := p.stack[len(p.stack)-1].op
		if optab[op].flags&noLOperand != 0 {
			if !want {
				if op == opOpenParen && undefinedBefore != "" {
					// gcc says "missing binary operator before
					// token "("", clang names the cause.
					p.fail("function-like macro \"" + undefinedBefore + "\" is not defined")
				} else {
					p.fail("missing binary operator before token \"" + opText[op] + "\"")
				}
				return value{}, false
			}
		} else if want {
			switch {
			case op == opCloseParen && top == opOpenParen:
				p.fail("missing expression between '(' and ')'")
				return value{}, false
			case op == opEOF && top == opEOF:
				p.fail("#if with no expression")
				return value{}, false
			case top != opEOF && top != opOpenParen:
				p.fail("operator '" + opText[top] + "' has no right operand")
				return value{}, false
			case op != opCloseParen && op != opEOF:
				p.fail("operator '" + opText[op] + "' has no left operand")
				return value{}, false
			}
			// Otherwise the missing parenthesis is reported by reduce.
		}
		if !p.reduce(op) {
			return value{}, false
		}
		if op == opEOF {
			break
		}
		if op == opCloseParen {
			continue
		}
		if op == opColon && p.stack[len(p.stack)-1].op != opQuery {
			p.fail("':' without preceding '?'")
			return value{}, false
		}
		want = true
		p.stack = append(p.stack, entry{op: op})
	}
	if len(p.stack) != 1 {
		p.fail("unbalanced stack in #if")
		return value{}, false
	}
	return p.stack[0].val, true
}

// reduce applies the stacked operators that bind tighter than op.
func (p *parser) reduce(op opcode) bool {
	if op == opOpenParen {
		return true
	}
	prio := optab[op].prio
	if optab[op].flags&leftAssoc != 0 {
		prio-- // force reduction of operators of equal priority
	}
	for {
		n := len(p.stack) - 1
		top := &p.stack[n]
		if prio >= optab[top.op].prio {
			break
		}
		switch top.op {
		case opUPlus, opUMinus, opNot, opCompl:
			p.stack[n-1].val = unary(top.op, top.val)
			p.stack = p.stack[:n]
		case opOrOr, opAndAnd:
			p.stack[n-1].val = logical(top.op == opAndAnd, p.stack[n-1].val, top.val)
			p.stack = p.stack[:n]
		case opOpenParen:
			if op != opCloseParen {
				p.fail("missing ')' in expression")
				return false
			}
			p.stack[n-1].val = top.val
			p.stack = p.stack[:n]
			return true
		case opColon:
			p.stack[n-2].val = conditional(p.stack[n-2].val, p.stack[n-1].val, top.val)
			p.stack = p.stack[:n-1]
		case opQuery:
			// , and : do not reduce a '?'.
			if op == opComma || op == opColon {
				return true
			}
			p.fail("'?' without following ':'")
			return false
		default:
			p.stack[n-1].val = binary(top.op, p.stack[n-1].val, top.val)
			p.stack = p.stack[:n]
		}
	}
	if op == opCloseParen {
		p.fail("missing '(' in expression")
		return false
	}
	return true
}
