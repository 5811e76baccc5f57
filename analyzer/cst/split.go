package cst

import "sort"

// Split cuts a C/C++/CUDA file into its declarations, so that a caller
// that needs only some of them (analyzer/hostgate: the functions that read
// the capability) can parse just those (Parser.ParseTreeRanges) instead of
// the whole file. It is a byte-level scan, not a parse: it knows comments,
// string, character and raw string literals, preprocessor lines and
// brackets, and a few declaration shapes. Wherever it is unsure it either
// keeps text together (a larger item is always safe) or gives up (ok
// false), and the caller parses the whole file.
//
// An item parsed without its neighbours is not always parsed as in the
// whole file: tree-sitter's error recovery and its choice between readings
// of ambiguous code depend on the errors and alternatives before a spot.
// On the host files of seven real trees, 4 of 1,479 items that read the
// capability came out differently (TestSplitCorpus keeps random thirds of
// every file's items; hostgate's TestPartialCorpus compares gates). A
// caller must check what it parsed (hostgate.AnalyzeSource does).

// Piece is a span of a file. The pieces of a split cover the file in
// order, each ending where the next starts. An item is one declaration
// (with the comments and blank space before it) that may be left out of a
// parse; the rest is the skeleton every parse keeps: preprocessor lines
// between declarations, and the headers and closing braces of the
// namespaces, extern "C" blocks and class bodies the split descends into,
// so that a declaration kept is parsed in the context it has in the file.
type Piece struct {
	Start, End int
	Item       bool
	// Glued marks an item of a class body right after an item that
	// ends with a brace, not a ';': tree-sitter may not have closed that
	// one yet (it may still hold another reading of it, such as a field
	// with an initializer that waits for its ';'), so this item parses
	// as in the file only with it (Ranges). Outside class bodies items
	// are not glued (emit says why).
	Glued bool
	// Merged marks an item that holds an #if group whose branches the
	// split could not cut apart (splitMerging): tree-sitter's reading
	// of it has errors where the file's has, but whether they are the
	// same errors is not known, so a caller that keeps it parses the
	// whole file instead (MergedKept).
	Merged bool
}

// NearlyWhole reports whether a partial parse of kept bytes holds nine
// tenths of a file of size bytes or more: the whole file is parsed
// instead, since that costs little more, and a part found unclean would
// be parsed twice (20 of CCCL's host-check files were, 0.29 MB;
// flashinfer 749048b61's fp8_gemm_impl.cuh, 38 KB, for the empty-kernel
// check).
func NearlyWhole(kept, size int) bool { return kept*10 >= size*9 }

// KeptBytes is how much of the file the items keep marks and the
// skeleton hold: what a partial parse of them hands tree-sitter.
func KeptBytes(pieces []Piece, keep []bool) int {
	n := 0
	for _, r := range Ranges(pieces, func(i int) bool { return keep[i] }) {
		n += r.End - r.Start
	}
	return n
}

// MergedKept reports whether a Merged item is among the items marked.
func MergedKept(pieces []Piece, marked []bool) bool {
	for i, pc := range pieces {
		if pc.Merged && marked[i] {
			return true
		}
	}
	return false
}

// Ranges are the ranges of a split to parse: the skeleton and the items
// keep picks (it is asked about every item), with the items they are
// glued to, adjacent ones joined.
func Ranges(pieces []Piece, keep func(i int) bool) []Range {
	kept := make([]bool, len(pieces))
	glue := false
	for i := len(pieces) - 1; i >= 0; i-- {
		pc := pieces[i]
		kept[i] = !pc.Item || keep(i) || glue
		glue = pc.Glued && kept[i]
	}
	var out []Range
	for i, pc := range pieces {
		if !kept[i] {
			continue
		}
		if n := len(out); n > 0 && out[n-1].End == pc.Start {
			out[n-1].End = pc.End
		} else {
			out = append(out, Range{Start: pc.Start, End: pc.End})
		}
	}
	return out
}

// maxSplitNesting bounds the namespaces and classes the split descends
// into; deeper input is not split.
const maxSplitNesting = 200

