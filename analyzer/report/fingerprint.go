package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"unicode/utf16"

	"github.com/archlint/archlint/analyzer/finding"
)

// GitHub's primaryLocationLineHash.
//
// GitHub matches alerts across uploads by partialFingerprints. When a SARIF
// file lacks primaryLocationLineHash, github/codeql-action (upload-sarif)
// computes it from the checked-out file (src/fingerprints.ts); when it is
// present the action recomputes it and only warns on a mismatch. So the value
// written here must be bit-for-bit what that code computes:
//
//   - the file is decoded as UTF-8 into UTF-16 code units (JavaScript
//     charCodeAt), invalid bytes becoming U+FFFD the way a WHATWG decoder
//     does it, a BOM kept as a character;
//   - spaces and tabs are skipped, "\r\n" and lone "\r" count as "\n";
//   - the hash of a line is a polynomial rolling hash (base 37, signed 64-bit
//     wrap-around, i.e. uint64 arithmetic) over the first 100 kept code units
//     from the start of the line, running on into the next lines; after the
//     last character comes the code unit 65535 and then zeros;
//   - the value is the hash in lower-case hex without leading zeros, a colon,
//     and how many lines of the file so far had the same hash (1-based).
//
// Line numbers are counted the same way, so a file with lone "\r" line ends
// has more lines here than a tool that only counts "\n".
const (
	lineHashBlock = 100
	lineHashMod   = 37
	lineHashEOF   = 65535
)

// LineHashes returns GitHub's primaryLocationLineHash of every line of
// content: element i belongs to line i+1. A content that ends with a line
// break has one more, empty, line (as GitHub counts it).
func LineHashes(content []byte) []string {
	var out []string
	hashLines(content, func(line int, hash uint64, count int) bool {
		out = append(out, formatLineHash(hash, count)) // lines arrive in order, 1, 2, 3, ...
		return true
	})
	return out
}

// LineHash returns GitHub's primaryLocationLineHash of the given 1-based line
// of content, or "" when the content has no such line.
func LineHash(content []byte, line int) string {
	hs := lineHashesFor(content, map[int]bool{line: true})
	return hs[line]
}

// lineHashesFor hashes content up to the last wanted line and formats only
// the wanted lines: SARIF output re-reads every file with a finding, and on
// a cached re-scan this was most of the run.
func lineHashesFor(content []byte, wanted map[int]bool) map[int]string {
	out := make(map[int]string, len(wanted))
	hashLines(content, func(line int, hash uint64, count int) bool {
		if wanted[line] {
			out[line] = formatLineHash(hash, count)
		}
		return len(out) < len(wanted)
	})
	return out
}

func formatLineHash(hash uint64, count int) string {
	return strconv.FormatUint(hash, 16) + ":" + strconv.Itoa(count)
}

// lineHasher is GitHub's rolling line hash, fed one UTF-16 code unit at a
// time. A line's hash is known once the 100 kept code units after its start
// have gone by; emit gets lines in increasing order, with how many lines so
// far had the same hash, and returns false to stop.
type lineHasher struct {
	window      [lineHashBlock]uint64
	lineNumbers [lineHashBlock]int // line starting at this window slot, or -1
	hash        uint64
	firstMod    uint64
	index       int
	lineNumber  int
	lineStart   bool
	prevCR      bool
	stopped     bool
	counts      map[uint64]int
	emit        func(line int, hash uint64, count int) bool
}

func newLineHasher(emit func(line int, hash uint64, count int) bool) *lineHasher {
	h := &lineHasher{lineStart: true, firstMod: 1, counts: map[uint64]int{}, emit: emit}
	for i := range h.lineNumbers {
		h.lineNumbers[i] = -1
	}
	for range lineHashBlock {
		h.firstMod *= lineHashMod
	}
	return h
}

func (h *lineHasher) output() {
	h.counts[h.hash]++
	if !h.emit(h.lineNumbers[h.index], h.hash, h.counts[h.hash]) {
		h.stopped = true
	}
	h.lineNumbers[h.index] = -1
}

func (h *lineHasher) update(c uint64) {
	begin := h.window[h.index]
	h.window[h.index] = c
	h.hash = lineHashMod*h.hash + c - h.firstMod*begin
	h.index = (h.index + 1) % lineHashBlock
}

