package expr

// Integer literal classification and evaluation, after libcpp's
// cpp_classify_number and cpp_interpret_integer (expr.cc) for C++17.
// In #if every integer has type intmax_t or uintmax_t, so suffixes only
// matter for validity and for 'u'.

// parseNumber evaluates the pp-number s. msg is non-empty when cpp reports
// an error for it in #if (floating, invalid digit, bad suffix, ...).
func parseNumber(s string) (v uint64, uns bool, msg string) {
	if len(s) == 1 {
		if isDigit(s[0]) {
			return uint64(s[0] - '0'), false, ""
		}
		return 0, false, "invalid integer constant"
	}
	i := 0
	radix := uint64(10)
	if s[0] == '0' {
		radix = 8
		i = 1
		switch at(s, 1) {
		case 'x', 'X':
			if c := at(s, 2); c == '.' || isXDigit(c) {
				radix = 16
				i = 2
			} else if c == '\'' {
				return 0, false, "digit separator after base indicator"
			}
		case 'b', 'B':
			if c := at(s, 2); c == '0' || c == '1' {
				radix = 2
				i = 2
			} else if c == '\'' {
				return 0, false, "digit separator after base indicator"
			}
		}
	}
	digits := i
	const (
		notFloat = iota
		afterPoint
		afterExpon
	)
	float := notFloat
	maxDigit := uint64(0)
	seenSep := false
scan:
	for i < len(s) {
		c := s[i]
		i++
		switch {
		case isDigit(c) || (radix == 16 && isXDigit(c)):
			seenSep = false
			if d := hexValue(c); d > maxDigit {
				maxDigit = d
			}
		case c == '\'':
			if seenSep {
				return 0, false, "adjacent digit separators"
			}
			seenSep = true
		case c == '.':
			if seenSep || at(s, i) == '\'' {
				return 0, false, "digit separator adjacent to decimal point"
			}
			if float != notFloat {
				return 0, false, "too many decimal points in number"
			}
			float = afterPoint
		case (radix <= 10 && (c == 'e' || c == 'E')) || (radix == 16 && (c == 'p' || c == 'P')):
			float = afterExpon
			break scan
		default:
			i--
			break scan
		}
	}
	if float != notFloat {
		return 0, false, "floating constant in preprocessor expression"
	}
	if seenSep {
		return 0, false, "digit separator outside digit sequence"
	}
	if maxDigit >= radix {
		return 0, false, "invalid digit in constant"
	}
	suffix := s[i:]
	u, imaginary, ok := intSuffix(suffix)
	if !ok {
		return 0, false, "invalid suffix \"" + suffix + "\" on integer constant"
	}
	if imaginary {
		return 0, false, "imaginary number in preprocessor expression"
	}
	// Accumulate modulo 2^64: cpp only warns when the constant is too
	// large, and keeps the low bits.
	overflow := false
	for _, c := range []byte(s[digits:i]) {
		if c == '\'' {
			continue
		}
		hi, lo := mul64(v, radix)
		lo2 := lo + hexValue(c)
		if hi != 0 || lo2 < lo {
			overflow = true
		}
		v = lo2
	}
	uns = u
	// A constant that does not fit intmax_t is unsigned (with a warning),
	// unless it overflowed uintmax_t too, where cpp leaves it signed.
	if !overflow && !uns && int64(v) < 0 {
		uns = true
	}
	return v, uns, ""
}

// intSuffix validates an integer suffix like libcpp's interpret_int_suffix:
// at most one u, one z (not with l), l/ll/L/LL (the two Ls adjacent and of
// one case), and i/j for GNU imaginary constants.
func intSuffix(s string) (uns, imaginary, ok bool) {
	var u, l, im, z int
	for k := len(s) - 1; k >= 0; k-- {
		switch s[k] {
		case 'z', 'Z':
			z++
		case 'u', 'U':
			u++
		case 'i', 'I', 'j', 'J':
			im++
		case 'l', 'L':
			l++
			if l == 2 && s[k] != s[k+1] {
				return false, false, false
			}
		default:
			return false, false, false
		}
	}
	if l > 2 || u > 1 || im > 1 || z > 1 {
		return false, false, false
	}
	if z > 0 && (l > 0 || im > 0) {
		return false, false, false
	}
	return u > 0, im > 0, true
}

// mul64 returns the 128-bit product of a and b.
func mul64(a, b uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	a0, a1 := a&mask32, a>>32
	b0, b1 := b&mask32, b>>32
	w0 := a0 * b0
	t := a1*b0 + w0>>32
	w1 := t&mask32 + a0*b1
	hi = a1*b1 + t>>32 + w1>>32
	lo = a * b
	return
}

func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func isXDigit(c byte) bool { return isDigit(c) || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F') }

func hexValue(c byte) uint64 {
	switch {
	case isDigit(c):
		return uint64(c - '0')
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 0
}
