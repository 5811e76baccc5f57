package expr

// defn is a Macro prepared for expansion: its body tokenized, parameters
// resolved to indices, # and ## turned into flags.
type defn struct {
	m        *Macro
	src      Macro // the fields m had when compiled
	body     []btok
	nparams  int
	variadic bool
	plain    []Token // object-like without ##: the expansion, ready to push
	bad      string  // lexical error in the body, reported when expanded
}

// btok is one token of a replacement list.
type btok struct {
	Token
	param     int  // index into the arguments, or -1
	stringify bool // #param
}

// compile prepares m. A definition cpp would reject (a '#' not before a
// parameter, ## at either end, a malformed __VA_OPT__) gets d.bad set:
// expanding it is an error, since the source has one.
func compile(m *Macro) *defn {
	d := &defn{m: m, src: *m, nparams: len(m.Params), variadic: m.Variadic && m.FuncLike && len(m.Params) > 0}
	if !m.FuncLike {
		d.nparams = 0
	}
	if m.Body == "" {
		return d
	}
	var buf [16]Token
	toks, msg := tokenize(m.Body, buf[:0])
	d.bad = msg
	d.body = make([]btok, 0, len(toks))
	param := func(t Token) int {
		if !m.FuncLike || t.Kind != Ident {
			return -1
		}
		for i, p := range m.Params {
			if p == t.Text {
				return i
			}
		}
		return -1
	}
	bad := func(msg string) {
		if d.bad == "" {
			d.bad = msg
		}
	}
	vaOptEnd := -1 // index in toks of the ')' closing the current __VA_OPT__
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.is("##") || t.is("%:%:"):
			if n := len(d.body); n > 0 && i+1 < len(toks) {
				d.body[n-1].flags |= flagPasteLeft
			} else {
				bad("'##' cannot appear at either end of a macro expansion")
			}
			continue
		case (t.is("#") || t.is("%:")) && m.FuncLike:
			if i+1 < len(toks) && param(toks[i+1]) >= 0 {
				next := toks[i+1]
				d.body = append(d.body, btok{Token: Token{Kind: String, Text: next.Text, Space: t.Space}, param: param(next), stringify: true})
				i++
				continue
			}
			bad("'#' is not followed by a macro parameter")
		case t.Kind == Ident && t.Text == "__VA_OPT__" && d.variadic:
			end := -1
			if i+1 < len(toks) && toks[i+1].is("(") {
				depth := 0
				for k := i + 1; k < len(toks) && end < 0; k++ {
					if toks[k].is("(") {
						depth++
					} else if toks[k].is(")") {
						if depth--; depth == 0 {
							end = k
						}
					}
				}
			}
			switch {
			case end < 0:
				bad("unterminated __VA_OPT__")
			case i < vaOptEnd:
				bad("__VA_OPT__ may not appear in a __VA_OPT__ operand")
			default:
				vaOptEnd = end
			}
		}
		d.body = append(d.body, btok{Token: t, param: param(t)})
	}
	if !m.FuncLike {
		d.plain = make([]Token, 0, len(d.body))
		for _, bt := range d.body {
			if bt.flags&flagPasteLeft != 0 {
				d.plain = nil
				break
			}
			d.plain = append(d.plain, bt.Token)
		}
	}
	return d
}

// from reports whether d is still the compilation of m: an Evaluator keeps
// definitions by pointer, and an Env may change a Macro in place.
func (d *defn) from(m *Macro) bool {
	s := &d.src
	if s.Name != m.Name || s.Body != m.Body || s.FuncLike != m.FuncLike || s.Variadic != m.Variadic || len(s.Params) != len(m.Params) {
		return false
	}
	for i, p := range s.Params {
		if m.Params[i] != p {
			return false
		}
	}
	return true
}

// compiled returns m prepared for expansion, compiling it at most once per
// evaluation (or per Evaluator, while m is unchanged).
func (e *expander) compiled(m *Macro) *defn {
	if e.keep != nil {
		if d := e.keep[m]; d != nil && d.from(m) {
			return d
		}
		d := compile(m)
		e.keep[m] = d
		return d
	}
	if e.defIndex != nil {
		if d := e.defIndex[m]; d != nil {
			return d
		}
	} else {
		for _, d := range e.defs {
			if d.m == m {
				return d
			}
		}
	}
	d := compile(m)
	e.defs = append(e.defs, d)
	if e.defIndex != nil {
		e.defIndex[m] = d
	} else if len(e.defs) > deepStack {
		e.defIndex = make(map[*Macro]*defn, 2*len(e.defs))
		for _, d := range e.defs {
			e.defIndex[d.m] = d
		}
	}
	return d
}
