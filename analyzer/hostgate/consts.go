package hostgate

import "bytes"

// File-scope constants: `constexpr int kSM_80 = 80;` or `static const int
// kSM_90 = 90;` at the top of a file or in a namespace, compared with the
// capability in a function (FasterTransformer's sm_ == kSM_86). They are
// read by their values, as a function's own constants are (declare); a
// name declared twice with different values, or not const, is unknown.
// Constants of included headers are not read.

// constDeclText reports whether text (a declaration, or a split item)
// may declare constants: after blanks and comments, its words before the
// first '=' include const or constexpr, and no brace or parenthesis comes
// before the '=' (no function, class or initializer list), within 256
// bytes. The partial parse keeps the items it holds for (readingItems)
// and the tree's reading looks only at declarations it holds for: an
// item is its declaration with blanks and comments around, so both see
// the same constants.
func constDeclText(text []byte) bool {
	text = skipComments(text)
	eq := bytes.IndexByte(text, '=')
	if eq < 0 || eq > 256 {
		return false
	}
	head := text[:eq]
	if bytes.ContainsAny(head, "{}()") {
		return false
	}
	for i, j, _ := nameRun(head, 0); i < j; i, j, _ = nameRun(head, j) {
		if w := string(head[i:j]); w == "const" || w == "constexpr" {
			return true
		}
	}
	return false
}

// skipComments drops the blanks and comments text starts with.
func skipComments(text []byte) []byte {
	for {
		text = bytes.TrimLeft(text, " \t\r\n\f\v")
		switch {
		case bytes.HasPrefix(text, []byte("//")):
			i := bytes.IndexByte(text, '\n')
			if i < 0 {
				return nil
			}
			text = text[i+1:]
		case bytes.HasPrefix(text, []byte("/*")):
			i := bytes.Index(text[2:], []byte("*/"))
			if i < 0 {
				return nil
			}
			text = text[i+4:]
		default:
			return text
		}
	}
}

// fileConsts reads the integer constants declared at file or namespace
// scope (outside functions, classes and preprocessor groups).
func (f *file) fileConsts() map[string]*val {
	e := &evaluator{tree: f.tree, caps: f.caps, groups: f.groups, env: map[string]*val{}}
	bad := map[string]bool{}
	stack := []node{f.t.Root()}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range f.named(n) {
			switch f.kind(c) {
			case "namespace_definition", "linkage_specification":
				if b := f.field(c, fBody); b != noNode {
					stack = append(stack, b)
				}
			case "declaration":
				if !constDeclText(f.src[f.t.StartByte(c):f.t.EndByte(c)]) {
					continue
				}
				for _, d := range f.named(c) {
					if f.t.FieldOf(d) != fDeclarator || f.kind(d) != "init_declarator" {
						continue
					}
					name := e.declName(d)
					k, ok := e.eval(f.field(d, fValue), 0).constant()
					switch old, seen := e.env[name]; {
					case name == "" || bad[name]:
					case !ok || seen && old.n[0] != k:
						bad[name] = true
						delete(e.env, name)
					default:
						e.set(name, e.konst(k))
					}
				}
			}
		}
	}
	if len(e.env) == 0 {
		return nil
	}
	return e.env
}
