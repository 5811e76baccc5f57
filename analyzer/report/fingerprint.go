package report

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
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
	hashLines(content, func(line int, h string) {
		out = append(out, h) // lines arrive in order, 1, 2, 3, ...
	})
	return out
}

// LineHash returns GitHub's primaryLocationLineHash of the given 1-based line
// of content, or "" when the content has no such line.
func LineHash(content []byte, line int) string {
	hs := lineHashesFor(content, map[int]bool{line: true})
	return hs[line]
}

// lineHashesFor hashes content once and keeps only the wanted lines.
func lineHashesFor(content []byte, wanted map[int]bool) map[int]string {
	out := make(map[int]string, len(wanted))
	hashLines(content, func(line int, h string) {
		if wanted[line] {
			out[line] = h
		}
	})
	return out
}

// hashLines runs GitHub's rolling line hash over content and calls emit with
// each line number (1-based, in increasing order) and its hash.
func hashLines(content []byte, emit func(line int, hash string)) {
	var (
		window      [lineHashBlock]uint64
		lineNumbers [lineHashBlock]int // line starting at this window slot, or -1
		hash        uint64
		index       int
		lineNumber  int
		lineStart   = true
		prevCR      bool
		counts      = map[uint64]int{}
	)
	for i := range lineNumbers {
		lineNumbers[i] = -1
	}
	firstMod := uint64(1)
	for range lineHashBlock {
		firstMod *= lineHashMod
	}

	output := func() {
		counts[hash]++
		emit(lineNumbers[index], strconv.FormatUint(hash, 16)+":"+strconv.Itoa(counts[hash]))
		lineNumbers[index] = -1
	}
	update := func(c uint64) {
		begin := window[index]
		window[index] = c
		hash = lineHashMod*hash + c - firstMod*begin
		index = (index + 1) % lineHashBlock
	}
	process := func(c uint64) {
		if c == ' ' || c == '\t' || (prevCR && c == '\n') {
			prevCR = false
			return
		}
		if c == '\r' {
			c = '\n'
			prevCR = true
		} else {
			prevCR = false
		}
		if lineNumbers[index] != -1 {
			output()
		}
		if lineStart {
			lineStart = false
			lineNumber++
			lineNumbers[index] = lineNumber
		}
		if c == '\n' {
			lineStart = true
		}
		update(c)
	}

	decodeUTF16(content, func(u uint16) { process(uint64(u)) })
	process(lineHashEOF)
	for range lineHashBlock {
		if lineNumbers[index] != -1 {
			output()
		}
		update(0)
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

// lineRefs matches line (and column) numbers inside messages and conditions:
// "x.cuh:42", "x.cuh:42:7", "line 42", "lines 10-12".
var lineRefs = regexp.MustCompile(`(:[0-9]+)+\b|\blines? [0-9]+(-[0-9]+)?`)

// StableFingerprint is the archlint/v1 partial fingerprint of a finding in
// the file at path (repo-relative, or relative to its scan root): the first
// 32 hex digits of SHA-256 over the rule ID, the path and the finding's Key,
// or, when Key is empty, its condition and message with line numbers and
// runs of white space taken out.
func StableFingerprint(f finding.Finding, path string) string {
	key := f.Key
	if key == "" {
		key = normalize(f.Condition) + "\x00" + normalize(f.Message)
	}
	sum := sha256.Sum256([]byte(f.RuleID + "\x00" + path + "\x00" + key))
	return hex.EncodeToString(sum[:])[:32]
}

func normalize(s string) string {
	return strings.Join(strings.Fields(lineRefs.ReplaceAllString(s, "")), " ")
}
