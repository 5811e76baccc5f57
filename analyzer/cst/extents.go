package cst

import (
	"bytes"
	"slices"
	"sort"
	"strings"
)

// FunctionExtents lists the function definitions of src that have a body
// (free functions, templates, methods in class bodies, out-of-line
// members), in source order, with their Name, Global and Device,
// StartLine (the declaration's first token, a template header included),
// BodyStart and BodyEnd, and the lines of the body's braces, as
// Facts.Functions gives them; QualifiedName and Calls are left empty. It reads
// tokens (the scanner Split uses: comments, literals, raw strings,
// preprocessor lines, line splices) and declarations, not a grammar, so it
// costs a small part of a parse: the verdicts of the exclusion findings
// read the bodies of the functions their code calls (rules.withCallees),
// and parsing whole every file with a finding was most of a flashinfer
// scan's checks.
//
// It answers false where it cannot read src with certainty, and the caller
// parses instead: unbalanced brackets, an unterminated comment or literal,
// a '#' inside a line, an #if group whose branches open or close brackets
// (but for groups inside function bodies that leave the functions the
// same whichever way they go: extentsMerging).
// Where it reads a declaration differently from tree-sitter, it is in
// code tree-sitter reads by error recovery (a function named "if" or
// "constexpr" after an unknown macro, say); what it does not list are
// function definitions inside other functions' bodies (methods of local
// classes), which no verdict's code names.
func FunctionExtents(src []byte) ([]Function, bool) {
	funcs, ok := readExtents(src, nil)
	if !ok {
		funcs, ok = extentsMerging(src)
	}
	if !ok {
		return nil, false
	}
	if len(funcs) > 0 {
		lines := newlines(src)
		line := func(at int) int { return 1 + sort.SearchInts(lines, at) }
		for i := range funcs {
			f := &funcs[i]
			f.StartLine = line(f.StartLine)
			f.BodyStartLine, f.BodyEndLine = line(f.BodyStart), line(f.BodyEnd-1)
			f.EndLine = f.BodyEndLine
		}
	}
	return funcs, true
}

// readExtents reads the function definitions of src, with StartLine an
// offset, reading the tokens of opaque in place of the directive lines
// they start at (splitMerging).
func readExtents(src []byte, opaque map[int]token) ([]Function, bool) {
	r := extentReader{s: &splitter{src: src, item: -1, failGroup: -1, opaque: opaque}}
	r.declarations(0)
	if r.s.bad || r.s.peek().kind != tkEOF || len(r.s.conds) != 0 {
		return nil, false
	}
	return r.funcs, true
}

// extentsMerging is readExtents for a file with #if groups whose branches
// open or close brackets (condGroup.uneven), such as flashinfer's
// prefill.cuh, where `#if (__CUDA_ARCH__ < 800)` wraps `if constexpr
// (...) { ... } else {` and a second group closes that brace at the end
// of the kernel. It reads the file twice, with the first branch of every
// such group taken (as splitMerging does) and with the last (none, for a
// group without #else), and answers only when both readings list the
// same functions and every such group lies inside one function body: the
// list then does not depend on which way the groups go (the conditions
// of two groups are often the same macro test, so no reading mixes first
// and last branches), and each body holds its groups whole, both
// readings of them, which is the text the verdicts read. Before, fi-new's
// 227 KB prefill.cuh was parsed whole for them.
func extentsMerging(src []byte) ([]Function, bool) {
	groups, ok := condGroups(src)
	if !ok {
		return nil, false
	}
	first, last := map[int]token{}, map[int]token{}
	var uneven []condGroup
	for _, g := range groups {
		if !g.uneven {
			continue
		}
		uneven = append(uneven, g)
		g.takeFirst(first)
		g.takeLast(last)
	}
	if len(uneven) == 0 {
		return nil, false
	}
	funcs, ok := readExtents(src, first)
	if !ok {
		return nil, false
	}
	same := func(a, b Function) bool {
		return a.Name == b.Name && a.Global == b.Global && a.Device == b.Device && a.StartLine == b.StartLine &&
			a.BodyStart == b.BodyStart && a.BodyEnd == b.BodyEnd
	}
	if other, ok := readExtents(src, last); !ok || !slices.EqualFunc(funcs, other, same) {
		return nil, false
	}
	for _, g := range uneven {
		if !slices.ContainsFunc(funcs, func(f Function) bool { return f.BodyStart < g.start && g.end <= f.BodyEnd }) {
			return nil, false
		}
	}
	return funcs, true
}

