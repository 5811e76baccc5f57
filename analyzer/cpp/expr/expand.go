package expr

// The expander is a lazy token source modelled on libcpp's cpp_get_token
// (macro.cc): a stack of contexts, each a slice of tokens, where a macro's
// expansion is pushed as a context and the macro stays disabled while its
// context is on the stack. Contexts are popped only when a read runs past
// their end, so a macro's last token still sees the macro disabled, and a
// function-like macro name may take its '(' from an enclosing context.
// Matching cpp here matters: painting and lookahead decide whether
// f(1)(2) expands twice, and whether a condition is an error.

// Resource limits keep pathological inputs (exponential macros, deep
// argument nesting) from taking unbounded time or stack.
const (
	maxSteps    = 1 << 20 // tokens read from contexts
	maxArgDepth = 2000    // nested argument pre-expansions
)

type context struct {
	toks  []Token
	pos   int
	macro string // name of the macro this context expands, "" for none
	arg   bool   // argument pre-expansion: ends in EOF instead of popping
}

type expander struct {
	env      Env
	ctx      []context
	defs     []*defn          // compiled macros of this evaluation
	defIndex map[*Macro]*defn // defs, once there are many
	keep     map[*Macro]*defn // an Evaluator's definitions, kept across calls
	used     nameSet
	err      string
	steps    int
	argDepth int

	// active counts the contexts of each macro name once the stack is
	// deep; shallow stacks are scanned instead, which is cheaper than a
	// map for the usual one or two levels.
	active map[string]int
}

// deepStack is the context depth from which disabled macros are tracked in
// a map: a chain of n macros, each expanding to the next, keeps n contexts
// on the stack, and scanning them for every token would be quadratic.
const deepStack = 16

func (e *expander) fail(msg string) {
	if e.err == "" {
		e.err = msg
	}
}

func (e *expander) push(toks []Token, macro string, arg bool) {
	e.ctx = append(e.ctx, context{toks: toks, macro: macro, arg: arg})
	if e.active != nil {
		e.active[macro]++
	} else if len(e.ctx) > deepStack {
		e.active = make(map[string]int, 2*deepStack)
		for _, c := range e.ctx {
			e.active[c.macro]++
		}
	}
}

// popTo pops contexts until n remain, re-enabling their macros.
func (e *expander) popTo(n int) {
	if e.active != nil {
		for _, c := range e.ctx[n:] {
			e.active[c.macro]--
		}
	}
	e.ctx = e.ctx[:n]
}

// rawNext returns the next token without macro expansion, popping
// exhausted macro contexts. It returns EOF at the end of the line or of
// an argument being pre-expanded (without consuming anything).
func (e *expander) rawNext() Token {
	for {
		c := &e.ctx[len(e.ctx)-1]
		if c.pos < len(c.toks) {
			e.steps++
			if e.steps > maxSteps {
				e.fail("macro expansion too large")
				return Token{}
			}
			t := c.toks[c.pos]
			c.pos++
			return t
		}
		if c.arg || len(e.ctx) == 1 {
			return Token{}
		}
		e.popTo(len(e.ctx) - 1)
	}
}

// disabled reports whether the macro called name is being expanded.
func (e *expander) disabled(name string) bool {
	if e.active != nil {
		return e.active[name] > 0
	}
	for i := len(e.ctx) - 1; i > 0; i-- {
		if e.ctx[i].macro == name {
			return true
		}
	}
	return false
}

// paint marks t as never expandable if it names a disabled macro. A name
// equal to a context's macro is that macro, so no Env lookup is needed.
func (e *expander) paint(t Token) Token {
	if t.Kind == Ident && t.flags&flagNoExpand == 0 && len(e.ctx) > 1 && e.disabled(t.Text) {
		t.flags |= flagNoExpand
	}
	return t
}

// nextRaw is the token source used with expansion prevented (after
// defined, inside an unknown macro's parentheses, while collecting macro
// arguments).
func (e *expander) nextRaw() Token {
	if e.err != "" {
		return Token{}
	}
	return e.paint(e.rawNext())
}

