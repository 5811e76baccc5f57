package cst

// #include <stdlib.h>
// #include "parse_c.h"
import "C"

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/archlint/archlint/grammars"
)

// Parser wraps one tree-sitter parser set to the CUDA grammar.
//
// A tree-sitter parser is not safe for concurrent use: create one Parser per
// worker goroutine and Close it when the worker ends. Parse returns plain
// data, so its results may be shared freely.
//
// The parse and the copy of the tree run in C (parse_c.c), in two calls
// per file: go-tree-sitter's Parse hands tree-sitter the rest of the file
// as a fresh C string at every read (copying it each time), and a walk
// through its Go cursor costs several cgo calls per node. The extractor
// (and analyzer/hostgate, through ParseTree) then reads a flat array of
// nodes in pre-order.
type Parser struct {
	ts    *C.TSParser
	kinds *kindTable
	// cancel is the parser's cancellation flag, in C memory: tree-sitter
	// reads it while parsing, and ParseContext sets it from another
	// goroutine when the context is done.
	cancel *C.size_t
	buf    []rec // reused between files
	err    error // set when the grammar could not be loaded
}

// ErrClosed is returned by Parse after Close.
var ErrClosed = errors.New("cst: parser is closed")

// NewParser returns a parser for C, C++ and CUDA sources. It does not fail:
// a grammar the runtime rejects (ABI mismatch) is reported by every Parse.
func NewParser() *Parser {
	lang := grammars.CUDA()
	p := &Parser{ts: C.ts_parser_new(), kinds: kinds()}
	p.cancel = (*C.size_t)(C.calloc(1, C.size_t(unsafe.Sizeof(C.size_t(0)))))
	C.ts_parser_set_cancellation_flag(p.ts, p.cancel)
	if !C.ts_parser_set_language(p.ts, (*C.TSLanguage)(unsafe.Pointer(lang.Inner))) {
		p.err = errors.New("cst: load CUDA grammar: incompatible language version")
	}
	return p
}

// Close frees the underlying C parser. It is safe to call more than once.
func (p *Parser) Close() {
	if p.ts != nil {
		C.ts_parser_delete(p.ts)
		C.free(unsafe.Pointer(p.cancel))
		p.ts, p.cancel = nil, nil
	}
}

// Parse parses a C/C++/CUDA file and returns its structure facts.
func (p *Parser) Parse(src []byte) (*Facts, error) {
	return p.ParseContext(context.Background(), src)
}

// ParseContext is Parse that gives up when ctx is done, so that one
// pathological file cannot hold a worker forever.
func (p *Parser) ParseContext(ctx context.Context, src []byte) (*Facts, error) {
	t, err := p.ParseTree(ctx, src)
	if err != nil {
		return nil, err
	}
	return t.Facts(), nil
}

// ParseTree parses a C/C++/CUDA file into a flat Tree, giving up when ctx
// is done. The Tree lives in the parser's buffer: it is valid until the
// parser's next parse, so a caller that needs both the facts and its own
// reading of the tree parses once and reads both from it.
func (p *Parser) ParseTree(ctx context.Context, src []byte) (*Tree, error) {
	return p.parse(ctx, src, nil)
}

// Range is a byte range of a file, [Start, End).
type Range struct{ Start, End int }

// ParseTreeRanges is ParseTree that reads only the given ranges of src
// (in order, not overlapping), as if the text between them were not
// there: tree-sitter's included ranges. Positions stay the file's own, so
// a node's bytes, lines and columns are those it has in src. No ranges is
// the whole file. Split finds ranges worth parsing on their own.
func (p *Parser) ParseTreeRanges(ctx context.Context, src []byte, ranges []Range) (*Tree, error) {
	return p.parse(ctx, src, ranges)
}

