package cst

import "sort"

// Scope is a braced body with the name its header gives: a class, struct,
// union or namespace body, or a function's. A wrapper such as vllm's
// `template <typename Kernel> struct enable_sm80_to_sm89 : Kernel {...}`
// names, in its own name, the architectures the #if inside it admits.
type Scope struct {
	Name string
	// Class is set for a class, struct or union body: the functions
	// defined in it are its members.
	Class bool
	// StartLine and EndLine are the lines of the '{' and the '}'.
	StartLine, EndLine int
}

// maxScopeDepth bounds the braces NamedScopes keeps open: a file nested
// deeper is not read (a scan must not grow without bound on bad input).
const maxScopeDepth = 1 << 12

// NamedScopes reads the braced bodies of src from its tokens, outermost
// first (each after the scopes that hold it), and keeps those whose
// header names them: after struct, class, union or namespace, or the
// name before a function's parameter list. Bodies of control statements,
// lambdas and initializers hold code but name nothing, and are left out.
// Preprocessor lines are skipped, so a file whose #if branches open or
// close braces unevenly does not balance: then, or when a comment or a
// literal is unterminated, ok is false.
func NamedScopes(src []byte) (scopes []Scope, ok bool) {
	s := &splitter{src: src, item: -1, failGroup: -1}
	type open struct{ at, idx int } // '{' offset, index in scopes or -1
	var stack []open
	var header []token // the tokens since the last ';', '{' or '}'
	var starts, ends []int
	for {
		t := s.next()
		if s.bad {
			return nil, false
		}
		switch {
		case t.kind == tkEOF:
			if len(stack) != 0 {
				return nil, false
			}
			lines := newlines(src)
			line := func(at int) int { return 1 + sort.SearchInts(lines, at) }
			for i := range scopes {
				scopes[i].StartLine, scopes[i].EndLine = line(starts[i]), line(ends[i])
			}
			return scopes, true
		case t.kind == tkDirective:
		case s.punct(t, '{'):
			if len(stack) == maxScopeDepth {
				return nil, false
			}
			o := open{at: t.start, idx: -1}
			if name, class := scopeName(s, header); name != "" {
				o.idx = len(scopes)
				scopes = append(scopes, Scope{Name: name, Class: class})
				starts, ends = append(starts, t.start), append(ends, t.start)
			}
			stack = append(stack, o)
			header = header[:0]
		case s.punct(t, '}'):
			if len(stack) == 0 {
				return nil, false
			}
			if o := stack[len(stack)-1]; o.idx >= 0 {
				ends[o.idx] = t.start
			}
			stack = stack[:len(stack)-1]
			header = header[:0]
		case s.punct(t, ';'):
			header = header[:0]
		default:
			header = append(header, t)
		}
	}
}

// notName reports the words before a '(' that are not a function's name:
// statements, operators and specifiers that take parentheses.
func notName(w string) bool {
	switch w {
	case "if", "for", "while", "switch", "catch", "return", "sizeof", "alignof", "alignas",
		"decltype", "noexcept", "requires", "static_assert", "defined", "operator":
		return true
	}
	return false
}

// scopeName is the name header gives the body that follows it, "" when it
// names none, and whether the body is a class's (struct, class or union).
func scopeName(s *splitter, header []token) (name string, class bool) {
	// A class key not inside template brackets or a parameter list
	// (`template <class T> struct X`: X); the last one names the body.
	for i := len(header) - 2; i >= 0; i-- {
		switch key := s.text(header[i]); key {
		case "struct", "class", "union", "namespace":
			if i > 0 && (s.punct(header[i-1], '<') || s.punct(header[i-1], ',') || s.punct(header[i-1], '(')) {
				continue
			}
			// Past attributes: struct __align__(16) X, alignas(16).
			j := i + 1
			for j+1 < len(header) && header[j].kind == tkIdent && s.punct(header[j+1], '(') &&
				(notName(s.text(header[j])) || len(s.text(header[j])) > 2 && s.text(header[j])[:2] == "__") {
				j = skipParens(s, header, j+1)
			}
			if j < len(header) && header[j].kind == tkIdent {
				return s.text(header[j]), key != "namespace"
			}
			return "", false
		}
	}
	// A function: the word before the first parameter list, past
	// attributes such as __launch_bounds__(256) and __attribute__((...)).
	depth := 0
	for i, t := range header {
		switch {
		case s.punct(t, '('):
			if depth == 0 && i > 0 && header[i-1].kind == tkIdent {
				w := s.text(header[i-1])
				if notName(w) {
					return "", false
				}
				if len(w) < 2 || w[:2] != "__" {
					return w, false
				}
			}
			depth++
		case s.punct(t, ')'):
			depth--
		case s.punct(t, '=') && depth == 0:
			return "", false // an initializer (a lambda's '(' follows a ']')
		}
	}
	return "", false
}

// skipParens is the index after the ')' that closes the '(' at open.
func skipParens(s *splitter, toks []token, open int) int {
	depth := 0
	for i := open; i < len(toks); i++ {
		switch {
		case s.punct(toks[i], '('):
			depth++
		case s.punct(toks[i], ')'):
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(toks)
}
