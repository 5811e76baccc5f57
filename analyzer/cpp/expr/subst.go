package expr

import "strings"

// Argument substitution, # and ## (C11 6.10.3.1-3), with placemarkers for
// empty operands of ## and GCC's ", ## __VA_ARGS__" comma swallowing.

// substitution holds one invocation's arguments and their lazily computed
// macro expansions.
type substitution struct {
	d         *defn
	args      [][]Token
	expanded  [][]Token
	done      []bool
	vaOmitted bool
}

func (s *substitution) expand(e *expander, i int) []Token {
	if !s.done[i] {
		s.expanded[i] = e.expandArg(s.args[i])
		s.done[i] = true
	}
	return s.expanded[i]
}

// substitute returns the replacement list of d with args substituted and
// all ## pastes performed, ready to be rescanned.
func (e *expander) substitute(d *defn, args [][]Token, vaOmitted bool) []Token {
	if len(d.body) == 0 {
		return nil
	}
	if d.plain != nil {
		return d.plain // contexts never modify their tokens
	}
	s := &substitution{d: d, args: args, vaOmitted: vaOmitted}
	if len(args) > 0 {
		s.expanded = make([][]Token, len(args))
		s.done = make([]bool, len(args))
	}
	out := make([]Token, 0, len(d.body)+4)
	out, pasting := e.substRange(s, d.body, out, false)
	if e.err != "" {
		return nil
	}
	if !pasting {
		return out
	}
	return e.pasteAll(out)
}

// substRange appends the substitution of body to out. pasting reports
// whether the result needs the paste pass (## or placemarkers).
func (e *expander) substRange(s *substitution, body []btok, out []Token, inVaOpt bool) ([]Token, bool) {
	pasting := false
	for i := 0; i < len(body); i++ {
		bt := body[i]
		pasteLeft := bt.flags&flagPasteLeft != 0
		pasteRight := i > 0 && body[i-1].flags&flagPasteLeft != 0
		if pasteLeft {
			pasting = true
		}
		if bt.Kind == Ident && bt.Text == "__VA_OPT__" && s.d.variadic && i+1 < len(body) && body[i+1].is("(") {
			end := matchParen(body, i+1)
			if end < 0 {
				out = append(out, bt.Token)
				continue
			}
			if inVaOpt {
				e.fail("__VA_OPT__ may not appear in a __VA_OPT__ operand")
				return nil, false
			}
			present := len(s.expand(e, s.d.nparams-1)) > 0
			start := len(out)
			if present {
				var p bool
				out, p = e.substRange(s, body[i+2:end], out, true)
				pasting = pasting || p
			}
			if len(out) == start {
				out = append(out, Token{Kind: kindPlacemarker})
				pasting = true // pasteAll drops placemarkers
			}
			if body[end].flags&flagPasteLeft != 0 {
				out[len(out)-1].flags |= flagPasteLeft
				pasting = true
			}
			i = end
			continue
		}
		if bt.param < 0 {
			out = append(out, bt.Token)
			continue
		}
		arg := s.args[bt.param]
		switch {
		case bt.stringify:
			t := Token{Kind: String, Text: stringify(arg), Space: bt.Space}
			t.flags = bt.flags & flagPasteLeft
			out = append(out, t)
		case pasteLeft || pasteRight:
			// Operands of ## are not macro-expanded.
			if pasteRight && s.d.variadic && bt.param == s.d.nparams-1 && len(out) > 0 && out[len(out)-1].is(",") {
				// GNU: ", ## __VA_ARGS__" drops the comma when the
				// variadic argument was omitted, and otherwise does
				// not paste. Like gcc, look at the last token emitted,
				// wherever it came from.
				if s.vaOmitted {
					out = out[:len(out)-1]
				} else {
					last := &out[len(out)-1]
					last.flags = last.flags&^flagPasteLeft | bt.flags&flagPasteLeft
				}
				out = appendArg(out, arg, bt)
				if len(arg) > 0 {
					out[len(out)-1].flags = out[len(out)-1].flags&^flagPasteLeft | bt.flags&flagPasteLeft
				}
				continue
			}
			if len(arg) == 0 {
				out = append(out, Token{Kind: kindPlacemarker, flags: bt.flags & flagPasteLeft})
				pasting = true
				continue
			}
			out = appendArg(out, arg, bt)
			out[len(out)-1].flags = out[len(out)-1].flags&^flagPasteLeft | bt.flags&flagPasteLeft
		default:
			out = appendArg(out, s.expand(e, bt.param), bt)
		}
	}
	return out, pasting
}

// appendArg appends argument tokens at the position of parameter bt; the
// first takes over the whitespace before the parameter (for stringizing).
func appendArg(out, arg []Token, bt btok) []Token {
	n := len(out)
	out = append(out, arg...)
	if len(out) > n {
		out[n].Space = out[n].Space || bt.Space
	}
	return out
}

// matchParen returns the index of the ')' matching the '(' at body[open].
func matchParen(body []btok, open int) int {
	depth := 0
	for i := open; i < len(body); i++ {
		switch {
		case body[i].is("("):
			depth++
		case body[i].is(")"):
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// pasteAll performs the ## operations marked in toks and drops
// placemarkers.
func (e *expander) pasteAll(toks []Token) []Token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		for t.flags&flagPasteLeft != 0 && i+1 < len(toks) {
			i++
			r := toks[i]
			switch {
			case t.Kind == kindPlacemarker:
				t = r
			case r.Kind == kindPlacemarker:
				t.flags = t.flags&^flagPasteLeft | r.flags&flagPasteLeft
			default:
				p, ok := pasteTokens(t, r)
				if !ok {
					e.fail("pasting \"" + t.Text + "\" and \"" + r.Text + "\" does not give a valid preprocessing token")
					return nil
				}
				p.flags |= r.flags & flagPasteLeft
				t = p
			}
		}
		t.flags &^= flagPasteLeft
		if t.Kind != kindPlacemarker {
			out = append(out, t)
		}
	}
	return out
}

// pasteTokens lexes the concatenated spellings of l and r, which must form
// exactly one token. Like cpp, a '/' is kept from starting a comment.
func pasteTokens(l, r Token) (Token, bool) {
	text := l.Text + r.Text
	if l.is("/") && !r.is("=") {
		text = l.Text + " " + r.Text
	}
	t, n, msg := lexOne(text, 0)
	if n != len(text) || msg != "" {
		return Token{}, false
	}
	t.Space = l.Space
	return t, true
}

// stringify implements the # operator: the argument's spelling with
// interior whitespace collapsed to one space and '"' and '\' escaped
// inside string and character literals.
func stringify(arg []Token) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range arg {
		if i > 0 && t.Space {
			b.WriteByte(' ')
		}
		if t.Kind == String || t.Kind == CharLit {
			for k := 0; k < len(t.Text); k++ {
				if c := t.Text[k]; c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(t.Text[k])
			}
			continue
		}
		b.WriteString(t.Text)
	}
	b.WriteByte('"')
	return b.String()
}
