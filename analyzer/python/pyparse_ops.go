package python

// Operator and keyword codes of the hand-written parser's tokens. opText
// is each one's spelling, which is also the name of tree-sitter's
// anonymous node for it (the operators kept in fields).

type opc uint8

const (
	oNone opc = iota
	oLParen
	oRParen
	oLBrack
	oRBrack
	oLBrace
	oRBrace
	oComma
	oColon
	oSemi
	oDot
	oEllipsis
	oAssign
	oWalrus
	oArrow
	oAt
	oPlus
	oMinus
	oStar
	oSlash
	oPercent
	oDSlash
	oPow
	oLShift
	oRShift
	oAmp
	oPipe
	oCaret
	oTilde
	oLt
	oGt
	oEq
	oNe
	oLe
	oGe
	oLtGt
	oPlusEq
	oMinusEq
	oStarEq
	oSlashEq
	oAtEq
	oDSlashEq
	oPercentEq
	oPowEq
	oRShiftEq
	oLShiftEq
	oAmpEq
	oCaretEq
	oPipeEq
	opLastOp // the keywords follow
	kFalse
	kNone
	kTrue
	kAnd
	kAs
	kAssert
	kAsync
	kAwait
	kBreak
	kClass
	kContinue
	kDef
	kDel
	kElif
	kElse
	kExcept
	kExec
	kFinally
	kFor
	kFrom
	kGlobal
	kIf
	kImport
	kIn
	kIs
	kLambda
	kNonlocal
	kNot
	kOr
	kPass
	kPrint
	kRaise
	kReturn
	kTry
	kWhile
	kWith
	kYield
	kMatch
	kCase
	kType
	kFuture
	kNotIn // the two-word comparison operators, for their node names
	kIsNot
	opCount
)

var opText = [opCount]string{
	oLParen: "(", oRParen: ")", oLBrack: "[", oRBrack: "]", oLBrace: "{", oRBrace: "}",
	oComma: ",", oColon: ":", oSemi: ";", oDot: ".", oEllipsis: "...", oAssign: "=",
	oWalrus: ":=", oArrow: "->", oAt: "@", oPlus: "+", oMinus: "-", oStar: "*",
	oSlash: "/", oPercent: "%", oDSlash: "//", oPow: "**", oLShift: "<<", oRShift: ">>",
	oAmp: "&", oPipe: "|", oCaret: "^", oTilde: "~", oLt: "<", oGt: ">", oEq: "==",
	oNe: "!=", oLe: "<=", oGe: ">=", oLtGt: "<>", oPlusEq: "+=", oMinusEq: "-=",
	oStarEq: "*=", oSlashEq: "/=", oAtEq: "@=", oDSlashEq: "//=", oPercentEq: "%=",
	oPowEq: "**=", oRShiftEq: ">>=", oLShiftEq: "<<=", oAmpEq: "&=", oCaretEq: "^=",
	oPipeEq: "|=",
	kFalse:  "False", kNone: "None", kTrue: "True", kAnd: "and", kAs: "as", kAssert: "assert",
	kAsync: "async", kAwait: "await", kBreak: "break", kClass: "class", kContinue: "continue",
	kDef: "def", kDel: "del", kElif: "elif", kElse: "else", kExcept: "except", kExec: "exec",
	kFinally: "finally", kFor: "for", kFrom: "from", kGlobal: "global", kIf: "if",
	kImport: "import", kIn: "in", kIs: "is", kLambda: "lambda", kNonlocal: "nonlocal",
	kNot: "not", kOr: "or", kPass: "pass", kPrint: "print", kRaise: "raise", kReturn: "return",
	kTry: "try", kWhile: "while", kWith: "with", kYield: "yield", kMatch: "match", kCase: "case",
	kType: "type", kFuture: "__future__", kNotIn: "not in", kIsNot: "is not",
}

