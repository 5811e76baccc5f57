package hostgate

import (
	"regexp"
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/python"
)

// maxDesc bounds an outcome description.
const maxDesc = 120

func clip(s string) string { return python.ClipTo(s, maxDesc) }

// outcome is what one arm of a decision does.
type outcome struct {
	desc    string
	refuses bool
	// exits marks an arm that leaves the function (return, refusal):
	// what follows the if is then the path of everything the condition
	// does not select.
	exits bool
	// broken marks an arm tree-sitter could not parse cleanly (a
	// preprocessor branch cut through it): capabilities taking it are
	// unknown rather than guessed.
	broken bool
	// names are the identifiers of the arm's code that name an
	// architecture (archNames).
	names []string
}

// archNameRE finds an identifier that may name an architecture or the
// instructions of one: sm90, SM100, Sm_120a, Hopper, Blackwell, wgmma,
// tcgen05. The rules decide which family a name is for.
var archNameRE = regexp.MustCompile(`(?i)sm_?[0-9]{2,3}|hopper|blackwell|wgmma|tcgen05`)

// maxArchNames bounds the names kept for one outcome.
const maxArchNames = 8

// archNames are the identifiers under nodes (type, field and namespace
// names included) that archNameRE finds, in source order, each once, at
// most maxArchNames: what an arm selects by name (CUTLASS's
// CutlassTileConfigSM90 tiles, an sm100_configs list, the HOPPER flag).
// Comments and string literals (a log line "Hopper is not supported")
// are not read.
func (t tree) archNames(nodes []node) []string {
	var out []string
	stack := make([]node, 0, 32)
	for i := len(nodes) - 1; i >= 0; i-- {
		stack = append(stack, nodes[i])
	}
	for len(stack) > 0 && len(out) < maxArchNames {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == noNode {
			continue
		}
		switch t.kind(n) {
		case "comment", "string_literal", "raw_string_literal", "concatenated_string", "char_literal", "system_lib_string":
			continue
		case "identifier", "type_identifier", "field_identifier", "namespace_identifier":
			if s := t.text(n); archNameRE.MatchString(s) && !slices.Contains(out, s) {
				out = append(out, s)
			}
			continue
		}
		// Children in reverse, so that they come off the stack in order.
		mark := len(stack)
		for c := t.t.FirstChild(n); c != noNode; c = t.t.NextSibling(c) {
			stack = append(stack, c)
		}
		slices.Reverse(stack[mark:])
	}
	return out
}

