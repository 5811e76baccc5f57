package rules

import "github.com/archlint/archlint/analyzer/cpp/expr"

const (
	trueTri    = expr.True
	falseTri   = expr.False
	unknownTri = expr.Unknown
)
