package python

import (
	"strconv"
	"strings"
)

// A TOML reader just large enough for kernel-builder's build.toml: table
// headers, keys (bare, quoted, dotted), and values that are strings,
// arrays (spanning lines, with comments and trailing commas) or anything
// else, skipped. It never fails: a line it cannot read is skipped, and
// reading always moves forward, so bad input costs at most the entries it
// garbles. (github.com/BurntSushi/toml, already a dependency for the
// configuration, rejects a whole file on one error and keeps no offsets
// of values.)

// tomlEntry is one `key = value` of a TOML file.
type tomlEntry struct {
	path    []string // the table's keys and the entry's own, unquoted: kernel, relu, cuda-capabilities
	sb, eb  int      // byte offsets: the key's start, the value's end
	tableAt int      // the byte offset of its table's header, -1 when none
	str     string   // the value, when it is a string
	isStr   bool
	arr     []tomlString // the value's string elements, when it is an array
	isArr   bool
	mixed   bool // the array holds something other than strings
}

// tomlString is a string element of an array, with its byte offsets.
type tomlString struct {
	text   string
	sb, eb int
}

// tomlMaxDepth bounds the nesting of arrays and inline tables read.
const tomlMaxDepth = 32

type tomlReader struct {
	src []byte
	i   int
}

// tomlEntries reads the entries of a TOML file in order. An entry under an
// array of tables ([[x]]) has the table's keys after a "[[" key.
func tomlEntries(src []byte) []tomlEntry {
	r := tomlReader{src: src}
	var table []string
	tableAt := -1
	var out []tomlEntry
	for {
		r.skipBlank(true)
		if r.i >= len(src) {
			return out
		}
		if src[r.i] == '[' {
			tableAt = r.i
			arrayTable := r.i+1 < len(src) && src[r.i+1] == '['
			r.i++
			if arrayTable {
				r.i++
			}
			keys, ok := r.keyPath(']')
			table = nil
			if ok {
				table = keys
				if arrayTable {
					table = append([]string{"[["}, keys...)
				}
			}
			r.skipLine()
			continue
		}
		sb := r.i
		keys, ok := r.keyPath('=')
		if !ok {
			r.skipLine()
			continue
		}
		r.i++ // '='
		r.skipBlank(false)
		e := tomlEntry{path: append(append([]string(nil), table...), keys...), sb: sb, tableAt: tableAt}
		r.value(&e, 0)
		e.eb = r.i
		out = append(out, e)
		r.skipLine()
	}
}

// skipBlank skips spaces and tabs, and with lines also newlines and
// comments.
func (r *tomlReader) skipBlank(lines bool) {
	for r.i < len(r.src) {
		switch r.src[r.i] {
		case ' ', '\t', '\r':
			r.i++
		case '\n':
			if !lines {
				return
			}
			r.i++
		case '#':
			if !lines {
				return
			}
			r.skipLine()
		default:
			return
		}
	}
}

// skipLine moves past the next newline.
func (r *tomlReader) skipLine() {
	for r.i < len(r.src) && r.src[r.i] != '\n' {
		r.i++
	}
	if r.i < len(r.src) {
		r.i++
	}
}

func isTOMLBare(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// keyPath reads a dotted key up to stop (left unread); ok is false when
// something else comes first.
func (r *tomlReader) keyPath(stop byte) ([]string, bool) {
	var keys []string
	for {
		r.skipBlank(false)
		if r.i >= len(r.src) {
			return nil, false
		}
		c := r.src[r.i]
		switch {
		case isTOMLBare(c):
			j := r.i
			for j < len(r.src) && isTOMLBare(r.src[j]) {
				j++
			}
			keys = append(keys, string(r.src[r.i:j]))
			r.i = j
		case c == '"' || c == '\'':
			s, ok := r.oneLineString()
			if !ok {
				return nil, false
			}
			keys = append(keys, s)
		default:
			return nil, false
		}
		r.skipBlank(false)
		if r.i >= len(r.src) {
			return nil, false
		}
		switch r.src[r.i] {
		case stop:
			return keys, true
		case '.':
			r.i++
		default:
			return nil, false
		}
	}
}

// oneLineString reads a basic ("...") or literal ('...') string that ends
// on its line.
func (r *tomlReader) oneLineString() (string, bool) {
	q := r.src[r.i]
	j := r.i + 1
	esc := false
	for j < len(r.src) && r.src[j] != q && r.src[j] != '\n' {
		if q == '"' && r.src[j] == '\\' {
			esc = true
			j++
		}
		j++
	}
	if j >= len(r.src) || r.src[j] != q {
		return "", false
	}
	s := string(r.src[r.i+1 : j])
	r.i = j + 1
	if esc {
		if u, err := strconv.Unquote(`"` + s + `"`); err == nil {
			s = u
		}
	}
	return s, true
}

// value reads a value into e (depth 0) or an array's element (depth > 0,
// e nil).
func (r *tomlReader) value(e *tomlEntry, depth int) (tomlString, bool) {
	if r.i >= len(r.src) {
		return tomlString{}, false
	}
	sb := r.i
	switch c := r.src[r.i]; {
	case c == '"' || c == '\'':
		if r.i+2 < len(r.src) && r.src[r.i+1] == c && r.src[r.i+2] == c {
			// A multi-line string: """...""" or '''...'''.
			end := strings.Index(string(r.src[r.i+3:]), string([]byte{c, c, c}))
			if end < 0 {
				r.i = len(r.src)
				return tomlString{}, false
			}
			text := string(r.src[r.i+3 : r.i+3+end])
			r.i += 3 + end + 3
			return r.setString(e, tomlString{text, sb, r.i}), true
		}
		s, ok := r.oneLineString()
		if !ok {
			return tomlString{}, false
		}
		return r.setString(e, tomlString{s, sb, r.i}), true
	case c == '[':
		r.i++
		if e != nil {
			e.isArr = true
		}
		for r.i < len(r.src) {
			r.skipBlank(true)
			if r.i >= len(r.src) {
				break
			}
			switch r.src[r.i] {
			case ']':
				r.i++
				return tomlString{}, false
			case ',':
				r.i++
				continue
			}
			if depth >= tomlMaxDepth {
				// Too deep to be a build file: give the rest of the
				// line up.
				r.skipLine()
				continue
			}
			at := r.i
			s, isStr := r.value(nil, depth+1)
			switch {
			case isStr && e != nil:
				e.arr = append(e.arr, s)
			case e != nil:
				e.mixed = true
			}
			if r.i == at {
				// Nothing read: a stray character.
				r.i++
			}
		}
		return tomlString{}, false
	case c == '{':
		// An inline table: skipped, strings and nesting honoured.
		open := 0
		for r.i < len(r.src) {
			switch r.src[r.i] {
			case '{':
				open++
			case '}':
				open--
				if open == 0 {
					r.i++
					return tomlString{}, false
				}
			case '"', '\'':
				if _, ok := r.oneLineString(); ok {
					continue
				}
			}
			r.i++
		}
		return tomlString{}, false
	default:
		// A number, a boolean, a date: up to what ends a value.
		for r.i < len(r.src) && !strings.ContainsRune(",]}#\n", rune(r.src[r.i])) {
			r.i++
		}
		return tomlString{}, false
	}
}

// setString records string s as e's value when e is an entry.
func (r *tomlReader) setString(e *tomlEntry, s tomlString) tomlString {
	if e != nil {
		e.str, e.isStr = s.text, true
	}
	return s
}