func isUpperMacro(name string) bool {
	return name != "" && strings.ToUpper(name) == name && strings.ContainsAny(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
}

// checkWords are the words an assertion macro's name holds: TORCH_CHECK,
// TORCH_INTERNAL_ASSERT, TensorRT's PLUGIN_VALIDATE, Caffe2's
// CAFFE_ENFORCE, and the VERIFY and REQUIRE spellings of other libraries.
var checkWords = []string{"CHECK", "ASSERT", "VALIDATE", "VERIFY", "ENFORCE", "REQUIRE"}

// notConditionSuffixes end the names of check macros whose first argument
// is no condition that must hold: Catch2's REQUIRE_FALSE and CHECK_FALSE
// (it must not), REQUIRE_THROWS and REQUIRE_NOTHROW (an expression run),
// REQUIRE_THAT and CHECK_THAT (a value a matcher judges).
var notConditionSuffixes = []string{"_FALSE", "_THROWS", "_NOTHROW", "_THAT"}

// hasCheckWord reports a macro name with one of checkWords.
func hasCheckWord(name string) bool {
	for _, w := range checkWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// isCheckMacro reports an assertion whose first argument is the condition
// that must hold: TORCH_CHECK, TLLM_CHECK_WITH_INFO, FLASHINFER_CHECK,
// TORCH_INTERNAL_ASSERT, TORCH_CHECK_NOT_IMPLEMENTED, PLUGIN_VALIDATE,
// CAFFE_ENFORCE, assert. gtest's EXPECT_TRUE holds no check word: a test's
// expectation, not a refusal.
func isCheckMacro(name string) bool {
	if name == "assert" {
		return true
	}
	if !isUpperMacro(name) || !hasCheckWord(name) || strings.Contains(name, "CUDA") || cmpSuffix(name) != "" {
		return false
	}
	for _, suf := range notConditionSuffixes {
		if strings.HasSuffix(name, suf) || strings.Contains(name, suf+"_") {
			return false
		}
	}
	return true
}

// cmpSuffix is the comparison a TORCH_CHECK_GE(a, b)-style macro makes
// (CAFFE_ENFORCE_GE and the other check words but ASSERT alike: gtest's
// ASSERT_GE is a test's).
func cmpSuffix(name string) string {
	if !isUpperMacro(name) || !hasCheckWord(name) || strings.Contains(name, "ASSERT") && !strings.Contains(name, "CHECK") {
		return ""
	}
	for suf, op := range map[string]string{"_EQ": "==", "_NE": "!=", "_LT": "<", "_LE": "<=", "_GT": ">", "_GE": ">="} {
		if strings.HasSuffix(name, suf) {
			return op
		}
	}
	return ""
}

// isErrorMacro reports a macro that always fails: FLASHINFER_ERROR,
// AT_ERROR, TLLM_THROW, DG_HOST_UNREACHABLE. Checks (CHECK_CUDA_ERROR) are
// not.
func isErrorMacro(name string) bool {
	return isUpperMacro(name) && !strings.Contains(name, "CHECK") &&
		(strings.HasSuffix(name, "_ERROR") || strings.HasSuffix(name, "_THROW") || strings.HasSuffix(name, "_FAIL") || strings.HasPrefix(name, "THROW_") ||
			strings.HasSuffix(name, "_UNREACHABLE"))
}

func isAbort(name string) bool {
	switch name {
	case "abort", "exit", "_exit", "terminate", "__builtin_trap", "quick_exit":
		return true
	}
	return false
}

// message joins the string literal arguments of a check or error macro
// (adjacent literals concatenated, quotes and escapes of the quotes left out).
func (e *evaluator) message(a []node) string {
	var parts []string
	for _, x := range a {
		switch e.kind(x) {
		case "string_literal", "raw_string_literal":
			parts = append(parts, e.literal(x))
		case "concatenated_string":
			for _, k := range e.named(x) {
				if e.kind(k) == "string_literal" || e.kind(k) == "raw_string_literal" {
					parts = append(parts, e.literal(k))
				}
			}
		}
	}
	return strings.Join(parts, "")
}

// literal is the content of a string literal.
func (e *evaluator) literal(x node) string {
	var b strings.Builder
	for _, k := range e.named(x) {
		if e.kind(k) == "string_content" || e.kind(k) == "escape_sequence" {
			b.WriteString(e.text(k))
		}
	}
	return b.String()
}

// streamed are the string literals streamed into a check:
// TORCH_CHECK(c) << "needs " << "sm90".
func (e *evaluator) streamed(stmt node) string {
	var parts []node
	n := stmt
	for range 1000 {
		if n == noNode || e.kind(n) != "binary_expression" || e.text(e.field(n, fOperator)) != "<<" {
			break
		}
		parts = append(parts, e.field(n, fRight))
		n = e.field(n, fLeft)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return e.message(parts)
}

// streamHead is the leftmost operand of a << chain: TORCH_CHECK(c) << "m".
func (t tree) streamHead(n node) node {
	for range 1000 {
		if n == noNode || t.kind(n) != "binary_expression" {
			return n
		}
		n = t.field(n, fLeft)
	}
	return n
}

// refusal says whether a statement fails unconditionally, and how.
func (e *evaluator) refusal(s node) (string, bool) {
	switch e.kind(s) {
	case "throw_statement":
		k := e.named(s)
		if len(k) == 0 {
			return "rethrows", true
		}
		t := e.text(k[0])
		if c := k[0]; e.kind(c) == "call_expression" {
			t = e.text(e.field(c, fFunction)) + "(...)"
		}
		return clip("throws " + t), true
	case "expression_statement":
		k := e.named(s)
		if len(k) != 1 {
			return "", false
		}
		call := e.streamHead(k[0])
		if call == noNode || e.kind(call) != "call_expression" {
			return "", false
		}
		name := e.callee(call)
		a := e.args(call)
		msg := e.message(a) + e.streamed(k[0])
		if msg != "" {
			msg = ": " + msg
		}
		switch {
		case isCheckMacro(name):
			notImpl := strings.Contains(name, "NOT_IMPLEMENTED")
			if len(a) == 0 || e.isFalse(a[0]) || (notImpl && e.kind(a[0]) == "string_literal") {
				return clip("fails " + name + msg), true
			}
		case isErrorMacro(name):
			return clip(name + msg), true
		case isAbort(name):
			return "calls " + name + "()", true
		case name == "GTEST_SKIP":
			// A googletest test that skips itself (nvFuser's
			// `GTEST_SKIP() << "Skipping test on pre-SM100 GPUs";`).
			return clip("skips the test" + msg), true
		}
	}
	return "", false
}

// describeStmts says what a list of statements does: the first
// unconditional refusal, the first return, or the first statement run;
// and the names of architectures its code holds (archNames).
func (e *evaluator) describeStmts(stmts []node) outcome {
	o := e.describeFirst(stmts)
	if !o.refuses {
		o.names = e.archNames(stmts)
	}
	return o
}

// describeFirst is describeStmts' description.
func (e *evaluator) describeFirst(stmts []node) outcome {
	first := ""
	for _, s := range stmts {
		if d, ok := e.refusal(s); ok {
			return outcome{desc: d, refuses: true, exits: true}
		}
		switch e.kind(s) {
		case "return_statement":
			k := e.named(s)
			if len(k) == 0 {
				if first != "" {
					return outcome{desc: first + ", returns", exits: true}
				}
				return outcome{desc: "returns", exits: true}
			}
			return outcome{desc: clip("returns " + e.text(k[0])), exits: true}
		case "break_statement":
			return outcome{desc: firstOr(first, "does nothing")}
		case "if_statement", "switch_statement", "for_statement", "for_range_loop", "while_statement", "do_statement", "try_statement", "preproc_if", "preproc_ifdef":
			// Control flow that may leave: what comes after it is not
			// certain, so no later refusal is claimed.
			if mayLeave(e.text(s)) {
				return outcome{desc: firstOr(first, clip("runs "+firstLine(e.text(s))))}
			}
		}
		if first == "" {
			first = clip("runs " + firstLine(e.text(s)))
		}
	}
	return outcome{desc: firstOr(first, "does nothing")}
}

func firstOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

// describe says what an arm (a statement, usually a block) does.
func (e *evaluator) describe(arm node) outcome {
	if arm == noNode {
		return outcome{desc: "continues"}
	}
	var o outcome
	if e.kind(arm) == "compound_statement" {
		o = e.describeStmts(e.groups.compiledNamed(arm))
	} else {
		o = e.describeStmts([]node{arm})
	}
	o.broken = e.t.HasError(arm)
	return o
}

// mayLeave reports statement text that may return, throw, jump or fail.
func mayLeave(text string) bool {
	for _, w := range []string{"return", "throw", "break", "continue", "goto", "exit", "abort", "ERROR", "THROW", "CHECK", "assert", "ASSERT", "VALIDATE", "VERIFY", "ENFORCE", "REQUIRE", "UNREACHABLE"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}
