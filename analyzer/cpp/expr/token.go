package expr

// Kind classifies a preprocessing token.
type Kind uint8

// Token kinds. The zero value is EOF so that a zero Token marks the end of
// a token stream.
const (
	EOF        Kind = iota
	Ident           // identifier (C++ named operators like "and" are Punct)
	Number          // pp-number: anything cpp's lexer takes as one number
	CharLit         // character literal, with any prefix and ud-suffix
	String          // string literal (also raw strings), with prefix/ud-suffix
	HeaderName      // <file> after __has_include( or #include
	Punct           // operator or punctuator, including digraphs and named operators
	Other           // a byte cpp cannot classify (stray '\\', '@', unterminated quote, ...)

	// kindPlacemarker is an internal marker for an empty macro argument
	// adjacent to ##; it never escapes the expander.
	kindPlacemarker Kind = 100
)

func (k Kind) String() string {
	switch k {
	case EOF:
		return "EOF"
	case Ident:
		return "Ident"
	case Number:
		return "Number"
	case CharLit:
		return "CharLit"
	case String:
		return "String"
	case HeaderName:
		return "HeaderName"
	case Punct:
		return "Punct"
	case Other:
		return "Other"
	case kindPlacemarker:
		return "Placemarker"
	}
	return "Kind(?)"
}

// Token is one preprocessing token. Text is the exact spelling (a substring
// of the input where possible, so tokenizing does not copy).
type Token struct {
	Kind  Kind
	Text  string
	Space bool // preceded by whitespace or a comment

	flags uint8
}

// Internal token flags.
const (
	// flagNoExpand marks an identifier "painted blue": it named a macro
	// that was disabled when the token was produced, so it must never be
	// expanded again (C11 6.10.3.4p2).
	flagNoExpand uint8 = 1 << iota
	// flagPasteLeft marks a token that is the left operand of ##.
	flagPasteLeft
	// flagUnknown marks an identifier the Env reported as Unknown.
	flagUnknown
	// flagOpaque marks a token standing for an unknown value, such as
	// the expansion of __has_include for a header the Env cannot answer.
	flagOpaque
	// flagUndefined marks an identifier the Env reported as not defined,
	// so that one followed by '(' is reported as the undefined
	// function-like macro it is used as.
	flagUndefined
)

// is reports whether t is the punctuator s.
func (t Token) is(s string) bool { return t.Kind == Punct && t.Text == s }