// Split returns the pieces of src, or false when it cannot cut src into
// declarations with certainty: unbalanced or mismatched brackets, an
// unterminated comment or literal, a '#' that does not start a line, a
// conditional directive (#if ... #else ... #endif) whose branches open or
// close brackets or that does not enclose whole declarations, and the like.
//
// Where the only trouble is #if groups whose branches cannot be cut
// apart, Split keeps each such group whole inside one larger item
// (splitMerging), so that the declarations elsewhere in the file can
// still be parsed on their own.
func Split(src []byte) ([]Piece, bool) {
	s := &splitter{src: src, item: -1, failGroup: -1}
	s.container(ctFile, 0)
	if !s.bad && len(s.conds) == 0 && len(s.brackets) == 0 {
		return s.pieces, true
	}
	return splitMerging(src)
}

// maxMergeRetries bounds the splits splitMerging tries, each with one
// more #if group kept whole than the last.
const maxMergeRetries = 16

// condGroup is an #if ... #endif group of a file: where its #if line
// starts and ends, where its first #elif or #else line starts (its end
// when it has none: the #endif line) and where its #endif line ends.
type condGroup struct {
	start, ifEnd, tail, end int
	// lastStart and lastEnd are the last #elif or #else line's (-1 and
	// -1 when there is none), endifStart where the #endif line starts:
	// extentsMerging reads the last branches too.
	lastStart, lastEnd, endifStart int
	// uneven: a branch opens or closes brackets it does not close or
	// open itself (counting only the first branch of the groups inside
	// it), so the branches cannot be cut apart.
	uneven bool
}

// splitMerging is Split for a file whose #if groups do not all enclose
// whole declarations or leave the brackets as they found them. It reads
// the file as the preprocessor would with the first branch of each such
// group taken: the group's #if line is an ordinary token of the
// declaration it opens or sits in, and its other branches, up to and
// with its #endif line, are one more (its tail), so the group lies in
// the item of that declaration. The item is then larger than any one
// declaration (it may hold two alternative kernels, or a function and
// the one after it), which is safe: a caller parses it whole or not at
// all. A group of even branches that still cannot be cut (template <...>
// then #if, or #if int #else long #endif x;) is found when the split
// fails at it and is taken the same way on the next try. The split gives
// up, as Split does, when another check fails, after maxMergeRetries
// tries, or when some such group does not lie in one item (the first
// branch closed the container it was opened in, say): an item must hold
// all of a group whose branches it cannot tell apart, since a parse of
// part of one reads differently from the whole file's (session 9 found a
// kernel so, in flashinfer's prefill.cuh).
func splitMerging(src []byte) ([]Piece, bool) {
	groups, ok := condGroups(src)
	if !ok {
		return nil, false
	}
	whole := map[int]bool{} // groups kept whole, by #if start
	for _, g := range groups {
		if g.uneven {
			whole[g.start] = true
		}
	}
	for range maxMergeRetries {
		s := &splitter{src: src, item: -1, failGroup: -1, opaque: map[int]token{}}
		for _, g := range groups {
			if whole[g.start] {
				g.takeFirst(s.opaque)
			}
		}
		s.container(ctFile, 0)
		if s.bad || len(s.conds) != 0 || len(s.brackets) != 0 {
			if s.failGroup < 0 || whole[s.failGroup] {
				return nil, false
			}
			whole[s.failGroup] = true
			continue
		}
		for _, g := range groups {
			if !whole[g.start] {
				continue
			}
			k, ok := withinOneItem(s.pieces, g.start, g.end)
			if !ok {
				return nil, false
			}
			s.pieces[k].Merged = true
		}
		return s.pieces, true
	}
	return nil, false
}

// takeFirst sets the tokens that read g with its first branch taken: its
// #if line, and the rest of it after that branch (its tail), each one
// token of the code around.
func (g condGroup) takeFirst(opaque map[int]token) {
	opaque[g.start] = token{kind: tkOpaque, start: g.start, end: g.ifEnd}
	opaque[g.tail] = token{kind: tkTail, start: g.tail, end: g.end}
}

// takeLast sets the tokens that read g with its last branch taken (none
// when it has no #elif or #else): what comes before that branch, and its
// #endif line.
func (g condGroup) takeLast(opaque map[int]token) {
	if g.lastStart < 0 {
		opaque[g.start] = token{kind: tkOpaque, start: g.start, end: g.end}
		return
	}
	opaque[g.start] = token{kind: tkOpaque, start: g.start, end: g.lastEnd}
	opaque[g.endifStart] = token{kind: tkTail, start: g.endifStart, end: g.end}
}

