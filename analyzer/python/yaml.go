package python

import (
	"strconv"
	"strings"
)

// A reader of the YAML that GitHub Actions workflows are written in, just
// large enough to find where an arch list is set: block mappings
// (`key: value`, the value on the line or nested below it), block
// sequences (`- item`, `- key: value` starting a mapping), flow mappings
// and sequences (`{ a: 'x', b: 'y' }`, `[8.0, 9.0]`, spread over lines
// too), block scalars (`run: |`, `>-`), quoted scalars and plain ones,
// continued on more indented lines. Anchors, aliases, tags, multiple
// documents and keys that are not scalars are not modeled: their text is
// kept as it reads. Every input is read to the end without failing;
// what does not fit the subset yields entries of no use, never a panic.

// yamlEntry is one scalar of a YAML file, or a key whose value is nested
// below it (val empty, vs == ve).
type yamlEntry struct {
	// path is the keys from the document's top to the scalar; an item of
	// a sequence is "[i]" (yamlIndex), so an include row's key reads
	// jobs, build, strategy, matrix, include, [3], cudaarch.
	path []string
	// ks is the offset of the key, or of the value for an item of a
	// sequence (no key).
	ks int
	// val is the value with quotes and escapes resolved, a block scalar's
	// lines as written; vs:ve is its text in the file, quotes included.
	val    string
	vs, ve int
	// block: the value is a block scalar (| or >); vs:ve spans its lines.
	block bool
}

// key is the entry's own key ("" for an item of a sequence).
func (e *yamlEntry) key() string {
	if len(e.path) == 0 || isYAMLIndex(e.path[len(e.path)-1]) {
		return ""
	}
	return e.path[len(e.path)-1]
}

// yamlIndex spells item i of a sequence in a path.
func yamlIndex(i int) string { return "[" + strconv.Itoa(i) + "]" }

func isYAMLIndex(s string) bool { return strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") }

// yamlMaxFlowLines bounds how many lines one flow collection may span.
const yamlMaxFlowLines = 200

// yamlFrame is an open node: a key (at the column of the key) or an item
// of a sequence (at the column of its dash).
type yamlFrame struct {
	indent int
	name   string
	item   bool
	items  int // the items this node's sequence has had so far
}

type yamlReader struct {
	src   []byte
	stack []yamlFrame
	out   []yamlEntry
	items int // items of the top level's sequence
}

// yamlEntries reads src's entries in file order.
func yamlEntries(src []byte) []yamlEntry {
	r := &yamlReader{src: src}
	r.read()
	return r.out
}

// line is one line of src: [start, end) without its newline (nor a \r
// before it).
type yamlLine struct{ start, end int }

func (r *yamlReader) lines() []yamlLine {
	var out []yamlLine
	for i := 0; i < len(r.src); {
		j := i
		for j < len(r.src) && r.src[j] != '\n' {
			j++
		}
		e := j
		if e > i && r.src[e-1] == '\r' {
			e--
		}
		out = append(out, yamlLine{i, e})
		i = j + 1
	}
	return out
}

// indentOf is the count of leading blanks of a line (tabs count as one,
// as a reader that does not reject them must).
func (r *yamlReader) indentOf(l yamlLine) int {
	n := 0
	for l.start+n < l.end && (r.src[l.start+n] == ' ' || r.src[l.start+n] == '\t') {
		n++
	}
	return n
}

// blank: the line holds nothing but blanks or a comment.
func (r *yamlReader) blank(l yamlLine) bool {
	n := r.indentOf(l)
	return l.start+n == l.end || r.src[l.start+n] == '#'
}

func (r *yamlReader) path() []string {
	p := make([]string, len(r.stack))
	for i, f := range r.stack {
		p[i] = f.name
	}
	return p
}

// pop closes the nodes a line at column col ends: every one at or right
// of it, but, for a dash (item) at col, not a key at col, whose sequence
// may be written at the key's own indentation.
func (r *yamlReader) pop(col int, item bool) {
	for len(r.stack) > 0 {
		top := r.stack[len(r.stack)-1]
		if top.indent < col || item && top.indent == col && !top.item {
			return
		}
		r.stack = r.stack[:len(r.stack)-1]
	}
}

// nextItem numbers a new item of the innermost open node's sequence.
func (r *yamlReader) nextItem() string {
	if len(r.stack) == 0 {
		r.items++
		return yamlIndex(r.items - 1)
	}
	top := &r.stack[len(r.stack)-1]
	top.items++
	return yamlIndex(top.items - 1)
}

func (r *yamlReader) read() {
	ls := r.lines()
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		if r.blank(l) {
			continue
		}
		ind := r.indentOf(l)
		if ind == 0 && l.end-l.start >= 3 && (string(r.src[l.start:l.start+3]) == "---" || string(r.src[l.start:l.start+3]) == "...") {
			// A new document.
			r.stack, r.items = r.stack[:0], 0
			continue
		}
		i = r.node(ls, i, l.start+ind, ind)
	}
}

