// Package cst extracts structure facts (function definitions, kernels,
// preprocessor conditionals, parse errors) from C, C++ and CUDA sources
// using tree-sitter with the tree-sitter-cuda grammar.
//
// Only plain Go data leaves this package: every tree is closed before Parse
// returns, so callers never handle tree-sitter objects and cannot leak or
// share them between goroutines.
//
// The preprocessor is not run. tree-sitter parses conditional directives as
// syntax, which works when a branch holds whole statements or declarations
// and fails (ERROR nodes) when a directive splits a construct, e.g. an #if
// inside a parameter list. Facts.DirectiveLines therefore lists only the
// directives tree-sitter recognized; a line scanner of directives is the
// source of truth and these facts are cross-checked against it
// (docs/tree-sitter.md has the measurements).
package cst