// withinOneItem finds the item of pieces that [start, end) lies in.
func withinOneItem(pieces []Piece, start, end int) (int, bool) {
	k := sort.Search(len(pieces), func(k int) bool { return pieces[k].End > start })
	return k, k < len(pieces) && pieces[k].Item && pieces[k].Start <= start && end <= pieces[k].End
}

// condGroups lists the #if groups of src in the order of their #if
// lines, telling which are uneven (condGroup). It fails where the split
// would fail to scan src, and where #elif, #else and #endif lines do not
// pair with #if lines.
func condGroups(src []byte) ([]condGroup, bool) {
	s := &splitter{src: src, item: -1}
	var groups []condGroup
	// open are the groups open, innermost last: their index in groups,
	// whether their first branch is being read, and the brackets the
	// branch being read opened and has not closed.
	type openGroup struct {
		index    int
		first    bool
		brackets []byte
	}
	var open []openGroup
	endBranch := func(g *openGroup) {
		if len(g.brackets) != 0 {
			groups[g.index].uneven = true
		}
		g.brackets = g.brackets[:0]
	}
	for {
		t := s.scan()
		if s.bad {
			return nil, false
		}
		switch t.kind {
		case tkEOF:
			return groups, len(open) == 0
		case tkDirective:
			n := len(open)
			switch s.keyword(t) {
			case "if", "ifdef", "ifndef":
				open = append(open, openGroup{index: len(groups), first: true})
				groups = append(groups, condGroup{start: t.start, ifEnd: t.end, tail: -1, lastStart: -1, lastEnd: -1})
			case "elif", "elifdef", "elifndef", "else":
				if n == 0 {
					return nil, false
				}
				g := &open[n-1]
				endBranch(g)
				if g.first {
					groups[g.index].tail = t.start
				}
				groups[g.index].lastStart, groups[g.index].lastEnd = t.start, t.end
				g.first = false
			case "endif":
				if n == 0 {
					return nil, false
				}
				g := &open[n-1]
				endBranch(g)
				if groups[g.index].tail < 0 {
					groups[g.index].tail = t.start
				}
				groups[g.index].endifStart, groups[g.index].end = t.start, t.end
				open = open[:n-1]
			}
		case tkPunct:
			c := s.src[t.start]
			if !strchr("([{)]}", c) {
				continue
			}
			// The bracket counts in the branch of the innermost group,
			// and in the branch of each group around it read through
			// first branches only.
			for k := len(open) - 1; k >= 0; k-- {
				g := &open[k]
				if strchr("([{", c) {
					g.brackets = append(g.brackets, c)
				} else if m := len(g.brackets); m == 0 || g.brackets[m-1] != opening(c) {
					groups[g.index].uneven = true
				} else {
					g.brackets = g.brackets[:m-1]
				}
				if !g.first {
					break
				}
			}
		}
	}
}

// Token kinds of the split's scanner.
const (
	tkEOF = iota
	tkIdent
	tkNumber
	tkLiteral   // string, character or raw string literal
	tkDirective // a whole preprocessor line
	tkPunct     // one byte of punctuation
	// tkOpaque is the #if line of a group splitMerging keeps whole,
	// tkTail the rest of the group after its first branch: both are
	// ordinary tokens of the declaration they are in.
	tkOpaque
	tkTail
)

type token struct {
	kind       int
	start, end int
}

// Containers the split descends into.
const (
	ctFile = iota
	ctNamespace
	ctLinkage
	ctClass
)

// condFrame is an open #if group: the bracket depth at its #if, the
// container it was opened in and the item (-1: between declarations),
// and where its #if line starts.
type condFrame struct {
	depth, container, item int
	start                  int
}

