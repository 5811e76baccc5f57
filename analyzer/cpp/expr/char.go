package expr

import "unicode/utf8"

// Character constants, after libcpp's cpp_interpret_charconst (charset.cc)
// for x86-64 Linux targets: char is signed and 8 bits, int 32 bits,
// wchar_t a signed 32-bit int, char16_t/char32_t unsigned, and the
// execution character set UTF-8. A plain multi-character constant is the
// big-endian number formed by its bytes, truncated to int.

// parseChar evaluates the character literal s (with any prefix). msg is
// non-empty when cpp reports an error for it.
func parseChar(s string) (v uint64, uns bool, msg string) {
	q := indexByteFrom(s, 0, '\'')
	prefix := s[:q]
	end := len(s) - 1
	for end > q && s[end] != '\'' {
		end--
	}
	if end != len(s)-1 {
		return 0, false, "user-defined literal in preprocessor expression"
	}
	body := s[q+1 : end]
	if body == "" {
		return 0, false, "empty character constant"
	}
	width := 8 // code unit width in bits
	switch prefix {
	case "L", "U":
		width = 32
	case "u":
		width = 16
	}
	// Decode into code units of the literal's encoding.
	var buf [8]uint32
	units := buf[:0]
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			if c < 0x80 || width == 8 {
				// Narrow literals copy source bytes unchanged (UTF-8 in, UTF-8 out).
				units = append(units, uint32(c))
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(body[i:])
			if r == utf8.RuneError && n <= 1 {
				return 0, false, "invalid multibyte character in literal"
			}
			i += n
			var ok bool
			if units, ok = appendCodePoint(units, uint32(r), width); !ok {
				return 0, false, "character not encodable in literal"
			}
			continue
		}
		i++
		if i >= len(body) {
			return 0, false, "missing terminating ' character"
		}
		c = body[i]
		i++
		mask := uint32(1)<<width - 1
		if width == 32 {
			mask = ^uint32(0)
		}
		switch c {
		case 'x':
			var n uint32
			found := false
			for i < len(body) && isXDigit(body[i]) {
				n = n<<4 | uint32(hexValue(body[i]))
				found = true
				i++
			}
			if !found {
				return 0, false, "\\x used with no following hex digits"
			}
			units = append(units, n&mask) // out of range: pedwarn, truncated
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n := uint32(c - '0')
			for k := 0; k < 2 && i < len(body) && '0' <= body[i] && body[i] <= '7'; k++ {
				n = n<<3 | uint32(body[i]-'0')
				i++
			}
			units = append(units, n&mask)
		case 'u', 'U':
			length := 4
			if c == 'U' {
				length = 8
			}
			var cp uint32
			k := 0
			for ; k < length && i < len(body) && isXDigit(body[i]); k++ {
				cp = cp<<4 | uint32(hexValue(body[i]))
				i++
			}
			if k < length {
				return 0, false, "incomplete universal character name"
			}
			if cp&0x80000000 != 0 || (cp >= 0xD800 && cp <= 0xDFFF) {
				return 0, false, "not a valid universal character"
			}
			var ok bool
			if units, ok = appendCodePoint(units, cp, width); !ok {
				return 0, false, "character not encodable in literal"
			}
		default:
			units = append(units, uint32(simpleEscape(c)))
		}
	}
	if width == 8 {
		return narrowCharValue(units, prefix == "u8")
	}
	// Wide: only the last code unit counts; extra ones are a warning for
	// L and an error for u/U in C++.
	if len(units) > 1 && prefix != "L" {
		return 0, false, "character constant too long for its type"
	}
	r := units[len(units)-1]
	if prefix == "L" {
		return uint64(int64(int32(r))), false, ""
	}
	return uint64(r), true, ""
}

// narrowCharValue implements narrow_str_to_charconst.
func narrowCharValue(bytes []uint32, u8 bool) (uint64, bool, string) {
	var r uint32
	for _, b := range bytes {
		r = r<<8 | b&0xff
	}
	n := len(bytes)
	if u8 && n > 1 {
		return 0, false, "character constant too long for its type"
	}
	if n == 1 {
		// A single char has type char: signed, 8 bits.
		return uint64(int64(int8(r))), false, ""
	}
	// Multi-character constants have type int.
	return uint64(int64(int32(r))), false, ""
}

// simpleEscape maps the character after a backslash to its value; unknown
// escapes stand for the character itself (cpp only warns).
func simpleEscape(c byte) byte {
	switch c {
	case 'a':
		return 7
	case 'b':
		return 8
	case 'f':
		return 12
	case 'n':
		return 10
	case 'r':
		return 13
	case 't':
		return 9
	case 'v':
		return 11
	case 'e', 'E':
		return 27
	}
	return c
}

// appendCodePoint encodes cp into code units of the given width: UTF-8
// (gcc's encoder accepts up to 31 bits), UTF-16 or UTF-32.
func appendCodePoint(units []uint32, cp uint32, width int) ([]uint32, bool) {
	switch width {
	case 32:
		return append(units, cp), true
	case 16:
		switch {
		case cp < 0x10000:
			return append(units, cp), true
		case cp <= 0x10FFFF:
			cp -= 0x10000
			return append(units, 0xD800+cp>>10, 0xDC00+cp&0x3FF), true
		}
		return units, false
	}
	switch {
	case cp < 0x80:
		return append(units, cp), true
	case cp < 0x800:
		return append(units, 0xC0|cp>>6, 0x80|cp&0x3F), true
	case cp < 0x10000:
		return append(units, 0xE0|cp>>12, 0x80|cp>>6&0x3F, 0x80|cp&0x3F), true
	case cp < 0x200000:
		return append(units, 0xF0|cp>>18, 0x80|cp>>12&0x3F, 0x80|cp>>6&0x3F, 0x80|cp&0x3F), true
	case cp < 0x4000000:
		return append(units, 0xF8|cp>>24, 0x80|cp>>18&0x3F, 0x80|cp>>12&0x3F, 0x80|cp>>6&0x3F, 0x80|cp&0x3F), true
	}
	return append(units, 0xFC|cp>>30, 0x80|cp>>24&0x3F, 0x80|cp>>18&0x3F, 0x80|cp>>12&0x3F, 0x80|cp>>6&0x3F, 0x80|cp&0x3F), true
}
