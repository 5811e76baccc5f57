package cst

import (
	"bytes"
	"context"
	"slices"
	"sort"
)

// globalWord is the specifier every kernel's declaration spells.
var globalWord = []byte("__global__")

// ParseKernels gives the kernels of src that the empty-kernel check may
// report: every kernel of a whole parse (Facts.Kernels) whose body may
// be compiled out where its header is not (MayEmpty), as the whole parse
// gives it, and perhaps others. It parses only the declarations whose
// text holds __global__ and such a body (KernelItems), with the skeleton
// around them (Split, Ranges), and nothing when there is none: the
// empty-kernel check reads nothing else, and the kernels it reads are a
// few of a kernel file's declarations. whole is the file's
// full facts when it had to be parsed whole after all (Split unsure of the
// file, or a declaration kept that did not parse cleanly on its own, or
// a Merged item kept: ParseItems), nil otherwise. TestParseKernelsCorpus
// compares the kernels with a whole parse's on every file of a tree.
func (p *Parser) ParseKernels(ctx context.Context, src []byte) (kernels []Function, whole *Facts, err error) {
	return p.parseKernels(ctx, src, KernelItems)
}

// ParseKernelsAt is ParseKernels for the kernels whose definition holds
// one of lines (1-based, increasing): it parses the items KernelItems
// marks that hold one (KernelItemsAt), and nothing when lines is empty,
// even where Split gives up. The empty-kernel check asks for the lines
// after which a build of the target stops compiling code: the body of a
// kernel it reports opens on one.
func (p *Parser) ParseKernelsAt(ctx context.Context, src []byte, lines []int) (kernels []Function, whole *Facts, err error) {
	if len(lines) == 0 {
		return nil, nil, nil
	}
	return p.parseKernels(ctx, src, func(src []byte, pieces []Piece) []bool { return KernelItemsAt(src, pieces, lines) })
}

// parseKernels is ParseKernels with the items to parse marked by items.
func (p *Parser) parseKernels(ctx context.Context, src []byte, items func([]byte, []Piece) []bool) (kernels []Function, whole *Facts, err error) {
	if pieces, ok := Split(src); ok {
		return p.ParseKernelItems(ctx, src, pieces, items(src, pieces))
	}
	return p.wholeKernels(ctx, src)
}

// ParseKernelItems parses the kernels of the items keep marks in pieces,
// a split of src (Split), with the skeleton around them (ParseItems), as
// ParseKernels does: nothing when none is marked, the whole file where
// they did not parse cleanly (whole is then its facts).
func (p *Parser) ParseKernelItems(ctx context.Context, src []byte, pieces []Piece, keep []bool) (kernels []Function, whole *Facts, err error) {
	if !slices.Contains(keep, true) {
		// No kernel the check may report: the skeleton alone holds
		// no function body.
		return nil, nil, nil
	}
	if t, err := p.ParseItems(ctx, src, pieces, keep); err == nil && t != nil {
		return t.Facts().Kernels, nil, nil
	}
	return p.wholeKernels(ctx, src)
}

// wholeKernels parses src whole, for its kernels and facts.
func (p *Parser) wholeKernels(ctx context.Context, src []byte) (kernels []Function, whole *Facts, err error) {
	facts, err := p.ParseContext(ctx, src)
	if err != nil {
		return nil, nil, err
	}
	return facts.Kernels, facts, nil
}

// KernelItemsAt is KernelItems for the items that hold one of lines
// (1-based, increasing), from the line of their first byte to that of
// their last.
func KernelItemsAt(src []byte, pieces []Piece, lines []int) []bool {
	keep := KernelItems(src, pieces)
	line, at := 1, 0 // the line of src[at]
	lineOf := func(b int) int {
		line += bytes.Count(src[at:b], []byte{'\n'})
		at = b
		return line
	}
	for i, pc := range pieces {
		if !keep[i] {
			continue
		}
		first, last := lineOf(pc.Start), lineOf(pc.End-1)
		k, _ := slices.BinarySearch(lines, first)
		keep[i] = k < len(lines) && lines[k] <= last
	}
	return keep
}

// KernelItems marks the items of a split of src that ParseKernels parses:
// those whose text holds __global__, may hold a conditional directive,
// and holds a kernel body that may open on one (bodiesOpenOnConditional).
func KernelItems(src []byte, pieces []Piece) []bool {
	keep := make([]bool, len(pieces))
	for i, pc := range pieces {
		text := src[pc.Start:pc.End]
		keep[i] = pc.Item && bytes.Contains(text, globalWord) && MayHoldConditional(text) && bodiesOpenOnConditional(src, pc.Start, pc.End)
	}
	return keep
}

