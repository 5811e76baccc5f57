package python

import (
	"bytes"
	"cmp"
	"errors"
	"runtime/debug"
	"slices"
	"unicode/utf8"
)

// parseGo is a hand-written parser for the Python that real code is made
// of, producing exactly the tree tree-sitter-python gives (parse): same
// nodes, kinds, fields, byte ranges and comment placement. It runs at
// about 30 MB/s a core where tree-sitter and the copy of its tree run at
// 3 to 5; ok is false whenever it is not sure its tree would be
// tree-sitter's (a syntax error, a construct it does not implement, a
// spot where tree-sitter's choices are hard to foresee), and the caller
// then parses with tree-sitter.
func (p *parser) parseGo(src []byte) (out *parsed, ok bool) {
	// A NUL is the end of input to tree-sitter's scanner, whatever
	// surrounds it.
	if p.tab.py == nil || uint64(len(src)) > maxSource || !utf8.Valid(src) || bytes.IndexByte(src, 0) >= 0 {
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			// Any failure falls back on tree-sitter, a bug's too (the
			// tests fail on those: goPanic).
			if r != errBail {
				p.goPanic = r
			}
			if p.traceBail {
				p.bailStack = debug.Stack()
			}
			out, ok = nil, false
		}
	}()
	// The token and node slices are the parser's, reused from file to
	// file (build copies what the tree keeps).
	b := &p.goBufs
	lx := &pylexer{src: src, toks: b.toks[:0], extras: b.extras[:0], escs: b.escs[:0], indents: b.indents[:0]}
	defer func() { b.toks, b.extras, b.escs, b.indents = lx.toks, lx.extras, lx.escs, lx.indents }()
	lx.run()
	g := &gparser{src: src, toks: lx.toks, escs: lx.escs, k: p.tab.py, nodes: b.nodes[:0]}
	defer func() { b.nodes = g.nodes }()
	root := g.module()
	if len(lx.extras) > 0 && lx.extras[0].sb < g.nodes[root].sb {
		g.nodes[root].sb = lx.extras[0].sb // a leading comment starts the module
	}
	out = g.tree(root, lx.extras, p.tab, b)
	return out, true
}

// goBufs are the Go parser's working slices, kept between files.
type goBufs struct {
	toks    []ptok
	extras  []pextra
	escs    []pesc
	indents []int
	nodes   []gnode
	pnodes  []pnode  // tree's nodes, before they are copied to size
	starts  []uint32 // and their starts
}

// errBail is the panic that unwinds the Go parser when it gives up.
var errBail = errors.New("python: hand-written parser gives up")

// Kinds of the Go parser's nodes; pyKindNames spells each as tree-sitter
// names it.
type gkind uint8

const (
	gModule gkind = iota
	gExpressionStatement
	gAssignment
	gAugmentedAssignment
	gIdentifier
	gInteger
	gFloat
	gString
	gStringStart
	gStringContent
	gStringEnd
	gEscapeSequence
	gEscapeInterpolation
	gInterpolation
	gFormatSpecifier
	gFormatExpression
	gTypeConversion
	gConcatenatedString
	gTrue
	gFalse
	gNone
	gEllipsis
	gCall
	gArgumentList
	gKeywordArgument
	gListSplat
	gDictionarySplat
	gAttribute
	gSubscript
	gSlice
	gBinaryOperator
	gUnaryOperator
	gComparisonOperator
	gBooleanOperator
	gNotOperator
	gConditionalExpression
	gNamedExpression
	gLambda
	gLambdaParameters
	gAwait
	gYield
	gParenthesizedExpression
	gTuple
	gList
	gSet
	gDictionary
	gPair
	gListComprehension
	gSetComprehension
	gDictionaryComprehension
	gGeneratorExpression
	gForInClause
	gIfClause
	gExpressionList
	gPatternList
	gTuplePattern
	gListPattern
	gListSplatPattern
	gDictionarySplatPattern
	gAsPattern
	gAsPatternTarget
	gType
	gGenericType
	gTypeParameter
	gUnionType
	gMemberType
	gParameters
	gDefaultParameter
	gTypedParameter
	gTypedDefaultParameter
	gKeywordSeparator
	gPositionalSeparator
	gFunctionDefinition
	gClassDefinition
	gDecoratedDefinition
	gDecorator
	gBlock
	gIfStatement
	gElifClause
	gElseClause
	gForStatement
	gWhileStatement
	gTryStatement
	gExceptClause
	gFinallyClause
	gWithStatement
	gWithClause
	gWithItem
	gReturnStatement
	gPassStatement
	gBreakStatement
	gContinueStatement
	gDeleteStatement
	gRaiseStatement
	gGlobalStatement
	gNonlocalStatement
	gAssertStatement
	gImportStatement
	gImportFromStatement
	gFutureImportStatement
	gAliasedImport
	gDottedName
	gRelativeImport
	gImportPrefix
	gWildcardImport
	gComment
	gLineContinuation
	gKindCount
)