// next returns the next fully macro-expanded token.
func (e *expander) next() Token {
	for {
		if e.err != "" {
			return Token{}
		}
		t := e.rawNext()
		if t.Kind != Ident || t.flags&flagNoExpand != 0 {
			return t
		}
		if len(e.ctx) > 1 && e.disabled(t.Text) {
			t.flags |= flagNoExpand
			return t
		}
		switch t.Text {
		case "defined":
			return t
		case "__has_include", "__has_include_next":
			return e.hasInclude(t.Text)
		}
		m, st := e.env.Lookup(t.Text)
		if t.Text == "true" || t.Text == "false" {
			if st != True {
				return t
			}
		}
		switch {
		case st == Unknown:
			t.flags |= flagUnknown
			return t
		case st != True:
			t.flags |= flagUndefined
			return t
		case m == nil:
			return t
		}
		if !e.enter(t.Text, m) {
			return t
		}
	}
}

// enter expands the macro m whose name was just read. It returns false,
// leaving the name as an ordinary identifier, for a function-like macro
// not followed by '('. The name, not m.Name, identifies the macro, in case
// an Env returns a Macro named otherwise.
func (e *expander) enter(name string, m *Macro) bool {
	d := e.compiled(m)
	var args [][]Token
	vaOmitted := false
	if m.FuncLike {
		if !e.peekParen() {
			return false
		}
		args, vaOmitted = e.collectArgs(d)
		if e.err != "" {
			return false
		}
	}
	if d.bad != "" {
		e.fail(d.bad)
		return false
	}
	e.used.add(name)
	toks := e.substitute(d, args, vaOmitted)
	if e.err != "" {
		return false
	}
	e.push(toks, name, false)
	return true
}

// peekParen consumes a '(' if it is the next token, looking through the
// ends of macro contexts (and popping them) as cpp does.
func (e *expander) peekParen() bool {
	for {
		c := &e.ctx[len(e.ctx)-1]
		if c.pos < len(c.toks) {
			if c.toks[c.pos].is("(") {
				c.pos++
				return true
			}
			return false
		}
		if c.arg || len(e.ctx) == 1 {
			return false
		}
		e.popTo(len(e.ctx) - 1)
	}
}

// collectArgs reads the arguments of a function-like macro invocation
// after its '(' (without expanding them) and checks their number like
// libcpp's _cpp_arguments_ok. vaOmitted reports the GNU case where a
// ", ## __VA_ARGS__" comma is swallowed.
func (e *expander) collectArgs(d *defn) (args [][]Token, vaOmitted bool) {
	var cur []Token
	depth := 0
	for {
		t := e.nextRaw()
		if t.Kind == EOF {
			e.fail("unterminated argument list invoking macro \"" + d.m.Name + "\"")
			return nil, false
		}
		if t.Kind == Punct {
			switch t.Text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					args = append(args, cur)
					goto done
				}
				depth--
			case ",":
				if depth == 0 && !(d.variadic && len(args) == d.nparams-1) {
					args = append(args, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
done:
	argc := len(args)
	if argc == 1 && d.nparams == 0 && len(args[0]) == 0 {
		argc = 0
		args = nil
	}
	switch {
	case argc == d.nparams:
	case argc+1 == d.nparams && d.variadic:
		// The variadic argument may be left out entirely.
		args = append(args, nil)
		vaOmitted = true
	case argc < d.nparams:
		e.fail("macro \"" + d.m.Name + "\" requires more arguments than given")
		return nil, false
	default:
		e.fail("macro \"" + d.m.Name + "\" passed too many arguments")
		return nil, false
	}
	// A macro whose only parameter is variadic, called with nothing,
	// also swallows the comma in GNU mode (cpp -x c++ is gnu++17).
	if d.variadic && argc == 1 && d.nparams == 1 && len(args[0]) == 0 {
		vaOmitted = true
	}
	return args, vaOmitted
}

// expandArg fully macro-expands one argument in isolation (C11 6.10.3.1).
func (e *expander) expandArg(arg []Token) []Token {
	if e.argDepth >= maxArgDepth {
		e.fail("macro arguments nested too deeply")
		return nil
	}
	e.argDepth++
	base := len(e.ctx)
	e.push(arg, "", true)
	var out []Token
	for {
		t := e.next()
		if t.Kind == EOF {
			break
		}
		out = append(out, t)
	}
	e.popTo(base)
	e.argDepth--
	return out
}