// node reads the node starting at offset at, column col, of line i (a
// dash, a key or a scalar) and returns the last line it took.
func (r *yamlReader) node(ls []yamlLine, i, at, col int) int {
	l := ls[i]
	for guard := 0; guard < 1000; guard++ {
		if at < l.end && r.src[at] == '-' && (at+1 == l.end || r.src[at+1] == ' ' || r.src[at+1] == '\t') {
			// An item of a sequence; what follows the dash is its value.
			r.pop(col, true)
			r.stack = append(r.stack, yamlFrame{indent: col, name: r.nextItem(), item: true})
			n := 1
			for at+n < l.end && (r.src[at+n] == ' ' || r.src[at+n] == '\t') {
				n++
			}
			at, col = at+n, col+n
			if at == l.end || r.src[at] == '#' {
				return i
			}
			continue
		}
		break
	}
	if ks, ke, ok := r.keyAt(at, l.end); ok {
		r.pop(col, false)
		key := yamlUnquote(string(r.src[ks:ke]))
		r.stack = append(r.stack, yamlFrame{indent: col, name: key})
		// The value, after the colon and the blanks.
		v := ke
		for v < l.end && r.src[v] != ':' {
			v++
		}
		v++
		for v < l.end && (r.src[v] == ' ' || r.src[v] == '\t') {
			v++
		}
		if v >= l.end || r.src[v] == '#' {
			r.out = append(r.out, yamlEntry{path: r.path(), ks: ks, vs: l.end, ve: l.end})
			return i
		}
		return r.value(ls, i, v, col, ks)
	}
	// A scalar item of a sequence (the key-less value).
	if len(r.stack) == 0 || !r.stack[len(r.stack)-1].item {
		// A stray scalar: read past it.
		return r.value(ls, i, at, col, -1)
	}
	return r.value(ls, i, at, r.stack[len(r.stack)-1].indent, at)
}

// keyAt finds a key at src[at:end]: a plain or quoted scalar followed by
// a colon and a blank or the end of the line. It returns the key's span.
func (r *yamlReader) keyAt(at, end int) (int, int, bool) {
	if at >= end {
		return 0, 0, false
	}
	switch c := r.src[at]; c {
	case '"', '\'':
		q := yamlQuoteEnd(r.src[:end], at)
		if q < 0 {
			return 0, 0, false
		}
		j := q + 1
		for j < end && (r.src[j] == ' ' || r.src[j] == '\t') {
			j++
		}
		if j < end && r.src[j] == ':' && (j+1 == end || r.src[j+1] == ' ' || r.src[j+1] == '\t') {
			return at, q + 1, true
		}
		return 0, 0, false
	case '{', '[', '|', '>', '#', '&', '*', '!', '%', '@', '`', ',', '?':
		return 0, 0, false
	}
	for j := at; j < end; j++ {
		switch r.src[j] {
		case ':':
			if j+1 == end || r.src[j+1] == ' ' || r.src[j+1] == '\t' {
				ke := j
				for ke > at && (r.src[ke-1] == ' ' || r.src[ke-1] == '\t') {
					ke--
				}
				return at, ke, ke > at
			}
		case '#':
			if j > at && (r.src[j-1] == ' ' || r.src[j-1] == '\t') {
				return 0, 0, false
			}
		}
	}
	return 0, 0, false
}