// bodiesOpenOnConditional reports whether a kernel body in src[start:end]
// may open on a conditional directive (OpensOnConditional). A kernel's
// body is the first '{' after its __global__ outside parentheses and
// brackets (a default argument T{} or a lambda in a decltype is inside
// them), and outside comments, whose ';' or '{' would end the search
// early (// n > 0; see below); where the brackets do not balance before
// that brace (a comment or an #if group opening one, alternative
// headers), a literal comes outside them or no such brace comes before
// the item's end, it answers true, and so it does for a '{' it cannot
// tell from a body. The kernel bodies of a whole parse
// that may be emptied (MayEmpty) are all in items it keeps, on every
// kernel file of seven real trees (TestParseKernelsCorpus).
func bodiesOpenOnConditional(src []byte, start, end int) bool {
	for i := start; i < end; {
		k := bytes.Index(src[i:end], globalWord)
		if k < 0 {
			return false
		}
		i += k + len(globalWord)
		depth := 0
	scan:
		for j := i; ; j++ {
			if j >= end {
				return true // no body found: unsure
			}
			switch src[j] {
			case '/':
				// A comment may hold a ';' or a '{' that is no
				// code: skip it.
				if j+1 < end && src[j+1] == '/' {
					nl := bytes.IndexByte(src[j:end], '\n')
					if nl < 0 || unsureLine(src[j:j+nl]) {
						return true // a splice may carry it on: unsure
					}
					j += nl
				} else if j+1 < end && src[j+1] == '*' {
					c := bytes.Index(src[j+2:end], []byte("*/"))
					if c < 0 {
						return true
					}
					j += 2 + c + 1
				}
			case '"', '\'':
				if depth == 0 {
					return true // a literal may hold a ';' or a '{'
				}
			case '(', '[':
				depth++
			case ')', ']':
				if depth--; depth < 0 {
					return true
				}
			case ';':
				if depth == 0 {
					// A declaration without a body.
					i = j + 1
					break scan
				}
			case '{':
				if depth > 0 {
					continue
				}
				if OpensOnConditional(src, j) {
					return true
				}
				i = j + 1
				break scan
			}
		}
	}
	return false
}

// MayEmpty reports whether a kernel's body, src[start:end] with its '{' at
// start, is one the empty-kernel check can report: it may hold a
// conditional directive (MayHoldConditional) and its first line of code
// may come after one (OpensOnConditional). Where the first line of code
// after the '{' line comes with no conditional directive before it, that
// line has the innermost #if branch of the '{' line (only a conditional
// directive changes it), so it is compiled wherever the kernel's header
// is, and the body is never empty for a build that compiles the kernel.
func MayEmpty(src []byte, start, end int) bool {
	return MayHoldConditional(src[start:end]) && OpensOnConditional(src, start)
}

// OpensOnConditional reports whether the lines after the one holding
// src[at] may reach a conditional directive (#if, #ifdef, #else, #endif,
// ...) before a line of code: it skips blank lines, // comment lines and
// other directive lines (#pragma, #define, ...), the lines the line
// scanner gives no code, and answers false at the first other line. It
// errs towards yes: a block comment, a raw string or a line splice on a
// line it reads, a lone carriage return, a directive keyword starting
// with 'i' or 'e' (#include, #error too) and the alternative spellings of
// '#' make it answer true.
func OpensOnConditional(src []byte, at int) bool {
	nl := bytes.IndexByte(src[at:], '\n')
	if nl < 0 {
		return false // nothing after this line
	}
	if unsureLine(src[lineStart(src, at) : at+nl]) {
		return true
	}
	for i := at + nl + 1; i < len(src); {
		end := len(src)
		if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
			end = i + k
		}
		line := src[i:end]
		if unsureLine(line) {
			return true
		}
		t := bytes.TrimLeft(line, " \t\f\v\r")
		switch {
		case len(t) == 0, bytes.HasPrefix(t, []byte("//")):
		case t[0] == '#':
			t = bytes.TrimLeft(t[1:], " \t\f\v\r")
			if len(t) > 0 && (t[0] == 'i' || t[0] == 'e') {
				return true
			}
		case bytes.HasPrefix(t, []byte("%:")), bytes.HasPrefix(t, []byte("??=")):
			return true
		default:
			return false
		}
		i = end + 1
	}
	return false
}