// newlines are the offsets of src's line feeds.
func newlines(src []byte) []int {
	var out []int
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + 1
	}
}

// maxDeclNesting bounds the namespaces, extern "C" blocks and class bodies
// FunctionExtents reads inside one another; real code nests a few.
const maxDeclNesting = 200

// extentReader reads declarations for FunctionExtents.
type extentReader struct {
	s     *splitter
	funcs []Function
}

// declarations reads the declarations of a file, namespace, extern "C"
// block or class body, up to its closing brace (left unread) or the end
// of the file.
func (r *extentReader) declarations(nesting int) {
	s := r.s
	for !s.bad {
		t := s.peek()
		switch {
		case t.kind == tkEOF:
			if nesting > 0 {
				s.bad = true
			}
			return
		case t.kind == tkDirective:
			s.next()
			s.directive(t)
		case s.punct(t, '}'):
			if nesting == 0 {
				s.bad = true
			}
			return
		case s.punct(t, ';'):
			s.next()
		case t.kind == tkIdent && r.accessSpecifier(t):
			// public: and the like start no declaration.
			s.next()
			s.next()
		default:
			r.declaration(nesting)
		}
	}
}

// accessSpecifier reports whether t is public, protected or private
// followed by a single ':'.
func (r *extentReader) accessSpecifier(t token) bool {
	switch r.s.text(t) {
	case "public", "protected", "private":
	default:
		return false
	}
	src := r.s.src
	i := t.end
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i < len(src) && src[i] == ':' && !nextIs(src, i+1, ':')
}

// token reads the next token that is no directive line (those go to the
// #if groups' check); false at the end of the input or once the reading
// failed, which its callers, inside a declaration or a group that must
// end, take as a failure (bad is set).
func (r *extentReader) token() (token, bool) {
	s := r.s
	for !s.bad {
		t := s.next()
		switch t.kind {
		case tkEOF:
			s.bad = true
		case tkDirective:
			s.directive(t)
		default:
			return t, true
		}
	}
	return token{}, false
}

// Where a declaration's head stands, after the name and parameter list
// of a function are read.
const (
	headParams      = iota // after the parameters: qualifiers, then the body
	headReturn             // after "->": a trailing return type, then the body
	headInitList           // after a constructor's ':': member initializers, then the body
	headFunctionTry        // after "try": the body, then its handlers
)