// value reads the value at offset v of line i, for a node whose key (or
// dash) is at column col, key offset ks (-1: emit nothing), and returns
// the last line it took.
func (r *yamlReader) value(ls []yamlLine, i, v, col, ks int) int {
	l := ls[i]
	switch r.src[v] {
	case '|', '>':
		if yamlBlockHeader(string(r.src[v:l.end])) {
			// The block's lines: every later one more indented than the
			// key, and the blank ones among them.
			last := i
			for j := i + 1; j < len(ls); j++ {
				if ls[j].start == ls[j].end || r.indentOf(ls[j]) == ls[j].end-ls[j].start {
					continue
				}
				if r.indentOf(ls[j]) <= col {
					break
				}
				last = j
			}
			if last == i {
				r.emit(ks, "", l.end, l.end, true)
				return i
			}
			vs, ve := ls[i+1].start, ls[last].end
			r.emit(ks, string(r.src[vs:ve]), vs, ve, true)
			return last
		}
	case '{', '[':
		// A flow collection, over the lines it takes to close.
		end, last := r.flowEnd(ls, i, v)
		if ks >= 0 {
			r.flow(v, end)
		}
		return last
	case '"', '\'':
		// A quoted scalar, over the lines it takes to close.
		for j := i; j < len(ls) && j < i+yamlMaxFlowLines; j++ {
			if q := yamlQuoteEnd(r.src[:ls[j].end], v); q >= 0 {
				r.emit(ks, yamlUnquote(string(r.src[v:q+1])), v, q+1, false)
				return j
			}
		}
		r.emit(ks, string(r.src[v:l.end]), v, l.end, false)
		return i
	}
	// A plain scalar: to a comment, then on every more indented line
	// that follows (a folded continuation).
	ve := yamlPlainEnd(r.src, v, l.end)
	last := i
	for j := i + 1; j < len(ls); j++ {
		if r.blank(ls[j]) {
			if ls[j].start != ls[j].end && r.indentOf(ls[j]) != ls[j].end-ls[j].start {
				break // a comment ends a plain scalar
			}
			continue
		}
		if r.indentOf(ls[j]) <= col {
			break
		}
		ve, last = yamlPlainEnd(r.src, ls[j].start+r.indentOf(ls[j]), ls[j].end), j
	}
	val := string(r.src[v:ve])
	if last > i {
		// Folded: the lines joined by blanks.
		val = strings.Join(strings.Fields(val), " ")
	}
	r.emit(ks, val, v, ve, false)
	return last
}

func (r *yamlReader) emit(ks int, val string, vs, ve int, block bool) {
	if ks < 0 {
		return
	}
	r.out = append(r.out, yamlEntry{path: r.path(), ks: ks, val: val, vs: vs, ve: ve, block: block})
}

// yamlBlockHeader: s (to the end of the line) is a block scalar's header:
// | or >, then at most a chomping and an indentation indicator, then
// blanks or a comment.
func yamlBlockHeader(s string) bool {
	i := 1
	for i < len(s) && i < 3 && (s[i] == '-' || s[i] == '+' || s[i] >= '1' && s[i] <= '9') {
		i++
	}
	rest := strings.TrimLeft(s[i:], " \t")
	return rest == "" || rest[0] == '#' && len(rest) < len(s[i:])
}

// yamlPlainEnd is where a plain scalar starting at v ends on its line: at
// a comment (a # after a blank) or the line's end, trailing blanks left.
func yamlPlainEnd(src []byte, v, end int) int {
	e := end
	for j := v + 1; j < end; j++ {
		if src[j] == '#' && (src[j-1] == ' ' || src[j-1] == '\t') {
			e = j
			break
		}
	}
	for e > v && (src[e-1] == ' ' || src[e-1] == '\t') {
		e--
	}
	return e
}

// yamlQuoteEnd is the offset of the quote closing the scalar quoted at
// src[at], -1 when src ends first. A single-quoted scalar doubles its
// quote; a double-quoted one escapes with a backslash.
func yamlQuoteEnd(src []byte, at int) int {
	q := src[at]
	for j := at + 1; j < len(src); j++ {
		switch {
		case q == '"' && src[j] == '\\':
			j++
		case src[j] == q:
			if q == '\'' && j+1 < len(src) && src[j+1] == '\'' {
				j++
				continue
			}
			return j
		}
	}
	return -1
}

// yamlUnquote resolves a quoted scalar's quotes and its common escapes;
// other text is returned trimmed.
func yamlUnquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 2 {
		return s
	}
	switch {
	case s[0] == '\'' && s[len(s)-1] == '\'':
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	case s[0] == '"' && s[len(s)-1] == '"':
		var b strings.Builder
		in := s[1 : len(s)-1]
		for i := 0; i < len(in); i++ {
			if in[i] != '\\' || i+1 == len(in) {
				b.WriteByte(in[i])
				continue
			}
			i++
			switch in[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(in[i])
			}
		}
		return b.String()
	}
	return s
}

// flowEnd finds where the flow collection opened at src[v] closes: the
// offset after its bracket and the line it is on. One left open takes
// the rest of its line alone.
func (r *yamlReader) flowEnd(ls []yamlLine, i, v int) (int, int) {
	depth := 0
	for j := i; j < len(ls) && j < i+yamlMaxFlowLines; j++ {
		from := ls[j].start
		if j == i {
			from = v
		}
		for k := from; k < ls[j].end; k++ {
			switch c := r.src[k]; c {
			case '"', '\'':
				if q := yamlQuoteEnd(r.src[:ls[j].end], k); q >= 0 {
					k = q
				}
			case '#':
				if k > from && (r.src[k-1] == ' ' || r.src[k-1] == '\t') {
					k = ls[j].end // a comment, to the end of the line
				}
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return k + 1, j
				}
			}
		}
	}
	return ls[i].end, i
}

