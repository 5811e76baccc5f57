package expr

// hasInclude expands the builtin macros __has_include(<h>) and
// __has_include("h"), as gcc (10 and later) does: to 1 or 0, wherever they
// are expanded, including while pre-expanding a macro argument, and with
// their operand tokens macro-expanded in turn. A '<' from an expansion is
// glued with the following tokens up to '>'. A header the Env cannot
// answer gives an opaque unknown-value token.
func (e *expander) hasInclude(op string) Token {
	fail := func(msg string) Token {
		e.fail(msg)
		return Token{}
	}
	t := e.next()
	if !t.is("(") {
		return fail("missing '(' before \"" + op + "\" operand")
	}
	t = e.next()
	var header string
	angled := false
	switch {
	case t.Kind == HeaderName:
		header, angled = t.Text[1:len(t.Text)-1], true
	case t.Kind == String && len(t.Text) >= 2 && t.Text[0] == '"' && t.Text[len(t.Text)-1] == '"':
		header = t.Text[1 : len(t.Text)-1]
	case t.is("<"):
		angled = true
		var b []byte
		for {
			t = e.next()
			if t.Kind == EOF {
				return fail("missing terminating > character")
			}
			if t.is(">") {
				break
			}
			if t.Space && len(b) > 0 {
				b = append(b, ' ')
			}
			b = append(b, t.Text...)
		}
		header = string(b)
	default:
		return fail("operator \"" + op + "\" requires a header-name")
	}
	if !e.next().is(")") {
		return fail("missing ')' after \"" + op + "\" operand")
	}
	if e.err != "" {
		return Token{}
	}
	switch e.env.HasInclude(header, angled) {
	case True:
		return Token{Kind: Number, Text: "1"}
	case False:
		return Token{Kind: Number, Text: "0"}
	}
	name := op + "(\"" + header + "\")"
	if angled {
		name = op + "(<" + header + ">)"
	}
	return Token{Kind: Ident, Text: name, flags: flagOpaque}
}