func (p *Parser) parse(ctx context.Context, src []byte, ranges []Range) (*Tree, error) {
	if p.ts == nil {
		return nil, ErrClosed
	}
	if p.err != nil {
		return nil, p.err
	}
	if uint64(len(src)) >= 1<<32-1 {
		return nil, errors.New("cst: file too large")
	}
	if len(ranges) > 0 {
		trs, err := tsRanges(src, ranges)
		if err != nil {
			return nil, err
		}
		if !C.ts_parser_set_included_ranges(p.ts, &trs[0], C.uint32_t(len(trs))) {
			return nil, errors.New("cst: tree-sitter refused the ranges")
		}
		// The parser keeps its ranges: the next parse reads the whole
		// file unless it sets its own.
		defer C.ts_parser_set_included_ranges(p.ts, nil, 0)
	}
	var cs *C.char
	if len(src) > 0 {
		cs = (*C.char)(unsafe.Pointer(&src[0]))
	}
	flag := (*uintptr)(unsafe.Pointer(p.cancel))
	var tree *C.TSTree
	if ctx.Done() == nil {
		tree = C.ts_parser_parse_string(p.ts, nil, cs, C.uint32_t(len(src)))
	} else {
		// tree-sitter polls the flag every hundred operations. A
		// cancellation that fires after the parse must be over before
		// the flag is cleared, or it would cancel the next file.
		if ctx.Err() != nil {
			// Done already: stop at tree-sitter's first look.
			atomic.StoreUintptr(flag, 1)
		}
		fired := make(chan struct{})
		stop := context.AfterFunc(ctx, func() {
			atomic.StoreUintptr(flag, 1)
			close(fired)
		})
		tree = C.ts_parser_parse_string(p.ts, nil, cs, C.uint32_t(len(src)))
		if !stop() {
			<-fired
		}
		atomic.StoreUintptr(flag, 0)
	}
	if tree == nil {
		// Only cancellation (or a missing language, ruled out above)
		// makes tree-sitter return no tree; the parser must be reset
		// before its next use, or it would resume this parse.
		C.ts_parser_reset(p.ts)
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("cst: parse cancelled: %w", err)
		}
		return nil, errors.New("cst: tree-sitter returned no tree")
	}
	defer C.ts_tree_delete(tree)
	return p.walk(tree, src)
}

// tsRanges converts byte ranges of src to tree-sitter's, with their rows
// and byte columns (rows count '\n', as tree-sitter's lexer does).
// tree-sitter copies them, so Go memory does.
func tsRanges(src []byte, ranges []Range) ([]C.TSRange, error) {
	out := make([]C.TSRange, len(ranges))
	row, lineStart, at := 0, 0, 0
	point := func(b int) C.TSPoint {
		for ; at < b; at++ {
			if src[at] == '\n' {
				row++
				lineStart = at + 1
			}
		}
		return C.TSPoint{row: C.uint32_t(row), column: C.uint32_t(b - lineStart)}
	}
	prev := 0
	for i, r := range ranges {
		if r.Start < prev || r.End < r.Start || r.End > len(src) {
			return nil, fmt.Errorf("cst: range %d [%d, %d) out of order or outside the file", i, r.Start, r.End)
		}
		out[i].start_byte, out[i].end_byte = C.uint32_t(r.Start), C.uint32_t(r.End)
		out[i].start_point = point(r.Start)
		out[i].end_point = point(r.End)
		prev = r.End
	}
	return out, nil
}

// walk copies ct into p.buf (see archlint_cst_walk).
func (p *Parser) walk(ct *C.TSTree, src []byte) (*Tree, error) {
	// C and CUDA run about 5 bytes a node (4.8 on the host files of six
	// real trees); a second walk when the guess was short.
	if want := len(src)/4 + 16; cap(p.buf) < want {
		p.buf = make([]rec, want)
	}
	p.buf = p.buf[:cap(p.buf)]
	walk := func() int {
		return int(C.archlint_cst_walk(ct, (*C.archlint_cst_rec)(unsafe.Pointer(&p.buf[0])), C.uint32_t(len(p.buf))))
	}
	n := walk()
	if n > len(p.buf) {
		p.buf = make([]rec, n)
		n = walk()
	}
	if n < 0 {
		return nil, errors.New("cst: out of memory walking the syntax tree")
	}
	return &Tree{recs: p.buf[:n], src: src, kinds: p.kinds}, nil
}
