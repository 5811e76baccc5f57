// Package expr evaluates C preprocessor #if/#elif conditions exactly like
// gcc's cpp in C++ mode (cpp -x c++, i.e. gnu++17, on x86-64 Linux), with
// one extension: macros whose definition is not known.
//
// Eval expands macros (object-like and function-like, with argument
// pre-expansion, rescanning, painting, # and ##, __VA_ARGS__, __VA_OPT__ and
// GCC's ", ## __VA_ARGS__"), handles defined (also when produced by an
// expansion) and __has_include, and evaluates the result on intmax_t and
// uintmax_t with gcc's precedence, conversions and wrapping. A condition
// is an error exactly when cpp reports an error for it (cpp then treats the
// #if as false); Eval returns an *Error. Choices that follow gcc:
//   - the comma operator is allowed (C++ mode only warns under -pedantic);
//     as in gcc's parser it has the precedence of ?: and does not end the
//     middle operand of ?:, so "1 ? 2, 3 : 4" is 3 and "1 ? 2 : 3, 4" is 4;
//   - shifts: a negative (signed) count shifts the other way, a count of 64
//     or more gives 0, or -1 when right-shifting a negative signed value;
//     signed overflow wraps (gcc only warns);
//   - division or modulo by zero is an error only where the operand is
//     evaluated: "0 && 1/0" is 0. An unevaluated x/0 still has the type of
//     x, which can make an enclosing ?: unsigned, as in gcc;
//   - __has_include is a builtin macro (gcc 10 and later): it expands to 0
//     or 1 wherever it is expanded, also inside a macro argument, and
//     defined(__has_include) is 1. true and false are keywords unless
//     #defined; C++ alternative tokens (and, bitor, not_eq, ...) are
//     operators;
//   - character constants: char is signed, int is 32 bits, wchar_t signed
//     32 bits, char16_t/char32_t unsigned, UTF-8 execution charset;
//     multi-character constants are big-endian and truncated to int;
//   - a macro definition cpp would reject ('#' not before a parameter, ##
//     at either end, a malformed __VA_OPT__) is an error when expanded.
//
// Resource limits replace unbounded work: more than a million tokens read
// during expansion, or macro arguments nested more than 2000 deep, is an
// error. Nothing recurses on the nesting of parentheses or operators.
//
// Three-valued extension. When the Env answers Unknown for a name:
//   - defined(U) is an unknown 0/1;
//   - U used as an operand is an unknown value of unknown signedness; U(...)
//     skips its balanced argument list (unexpanded) and is likewise
//     unknown. We assume U stands for a single well-formed operand: it
//     cannot contribute operators or parentheses;
//   - unknowns propagate through operators; && || and ?: decide anyway when
//     the other operand settles the result (0 && U, U || 1, U && 0,
//     U ? 2 : 2, 1 ? 2 : defined U); arithmetic does not (U * 0 stays unknown,
//     since its signedness is unknown too). Signedness is tracked as well:
//     "1 ? -1 : U" is nonzero but has an unknown type, so "(1 ? -1 : U) < 0"
//     is Unknown;
//   - a preprocessor error that depends on evaluation (division or modulo
//     by zero, the only such error in #if) is reported only if it happens in
//     every resolution of the unknowns ("U ? 1/0 : 2%0" is an error). If it
//     happens in some resolutions only ("U && 1/0", "1/U"), the result is
//     Unknown. Errors that do not depend on values (syntax, literals,
//     macro invocations) are always reported.
//
// Result.Unknowns names the unknown identifiers (and __has_include(...)
// operands the Env could not answer) that the result depends on; it is
// empty when the result is fully known. Whatever Eval reports as known
// holds for every definition of the unknown names as single operands (the
// differential and fuzz tests check this against cpp and against the
// closed world).
package expr

import (
	"slices"
)

// Value is the value of a condition.
type Value struct {
	Known    bool
	Val      int64 // valid when Known; unsigned values are stored as their bit pattern
	Unsigned bool
}

// Result is the outcome of evaluating a condition.
type Result struct {
	Value    Value
	Truth    Tri      // whether the condition is nonzero: True, False or Unknown
	Unknowns []string // sorted, unique: identifiers whose Unknown state the result depends on
	Used     []string // sorted, unique: defined macros that were expanded or tested by defined()
}

// Error is a preprocessor error in the condition (as cpp would report it).
type Error struct{ Msg string }

func (e *Error) Error() string { return "#if: " + e.Msg }

// evaluation is the scratch state of one evaluation; the arrays give the
// common small cases their slices without further allocation.
type evaluation struct {
	e     expander
	p     parser
	toks  [24]Token
	ctx   [6]context
	stack [12]entry
}

// Eval evaluates the #if condition cond in env. It is safe for concurrent
// use; see Evaluator to evaluate many conditions with less allocation.
func Eval(cond string, env Env) (Result, error) {
	var x Evaluator
	return x.eval(cond, env, false)
}

// Evaluator evaluates conditions like Eval, reusing its memory and its
// prepared macro definitions from one call to the next. The zero value is
// ready to use. An Evaluator must not be used by several goroutines at
// once; give each goroutine its own.
type Evaluator struct {
	ev   evaluation
	toks []Token // token buffer, grown by long conditions
	defs map[*Macro]*defn
}

// Eval evaluates the #if condition cond in env.
func (x *Evaluator) Eval(cond string, env Env) (Result, error) {
	return x.eval(cond, env, true)
}

// maxKeptDefs bounds the macro definitions an Evaluator keeps.
const maxKeptDefs = 1 << 14

func (x *Evaluator) eval(cond string, env Env, reuse bool) (Result, error) {
	ev := &x.ev
	e, p := &ev.e, &ev.p
	if reuse {
		if x.defs == nil || len(x.defs) > maxKeptDefs {
			x.defs = make(map[*Macro]*defn)
		}
		*e = expander{ctx: e.ctx[:0], used: nameSet{list: e.used.list[:0]}, keep: x.defs}
		*p = parser{stack: p.stack[:0]}
	} else {
		e.ctx, p.stack = ev.ctx[:0], ev.stack[:0]
	}
	buf := ev.toks[:0]
	if reuse && cap(x.toks) > len(ev.toks) {
		buf = x.toks[:0]
	}
	toks, msg := tokenize(cond, buf)
	if reuse && cap(toks) > len(ev.toks) && cap(toks) <= 1<<12 {
		x.toks = toks
	}
	if msg != "" {
		return Result{}, &Error{Msg: msg}
	}
	if env == nil {
		env = noEnv{}
	}
	e.env = env
	e.push(toks, "", false)
	p.e = e
	v, ok := p.parse()
	if !ok {
		return Result{}, &Error{Msg: p.err}
	}
	if v.err == True {
		return Result{}, &Error{Msg: "division by zero in #if"}
	}
	var r Result
	if len(e.used.list) > 0 {
		r.Used = e.used.list
		if reuse {
			r.Used = slices.Clone(r.Used)
		}
		slices.Sort(r.Used)
	}
	if v.certain() {
		r.Value = Value{Known: true, Val: int64(v.bits), Unsigned: v.uns == True}
		r.Truth = triOf(v.bits != 0)
		return r, nil
	}
	r.Value.Unsigned = v.uns == True
	r.Truth = Unknown
	if v.err == False {
		r.Truth = v.truth()
	}
	if len(v.unk) > 0 {
		r.Unknowns = v.unk
	}
	return r, nil
}
