package expr

// Values of the three-valued evaluation.
//
// A value is what one operand evaluates to over every resolution of the
// Unknown macros. uns is whether it has type uintmax_t (which can itself be
// unknown: U might expand to 1u). err says whether evaluating it is a
// preprocessor error (division by zero) in all resolutions (True), some
// (Unknown) or none (False). Errors are carried as values instead of being
// raised at once because whether an operand is evaluated is only decided
// later, by the operator around it: gcc accepts "0 && 1/0".
//
// bits are meaningful when known: they are the same in every resolution
// that does not fail. For a value that fails in every resolution, bits and
// uns are what gcc computes anyway while it skips an unevaluated operand
// (x/0 yields x, with the type of x), because that garbage can still decide
// the type of an enclosing ?: ("0 ? 1u/0 : -1" is unsigned) or whether an
// enclosing skipped division is by zero.
//
// unk lists, sorted, the Unknown names the value depends on.
type value struct {
	bits  uint64
	known bool
	uns   Tri
	err   Tri
	unk   []string
}

// certain reports whether v is the same, non-failing value in every
// resolution.
func (v value) certain() bool { return v.known && v.uns != Unknown && v.err == False }

// settle drops the unknown names from a value that turned out not to
// depend on them.
func (v value) settle() value {
	if v.known && v.uns != Unknown && v.err != Unknown {
		v.unk = nil
	}
	return v
}

// truth is whether v is nonzero; it does not consider v.err.
func (v value) truth() Tri {
	if !v.known {
		return Unknown
	}
	return triOf(v.bits != 0)
}

func known(bits uint64, uns bool) value { return value{bits: bits, known: true, uns: triOf(uns)} }

// joinErr combines the error states of operands that are all evaluated.
func joinErr(a, b Tri) Tri {
	if a == True || b == True {
		return True
	}
	if a == Unknown || b == Unknown {
		return Unknown
	}
	return False
}

// maybeErr is the error state of an operand evaluated only in some
// resolutions.
func maybeErr(a Tri) Tri {
	if a == False {
		return False
	}
	return Unknown
}

// errNames returns v's names if its error state is not settled, for
// operands whose value is otherwise irrelevant.
func errNames(v value) []string {
	if v.err == False {
		return nil
	}
	return v.unk
}

// unary applies + - ~ !.
func unary(op opcode, v value) value {
	r := value{known: v.known, uns: v.uns, err: v.err, unk: v.unk}
	switch op {
	case opUMinus:
		r.bits = -v.bits
	case opCompl:
		r.bits = ^v.bits
	case opUPlus:
		r.bits = v.bits
	case opNot:
		r.uns = False
		r.bits = b2u(v.bits == 0)
	}
	return r.settle()
}

// binary applies an arithmetic, bitwise, relational or comma operator,
// all of whose operands are evaluated.
func binary(op opcode, a, b value) value {
	r := value{err: joinErr(a.err, b.err)}
	if op == opComma {
		r.bits, r.known, r.uns = b.bits, b.known, b.uns
		r.unk = mergeNames(errNames(a), b.unk)
		return r.settle()
	}
	switch op {
	case opLshift, opRshift:
		r.uns = a.uns
	case opLess, opGreater, opLessEq, opGreaterEq, opEqEq, opNotEq:
		r.uns = False
	default:
		r.uns = a.uns.Or(b.uns)
	}
	r.unk = mergeNames(a.unk, b.unk)
	divZero := false
	if op == opDiv || op == opMod {
		switch {
		case b.known && b.bits == 0:
			// Division by zero in #if. Where unevaluated, cpp yields
			// the left operand with its own type, not the common type.
			divZero = true
			r.err = True
			r.uns = a.uns
		case !b.known:
			r.err = joinErr(r.err, Unknown) // the divisor may be zero
			if a.uns != True && b.uns != False {
				r.uns = Unknown
			}
		}
	}
	if !a.known || !b.known {
		return r
	}
	// With unknown signedness, try each possibility; the bits are known
	// if they agree.
	first := true
	for _, au := range signs(a.uns) {
		for _, bu := range signs(b.uns) {
			var v uint64
			if divZero {
				// libcpp's num_div_op negates a negative signed
				// dividend before it finds the divisor is zero.
				v = a.bits
				if !au && !bu && int64(v) < 0 {
					v = -v
				}
			} else {
				v = compute(op, a.bits, au, b.bits, bu)
			}
			if first {
				r.bits, r.known, first = v, true, false
			} else if v != r.bits {
				r.known = false
				return r
			}
		}
	}
	return r.settle()
}

