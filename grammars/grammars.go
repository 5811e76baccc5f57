// Package grammars maps source file kinds to the tree-sitter languages
// archlint parses them with.
//
// One grammar, tree-sitter-cuda, serves every C, C++ and CUDA file: it is a
// superset of the C++ grammar that also knows __global__, __device__,
// __launch_bounds__ and the <<<...>>> launch syntax, so plain C++ headers
// parse at least as well as with the C++ grammar and .cu/.cuh files parse
// far better (see docs/tree-sitter.md).
package grammars

import (
	"sync"

	cuda "github.com/tree-sitter-grammars/tree-sitter-cuda/bindings/go"
	sitter "github.com/tree-sitter/go-tree-sitter"
	python "github.com/tree-sitter/tree-sitter-python/bindings/go"
)

// The languages are immutable C tables; wrapping them once and sharing the
// wrapper between goroutines is safe (tree-sitter only reads them).
var (
	cudaLang   = sync.OnceValue(func() *sitter.Language { return sitter.NewLanguage(cuda.Language()) })
	pythonLang = sync.OnceValue(func() *sitter.Language { return sitter.NewLanguage(python.Language()) })
)

// CUDA returns the tree-sitter-cuda language, used for all C/C++/CUDA files.
func CUDA() *sitter.Language { return cudaLang() }

// Python returns the tree-sitter-python language.
func Python() *sitter.Language { return pythonLang() }
