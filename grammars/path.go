package grammars

import (
	"path/filepath"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// Kind is the grammar family of a source file.
type Kind int

// Grammar families. KindNone means archlint does not parse the file.
const (
	KindNone Kind = iota
	KindCUDA
	KindPython
)

// KindForPath classifies path by its extension (case-insensitive, so that
// FOO.CU and kernel.Cuh from case-insensitive file systems are not missed).
func KindForPath(path string) Kind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".cu", ".cuh", ".cuinl",
		".h", ".hh", ".hpp", ".hxx", ".inl", ".ipp",
		".c", ".cc", ".cpp", ".cxx":
		return KindCUDA
	case ".py", ".pyi":
		return KindPython
	default:
		return KindNone
	}
}

// ForPath returns the language for path, or nil when archlint does not parse
// files of that kind.
func ForPath(path string) *sitter.Language {
	switch KindForPath(path) {
	case KindCUDA:
		return CUDA()
	case KindPython:
		return Python()
	default:
		return nil
	}
}