// keywordOf is the keyword code of a word, oNone for an identifier.
func keywordOf(w []byte) opc {
	if len(w) < 2 || len(w) > 10 {
		return oNone
	}
	switch string(w) {
	case "False":
		return kFalse
	case "None":
		return kNone
	case "True":
		return kTrue
	case "and":
		return kAnd
	case "as":
		return kAs
	case "assert":
		return kAssert
	case "async":
		return kAsync
	case "await":
		return kAwait
	case "break":
		return kBreak
	case "class":
		return kClass
	case "continue":
		return kContinue
	case "def":
		return kDef
	case "del":
		return kDel
	case "elif":
		return kElif
	case "else":
		return kElse
	case "except":
		return kExcept
	case "exec":
		return kExec
	case "finally":
		return kFinally
	case "for":
		return kFor
	case "from":
		return kFrom
	case "global":
		return kGlobal
	case "if":
		return kIf
	case "import":
		return kImport
	case "in":
		return kIn
	case "is":
		return kIs
	case "lambda":
		return kLambda
	case "nonlocal":
		return kNonlocal
	case "not":
		return kNot
	case "or":
		return kOr
	case "pass":
		return kPass
	case "print":
		return kPrint
	case "raise":
		return kRaise
	case "return":
		return kReturn
	case "try":
		return kTry
	case "while":
		return kWhile
	case "with":
		return kWith
	case "yield":
		return kYield
	case "match":
		return kMatch
	case "case":
		return kCase
	case "type":
		return kType
	case "__future__":
		return kFuture
	}
	return oNone
}

// softKeyword: a keyword of tree-sitter's grammar that it also takes for
// an identifier (keyword_identifier, or one only valid in a match block).
func softKeyword(k opc) bool {
	switch k {
	case kPrint, kExec, kMatch, kCase, kType:
		return true
	}
	return false
}

// matchOp matches the longest operator at the start of b.
func matchOp(b []byte) (opc, int) {
	c := b[0]
	at := func(i int) byte {
		if i < len(b) {
			return b[i]
		}
		return 0
	}
	c1, c2 := at(1), at(2)
	switch c {
	case '(':
		return oLParen, 1
	case ')':
		return oRParen, 1
	case '[':
		return oLBrack, 1
	case ']':
		return oRBrack, 1
	case '{':
		return oLBrace, 1
	case '}':
		return oRBrace, 1
	case ',':
		return oComma, 1
	case ';':
		return oSemi, 1
	case '~':
		return oTilde, 1
	case ':':
		if c1 == '=' {
			return oWalrus, 2
		}
		return oColon, 1
	case '.':
		if c1 == '.' && c2 == '.' {
			return oEllipsis, 3
		}
		return oDot, 1
	case '=':
		if c1 == '=' {
			return oEq, 2
		}
		return oAssign, 1
	case '!':
		if c1 == '=' {
			return oNe, 2
		}
	case '-':
		switch c1 {
		case '>':
			return oArrow, 2
		case '=':
			return oMinusEq, 2
		}
		return oMinus, 1
	case '+':
		if c1 == '=' {
			return oPlusEq, 2
		}
		return oPlus, 1
	case '@':
		if c1 == '=' {
			return oAtEq, 2
		}
		return oAt, 1
	case '%':
		if c1 == '=' {
			return oPercentEq, 2
		}
		return oPercent, 1
	case '&':
		if c1 == '=' {
			return oAmpEq, 2
		}
		return oAmp, 1
	case '|':
		if c1 == '=' {
			return oPipeEq, 2
		}
		return oPipe, 1
	case '^':
		if c1 == '=' {
			return oCaretEq, 2
		}
		return oCaret, 1
	case '*':
		if c1 == '*' {
			if c2 == '=' {
				return oPowEq, 3
			}
			return oPow, 2
		}
		if c1 == '=' {
			return oStarEq, 2
		}
		return oStar, 1
	case '/':
		if c1 == '/' {
			if c2 == '=' {
				return oDSlashEq, 3
			}
			return oDSlash, 2
		}
		if c1 == '=' {
			return oSlashEq, 2
		}
		return oSlash, 1
	case '<':
		switch c1 {
		case '<':
			if c2 == '=' {
				return oLShiftEq, 3
			}
			return oLShift, 2
		case '=':
			return oLe, 2
		case '>':
			return oLtGt, 2
		}
		return oLt, 1
	case '>':
		switch c1 {
		case '>':
			if c2 == '=' {
				return oRShiftEq, 3
			}
			return oRShift, 2
		case '=':
			return oGe, 2
		}
		return oGt, 1
	}
	return oNone, 0
}