// declaration reads one declaration: up to its ';' at its own level, the
// closing brace of a function body, or a container's closing brace.
func (r *extentReader) declaration(nesting int) {
	s := r.s
	var (
		name       string // the function's name, once its parameter list is read
		params     bool   // the parameter list is read
		mode       = headParams
		prevIdent  string // the last name read at this level
		tilde      bool   // a '~' came right before prevIdent's token
		eq         bool   // an '=' at this level before any parameter list
		classKey   bool   // struct, class or union before any parameter list
		classWords int    // names read since the class key
		enumKey    bool
		nsKey      bool
		linkage    bool // extern followed by a string literal
		prev       token
		// named: the tokens read last name something a parameter list
		// may follow (a name, its template arguments, an operator).
		named bool
		// start is the declaration's first token; global and device
		// say whether __global__ and __device__ came before its body.
		start          = -1
		global, device bool
	)
	for {
		t, ok := r.token()
		if !ok {
			return
		}
		if start < 0 {
			start = t.start
		}
		switch {
		case t.kind == tkIdent:
			word := s.text(t)
			global = global || word == "__global__"
			device = device || word == "__device__"
			if params && mode == headParams && word != "try" && !trailingQualifier(word) {
				// The group was a macro's arguments (MACRO(256) void
				// k(), or a lone DIAG_SUPPRESS(1) before a struct),
				// not the parameters: read on.
				name, params = "", false
			}
			switch {
			case word == "template" && !params:
				r.skipTemplateHeader()
			case word == "operator" && !params && !eq:
				prevIdent = r.operatorName()
				prev, named = t, true
				continue
			case (word == "namespace") && !params && !eq && name == "":
				nsKey = true
			case (word == "struct" || word == "class" || word == "union") && !params && !eq:
				classKey, classWords = true, 0
			case word == "enum" && !params:
				enumKey = true
			case params && mode == headParams && word == "try":
				mode = headFunctionTry
			case !params:
				prevIdent, tilde = word, s.punct(prev, '~')
				classWords++
			}
			prev, named = t, !params
			continue
		case t.kind == tkLiteral:
			if prev.kind == tkIdent && s.text(prev) == "extern" && !params {
				linkage = true
			}
		case s.punct(t, '<') && named && !params && !eq:
			// Template arguments after a name (Foo<T>::bar,
			// f<float>(...)): the name stays the one a '(' may follow.
			r.skipAngles()
			prev = t
			continue
		case s.punct(t, '('):
			// A class key does not stop it: the class may be a return
			// type (inline class cb* get_cb() {...}); a class's own
			// header has no parameter list.
			if named && !params && !eq && !enumKey && !nsKey && prevIdent != "" && !attributeLike(prevIdent) &&
				!(classKey && classWords == 1) {
				name, params, mode = prevIdent, true, headParams
				if tilde {
					name = "~" + name
				}
			}
			r.skipGroup(t)
			prev, named = t, false
			continue
		case s.punct(t, '['):
			r.skipGroup(t)
		case s.punct(t, '='):
			if nextIs(s.src, t.end, '=') || prevIs(s.src, t.start, "=!<>+-*/%&|^") {
				break // ==, !=, <=, +=, ...
			}
			if params && mode == headParams {
				// = default, = delete, = 0: no body.
				r.skipTo(';')
				return
			}
			if !params {
				eq = true
			}
		case s.punct(t, ':'):
			if params && mode == headParams && !nextIs(s.src, t.end, ':') && !prevIs(s.src, t.start, ":") {
				mode = headInitList
			}
		case s.punct(t, '>'):
			if params && mode == headParams && prevIs(s.src, t.start, "-") {
				mode = headReturn
			}
		case s.punct(t, ';'):
			return
		case s.punct(t, '}'):
			// The container closes: the declaration ends without a
			// terminator. Leave the brace to it.
			s.peeked, s.pk = &s.pk, t
			return
		case s.punct(t, ')') || s.punct(t, ']'):
			s.bad = true
			return
		case s.punct(t, '{'):
			switch {
			case (nsKey || linkage || classKey) && !params && !eq && !enumKey:
				if nesting >= maxDeclNesting {
					// Give up rather than recurse without bound: a
					// hostile file of nested namespaces grew the stack
					// by 140 MB.
					s.bad = true
					return
				}
				s.open('{')
				r.declarations(nesting + 1)
				if s.bad {
					return
				}
				s.close(s.src[s.next().start])
				if !classKey {
					return
				}
				// struct S {...} s; reads on to the ';'.
			case params && mode == headInitList && (prev.kind == tkIdent || s.punct(prev, '>')):
				// A member initialized with braces: a_{x}.
				r.skipGroup(t)
			case params:
				end := r.skipGroup(t)
				// StartLine holds an offset until FunctionExtents
				// turns it into a line.
				fn := Function{Name: name, Global: global, Device: device, StartLine: start, BodyStart: t.start, BodyEnd: end}
				if mode == headFunctionTry {
					for !s.bad && s.peek().kind == tkIdent && s.text(s.peek()) == "catch" {
						s.next()
						if !s.punct(s.peek(), '(') {
							s.bad = true
							return
						}
						r.skipGroup(s.next())
						if !s.punct(s.peek(), '{') {
							s.bad = true
							return
						}
						fn.BodyEnd = r.skipGroup(s.next())
					}
				}
				if !s.bad {
					r.funcs = append(r.funcs, fn)
				}
				return
			default:
				// An initializer, an enum's body, a lambda's: no
				// function's.
				r.skipGroup(t)
			}
		}
		prev, named = t, false
	}
}