type splitter struct {
	src    []byte
	pos    int
	pieces []Piece
	// mark is where the next piece starts.
	mark int
	// brackets are the open brackets, innermost last.
	brackets []byte
	conds    []condFrame
	// item numbers the item being scanned, -1 between items; cont numbers
	// the container being read.
	item, items int
	cont, conts int
	// contKind is the kind of the container being read (ctFile, ...).
	contKind int
	// lastEnd is the end of the last token read.
	lastEnd int
	bad     bool
	peeked  *token
	pk      token
	// failGroup is the #if start of the group whose #elif, #else or
	// #endif line failed the split, -1 when none did.
	failGroup int
	// opaque are the tokens splitMerging reads in place of the
	// directive lines of the groups it keeps whole, by their start.
	opaque map[int]token
}

// Kinds of piece for emit.
const (
	pkItem     = iota
	pkSkeleton // a directive or a container's header
	pkClose    // a container's closing brace (and a class's declarators)
)

// emit ends the current piece at end. In a class body, an item that
// follows an item ending with a brace is glued to it: there tree-sitter
// reads a member after a method differently without the method (a
// field_identifier for an identifier, in flashinfer's fmha_v2 tiles).
// (Gluing the skeleton too, a directive or class header after such an
// item, would parse 54% of the bytes of seven real trees' host files
// instead of 38%, and changed no item's tree there.)
//
// At file and namespace level items are not glued: a file of function
// definitions glued each to the one before, so keeping one function kept
// every function above it (flashinfer 749048b61's decode.cuh: 12.7 KB of
// reading items, 45.9 KB parsed). Unglued there, the items that parse
// differently alone are ambiguous template arguments read as a type or
// as an expression, and items in files with parse errors (flashinfer
// 749048b61 8 -> 10 files of 578, 2deed6c15 13 -> 14, CUTLASS 83 -> 85,
// CCCL 125 -> 147), none of which changes a host check's gate or a kernel
// found (TestPartialCorpus, TestKernelSourceCorpus, TestParseKernelsCorpus
// on the four trees); an item that parses with an error at its top is
// parsed whole as before (Tree.CleanItems).
func (s *splitter) emit(end int, kind int) {
	if end <= s.mark {
		return
	}
	n := len(s.pieces)
	glued := kind == pkItem && s.contKind == ctClass && n > 0 && s.pieces[n-1].Item && s.src[s.pieces[n-1].End-1] == '}'
	if n > 0 && kind != pkItem && !s.pieces[n-1].Item {
		s.pieces[n-1].End = end
	} else {
		s.pieces = append(s.pieces, Piece{Start: s.mark, End: end, Item: kind == pkItem, Glued: glued})
	}
	s.mark = end
}

func (s *splitter) peek() token {
	if s.peeked == nil {
		s.pk = s.scan()
		s.peeked = &s.pk
	}
	return *s.peeked
}

func (s *splitter) next() token {
	t := s.peek()
	s.peeked = nil
	if t.kind != tkEOF {
		s.lastEnd = t.end
	}
	return t
}

func (s *splitter) text(t token) string { return string(s.src[t.start:t.end]) }