func (h *lineHasher) feed(c uint64) {
	if c == ' ' || c == '\t' || (h.prevCR && c == '\n') {
		h.prevCR = false
		return
	}
	if c == '\r' {
		c = '\n'
		h.prevCR = true
	} else {
		h.prevCR = false
	}
	if h.lineNumbers[h.index] != -1 {
		h.output()
	}
	if h.lineStart {
		h.lineStart = false
		h.lineNumber++
		h.lineNumbers[h.index] = h.lineNumber
	}
	if c == '\n' {
		h.lineStart = true
	}
	h.update(c)
}

// hashLines runs GitHub's rolling line hash over content and calls emit with
// each line number (1-based, in increasing order), its hash and its count,
// until emit returns false.
func hashLines(content []byte, emit func(line int, hash uint64, count int) bool) {
	h := newLineHasher(emit)
	for i := 0; i < len(content) && !h.stopped; {
		// ASCII bytes are their own code units. A run of other bytes is
		// decoded on its own: an ASCII byte ends any multi-byte sequence
		// (an unfinished one becomes U+FFFD), as in decodeUTF16.
		if c := content[i]; c < 0x80 {
			h.feed(uint64(c))
			i++
			continue
		}
		j := i + 1
		for j < len(content) && content[j] >= 0x80 {
			j++
		}
		decodeUTF16(content[i:j], func(u uint16) { h.feed(uint64(u)) })
		i = j
	}
	if h.stopped {
		return
	}
	h.feed(lineHashEOF)
	for range lineHashBlock {
		if h.stopped {
			return
		}
		if h.lineNumbers[h.index] != -1 {
			h.output()
		}
		h.update(0)
	}
}

// decodeUTF16 decodes UTF-8 into UTF-16 code units the way a WHATWG UTF-8
// decoder (Node's "utf8" streams) does: each maximal invalid subpart becomes
// one U+FFFD, so a truncated sequence gives one replacement, not one per
// byte as Go's utf8.DecodeRune would.
func decodeUTF16(b []byte, emit func(uint16)) {
	const repl = 0xFFFD
	var (
		cp     rune
		needed int
		seen   int
		lower  byte = 0x80
		upper  byte = 0xBF
	)
	for i := 0; i < len(b); i++ {
		c := b[i]
		if needed == 0 {
			switch {
			case c <= 0x7F:
				emit(uint16(c))
			case 0xC2 <= c && c <= 0xDF:
				needed, cp = 1, rune(c&0x1F)
			case 0xE0 <= c && c <= 0xEF:
				if c == 0xE0 {
					lower = 0xA0
				} else if c == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(c&0x0F)
			case 0xF0 <= c && c <= 0xF4:
				if c == 0xF0 {
					lower = 0x90
				} else if c == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(c&0x07)
			default:
				emit(repl)
			}
			continue
		}
		if c < lower || c > upper {
			// The sequence so far is one invalid subpart; c starts afresh.
			cp, needed, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
			emit(repl)
			i--
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(c&0x3F)
		seen++
		if seen < needed {
			continue
		}
		if cp >= 0x10000 {
			r1, r2 := utf16.EncodeRune(cp)
			emit(uint16(r1))
			emit(uint16(r2))
		} else {
			emit(uint16(cp))
		}
		cp, needed, seen = 0, 0, 0
	}
	if needed != 0 {
		emit(repl)
	}
}

// stableFingerprintKey names archlint's own partial fingerprint. Unlike the
// line hash it survives edits that move the finding: it hashes what the
// finding is about, not where it is.
const stableFingerprintKey = "archlint/v1"

// StableFingerprint is the archlint/v1 partial fingerprint of a finding in
// the file at path (repo-relative, or relative to its scan root): the first
// 32 hex digits of SHA-256 over the rule ID, the path and the finding's Key
// (finding.AssignKeys), or, when Key is empty (a finding with no condition), its
// message with line numbers and runs of white space taken out.
func StableFingerprint(f finding.Finding, path string) string {
	key := f.Key
	if key == "" {
		key = finding.Normalize(f.Condition) + "\x00" + finding.Normalize(f.Message)
	}
	sum := sha256.Sum256([]byte(f.RuleID + "\x00" + path + "\x00" + key))
	return hex.EncodeToString(sum[:])[:32]
}