var (
	signsBoth     = []bool{false, true}
	signsSigned   = []bool{false}
	signsUnsigned = []bool{true}
)

func signs(t Tri) []bool {
	switch t {
	case False:
		return signsSigned
	case True:
		return signsUnsigned
	}
	return signsBoth
}

// compute applies op with C's usual arithmetic conversions on 64-bit
// intmax_t/uintmax_t, wrapping like gcc does (it only warns on overflow).
func compute(op opcode, a uint64, au bool, b uint64, bu bool) uint64 {
	uns := au || bu
	switch op {
	case opPlus:
		return a + b
	case opMinus:
		return a - b
	case opMult:
		return a * b
	case opDiv:
		if uns {
			return a / b
		}
		return uint64(int64(a) / int64(b)) // MinInt64 / -1 wraps, as in gcc
	case opMod:
		if uns {
			return a % b
		}
		return uint64(int64(a) % int64(b))
	case opAnd:
		return a & b
	case opOr:
		return a | b
	case opXor:
		return a ^ b
	case opLshift, opRshift:
		return shift(op == opLshift, a, au, b, bu)
	case opEqEq:
		return b2u(a == b)
	case opNotEq:
		return b2u(a != b)
	case opLess:
		if uns {
			return b2u(a < b)
		}
		return b2u(int64(a) < int64(b))
	case opGreater:
		if uns {
			return b2u(a > b)
		}
		return b2u(int64(a) > int64(b))
	case opLessEq:
		if uns {
			return b2u(a <= b)
		}
		return b2u(int64(a) <= int64(b))
	case opGreaterEq:
		if uns {
			return b2u(a >= b)
		}
		return b2u(int64(a) >= int64(b))
	}
	return 0
}

// shift follows libcpp's num_lshift/num_rshift: a negative signed count
// shifts the other way, a count of 64 or more gives 0 (or -1 for a
// right shift of a negative signed value), the type is the left operand's.
func shift(left bool, a uint64, au bool, n uint64, nu bool) uint64 {
	if !nu && int64(n) < 0 {
		left = !left
		n = -n
	}
	if left {
		if n >= 64 {
			return 0
		}
		return a << n
	}
	if au {
		if n >= 64 {
			return 0
		}
		return a >> n
	}
	if n >= 64 {
		n = 63
	}
	return uint64(int64(a) >> n)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// logical applies && or ||. The right operand is evaluated only when the
// left one does not decide the result, so its errors count only then.
func logical(and bool, a, b value) value {
	// decisive is the left truth value that makes b irrelevant.
	decisive := triOf(!and)
	r := value{uns: False}
	switch at := a.truth(); {
	case at == decisive:
		r.known, r.bits, r.err = true, b2u(!and), a.err
		r.unk = errNames(a)
	case at != Unknown:
		bt := b.truth()
		r.known = bt != Unknown
		r.bits = b2u(bt == True)
		r.err = joinErr(a.err, b.err)
		r.unk = mergeNames(errNames(a), b.unk)
	default:
		// b is evaluated in the resolutions where a is not decisive.
		// Where b fails, a must have been decisive; where it does not,
		// b being decisive itself fixes the result too.
		r.err = joinErr(a.err, maybeErr(b.err))
		r.unk = mergeNames(a.unk, b.unk)
		if b.err == True || b.truth() == decisive {
			r.known, r.bits = true, b2u(!and)
		}
	}
	return r.settle()
}

// conditional applies c ? x : y. The type is unsigned if either arm is,
// whichever is evaluated.
func conditional(c, x, y value) value {
	r := value{uns: x.uns.Or(y.uns)}
	if r.uns == Unknown {
		r.unk = mergeNames(x.unk, y.unk)
	}
	switch c.truth() {
	case True, False:
		pick := x
		if c.truth() == False {
			pick = y
		}
		r.bits, r.known = pick.bits, pick.known
		r.err = joinErr(c.err, pick.err)
		r.unk = mergeNames(r.unk, mergeNames(errNames(c), pick.unk))
		return r.settle()
	}
	r.err = joinErr(c.err, maybeErr(joinErr(x.err, y.err)))
	if x.err == True && y.err == True {
		r.err = True // every resolution fails
	}
	switch {
	case x.err == True && y.err != True:
		r.bits, r.known = y.bits, y.known
	case y.err == True && x.err != True:
		r.bits, r.known = x.bits, x.known
	default:
		r.bits, r.known = x.bits, x.known && y.known && x.bits == y.bits
	}
	r.unk = mergeNames(c.unk, mergeNames(x.unk, y.unk))
	return r.settle()
}