func (s *splitter) punct(t token, c byte) bool {
	return t.kind == tkPunct && s.src[t.start] == c
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// atLineStart reports whether only blanks precede i on its line.
func (s *splitter) atLineStart(i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch s.src[j] {
		case ' ', '\t', '\f', '\v', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// scan reads the next token, skipping blanks, comments and line splices.
// An error sets bad and returns EOF.
func (s *splitter) scan() token {
	src := s.src
	for s.pos < len(src) {
		c := src[s.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			s.pos++
		case c == '\\' && s.splice(s.pos) > 0:
			s.pos += s.splice(s.pos)
		case c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '/':
			s.pos = s.lineComment(s.pos)
		case c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '*':
			end, ok := s.blockComment(s.pos)
			if !ok {
				s.bad = true
				return token{kind: tkEOF, start: len(src), end: len(src)}
			}
			s.pos = end
		case c == '#':
			if !s.atLineStart(s.pos) {
				// tree-sitter may or may not take it for a directive.
				s.bad = true
				return token{kind: tkEOF, start: len(src), end: len(src)}
			}
			start := s.pos
			if t, ok := s.opaque[start]; ok {
				s.pos = t.end
				return t
			}
			s.pos = s.directiveEnd(s.pos)
			return token{kind: tkDirective, start: start, end: s.pos}
		default:
			return s.token()
		}
	}
	return token{kind: tkEOF, start: len(src), end: len(src)}
}

// splice is the length of a backslash-newline at i, 0 if there is none.
func (s *splitter) splice(i int) int {
	src := s.src
	if i+1 < len(src) && src[i+1] == '\n' {
		return 2
	}
	if i+2 < len(src) && src[i+1] == '\r' && src[i+2] == '\n' {
		return 3
	}
	return 0
}

// lineComment returns the end of the // comment at i: its line's end,
// line splices continuing it.
func (s *splitter) lineComment(i int) int {
	src := s.src
	for i < len(src) && src[i] != '\n' {
		if src[i] == '\\' && s.splice(i) > 0 {
			i += s.splice(i)
			continue
		}
		i++
	}
	return i
}

func (s *splitter) blockComment(i int) (int, bool) {
	for j := i + 2; j+1 < len(s.src); j++ {
		if s.src[j] == '*' && s.src[j+1] == '/' {
			return j + 2, true
		}
	}
	return len(s.src), false
}

// directiveEnd returns the end of the preprocessor line at i (after its
// newline): splices continue it, a block comment may run over lines, and
// a quote left open ends with the line (#error don't).
func (s *splitter) directiveEnd(i int) int {
	src := s.src
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			// tree-sitter ends a directive with its newline.
			return i + 1
		case c == '\\' && s.splice(i) > 0:
			i += s.splice(i)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			if end := s.lineComment(i); end < len(src) {
				return end + 1
			} else {
				return end
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end, ok := s.blockComment(i)
			if !ok {
				s.bad = true
				return len(src)
			}
			i = end
		case c == '"' || c == '\'':
			i++
			for i < len(src) && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' && i+1 < len(src) {
					i++
				}
				i++
			}
			if i < len(src) && src[i] == c {
				i++
			}
		default:
			i++
		}
	}
	return i
}

// token reads the token at s.pos, which is no blank, comment or directive.
func (s *splitter) token() token {
	src := s.src
	start := s.pos
	c := src[start]
	switch {
	case c >= '0' && c <= '9' || (c == '.' && start+1 < len(src) && src[start+1] >= '0' && src[start+1] <= '9'):
		// A pp-number, digit separators (1'000) and exponent signs included.
		i := start + 1
		for i < len(src) {
			d := src[i]
			switch {
			case isIdentByte(d) || d == '.':
				i++
			case d == '\'' && i+1 < len(src) && isIdentByte(src[i+1]):
				i += 2
			case (d == '+' || d == '-') && strchr("eEpP", src[i-1]):
				i++
			default:
				s.pos = i
				return token{kind: tkNumber, start: start, end: i}
			}
		}
		s.pos = i
		return token{kind: tkNumber, start: start, end: i}
	case isIdentByte(c):
		i := start
		for i < len(src) && isIdentByte(src[i]) {
			i++
		}
		if i < len(src) && (src[i] == '"' || src[i] == '\'') {
			switch string(src[start:i]) {
			case "L", "u", "U", "u8":
				return s.quoted(start, i)
			case "R", "LR", "uR", "UR", "u8R":
				if src[i] == '"' {
					return s.raw(start, i)
				}
			}
		}
		s.pos = i
		return token{kind: tkIdent, start: start, end: i}
	case c == '"' || c == '\'':
		return s.quoted(start, start)
	}
	s.pos = start + 1
	return token{kind: tkPunct, start: start, end: start + 1}
}

func strchr(set string, c byte) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

// quoted reads the string or character literal whose quote is at q; one
// the line ends in is an error.
func (s *splitter) quoted(start, q int) token {
	src := s.src
	c := src[q]
	i := q + 1
	for i < len(src) && src[i] != c {
		switch src[i] {
		case '\n':
			s.bad = true
			s.pos = len(src)
			return token{kind: tkEOF, start: len(src), end: len(src)}
		case '\\':
			i++
		}
		i++
	}
	if i >= len(src) {
		s.bad = true
		s.pos = len(src)
		return token{kind: tkEOF, start: len(src), end: len(src)}
	}
	s.pos = i + 1
	return token{kind: tkLiteral, start: start, end: i + 1}
}

