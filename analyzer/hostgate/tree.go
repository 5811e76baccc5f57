package hostgate

import "github.com/archlint/archlint/analyzer/cst"

// node is a node of the file's flat syntax tree; noNode is the absent
// one, which every tree method accepts.
type node = cst.Node

const noNode = cst.NoNode

// The grammar's ids of the fields the analysis reads. They never change
// once the grammar is loaded.
var (
	fAlternative = cst.FieldID("alternative")
	fArgument    = cst.FieldID("argument")
	fArguments   = cst.FieldID("arguments")
	fBody        = cst.FieldID("body")
	fCondition   = cst.FieldID("condition")
	fConsequence = cst.FieldID("consequence")
	fDeclarator  = cst.FieldID("declarator")
	fField       = cst.FieldID("field")
	fFunction    = cst.FieldID("function")
	fLeft        = cst.FieldID("left")
	fName        = cst.FieldID("name")
	fOperator    = cst.FieldID("operator")
	fParameters  = cst.FieldID("parameters")
	fRight       = cst.FieldID("right")
	fType        = cst.FieldID("type")
	fValue       = cst.FieldID("value")
)

// tree reads the file's flat syntax tree (analyzer/cst). Reading it costs
// no cgo call per node: the whole tree was copied out of tree-sitter in
// one C walk.
type tree struct{ t *cst.Tree }

func (t tree) kind(n node) string             { return t.t.Kind(n) }
func (t tree) text(n node) string             { return t.t.Text(n) }
func (t tree) field(n node, f cst.Field) node { return t.t.ChildByField(n, f) }

// named returns n's named children, comments left out.
func (t tree) named(n node) []node {
	var out []node
	for c := t.t.FirstChild(n); c != noNode; c = t.t.NextSibling(c) {
		if t.t.IsNamed(c) && t.kind(c) != "comment" {
			out = append(out, c)
		}
	}
	return out
}

// hasNamedChild reports whether n has a named child (comments count).
func (t tree) hasNamedChild(n node) bool {
	for c := t.t.FirstChild(n); c != noNode; c = t.t.NextSibling(c) {
		if t.t.IsNamed(c) {
			return true
		}
	}
	return false
}

// appendNamed appends n's named children, comments included, to out.
func (t tree) appendNamed(out []node, n node) []node {
	for c := t.t.FirstChild(n); c != noNode; c = t.t.NextSibling(c) {
		if t.t.IsNamed(c) {
			out = append(out, c)
		}
	}
	return out
}

// startLine is the 1-based line where n starts.
func (t tree) startLine(n node) int {
	row, _ := t.t.Start(n)
	return row + 1
}
