package cst

import (
	"context"
	"errors"
	"fmt"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/archlint/archlint/grammars"
)

// Parser wraps one tree-sitter parser set to the CUDA grammar.
//
// A tree-sitter parser is not safe for concurrent use: create one Parser per
// worker goroutine and Close it when the worker ends. Parse returns plain
// data, so its results may be shared freely.
type Parser struct {
	ts    *sitter.Parser
	kinds kindTable
	err   error // set when the grammar could not be loaded
}

// ErrClosed is returned by Parse after Close.
var ErrClosed = errors.New("cst: parser is closed")

// NewParser returns a parser for C, C++ and CUDA sources. It does not fail:
// a grammar the runtime rejects (ABI mismatch) is reported by every Parse.
func NewParser() *Parser {
	lang := grammars.CUDA()
	p := &Parser{ts: sitter.NewParser(), kinds: newKindTable(lang)}
	if err := p.ts.SetLanguage(lang); err != nil {
		p.err = fmt.Errorf("cst: load CUDA grammar: %w", err)
	}
	return p
}

// Close frees the underlying C parser. It is safe to call more than once.
func (p *Parser) Close() {
	if p.ts != nil {
		p.ts.Close()
		p.ts = nil
	}
}

// Parse parses a C/C++/CUDA file and returns its structure facts.
func (p *Parser) Parse(src []byte) (*Facts, error) {
	return p.ParseContext(context.Background(), src)
}

// ParseContext is Parse that gives up when ctx is done, so that one
// pathological file cannot hold a worker forever.
func (p *Parser) ParseContext(ctx context.Context, src []byte) (*Facts, error) {
	if p.ts == nil {
		return nil, ErrClosed
	}
	if p.err != nil {
		return nil, p.err
	}
	var opts *sitter.ParseOptions
	if ctx.Done() != nil {
		opts = &sitter.ParseOptions{ProgressCallback: func(sitter.ParseState) bool {
			return ctx.Err() != nil
		}}
	}
	tree := p.ts.ParseWithOptions(readAll(src), nil, opts)
	if tree == nil {
		// Only cancellation (or a missing language, ruled out above)
		// makes tree-sitter return no tree; the parser must be reset
		// before its next use, or it would resume this parse.
		p.ts.Reset()
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("cst: parse cancelled: %w", err)
		}
		return nil, errors.New("cst: tree-sitter returned no tree")
	}
	defer tree.Close()
	return extract(tree, src, p.kinds), nil
}

// readAll is the input callback for a source held in memory.
func readAll(src []byte) func(int, sitter.Point) []byte {
	return func(off int, _ sitter.Point) []byte {
		if off < len(src) {
			return src[off:]
		}
		return nil
	}
}