// raw reads the raw string literal whose quote is at q: R"delim(...)delim".
func (s *splitter) raw(start, q int) token {
	src := s.src
	open := q + 1
	for open < len(src) && open-q <= 17 && src[open] != '(' {
		switch src[open] {
		case ')', '\\', ' ', '\t', '\n', '\r', '\f', '\v', '"':
			open = len(src)
		}
		open++
	}
	if open >= len(src) || src[open] != '(' {
		s.bad = true
		s.pos = len(src)
		return token{kind: tkEOF, start: len(src), end: len(src)}
	}
	closing := ")" + string(src[q+1:open]) + "\""
	for i := open + 1; i+len(closing) <= len(src); i++ {
		if src[i] == ')' && string(src[i:i+len(closing)]) == closing {
			s.pos = i + len(closing)
			return token{kind: tkLiteral, start: start, end: s.pos}
		}
	}
	s.bad = true
	s.pos = len(src)
	return token{kind: tkEOF, start: len(src), end: len(src)}
}

// directive tracks the conditional directives of the preprocessor line t:
// each branch of a group must leave the brackets as it found them, and a
// group opened between declarations must close between them (in the same
// container), one opened inside a declaration inside that one.
func (s *splitter) directive(t token) {
	switch kw := s.keyword(t); kw {
	case "if", "ifdef", "ifndef":
		s.conds = append(s.conds, condFrame{depth: len(s.brackets), container: s.cont, item: s.item, start: t.start})
	case "elif", "elifdef", "elifndef", "else", "endif":
		n := len(s.conds)
		if n == 0 {
			s.bad = true
			return
		}
		if f := s.conds[n-1]; f.depth != len(s.brackets) || f.container != s.cont || f.item != s.item {
			s.bad = true
			s.failGroup = f.start
			return
		}
		if kw == "endif" {
			s.conds = s.conds[:n-1]
		}
	}
}

// keyword is the name after the '#' of the preprocessor line t.
func (s *splitter) keyword(t token) string {
	i := t.start + 1
	for i < t.end && (s.src[i] == ' ' || s.src[i] == '\t') {
		i++
	}
	j := i
	for j < t.end && isIdentByte(s.src[j]) {
		j++
	}
	return string(s.src[i:j])
}

// open and close keep the bracket stack.
func (s *splitter) open(c byte) { s.brackets = append(s.brackets, c) }

func (s *splitter) close(c byte) {
	n := len(s.brackets)
	if n == 0 || s.brackets[n-1] != opening(c) {
		s.bad = true
		return
	}
	s.brackets = s.brackets[:n-1]
}

// opening is the bracket that closing bracket c closes, 0 when c is
// none.
func opening(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	case '}':
		return '{'
	}
	return 0
}

// container reads the declarations of a file, namespace, extern "C" block
// or class body up to its closing brace (left unread) or the end of the
// file.
func (s *splitter) container(kind, nesting int) {
	s.conts++
	outer := s.cont
	s.cont = s.conts
	outerKind := s.contKind
	s.contKind = kind
	defer func() { s.cont, s.contKind = outer, outerKind }()
	for !s.bad {
		t := s.peek()
		switch {
		case t.kind == tkEOF:
			if kind != ctFile {
				s.bad = true
				return
			}
			s.emit(len(s.src), pkClose)
			return
		case t.kind == tkDirective:
			s.next()
			s.directive(t)
			s.emit(t.end, pkSkeleton)
		case s.punct(t, '}'):
			if kind == ctFile {
				s.bad = true
			}
			return
		case s.loneMacro(t):
			// CUB_NAMESPACE_BEGIN on its own line before a namespace:
			// kept with the skeleton, so that the namespace after it is
			// a container of its own and not part of one declaration.
			s.next()
			s.emit(t.end, pkSkeleton)
		default:
			s.declaration(nesting)
		}
	}
}

// loneMacro reports an upper-case name alone on its line, the next line
// starting with the namespace keyword.
func (s *splitter) loneMacro(t token) bool {
	if t.kind != tkIdent {
		return false
	}
	letter := false
	for _, c := range s.src[t.start:t.end] {
		switch {
		case 'A' <= c && c <= 'Z':
			letter = true
		case c == '_' || ('0' <= c && c <= '9'):
		default:
			return false
		}
	}
	i, newline := t.end, false
	for i < len(s.src) && strchr(" \t\r\n", s.src[i]) {
		newline = newline || s.src[i] == '\n'
		i++
	}
	const kw = "namespace"
	return letter && newline && len(s.src)-i > len(kw) && string(s.src[i:i+len(kw)]) == kw && !isIdentByte(s.src[i+len(kw)])
}

