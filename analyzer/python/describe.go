package python

import (
	"strings"
	"unicode/utf8"
)

// outcome is one way a decision can go.
type outcome struct {
	desc    string
	refuses bool // raise, failed assert, skip, refused build, returns None/False
	skip    bool // a pytest/unittest skip
}

const maxDesc = 120

var continuation = strings.NewReplacer("\\\r\n", " ", "\\\n", " ")

func clip(s string) string {
	// Source text on one line: a line continuation ("return False, \"
	// then the message) is the space it stands for.
	return ClipTo(s, maxDesc)
}

// ClipTo is clip to n bytes, cut at a character's start so that a message
// in any script stays valid UTF-8.
func ClipTo(s string, n int) string {
	s = continuation.Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := n - 3
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// describeBlock says what a branch body does, and whether it refuses: a
// raise, assert False, a skip or exit, or "return"/"return None"/"return
// False", at the block's own level (nested ones are conditional).
func (m *module) describeBlock(b nodeID) outcome {
	if b == noNode {
		return outcome{desc: "continues"}
	}
	return m.describeStmts(m.namedList(b))
}

func (m *module) describeStmts(stmts []nodeID) outcome {
	first := ""
	for _, s := range stmts {
		switch m.kind(s) {
		case "raise_statement":
			return outcome{desc: m.describeRaise(s), refuses: true}
		case "assert_statement":
			kids := m.namedList(s)
			if len(kids) > 0 && isFalseLit(m.text(kids[0])) {
				msg := ""
				if len(kids) > 1 {
					msg = ": " + m.stringText(kids[1])
				}
				return outcome{desc: clip("fails assert" + msg), refuses: true}
			}
		case "return_statement":
			kids := m.namedList(s)
			if len(kids) == 0 {
				return outcome{desc: "returns None", refuses: true}
			}
			t := m.text(kids[0])
			if m.refusingReturn(kids[0]) {
				if reason := m.returnedReason(kids[0]); reason != "" {
					return outcome{desc: clip("returns False: " + reason), refuses: true}
				}
				return outcome{desc: clip("returns " + t), refuses: true}
			}
			if msg, ok := m.messageText(kids[0]); ok {
				// A returned message says more than the statements
				// before it (GPTQModel's machete check returns "Machete
				// kernel is Hopper-only (SM90); ..." after reading the
				// device's properties).
				return outcome{desc: "returns \"" + ClipTo(msg, maxDesc-10) + "\""}
			}
			if first == "" {
				return outcome{desc: clip("returns " + t)}
			}
			return outcome{desc: first}
		case "expression_statement":
			kids := m.namedList(s)
			if len(kids) == 1 && m.kind(kids[0]) == "call" {
				switch refuses, skip := refusingCall(m.view(m.child(kids[0], fFunction))); {
				case skip:
					desc := "skips"
					if reason := argText(m, kids[0]); reason != "" {
						desc += ": " + reason
					}
					return outcome{desc: clip(desc), refuses: true, skip: true}
				case refuses:
					return outcome{desc: "exits", refuses: true}
				}
			}
			if first == "" && len(kids) > 0 {
				first = m.describeStmt(kids[0])
			}
		case "pass_statement":
		case "if_statement", "for_statement", "while_statement", "try_statement", "with_statement", "match_statement":
			// A compound statement that may leave: what follows it
			// is conditional.
			if m.mayLeave(s) {
				if first == "" {
					first = clip(firstLine(m.text(s)))
				}
				return outcome{desc: first}
			}
			if first == "" {
				first = clip(firstLine(m.text(s)))
			}
		default:
			if first == "" {
				first = clip(firstLine(m.text(s)))
			}
		}
	}
	if first == "" {
		first = "does nothing"
	}
	return outcome{desc: first}
}

// blockRefuses is describeBlock(b).refuses without the description: an
// if chain whose condition reads the capability asks it of every arm at
// every run (anyTerminates), and the descriptions it dropped (texts
// copied, split into fields and joined) were most of that work.
func (m *module) blockRefuses(b nodeID) bool {
	if b == noNode {
		return false
	}
	for s := range m.named(b) {
		switch m.kind(s) {
		case "raise_statement":
			return true
		case "assert_statement":
			if k := m.firstNamed(s); k != noNode && isFalseLit(m.ident(k)) {
				return true
			}
		case "return_statement":
			k := m.firstNamed(s)
			if k == noNode {
				return true
			}
			return m.refusingReturn(k)
		case "expression_statement":
			k := m.onlyNamed(s)
			if k != noNode && m.kind(k) == "call" {
				if refuses, _ := refusingCall(m.view(m.child(k, fFunction))); refuses {
					return true
				}
			}
		case "if_statement", "for_statement", "while_statement", "try_statement", "with_statement", "match_statement":
			if m.mayLeave(s) {
				return false
			}
		}
	}
	return false
}

// refusingReturn says whether returning value k refuses: None, False, or a
// tuple whose first element is False (`return False, "FA3 needs 9.0"`, the
// (supported, reason) idiom).
func (m *module) refusingReturn(k nodeID) bool {
	switch m.kind(k) {
	case "expression_list", "tuple":
		f := m.firstNamed(k)
		return f != noNode && m.ident(f) == "False"
	}
	t := m.ident(k)
	return t == "None" || t == "False"
}

// returnedReason is the message of a refusing (False, "reason") return,
// unquoted and joined; "" when its second element is no string literal.
func (m *module) returnedReason(k nodeID) string {
	if m.kind(k) != "expression_list" && m.kind(k) != "tuple" {
		return ""
	}
	elems := m.namedList(k)
	if len(elems) < 2 {
		return ""
	}
	msg, _ := m.messageText(elems[1])
	return msg
}

// messageText is the text of n when it is a string literal, or several,
// in parentheses or not (`("FA3 needs " "Hopper")`).
func (m *module) messageText(n nodeID) (string, bool) {
	n = m.unparen(n)
	if k := m.kind(n); k != "string" && k != "concatenated_string" {
		return "", false
	}
	return m.stringText(n), true
}

// unparen is n without the parentheses around it: `(("a"))` is `"a"`.
func (m *module) unparen(n nodeID) nodeID {
	for m.kind(n) == "parenthesized_expression" && m.namedCount(n) == 1 {
		n = m.firstNamed(n)
	}
	return n
}

// refusingCall says whether a call of fn (the function's text) at a
// block's own level refuses: a pytest or unittest skip or xfail (skip), or
// an exit. describeStmts and blockRefuses both ask it.
func refusingCall(fn string) (refuses, skip bool) {
	switch lastName(fn) {
	case "skip", "skipTest", "xfail":
		if strings.Contains(fn, "pytest") || strings.Contains(fn, "self") || strings.Contains(fn, "unittest") || fn == "skip" {
			return true, true
		}
	case "exit", "_exit":
		if fn == "sys.exit" || fn == "exit" || fn == "os._exit" {
			return true, false
		}
	}
	return false, false
}

// describeRest says what happens after a chain without else when no arm
// is taken: the statements that follow it in its block.
func (m *module) describeRest(s nodeID) outcome {
	rest := m.stmtsAfter(s)
	o := m.describeStmts(rest)
	if !o.refuses {
		if reason, ok := m.marksSkip(rest); ok {
			return outcome{desc: clip("skips every test: " + reason), refuses: true, skip: true}
		}
		// What it continues to: "continues" alone left the reader to
		// find the code after the check.
		if o.desc == "" || o.desc == "continues" || o.desc == "does nothing" {
			o.desc = "continues"
		} else {
			o.desc = clip("continues: " + o.desc)
		}
	}
	return o
}

// marksSkip says whether statements put a skip marker on the collected
// tests, as a conftest's collection hook does (`skip =
// pytest.mark.skip(reason=...)` and `item.add_marker(skip)` for each item),
// and gives the marker's reason.
func (m *module) marksSkip(stmts []nodeID) (string, bool) {
	reason, mark, add := "", false, false
	for _, st := range stmts {
		for k := st; k < m.next(st); k++ {
			if m.op(k) != opCall {
				continue
			}
			switch fn := m.view(m.child(k, fFunction)); {
			case strings.HasSuffix(fn, "mark.skip"):
				mark = true
				reason = argText(m, k)
			case lastName(fn) == "add_marker":
				add = true
			}
		}
	}
	return reason, mark && add
}

// stmtsAfter are the statements after s in its block.
func (m *module) stmtsAfter(s nodeID) []nodeID {
	p := m.parent(s)
	if p == noNode {
		return nil
	}
	var rest []nodeID
	after := false
	for k := range m.named(p) {
		if after {
			rest = append(rest, k)
		}
		if k == s {
			after = true
		}
	}
	return rest
}

func (m *module) describeStmt(e nodeID) string {
	switch m.kind(e) {
	case "call":
		return clip("calls " + m.text(m.child(e, fFunction)) + "(...)")
	case "assignment":
		return clip("sets " + m.text(m.child(e, fLeft)) + " = " + m.text(m.child(e, fRight)))
	}
	return clip(firstLine(m.text(e)))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

func isFalseLit(t string) bool {
	return t == "False" || t == "0" || t == "None"
}

// describeRaise renders "raises ValueError: message".
func (m *module) describeRaise(s nodeID) string {
	kids := m.namedList(s)
	if len(kids) == 0 {
		return "re-raises"
	}
	e := kids[0]
	if m.kind(e) == "call" {
		return clip("raises " + m.text(m.child(e, fFunction)) + ": " + argText(m, e))
	}
	return clip("raises " + m.text(e))
}

// argText is the first argument of a call, a string literal unquoted.
func argText(m *module, call nodeID) string {
	args := m.namedList(m.child(call, fArguments))
	if len(args) == 0 {
		return ""
	}
	if m.kind(args[0]) == "keyword_argument" {
		// pytest.mark.skip(reason="...")
		return m.stringText(m.child(args[0], fValue))
	}
	return m.stringText(args[0])
}

func literalText(t string) string {
	t = strings.TrimSpace(t)
	// A prefix is up to two letters (f"", rb"", Rb"", fr"", ...).
	if i := strings.IndexAny(t, `"'`); i > 0 && i <= 2 && strings.Trim(t[:i], "rRbBuUfFtT") == "" {
		t = t[i:]
	}
	for _, q := range []string{`"""`, `'''`, `"`, `'`} {
		if len(t) >= 2*len(q) && strings.HasPrefix(t, q) && strings.HasSuffix(t, q) {
			return t[len(q) : len(t)-len(q)]
		}
	}
	return t
}

// stringText is the text of expression n, unquoted when it is a string
// literal; the parts of an implicit concatenation ("a " f"b {x}") are
// joined as Python joins them, so a message split over lines reads as one.
func (m *module) stringText(n nodeID) string {
	if m.kind(n) != "concatenated_string" {
		return literalText(m.text(n))
	}
	var b strings.Builder
	for part := range m.named(n) {
		b.WriteString(literalText(m.text(part)))
	}
	return b.String()
}

// kwText is the text of a keyword argument of a call, unquoted.
func kwText(m *module, call nodeID, name string) string {
	for k := range m.named(m.child(call, fArguments)) {
		if m.kind(k) == "keyword_argument" && m.text(m.child(k, fName)) == name {
			return m.stringText(m.child(k, fValue))
		}
	}
	return ""
}

// mayLeave says whether a statement contains a return or raise (outside
// nested definitions).
func (m *module) mayLeave(n nodeID) bool {
	for k := range m.kids(n) {
		switch m.kind(k) {
		case "return_statement", "raise_statement":
			return true
		case "function_definition", "class_definition", "lambda":
			continue
		}
		if m.mayLeave(k) {
			return true
		}
	}
	return false
}
