package expr

// The lexer follows gcc's libcpp (lex.cc) in C++17 mode closely, because
// token boundaries decide whether a condition is an error: pp-numbers are
// greedy ("0xe+1" is one token), digit separators belong to numbers,
// "<::" is not a digraph, a literal's ud-suffix is part of it, and an
// unterminated quote swallows the rest of the line.

// Tokenize splits s into preprocessing tokens. Comments are treated as
// whitespace and backslash-newline continuations are joined. A header name
// (<file>) is produced only where cpp would lex one: right after
// __has_include / __has_include_next (optionally followed by "(") and after
// an include/include_next/import directive name at the start of s.
func Tokenize(s string) []Token {
	toks, _ := tokenize(s, nil)
	return toks
}

// tokenize appends the tokens of s to dst. msg is non-empty when cpp would
// report a lexical error no matter how the tokens are used (an unterminated
// raw string, say).
func tokenize(s string, dst []Token) (toks []Token, msg string) {
	if needsSplice(s) {
		s = splice(s)
	}
	toks = dst
	base := len(dst)
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			space = true
			i++
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			// A line comment runs to the end of the (logical) line.
			space = true
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			space = true
			j := indexFrom(s, i+2, "*/")
			if j < 0 {
				i = len(s)
			} else {
				i = j + 2
			}
			continue
		}
		var t Token
		var n int
		if c == '<' && wantHeaderName(toks[base:]) {
			if j := indexByteFrom(s, i+1, '>'); j >= 0 && indexByteFrom(s[:j], i+1, '\n') < 0 {
				t, n = Token{Kind: HeaderName, Text: s[i : j+1]}, j+1-i
			}
		}
		if n == 0 {
			var m string
			t, n, m = lexOne(s, i)
			if m != "" && msg == "" {
				msg = m
			}
		}
		t.Space = space
		space = false
		toks = append(toks, t)
		i += n
	}
	return toks, msg
}

// lexOne lexes the token starting at s[i] and returns it with its length.
func lexOne(s string, i int) (Token, int, string) {
	c := s[i]
	switch {
	case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
		n, msg := lexNumber(s, i)
		return Token{Kind: Number, Text: s[i : i+n]}, n, msg
	case isIdentStart(c):
		j := i + 1
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		word := s[i:j]
		if j < len(s) && (s[j] == '\'' || s[j] == '"') {
			switch word {
			case "L", "u", "U", "u8":
				return lexQuoted(s, i, j)
			}
		}
		if j < len(s) && s[j] == '"' {
			switch word {
			case "R", "LR", "uR", "UR", "u8R":
				return lexRawString(s, i, j)
			}
		}
		if namedOperator(word) {
			return Token{Kind: Punct, Text: word}, j - i, ""
		}
		return Token{Kind: Ident, Text: word}, j - i, ""
	case c == '\'' || c == '"':
		return lexQuoted(s, i, i)
	}
	n := punctLen(s, i)
	if n == 0 {
		return Token{Kind: Other, Text: s[i : i+1]}, 1, ""
	}
	return Token{Kind: Punct, Text: s[i : i+n]}, n, ""
}

