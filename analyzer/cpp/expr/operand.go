package expr

// Operands: what libcpp's eval_token does with a value token, plus the
// operators that read their own operand tokens (defined, assertions) and
// our Unknown-name handling.

func (p *parser) evalToken(t Token) (value, bool) {
	switch t.Kind {
	case Number:
		v, uns, msg := parseNumber(t.Text)
		if msg != "" {
			p.fail(msg)
			return value{}, false
		}
		return known(v, uns), true
	case CharLit:
		v, uns, msg := parseChar(t.Text)
		if msg != "" {
			p.fail(msg)
			return value{}, false
		}
		return known(v, uns), true
	case Punct: // '#' starts an assertion
		return p.assertion()
	}
	switch t.Text {
	case "defined":
		return p.defined()
	case "true":
		return known(1, false), true
	case "false":
		return known(0, false), true
	}
	if t.flags&flagOpaque != 0 {
		// An unknown value produced by the expander (__has_include).
		return value{uns: False, unk: []string{t.Text}}, true
	}
	if t.flags&flagUnknown != 0 {
		return p.unknownName(t.Text)
	}
	// An identifier that is not a macro (or a painted one, or a
	// function-like macro without arguments) is 0.
	return known(0, false), true
}

// defined implements "defined X" and "defined(X)", reading X without
// expansion, from whatever context it comes (gcc accepts defined produced
// by a macro expansion).
func (p *parser) defined() (value, bool) {
	e := p.e
	t := e.nextRaw()
	paren := t.is("(")
	if paren {
		t = e.nextRaw()
	}
	if t.Kind != Ident {
		p.fail("operator \"defined\" requires an identifier")
		return value{}, false
	}
	if paren && !e.nextRaw().is(")") {
		p.fail("missing ')' after \"defined\"")
		return value{}, false
	}
	switch t.Text {
	case "__has_include", "__has_include_next":
		return known(1, false), true
	case "defined":
		return known(0, false), true
	}
	m, st := e.env.Lookup(t.Text)
	switch {
	case st == True && m != nil:
		e.used.add(t.Text)
		return known(1, false), true
	case st == Unknown && t.Text != "true" && t.Text != "false":
		return value{uns: False, unk: []string{t.Text}}, true
	}
	return known(0, false), true
}

// unknownName evaluates an identifier the Env could not resolve. We assume
// it stands for one well-formed operand: followed by '(' it is taken as a
// function-like invocation and its balanced argument list is skipped.
func (p *parser) unknownName(name string) (value, bool) {
	e := p.e
	if e.peekParen() {
		depth := 0
		for {
			t := e.nextRaw()
			if t.Kind == EOF {
				// Whatever the macro is, an unbalanced '(' is an error.
				p.fail("unterminated argument list invoking macro \"" + name + "\"")
				return value{}, false
			}
			if t.is("(") {
				depth++
			} else if t.is(")") {
				if depth == 0 {
					break
				}
				depth--
			}
		}
	}
	return value{uns: Unknown, unk: []string{name}}, true
}

// assertion handles GCC's obsolete "#pred" and "#pred(answer)" tests.
// The Env answers them as the names "#pred" and "#pred(answer)" (answer
// tokens separated by single spaces); a closed-world Env says False,
// like cpp -undef, which asserts nothing.
func (p *parser) assertion() (value, bool) {
	e := p.e
	t := e.nextRaw()
	if t.Kind != Ident {
		p.fail("assertion without predicate")
		return value{}, false
	}
	name := "#" + t.Text
	if e.peekParen() {
		var b []byte
		for {
			a := e.nextRaw()
			if a.Kind == EOF {
				p.fail("missing ')' to complete answer")
				return value{}, false
			}
			if a.is(")") {
				break
			}
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b = append(b, a.Text...)
		}
		if len(b) == 0 {
			p.fail("predicate's answer is empty")
			return value{}, false
		}
		name += "(" + string(b) + ")"
	}
	switch _, st := e.env.Lookup(name); st {
	case True:
		return known(1, false), true
	case False:
		return known(0, false), true
	}
	return value{uns: False, unk: []string{name}}, true
}