// lineStart is where the line holding src[at] starts.
func lineStart(src []byte, at int) int {
	return bytes.LastIndexByte(src[:at], '\n') + 1
}

// unsureLine reports whether the line scanner may read line otherwise
// than OpensOnConditional does: it opens or closes a block comment, may
// open a raw string, ends in a line splice (carrying a comment or a
// directive on to the next line) or holds a carriage return that does not
// end it.
func unsureLine(line []byte) bool {
	line = bytes.TrimSuffix(line, []byte("\r"))
	return bytes.Contains(line, []byte("/*")) || bytes.Contains(line, []byte("*/")) ||
		bytes.Contains(line, []byte("R\"")) || bytes.HasSuffix(line, []byte("\\")) ||
		bytes.IndexByte(line, '\r') >= 0
}

// MayHoldConditional reports whether text may hold a conditional
// directive (#if, #ifdef, #ifndef, #elif..., #else, #endif): a '#' that
// white space, a comment or a line splice may separate from a keyword
// starting with 'i' or 'e'. It errs towards yes: #include and #error
// count, #pragma and #define do not.
func MayHoldConditional(text []byte) bool {
	for {
		k := bytes.IndexByte(text, '#')
		if k < 0 {
			return false
		}
		text = text[k+1:]
		j := 0
		for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\f' || text[j] == '\v') {
			j++
		}
		if j < len(text) {
			switch text[j] {
			case 'i', 'e', '/', '\\':
				return true
			}
		}
	}
}

// ParseItems parses the items of a split of src that keep marks, with
// the skeleton around them (Ranges), and returns the tree when they
// parsed cleanly (CleanItems). It returns nil, and the caller parses the
// whole file instead, when one did not, or when a Merged item is among
// them: that would not parse cleanly on its own, so nothing is parsed.
func (p *Parser) ParseItems(ctx context.Context, src []byte, pieces []Piece, keep []bool) (*Tree, error) {
	if MergedKept(pieces, keep) {
		return nil, nil
	}
	t, err := p.ParseTreeRanges(ctx, src, Ranges(pieces, func(i int) bool { return keep[i] }))
	if err != nil || !t.CleanItems(pieces, keep) {
		return nil, err
	}
	return t, nil
}

// CleanItems reports whether the items marked parsed into whole
// declarations: no node crosses an item's edge, and the nodes at the top
// of an item (those whose parent is not within it) hold no ERROR or
// MISSING node. Errors deeper in are the item's own, alike in the whole
// file; an item that did not parse as a declaration at all may be one
// the whole file reads differently. t is a parse of the ranges of pieces
// that keep the items marked (Ranges).
func (t *Tree) CleanItems(pieces []Piece, marked []bool) bool {
	var items []Piece
	for i, pc := range pieces {
		if marked[i] {
			items = append(items, pc)
		}
	}
	// holding is the item holding byte b strictly inside, or -1.
	holding := func(b int) int {
		k := sort.Search(len(items), func(k int) bool { return items[k].End > b })
		if k < len(items) && items[k].Start < b {
			return k
		}
		return -1
	}
	// within is the item whose bytes n's lie within, or -1.
	within := func(s, e int) int {
		k := sort.Search(len(items), func(k int) bool { return items[k].End >= e })
		if k < len(items) && items[k].Start <= s && (s < e || (s > items[k].Start && s < items[k].End)) {
			return k
		}
		return -1
	}
	for n := range t.Len() {
		node := Node(n)
		s, e := t.StartByte(node), t.EndByte(node)
		// The root spans every range: it starts inside the first
		// when that is an item with blank space before its
		// declaration, and that is no crossing.
		root := t.Parent(node) == NoNode
		if k := holding(s); !root && k >= 0 && e > items[k].End {
			return false
		}
		if k := holding(e); !root && k >= 0 && s < items[k].Start {
			return false
		}
		if !t.IsError(node) && !t.IsMissing(node) {
			continue
		}
		k := within(s, e)
		if k < 0 {
			continue
		}
		top := t.Parent(node)
		for top != NoNode && within(t.StartByte(top), t.EndByte(top)) == k {
			if t.IsError(top) {
				return false
			}
			node, top = top, t.Parent(top)
		}
		if node == Node(n) {
			return false // at the top itself
		}
	}
	return true
}