var pyKindNames = [gKindCount]string{
	"module", "expression_statement", "assignment", "augmented_assignment", "identifier",
	"integer", "float", "string", "string_start", "string_content", "string_end",
	"escape_sequence", "escape_interpolation", "interpolation", "format_specifier",
	"format_expression", "type_conversion", "concatenated_string", "true", "false", "none",
	"ellipsis", "call", "argument_list", "keyword_argument", "list_splat", "dictionary_splat",
	"attribute", "subscript", "slice", "binary_operator", "unary_operator",
	"comparison_operator", "boolean_operator", "not_operator", "conditional_expression",
	"named_expression", "lambda", "lambda_parameters", "await", "yield",
	"parenthesized_expression", "tuple", "list", "set", "dictionary", "pair",
	"list_comprehension", "set_comprehension", "dictionary_comprehension",
	"generator_expression", "for_in_clause", "if_clause", "expression_list", "pattern_list",
	"tuple_pattern", "list_pattern", "list_splat_pattern", "dictionary_splat_pattern",
	"as_pattern", "as_pattern_target", "type", "generic_type", "type_parameter", "union_type", "member_type",
	"parameters", "default_parameter", "typed_parameter", "typed_default_parameter",
	"keyword_separator", "positional_separator", "function_definition", "class_definition",
	"decorated_definition", "decorator", "block", "if_statement", "elif_clause", "else_clause",
	"for_statement", "while_statement", "try_statement", "except_clause", "finally_clause",
	"with_statement", "with_clause", "with_item", "return_statement", "pass_statement",
	"break_statement", "continue_statement", "delete_statement", "raise_statement",
	"global_statement", "nonlocal_statement", "assert_statement", "import_statement",
	"import_from_statement", "future_import_statement", "aliased_import", "dotted_name",
	"relative_import", "import_prefix", "wildcard_import", "comment", "line_continuation",
}

// Fields of the Go parser's nodes.
type gfield uint8

const (
	gfNone gfield = iota
	gfName
	gfAlias
	gfLeft
	gfRight
	gfType
	gfValue
	gfOperator
	gfOperators
	gfArgument
	gfFunction
	gfArguments
	gfObject
	gfAttribute
	gfSubscript
	gfBody
	gfCondition
	gfConsequence
	gfAlternative
	gfParameters
	gfReturnType
	gfDefinition
	gfSuperclasses
	gfKey
	gfExpression
	gfTypeConversion
	gfFormatSpecifier
	gfCause
	gfModuleName
	gFieldCount
)

var pyFieldNames = [gFieldCount]string{
	"", "name", "alias", "left", "right", "type", "value", "operator", "operators", "argument",
	"function", "arguments", "object", "attribute", "subscript", "body", "condition",
	"consequence", "alternative", "parameters", "return_type", "definition", "superclasses",
	"key", "expression", "type_conversion", "format_specifier", "cause", "module_name",
}

// pyKinds maps the Go parser's kinds, operators and fields to the
// grammar's symbol and field ids, once per langTable.
type pyKinds struct {
	kind  [gKindCount]uint16
	op    [opCount]uint16 // the anonymous node of each operator and keyword
	field [gFieldCount]uint16
}

