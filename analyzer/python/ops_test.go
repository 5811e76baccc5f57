package python

import "testing"

// TestOpOfDistinct: every kind the interpreter dispatches on has an op of
// its own (a switch on ops must tell them apart as one on names did), and
// any other kind is opOther.
func TestOpOfDistinct(t *testing.T) {
	kinds := []string{"expression_statement", "if_statement", "return_statement", "raise_statement",
		"assert_statement", "for_statement", "while_statement", "try_statement", "with_statement",
		"function_definition", "decorated_definition", "class_definition", "import_statement",
		"import_from_statement", "future_import_statement", "match_statement", "block", "ERROR",
		"identifier", "integer", "float", "true", "false", "none", "string", "concatenated_string",
		"parenthesized_expression", "tuple", "expression_list", "list", "set", "dictionary", "attribute",
		"subscript", "call", "not_operator", "boolean_operator", "comparison_operator", "binary_operator",
		"unary_operator", "conditional_expression", "named_expression", "assignment", "await",
		"list_comprehension", "set_comprehension", "generator_expression", "dictionary_comprehension",
		"keyword_argument", "list_splat", "parenthesized_list_splat", "dictionary_splat", "pair",
		"string_content", "escape_interpolation", "interpolation", "augmented_assignment",
		"pattern_list", "tuple_pattern", "list_pattern"}
	seen := map[op]string{}
	for _, k := range kinds {
		o := opOf(k)
		if o == opOther {
			t.Errorf("%s: opOther", k)
		}
		if prev, ok := seen[o]; ok {
			t.Errorf("%s and %s: one op", prev, k)
		}
		seen[o] = k
	}
	if len(seen) != int(opListPattern) {
		t.Errorf("%d kinds for %d ops", len(seen), opListPattern)
	}
	for _, k := range []string{"", "lambda", "slice", "keyword", "string_start", "string_end", "comment"} {
		if o := opOf(k); o != opOther {
			t.Errorf("%s: op %d, want opOther", k, o)
		}
	}
}