// skipGroup reads past the group that opener opens, brackets of every kind
// balanced inside, and returns the offset past its closing bracket.
func (r *extentReader) skipGroup(opener token) int {
	s := r.s
	base := len(s.brackets)
	s.open(s.src[opener.start])
	for len(s.brackets) > base {
		t, ok := r.token()
		if !ok {
			break
		}
		switch {
		case s.punct(t, '(') || s.punct(t, '[') || s.punct(t, '{'):
			s.open(s.src[t.start])
		case s.punct(t, ')') || s.punct(t, ']') || s.punct(t, '}'):
			s.close(s.src[t.start])
			if len(s.brackets) == base {
				return t.end
			}
		}
	}
	return s.lastEnd
}

// skipTo reads up to the first c at this level, groups skipped.
func (r *extentReader) skipTo(c byte) {
	s := r.s
	for {
		t, ok := r.token()
		if !ok {
			return
		}
		switch {
		case s.punct(t, c):
			return
		case s.punct(t, '(') || s.punct(t, '[') || s.punct(t, '{'):
			r.skipGroup(t)
		case s.punct(t, ')') || s.punct(t, ']') || s.punct(t, '}'):
			s.bad = true
		}
	}
}

// skipTemplateHeader reads a template's <...> parameter list, after the
// template keyword.
func (r *extentReader) skipTemplateHeader() {
	if r.s.punct(r.s.peek(), '<') {
		r.s.next()
		r.skipAngles()
	}
}

// skipAngles reads past the '>' that closes a '<' just read: angle
// brackets counted outside parentheses, so that an argument (N = (A > B))
// cannot close it.
func (r *extentReader) skipAngles() {
	s := r.s
	depth := 1
	for depth > 0 {
		t, ok := r.token()
		if !ok {
			return
		}
		switch {
		case s.punct(t, '<'):
			depth++
		case s.punct(t, '>'):
			depth--
		case s.punct(t, '(') || s.punct(t, '[') || s.punct(t, '{'):
			r.skipGroup(t)
		case s.punct(t, ')') || s.punct(t, ']') || s.punct(t, '}') || s.punct(t, ';'):
			s.bad = true
		}
	}
}

// operatorName reads an operator's name after the operator keyword
// ("operator()", "operator<<", "operator bool"), up to its parameter
// list's '(' (left unread).
func (r *extentReader) operatorName() string {
	s := r.s
	var sb strings.Builder
	sb.WriteString("operator")
	if s.punct(s.peek(), '(') {
		// operator(): the call operator's name is a group of its own.
		s.next()
		if !s.punct(s.peek(), ')') {
			s.bad = true
			return ""
		}
		s.next()
		sb.WriteString("()")
		return sb.String()
	}
	for !s.bad {
		t := s.peek()
		switch {
		case t.kind == tkEOF || t.kind == tkDirective || s.punct(t, '(') || s.punct(t, ';') || s.punct(t, '{'):
			return sb.String()
		case t.kind == tkIdent:
			sb.WriteByte(' ')
		}
		s.next()
		if s.punct(t, '[') {
			// operator[] and new[]: the brackets are part of the name.
			if !s.punct(s.peek(), ']') {
				s.bad = true
				return ""
			}
			s.next()
			sb.WriteString("[]")
			continue
		}
		sb.Write(s.src[t.start:t.end])
	}
	return sb.String()
}

// trailingQualifier reports the words that may follow a function's
// parameter list before its body.
func trailingQualifier(word string) bool {
	switch word {
	case "const", "volatile", "noexcept", "override", "final", "mutable", "throw", "requires",
		"__attribute__", "__restrict__", "__restrict", "restrict", "__noinline__", "__forceinline__":
		return true
	}
	return false
}

// attributeLike reports the names whose parentheses hold no parameters:
// attributes, specifiers and operators spelled as calls.
func attributeLike(name string) bool {
	switch name {
	case "__attribute__", "__declspec", "__launch_bounds__", "__align__", "alignas", "_Alignas", "decltype",
		"noexcept", "throw", "requires", "sizeof", "alignof", "typeof", "__typeof__", "static_assert", "explicit",
		"__cluster_dims__", "__maxnreg__", "asm", "__asm__":
		return true
	}
	return false
}

// nextIs reports whether src[i] is c.
func nextIs(src []byte, i int, c byte) bool { return i < len(src) && src[i] == c }

// prevIs reports whether the byte before i is one of set.
func prevIs(src []byte, i int, set string) bool { return i > 0 && strchr(set, src[i-1]) }
