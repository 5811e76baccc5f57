package cst

import (
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/archlint/archlint/grammars"
)

// kind is the role a tree-sitter node type plays for fact extraction.
type kind uint8

const (
	kOther kind = iota
	kFunctionDefinition
	kTemplateDeclaration
	kCallExpression
	kPreprocConditional // preproc_if, preproc_ifdef, preproc_elif, preproc_elifdef, preproc_else
	kEndif              // the anonymous "#endif" token
	kGlobal             // the anonymous "__global__" token
	kDevice             // the anonymous "__device__" token
	kOpenBrace          // the anonymous "{" token
	kCloseBrace         // the anonymous "}" token
	kError              // ERROR
	// kOpaque marks node types whose descendants never matter for the
	// facts (tokens, identifiers, literals, macro definitions): the
	// extractor does not descend into them while the subtree is free of
	// errors.
	kOpaque
)

// errorSymbol is tree-sitter's builtin id for ERROR nodes
// (ts_builtin_sym_error, (TSSymbol)-1); it lies outside the language's
// symbol table.
const errorSymbol = ^uint16(0)

// classify gives the role of the node type called name; named tells named
// nodes from anonymous tokens of the same spelling.
func classify(name string, named bool) kind {
	if !named {
		switch name {
		case "#endif":
			return kEndif
		case "__global__":
			return kGlobal
		case "__device__":
			return kDevice
		case "{":
			return kOpenBrace
		case "}":
			return kCloseBrace
		}
		return kOpaque
	}
	switch name {
	case "function_definition":
		return kFunctionDefinition
	case "template_declaration":
		return kTemplateDeclaration
	case "call_expression":
		return kCallExpression
	case "preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef", "preproc_else":
		return kPreprocConditional
	case "ERROR":
		return kError
	case "identifier", "field_identifier", "type_identifier", "namespace_identifier",
		"statement_identifier", "primitive_type", "number_literal", "true", "false", "null",
		"this", "auto", "comment", "storage_class_specifier", "access_specifier",
		"virtual_specifier", "ref_qualifier", "break_statement", "continue_statement",
		"string_literal", "raw_string_literal", "char_literal", "concatenated_string",
		"user_defined_literal", "system_lib_string",
		// Macro definitions and #include: bodies are opaque preproc_arg
		// tokens, no conditionals or calls can be inside.
		"preproc_def", "preproc_function_def", "preproc_include", "preproc_call",
		"preproc_defined", "preproc_params":
		return kOpaque
	}
	return kOther
}

// kindTable maps a node's KindId to its role. It is built from the
// language's own symbol names rather than by looking up one id per name,
// because a grammar can have several symbols with the same public name
// (tree-sitter-cpp aliases preproc_if_in_field_declaration_list and friends
// to preproc_if); classifying every id by name catches all of them. It also
// holds the names of the kinds and the ids of the fields the extractor
// reads, so that the walk allocates no string per node.
//
// It is built once per process (kinds) and only read after that, so every
// parser and every Tree share it.
type kindTable struct {
	roles []kind
	names []string
	// fields maps every field name of the grammar to its id.
	fields map[string]uint16
	// The ids of the fields of those names (0 when the grammar has none).
	fFunction, fBody, fDeclarator, fName, fField, fType uint16
}

// kinds is the CUDA grammar's table.
var kinds = sync.OnceValue(func() *kindTable { return newKindTable(grammars.CUDA()) })

func newKindTable(lang *sitter.Language) *kindTable {
	n := lang.NodeKindCount()
	t := &kindTable{roles: make([]kind, n), names: make([]string, n), fields: map[string]uint16{}}
	for id := uint32(0); id < n; id++ {
		sym := uint16(id)
		t.names[id] = lang.NodeKindForId(sym)
		t.roles[id] = classify(t.names[id], lang.NodeKindIsNamed(sym))
	}
	// Field ids run from 1 to FieldCount.
	for id := uint16(1); uint32(id) <= lang.FieldCount(); id++ {
		if name := lang.FieldNameForId(id); name != "" {
			t.fields[name] = id
		}
	}
	t.fFunction = t.fieldID("function")
	t.fBody = t.fieldID("body")
	t.fDeclarator = t.fieldID("declarator")
	t.fName = t.fieldID("name")
	t.fField = t.fieldID("field")
	t.fType = t.fieldID("type")
	return t
}

// fieldID is the id of the field called name, 0 when the grammar has none.
func (t *kindTable) fieldID(name string) uint16 { return t.fields[name] }

func (t *kindTable) of(id uint16) kind {
	if id == errorSymbol {
		return kError
	}
	if int(id) < len(t.roles) {
		return t.roles[id]
	}
	return kOther
}

// name is the kind's name, as Node.Kind gives it.
func (t *kindTable) name(id uint16) string {
	if int(id) < len(t.names) {
		return t.names[id]
	}
	return "ERROR" // ERROR's id lies outside the table
}