// header describes a declaration up to its first brace at its own level.
type header struct {
	tokens int // tokens after the template<...> prefixes
	// first and second are the first two of them, secondKind the
	// second's token kind.
	first, second string
	secondKind    int
	eq            bool // an = (the brace is an initializer)
	classKey      bool // class, struct, union, enum or typedef
	paren         bool // a ( not after an attribute keyword
	operator      bool // the operator keyword (its symbol follows)
	// colonAfterParen is a ':' after the first ')': a constructor's
	// initializer list, whose member initializers may use braces.
	colonAfterParen bool
	closedParen     bool
	// inTemplate counts the open < of template<...> prefixes.
	inTemplate  int
	templateKey bool   // the last token was template
	prevColon   bool   // the last token was ':' (for '::')
	lastIdent   string // the last token, when a name
}

// add records one token read at the declaration's own bracket level (or
// an opening bracket there) before its first brace.
func (h *header) add(s *splitter, t token) {
	isP := func(c byte) bool { return s.punct(t, c) }
	if h.inTemplate > 0 {
		switch {
		case isP('<'):
			h.inTemplate++
		case isP('>'):
			h.inTemplate--
		}
		return
	}
	if h.templateKey {
		h.templateKey = false
		if isP('<') {
			h.inTemplate = 1
			return
		}
	}
	if t.kind == tkIdent && s.text(t) == "template" && h.tokens == 0 {
		h.templateKey = true
		return
	}
	colon := isP(':')
	defer func() { h.prevColon = colon }()
	h.tokens++
	switch h.tokens {
	case 1:
		h.first = s.text(t)
	case 2:
		h.second, h.secondKind = s.text(t), t.kind
	}
	if h.operator {
		// The operator's symbol (=, <, (), ...) up to its parameters:
		// a '(' right after the keyword is the symbol of operator().
		if !isP('(') || h.lastIdent == "operator" {
			h.lastIdent = ""
			return
		}
		h.operator = false
	}
	switch {
	case t.kind == tkIdent:
		switch s.text(t) {
		case "class", "struct", "union", "enum", "typedef":
			h.classKey = true
		case "operator":
			h.operator = true
		}
		h.lastIdent = s.text(t)
		return
	case isP('='):
		h.eq = true
	case isP('('):
		switch h.lastIdent {
		case "alignas", "__align__", "__attribute__", "__declspec":
			// An attribute's arguments, not parameters.
		default:
			h.paren = true
		}
	case isP(')'):
		h.closedParen = true
	case colon:
		if h.closedParen && !h.prevColon && !(t.end < len(s.src) && s.src[t.end] == ':') {
			h.colonAfterParen = true
		}
	}
	h.lastIdent = ""
}

