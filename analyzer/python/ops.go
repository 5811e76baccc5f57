package python

// op is a node kind that eval and execStmt dispatch on, as a small
// integer: their switches became jump tables, where switching on the
// kind's name compared strings case by case at every step of every
// worker.
type op uint8

const (
	opOther op = iota
	opExpressionStatement
	opIfStatement
	opReturnStatement
	opRaiseStatement
	opAssertStatement
	opForStatement
	opWhileStatement
	opTryStatement
	opWithStatement
	opFunctionDefinition
	opDecoratedDefinition
	opClassDefinition
	opImportStatement
	opImportFromStatement
	opFutureImportStatement
	opMatchStatement
	opBlock
	opError
	opIdentifier
	opInteger
	opFloat
	opTrue
	opFalse
	opNone
	opString
	opConcatenatedString
	opParenthesizedExpression
	opTuple
	opExpressionList
	opList
	opSet
	opDictionary
	opAttribute
	opSubscript
	opCall
	opNotOperator
	opBooleanOperator
	opComparisonOperator
	opBinaryOperator
	opUnaryOperator
	opConditionalExpression
	opNamedExpression
	opAssignment
	opAwait
	opListComprehension
	opSetComprehension
	opGeneratorExpression
	opDictionaryComprehension
	// Kinds that are no step of their own but that the hot paths tell
	// apart (a call's arguments, a literal's parts, an assignment's
	// target), by op for the same reason.
	opKeywordArgument
	opListSplat
	opParenthesizedListSplat
	opDictionarySplat
	opPair
	opStringContent
	opEscapeInterpolation
	opInterpolation
	opAugmentedAssignment
	opPatternList
	opTuplePattern
	opListPattern
)

// opOf is the op of a node kind's name.
func opOf(kind string) op {
	switch kind {
	case "expression_statement":
		return opExpressionStatement
	case "if_statement":
		return opIfStatement
	case "return_statement":
		return opReturnStatement
	case "raise_statement":
		return opRaiseStatement
	case "assert_statement":
		return opAssertStatement
	case "for_statement":
		return opForStatement
	case "while_statement":
		return opWhileStatement
	case "try_statement":
		return opTryStatement
	case "with_statement":
		return opWithStatement
	case "function_definition":
		return opFunctionDefinition
	case "decorated_definition":
		return opDecoratedDefinition
	case "class_definition":
		return opClassDefinition
	case "import_statement":
		return opImportStatement
	case "import_from_statement":
		return opImportFromStatement
	case "future_import_statement":
		return opFutureImportStatement
	case "match_statement":
		return opMatchStatement
	case "block":
		return opBlock
	case "ERROR":
		return opError
	case "identifier":
		return opIdentifier
	case "integer":
		return opInteger
	case "float":
		return opFloat
	case "true":
		return opTrue
	case "false":
		return opFalse
	case "none":
		return opNone
	case "string":
		return opString
	case "concatenated_string":
		return opConcatenatedString
	case "parenthesized_expression":
		return opParenthesizedExpression
	case "tuple":
		return opTuple
	case "expression_list":
		return opExpressionList
	case "list":
		return opList
	case "set":
		return opSet
	case "dictionary":
		return opDictionary
	case "attribute":
		return opAttribute
	case "subscript":
		return opSubscript
	case "call":
		return opCall
	case "not_operator":
		return opNotOperator
	case "boolean_operator":
		return opBooleanOperator
	case "comparison_operator":
		return opComparisonOperator
	case "binary_operator":
		return opBinaryOperator
	case "unary_operator":
		return opUnaryOperator
	case "conditional_expression":
		return opConditionalExpression
	case "named_expression":
		return opNamedExpression
	case "assignment":
		return opAssignment
	case "await":
		return opAwait
	case "list_comprehension":
		return opListComprehension
	case "set_comprehension":
		return opSetComprehension
	case "generator_expression":
		return opGeneratorExpression
	case "dictionary_comprehension":
		return opDictionaryComprehension
	case "keyword_argument":
		return opKeywordArgument
	case "list_splat":
		return opListSplat
	case "parenthesized_list_splat":
		return opParenthesizedListSplat
	case "dictionary_splat":
		return opDictionarySplat
	case "pair":
		return opPair
	case "string_content":
		return opStringContent
	case "escape_interpolation":
		return opEscapeInterpolation
	case "interpolation":
		return opInterpolation
	case "augmented_assignment":
		return opAugmentedAssignment
	case "pattern_list":
		return opPatternList
	case "tuple_pattern":
		return opTuplePattern
	case "list_pattern":
		return opListPattern
	}
	return opOther
}

// op is the dispatch op of n's kind; opOther for noNode (an absent
// field, as kind gives "").
func (m *module) op(n nodeID) op {
	if n == noNode {
		return opOther
	}
	return m.tab.ops[m.kindID(n)]
}

// field is a field name the analysis asks for (module.child), as a small
// integer compared with each child's, for the same reason as op.
type field uint8

const (
	fOther field = iota // a field the analysis never asks for, or none
	fAlias
	fAlternative
	fArgument
	fArguments
	fAttribute
	fBody
	fCondition
	fConsequence
	fDefinition
	fFunction
	fKey
	fLeft
	fModuleName
	fName
	fObject
	fOperator
	fOperators
	fParameters
	fRight
	fSubject
	fSubscript
	fValue
)

// fieldOf is the field of a grammar field's name.
func fieldOf(name string) field {
	switch name {
	case "alias":
		return fAlias
	case "alternative":
		return fAlternative
	case "argument":
		return fArgument
	case "arguments":
		return fArguments
	case "attribute":
		return fAttribute
	case "body":
		return fBody
	case "condition":
		return fCondition
	case "consequence":
		return fConsequence
	case "definition":
		return fDefinition
	case "function":
		return fFunction
	case "key":
		return fKey
	case "left":
		return fLeft
	case "module_name":
		return fModuleName
	case "name":
		return fName
	case "object":
		return fObject
	case "operator":
		return fOperator
	case "operators":
		return fOperators
	case "parameters":
		return fParameters
	case "right":
		return fRight
	case "subject":
		return fSubject
	case "subscript":
		return fSubscript
	case "value":
		return fValue
	}
	return fOther
}