// flow reads the flow collection src[v:end] (from its opening bracket)
// under the current path.
func (r *yamlReader) flow(v, end int) {
	base := len(r.stack)
	r.flowNode(v, end, 0)
	r.stack = r.stack[:base]
}

// flowNode reads the collection at src[v:end] into entries; depth bounds
// nesting.
func (r *yamlReader) flowNode(v, end, depth int) {
	if depth > 32 || v >= end {
		return
	}
	open := r.src[v]
	closeAt := end
	if c := r.src[end-1]; c == '}' && open == '{' || c == ']' && open == '[' {
		closeAt = end - 1
	}
	n := 0
	for _, p := range r.flowParts(v+1, closeAt) {
		ps, pe := p[0], p[1]
		if ps >= pe {
			continue
		}
		base := len(r.stack)
		ks, valAt := -1, ps
		if open == '{' {
			// key: value (or a key alone)
			c := r.flowColon(ps, pe)
			if c < 0 {
				r.stack = append(r.stack, yamlFrame{name: yamlUnquote(string(r.src[ps:pe]))})
				r.out = append(r.out, yamlEntry{path: r.path(), ks: ps, vs: pe, ve: pe})
				r.stack = r.stack[:base]
				continue
			}
			ke := c
			for ke > ps && (r.src[ke-1] == ' ' || r.src[ke-1] == '\t' || r.src[ke-1] == '\n' || r.src[ke-1] == '\r') {
				ke--
			}
			r.stack = append(r.stack, yamlFrame{name: yamlUnquote(string(r.src[ps:ke]))})
			ks, valAt = ps, c+1
		} else {
			r.stack = append(r.stack, yamlFrame{name: yamlIndex(n)})
			n++
		}
		for valAt < pe && yamlSpace(r.src[valAt]) {
			valAt++
		}
		if ks < 0 {
			ks = valAt
		}
		switch {
		case valAt >= pe:
			r.out = append(r.out, yamlEntry{path: r.path(), ks: ks, vs: pe, ve: pe})
		case r.src[valAt] == '{' || r.src[valAt] == '[':
			r.flowNode(valAt, pe, depth+1)
		default:
			r.out = append(r.out, yamlEntry{path: r.path(), ks: ks, val: yamlUnquote(string(r.src[valAt:pe])), vs: valAt, ve: pe})
		}
		r.stack = r.stack[:base]
	}
}

func yamlSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// flowParts splits src[from:to] at its top-level commas, each part
// trimmed of blanks and comments' text left out.
func (r *yamlReader) flowParts(from, to int) [][2]int {
	var out [][2]int
	depth, start := 0, from
	add := func(s, e int) {
		for s < e && (yamlSpace(r.src[s]) || r.src[s] == '#') {
			if r.src[s] == '#' {
				// A comment before the part, to the end of its line.
				for s < e && r.src[s] != '\n' {
					s++
				}
				continue
			}
			s++
		}
		for e > s && yamlSpace(r.src[e-1]) {
			e--
		}
		out = append(out, [2]int{s, e})
	}
	for k := from; k < to; k++ {
		switch r.src[k] {
		case '"', '\'':
			if q := yamlQuoteEnd(r.src[:to], k); q >= 0 {
				k = q
			}
		case '#':
			if k > from && yamlSpace(r.src[k-1]) {
				// A comment runs to the end of its line.
				for k < to && r.src[k] != '\n' {
					k++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ',':
			if depth == 0 {
				add(start, k)
				start = k + 1
			}
		}
	}
	add(start, to)
	return out
}

// flowColon is the colon ending a flow mapping entry's key in
// src[ps:pe], -1 when there is none: outside quotes and brackets, and
// followed by a blank, the end, or (after a quoted key) anything.
func (r *yamlReader) flowColon(ps, pe int) int {
	depth := 0
	for k := ps; k < pe; k++ {
		switch c := r.src[k]; c {
		case '"', '\'':
			if q := yamlQuoteEnd(r.src[:pe], k); q >= 0 {
				k = q
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ':':
			if depth == 0 && (k+1 == pe || yamlSpace(r.src[k+1]) || k > ps && (r.src[k-1] == '"' || r.src[k-1] == '\'')) {
				return k
			}
		}
	}
	return -1
}