// declaration reads one declaration (an item), descending into a
// namespace, extern "C" block or class body it opens.
func (s *splitter) declaration(nesting int) {
	s.items++
	s.item = s.items
	defer func() { s.item = -1 }()
	base := len(s.brackets)
	var h header
	braced := false   // the first brace at this level was read
	funcLike := false // a function definition: it ends at its body's brace
	var opener token  // the token before the last brace opened at this level
	var prev token
	for !s.bad {
		t := s.next()
		depth := len(s.brackets) - base
		switch {
		case t.kind == tkEOF:
			if depth != 0 {
				s.bad = true
				return
			}
			s.emit(s.lastEnd, pkItem)
			return
		case t.kind == tkDirective:
			s.directive(t)
		case s.punct(t, '(') || s.punct(t, '['):
			if depth == 0 && !braced {
				h.add(s, t)
			}
			s.open(s.src[t.start])
		case s.punct(t, '{'):
			if depth == 0 && !braced {
				braced = true
				if ck := s.containerKind(&h); ck >= 0 {
					s.open('{')
					if nesting >= maxSplitNesting {
						s.bad = true
						return
					}
					s.emit(t.end, pkSkeleton)
					s.item = -1
					s.container(ck, nesting+1)
					if s.bad {
						return
					}
					s.close(s.src[s.next().start])
					if ck == ctClass {
						s.tail(base)
					}
					s.emit(s.lastEnd, pkClose)
					return
				}
				funcLike = h.paren && !h.eq && !h.classKey
			}
			if depth == 0 {
				opener = prev
			}
			s.open('{')
		case s.punct(t, ')') || s.punct(t, ']') || s.punct(t, '}'):
			if depth == 0 {
				if s.punct(t, '}') {
					// The container closes: the declaration ends
					// without a terminator. Leave the brace to it.
					s.peeked, s.pk = &s.pk, t
					s.emit(prev.end, pkItem)
					return
				}
				s.bad = true
				return
			}
			if depth == 1 && !braced {
				h.add(s, t)
			}
			s.close(s.src[t.start])
			if depth == 1 && s.punct(t, '}') && funcLike {
				// The rest of a group kept whole whose first branch
				// ends here belongs to this declaration.
				s.takeTails()
				if s.endsAfterBody(&h, opener) {
					if s.punct(s.peek(), ';') {
						s.next()
						s.takeTails()
					}
					s.emit(s.lastEnd, pkItem)
					return
				}
			}
		case s.punct(t, ';') && depth == 0:
			s.takeTails()
			s.emit(s.lastEnd, pkItem)
			return
		default:
			if depth == 0 && !braced {
				h.add(s, t)
			}
		}
		if t.kind != tkDirective {
			prev = t
		}
	}
}

// takeTails reads the tails of groups kept whole that come next
// (splitMerging).
func (s *splitter) takeTails() {
	for !s.bad && s.peek().kind == tkTail {
		s.next()
	}
}

// endsAfterBody reports whether a function-like declaration whose brace
// just closed ends there: the next token starts another declaration (or
// closes the container). A constructor's initializer list may hold braces
// (: a{1}, b{2} {}), so there the brace closed must have opened after a
// ')' or '}': a body.
func (s *splitter) endsAfterBody(h *header, opener token) bool {
	nx := s.peek()
	switch {
	case s.bad:
		return false
	case nx.kind == tkEOF || nx.kind == tkDirective || nx.kind == tkOpaque || s.punct(nx, ';') || s.punct(nx, '}'):
		return true
	case s.punct(nx, '~') || (s.punct(nx, '[') && nx.end < len(s.src) && s.src[nx.end] == '['):
	case nx.kind == tkIdent:
		if s.text(nx) == "catch" {
			return false
		}
	default:
		return false
	}
	if h.colonAfterParen {
		return s.punct(opener, ')') || s.punct(opener, '}')
	}
	return true
}

// containerKind says which container a declaration's first brace opens,
// -1 for none (a function body, an initializer, an enum, or anything the
// split is unsure of: the declaration is then kept whole).
func (s *splitter) containerKind(h *header) int {
	if h.eq || h.inTemplate > 0 || h.templateKey || h.paren {
		return -1
	}
	switch {
	case h.first == "namespace" && !h.classKey:
		return ctNamespace
	case h.first == "inline" && h.second == "namespace" && !h.classKey:
		return ctNamespace
	case h.first == "extern" && h.tokens == 2 && h.secondKind == tkLiteral:
		return ctLinkage
	case h.first == "class" || h.first == "struct" || h.first == "union":
		return ctClass
	}
	return -1
}

// tail reads what follows a class body up to its ';' (struct S {...} s;).
func (s *splitter) tail(base int) {
	for !s.bad {
		t := s.next()
		switch {
		case t.kind == tkEOF:
			s.bad = true
		case t.kind == tkDirective:
			// A directive between a class body and its declarators.
			s.bad = true
		case s.punct(t, '{'):
			// An initializer (struct S {...} s{1};) or a lambda:
			// the skeleton holds no braces but its containers'.
			s.bad = true
		case s.punct(t, '(') || s.punct(t, '['):
			s.open(s.src[t.start])
		case s.punct(t, ')') || s.punct(t, ']') || s.punct(t, '}'):
			if len(s.brackets) == base {
				s.bad = true
				return
			}
			s.close(s.src[t.start])
		case s.punct(t, ';') && len(s.brackets) == base:
			return
		}
	}
}