// newPyKinds resolves the names; nil when the grammar lacks one (a
// grammar this parser was not written for: tree-sitter then parses).
func newPyKinds(t *langTable) *pyKinds {
	k := &pyKinds{}
	find := func(name string, named bool) (uint16, bool) {
		for i, n := range t.names {
			if n == name && t.named[i] == named {
				return uint16(i), true
			}
		}
		return 0, false
	}
	for i, name := range pyKindNames {
		id, ok := find(name, true)
		if !ok {
			return nil
		}
		k.kind[i] = id
	}
	for i, name := range opText {
		if name == "" {
			continue
		}
		if id, ok := find(name, false); ok {
			k.op[i] = id
		}
	}
	for i, name := range pyFieldNames {
		if i == 0 {
			continue
		}
		found := false
		for j, f := range t.fields {
			if j > 0 && f == name {
				k.field[i] = uint16(j)
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return k
}

// gnode is a node of the Go parser's tree: children in a linked list,
// and the span of tokens it covers (ft..lt), which places comments.
type gnode struct {
	kind        uint16 // grammar symbol
	field       uint16 // grammar field id
	sb, eb      uint32
	ft, lt      int32
	first, last int32 // children
	next        int32 // next sibling
	gk          gkind // gKindCount for an operator's anonymous node
}

// tree lays the tree out as the C walk does and build reads it:
// pre-order, each subtree's end known when its last node is written (no
// parent links to carry the ends back, no records in between: writing
// records and building from them were a third of the parser's time). An
// extra (comment, line continuation) goes where tree-sitter's reductions
// leave it: in the smallest node holding the tokens on both its sides,
// between the children around it. TestGoTreeSameAsBuild compares it with
// build over the same records.
func (g *gparser) tree(root int32, extras []pextra, tab *langTable, b *goBufs) *parsed {
	out := &parsed{}
	w := treeWriter{g: g, extras: extras, out: out, nodes: b.pnodes[:0], starts: b.starts[:0], errKind: uint16(len(tab.names) - 1), drop: tab.drop}
	w.node(root, true)
	w.flush(int32(len(g.toks)), 0)
	w.close(0)
	b.pnodes, b.starts = w.nodes, w.starts
	out.nodes = slices.Clone(w.nodes)
	out.setStarts(w.starts)
	// The nexts are written as subtrees close (post-order); readers
	// search them by node.
	slices.SortFunc(out.longNexts, func(a, b longNext) int { return cmp.Compare(a.n, b.n) })
	return out
}

type treeWriter struct {
	g       *gparser
	extras  []pextra
	next    int // first extra not written
	out     *parsed
	nodes   []pnode
	starts  []uint32 // each node's start (parsed.setStarts)
	errKind uint16   // build's ERROR: the kind of any symbol past the table
	drop    []bool   // langTable.drop: kinds left out, as build does
}

// dropped says whether a node of the kind is left out, and notes its
// parent if so (parsed.dropped).
func (w *treeWriter) dropped(kind uint16, parent nodeID) bool {
	if !w.drop[min(kind, w.errKind)] {
		return false
	}
	w.out.dropped = append(w.out.dropped, parent)
	return true
}

// add writes a node as build does, its next left for close.
func (w *treeWriter) add(kind, field uint16, sb, eb uint32) {
	id := nodeID(len(w.nodes))
	if kind >= w.errKind {
		kind = w.errKind
	}
	span := uint16(spanLong)
	if l := eb - sb; l < spanLong {
		span = uint16(l)
	} else {
		w.out.longEnds = append(w.out.longEnds, longEnd{id, eb})
	}
	// Every field written in place (grow).
	nd := grow(&w.nodes)
	nd.kf, nd.span, nd.soff, nd.dnext = kind|field<<kindBits, span, 0, 1
	w.starts = append(w.starts, sb)
}

// close sets node me's next: the end of its subtree, written by now.
func (w *treeWriter) close(me nodeID) {
	next := nodeID(len(w.nodes))
	if d := next - me; d <= 0xFFFF {
		w.nodes[me].dnext = uint16(d)
	} else {
		w.nodes[me].dnext = 0
		w.out.longNexts = append(w.out.longNexts, longNext{me, next})
	}
}

// flush writes the extras before token upTo, children of the node
// being written (parent).
func (w *treeWriter) flush(upTo int32, parent nodeID) {
	for w.next < len(w.extras) && w.extras[w.next].next <= upTo {
		e := &w.extras[w.next]
		k := w.g.k.kind[gComment]
		if e.cont {
			k = w.g.k.kind[gLineContinuation]
		}
		if !w.dropped(k, parent) {
			w.add(k, 0, e.sb, e.eb)
		}
		w.next++
	}
}

// node writes node n's subtree; the root's extras after its last token
// are the caller's, and so is closing it. The nodes of a kind dropped
// are leaves: left out, they leave the rest as it was.
func (w *treeWriter) node(n int32, root bool) {
	nd := &w.g.nodes[n]
	me := nodeID(len(w.nodes))
	w.add(nd.kind, nd.field, nd.sb, nd.eb)
	for c := nd.first; c >= 0; c = w.g.nodes[c].next {
		w.flush(w.g.nodes[c].ft, me)
		if !w.dropped(w.g.nodes[c].kind, me) {
			w.node(c, false)
		}
	}
	if !root {
		w.flush(nd.lt, me)
		w.close(me)
	}
}

// records lays the tree out as the C walk does, for build: pre-order,
// each record with its parent (tree writes the same nodes directly; the
// tests compare the two).
func (g *gparser) records(root int32, extras []pextra, recs []nodeRec) []nodeRec {
	w := recWriter{g: g, extras: extras, recs: recs}
	w.node(root, -1)
	w.flush(int32(len(g.toks)), 0)
	return w.recs
}

type recWriter struct {
	g      *gparser
	extras []pextra
	next   int // first extra not written
	recs   []nodeRec
}

func (w *recWriter) flush(upTo int32, parent int32) {
	for w.next < len(w.extras) && w.extras[w.next].next <= upTo {
		e := &w.extras[w.next]
		k := w.g.k.kind[gComment]
		if e.cont {
			k = w.g.k.kind[gLineContinuation]
		}
		w.recs = append(w.recs, nodeRec{kind: k, sb: e.sb, eb: e.eb, parent: parent})
		w.next++
	}
}

func (w *recWriter) node(n int32, parent int32) {
	nd := &w.g.nodes[n]
	me := int32(len(w.recs))
	w.recs = append(w.recs, nodeRec{kind: nd.kind, field: nd.field, sb: nd.sb, eb: nd.eb, parent: parent})
	for c := nd.first; c >= 0; c = w.g.nodes[c].next {
		w.flush(w.g.nodes[c].ft, me)
		w.node(c, me)
	}
	if parent >= 0 {
		w.flush(nd.lt, me)
	}
}