// lexNumber returns the length of the pp-number at s[i], exactly as gcc's
// lex_number delimits it. Like gcc's lexer, it rejects adjacent digit
// separators even in a number that is never evaluated.
func lexNumber(s string, i int) (n int, msg string) {
	j := i + 1
	for j < len(s) {
		c := s[j]
		prev := s[j-1]
		switch {
		case isAlnum(c) || c == '_':
		case c == '.' && prev != '\'':
		case c == '\'': // C++14 digit separator
			if prev == '\'' {
				msg = "adjacent digit separators"
			}
		case (c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P'):
		case c == '$' || c >= 0x80:
		default:
			goto done
		}
		j++
	}
done:
	// A number cannot end with a digit separator.
	for j > i+1 && s[j-1] == '\'' {
		j--
	}
	return j - i, msg
}

// lexQuoted lexes a character or string literal whose prefix starts at i and
// whose opening quote is at q. An unterminated literal becomes an Other
// token running to the end of the line, as in cpp.
func lexQuoted(s string, i, q int) (Token, int, string) {
	quote := s[q]
	j := q + 1
	for {
		if j >= len(s) || s[j] == '\n' {
			return Token{Kind: Other, Text: s[i:j]}, j - i, ""
		}
		c := s[j]
		j++
		if c == '\\' && j < len(s) && s[j] != '\n' {
			j++
		} else if c == quote {
			break
		}
	}
	j = udSuffix(s, j)
	k := String
	if quote == '\'' {
		k = CharLit
	}
	return Token{Kind: k, Text: s[i:j]}, j - i, ""
}

// lexRawString lexes R"delim(...)delim" with its prefix starting at i and
// the quote at q.
func lexRawString(s string, i, q int) (Token, int, string) {
	j := q + 1
	for j < len(s) && j-(q+1) <= 16 {
		c := s[j]
		if c == '(' {
			break
		}
		if c == ')' || c == '\\' || c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '"' {
			return Token{Kind: Other, Text: s[i:j]}, j - i, "invalid character in raw string delimiter"
		}
		j++
	}
	if j >= len(s) || s[j] != '(' {
		return Token{Kind: Other, Text: s[i:j]}, j - i, "invalid new-line or delimiter in raw string"
	}
	delim := s[q+1 : j]
	for k := j + 1; k < len(s); k++ {
		if s[k] == ')' && len(s)-k > len(delim)+1 && s[k+1:k+1+len(delim)] == delim && s[k+1+len(delim)] == '"' {
			end := udSuffix(s, k+2+len(delim))
			return Token{Kind: String, Text: s[i:end]}, end - i, ""
		}
	}
	return Token{Kind: Other, Text: s[i:]}, len(s) - i, "unterminated raw string"
}

// udSuffix extends a literal ending at j by a C++11 user-defined-literal
// suffix, if an identifier follows without intervening space.
func udSuffix(s string, j int) int {
	if j < len(s) && (isAlpha(s[j]) || s[j] == '_' || s[j] >= 0x80) {
		j++
		for j < len(s) && (isAlnum(s[j]) || s[j] == '_' || s[j] >= 0x80) {
			j++
		}
	}
	return j
}

// punctLen returns the length of the punctuator at s[i], or 0.
func punctLen(s string, i int) int {
	at := func(k int) byte {
		if i+k < len(s) {
			return s[i+k]
		}
		return 0
	}
	c, c1 := s[i], at(1)
	switch c {
	case '{', '}', '[', ']', '(', ')', ';', '?', '~', ',':
		return 1
	case '#':
		if c1 == '#' {
			return 2
		}
		return 1
	case '.':
		if c1 == '.' && at(2) == '.' {
			return 3
		}
		if c1 == '*' {
			return 2
		}
		return 1
	case ':':
		if c1 == ':' || c1 == '>' {
			return 2
		}
		return 1
	case '+', '&', '|':
		if c1 == c || c1 == '=' {
			return 2
		}
		return 1
	case '-':
		if c1 == '>' {
			if at(2) == '*' {
				return 3
			}
			return 2
		}
		if c1 == '-' || c1 == '=' {
			return 2
		}
		return 1
	case '*', '/', '^', '=', '!':
		if c1 == '=' {
			return 2
		}
		return 1
	case '%':
		switch c1 {
		case '=', '>':
			return 2
		case ':':
			if at(2) == '%' && at(3) == ':' {
				return 4
			}
			return 2
		}
		return 1
	case '<', '>':
		if c1 == c {
			if at(2) == '=' {
				return 3
			}
			return 2
		}
		if c1 == '=' {
			return 2
		}
		if c == '<' {
			switch c1 {
			case ':':
				// C++11 [lex.pptoken]p3: "<::" not followed by ':' or '>'
				// is '<' followed by "::".
				if at(2) == ':' && at(3) != ':' && at(3) != '>' {
					return 1
				}
				return 2
			case '%':
				return 2
			}
		}
		return 1
	}
	return 0
}

// wantHeaderName reports whether, after the tokens lexed so far, a '<'
// starts a header name.
func wantHeaderName(prev []Token) bool {
	n := len(prev)
	if n > 0 && prev[n-1].is("(") {
		n--
	}
	if n == 0 || prev[n-1].Kind != Ident {
		return false
	}
	switch prev[n-1].Text {
	case "__has_include", "__has_include_next":
		return true
	case "include", "include_next", "import":
		// Directive name: "# include <x>" or just "include <x>".
		return n == len(prev) && (n == 1 || (n == 2 && (prev[0].is("#") || prev[0].is("%:"))))
	}
	return false
}

// namedOperator reports whether word is one of C++'s alternative operator
// spellings, which are operators, never identifiers or macro names.
func namedOperator(word string) bool {
	switch word {
	case "and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq":
		return true
	}
	return false
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isAlpha(c byte) bool      { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }
func isAlnum(c byte) bool      { return isAlpha(c) || isDigit(c) }
func isIdentStart(c byte) bool { return isAlpha(c) || c == '_' || c == '$' || c >= 0x80 }
func isIdentChar(c byte) bool  { return isAlnum(c) || c == '_' || c == '$' || c >= 0x80 }

func indexByteFrom(s string, from int, b byte) int {
	for k := from; k < len(s); k++ {
		if s[k] == b {
			return k
		}
	}
	return -1
}

func indexFrom(s string, from int, sub string) int {
	for k := from; k+len(sub) <= len(s); k++ {
		if s[k:k+len(sub)] == sub {
			return k
		}
	}
	return -1
}

// needsSplice reports whether s contains a backslash-newline.
func needsSplice(s string) bool {
	for k := 0; k+1 < len(s); k++ {
		if s[k] == '\\' && (s[k+1] == '\n' || (s[k+1] == '\r' && k+2 < len(s) && s[k+2] == '\n')) {
			return true
		}
	}
	return false
}

// splice removes backslash-newline pairs (translation phase 2).
func splice(s string) string {
	b := make([]byte, 0, len(s))
	for k := 0; k < len(s); k++ {
		if s[k] == '\\' && k+1 < len(s) {
			if s[k+1] == '\n' {
				k++
				continue
			}
			if s[k+1] == '\r' && k+2 < len(s) && s[k+2] == '\n' {
				k += 2
				continue
			}
		}
		b = append(b, s[k])
	}
	return string(b)
}
