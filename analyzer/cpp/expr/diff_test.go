package expr

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The differential test compares Eval with the real preprocessor,
// `cpp -x c++ -undef -P`, in a closed world (every name not #defined is
// undefined, i.e. MapEnv{Default: False}). cpp -x c++ uses gcc's default
// C++ dialect, gnu++17 for gcc 11 to 14; we pass -std=gnu++17 to pin it,
// since that is what Eval models (C++ named operators, true/false, digit
// separators, u8 character literals, GNU extensions). The reference is gcc
// 12; other versions may differ in corners (gcc 13 adds \o{...} escapes).
// -undef only removes system macros such as "linux"; the generated names
// never collide with predefined ones.
//
// All cases go into one file, each in its own block:
//
//	#error MARK <i>
//	#define ...            (the case's macros)
//	#if EXPR               truth, and error-ness
//	RESULT <i> 1 / #else / RESULT <i> 0
//	#if (EXPR) == (VALUE)  only when Eval succeeded: our value...
//	RESULT <i> 2
//	#if 0 * (EXPR) - 1 < 0 ...and our signedness
//	RESULT <i> 3
//	#undef ...
//
// An "error:" line of cpp's stderr within a block marks that case as an
// error (cpp then takes the #if as false, so the R lines say nothing).
// Values and error-ness must agree for every case.

var (
	diffSeed  = flag.Int64("expr.seed", 0, "seed for the differential test (0: fixed default)")
	diffCount = flag.Int("expr.n", 12000, "number of generated expressions in the differential test")
)

const defaultDiffSeed = 20240611

// cppCase is one condition and the macros defined for it.
type cppCase struct {
	defs []string // text after "#define "
	expr string
}

type cppOutcome struct {
	err      bool
	truth    bool
	valueEq  bool
	isSigned bool
	errMsgs  []string
}

// resultMark starts the output lines; no test defines it as a macro, and
// the rest of such a line is numbers, which cannot be macros either.
const resultMark = "RESULT_MARK_9f2c"

// runCPP preprocesses all cases in one cpp invocation. checks[i] holds our
// value and signedness for case i when Eval succeeded.
//
// Errors are attributed to cases by order, not by line: each block starts
// with "#error MARK i", and diagnostics come out in processing order. Line
// numbers are not reliable: after some errors (an unterminated macro
// argument list, say) gcc reports the location of a stale token from an
// earlier line.
func runCPP(t *testing.T, cases []cppCase, checks []*Result) []cppOutcome {
	t.Helper()
	var src bytes.Buffer
	emit := func(format string, args ...any) {
		fmt.Fprintf(&src, format, args...)
		src.WriteByte('\n')
	}
	for i, c := range cases {
		emit("#error MARK %d", i)
		for _, d := range c.defs {
			emit("#define %s", d)
		}
		emit("#if %s", c.expr)
		emit(resultMark+" %d 1", i)
		emit("#else")
		emit(resultMark+" %d 0", i)
		emit("#endif")
		if r := checks[i]; r != nil && r.Value.Known {
			emit("#if (%s) == %s", c.expr, cLiteral(r.Value))
			emit(resultMark+" %d 2", i) // the value is ours
			emit("#endif")
			emit("#if 0 * (%s) - 1 < 0", c.expr)
			emit(resultMark+" %d 3", i) // the value is signed
			emit("#endif")
		}
		for _, d := range c.defs {
			emit("#undef %s", ParseDefine(d).Name)
		}
	}
	dir := t.TempDir()
	if d := os.Getenv("EXPR_DIFF_KEEP"); d != "" {
		dir = d
	}
	file := filepath.Join(dir, "cases.cpp")
	if err := os.WriteFile(file, src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	// -fno-diagnostics-show-caret matters for speed: printing source lines
	// makes cpp quadratic in the file size.
	cmd := exec.Command("cpp", "-x", "c++", "-std=gnu++17", "-undef", "-P", "-w", "-fmax-errors=0",
		"-fno-diagnostics-show-caret", "-fno-diagnostics-show-line-numbers", file)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run() // exits non-zero whenever some case is an error
	out := make([]cppOutcome, len(cases))
	cur, marks := -1, 0
	sc := bufio.NewScanner(&stderr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		_, msg, ok := strings.Cut(l, ": error: ")
		if !ok {
			continue
		}
		if n, ok := strings.CutPrefix(msg, "#error MARK "); ok {
			i, err := strconv.Atoi(n)
			if err != nil || i != cur+1 {
				t.Fatalf("unexpected marker %q after case %d", l, cur)
			}
			cur = i
			marks++
			continue
		}
		if cur < 0 {
			t.Fatalf("cpp error before the first case: %q", l)
		}
		out[cur].err = true
		out[cur].errMsgs = append(out[cur].errMsgs, msg)
	}
	if marks != len(cases) {
		t.Fatalf("cpp reported %d of %d case markers; stderr:\n%.2000s", marks, len(cases), stderr.String())
	}
	sc = bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != resultMark {
			continue
		}
		i, err := strconv.Atoi(f[1])
		if err != nil || i < 0 || i >= len(out) {
			t.Fatalf("bad cpp output line %q", sc.Text())
		}
		switch f[2] {
		case "1":
			out[i].truth = true
		case "2":
			out[i].valueEq = true
		case "3":
			out[i].isSigned = true
		}
	}
	return out
}

// cLiteral spells v as a C literal of the same value and signedness.
func cLiteral(v Value) string {
	if v.Unsigned {
		return "0x" + strconv.FormatUint(uint64(v.Val), 16) + "u"
	}
	if v.Val == -1<<63 {
		return "(-9223372036854775807-1)"
	}
	if v.Val < 0 {
		return "(" + strconv.FormatInt(v.Val, 10) + ")"
	}
	return strconv.FormatInt(v.Val, 10)
}

// closedEnv is the environment of a case: its macros, everything else
// undefined, and the __has_include answers of a standard g++ setup.
func closedEnv(defs []string) *MapEnv {
	env := &MapEnv{Default: False, Include: func(h string, angled bool) Tri {
		return triOf(h == "cstdio" || h == "cstdlib")
	}}
	for _, d := range defs {
		env.Define(d)
	}
	return env
}

// compareWithCPP evaluates cases with Eval and cpp and reports every
// disagreement. It returns the number of cases that were errors.
func compareWithCPP(t *testing.T, cases []cppCase) (errs int) {
	t.Helper()
	results := make([]*Result, len(cases))
	evalErrs := make([]error, len(cases))
	for i, c := range cases {
		r, err := Eval(c.expr, closedEnv(c.defs))
		evalErrs[i] = err
		if err == nil {
			results[i] = &r
		}
	}
	outs := runCPP(t, cases, results)
	bad := 0
	for i, c := range cases {
		o, r, err := outs[i], results[i], evalErrs[i]
		if o.err {
			errs++
		}
		var why string
		switch {
		case o.err && err == nil:
			why = fmt.Sprintf("cpp: error %q; ours: %+v", o.errMsgs, *r)
		case !o.err && err != nil:
			why = fmt.Sprintf("cpp: truth %v; ours: %v", o.truth, err)
		case err != nil:
			continue
		case !r.Value.Known || r.Truth == Unknown:
			why = fmt.Sprintf("ours is not known in a closed world: %+v", *r)
		case (r.Truth == True) != o.truth:
			why = fmt.Sprintf("cpp: truth %v; ours: %+v", o.truth, *r)
		case !o.valueEq:
			why = fmt.Sprintf("cpp: value != %s; ours: %+v", cLiteral(r.Value), *r)
		case o.isSigned == r.Value.Unsigned:
			why = fmt.Sprintf("cpp: signed=%v; ours: %+v", o.isSigned, *r)
		default:
			continue
		}
		bad++
		if bad <= 25 {
			t.Errorf("case %d disagrees with cpp\n  #if %s\n  macros: %q\n  %s", i, c.expr, c.defs, why)
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases disagree with cpp", bad, len(cases))
	}
	return errs
}

func requireCPP(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("cpp not on PATH")
	}
	if out, err := exec.Command("cpp", "--version").Output(); err == nil {
		first, _, _ := strings.Cut(string(out), "\n")
		t.Logf("reference preprocessor: %s", first)
	}
}

func TestDifferentialCPP(t *testing.T) {
	requireCPP(t)
	seed := *diffSeed
	if seed == 0 {
		seed = defaultDiffSeed
	}
	n := *diffCount
	if testing.Short() {
		n = 2000
	}
	t.Logf("differential test: seed %d (-expr.seed=%d to reproduce), %d expressions", seed, seed, n)
	g := &gen{r: rand.New(rand.NewSource(seed))}
	cases := make([]cppCase, n)
	for i := range cases {
		cases[i] = g.next()
	}
	start := time.Now()
	errs := compareWithCPP(t, cases)
	t.Logf("%d expressions (%d errors in cpp) compared in %v", n, errs, time.Since(start))
}

// TestDifferentialUnknowns checks the three-valued extension for
// soundness. Each generated case is evaluated in an open world (every name
// not defined is Unknown); cpp then evaluates it under a random resolution
// of those names: each defined as a random number, as a function-like
// macro, or left undefined. Whatever Eval claims to know must hold in
// every resolution: a known truth or value must be cpp's whenever cpp
// accepts the condition, and an error must be an error in cpp.
func TestDifferentialUnknowns(t *testing.T) {
	requireCPP(t)
	seed := *diffSeed
	if seed == 0 {
		seed = defaultDiffSeed
	}
	n := *diffCount / 2
	if testing.Short() {
		n = 1000
	}
	t.Logf("unknowns differential test: seed %d, %d expressions", seed, n)
	g := &gen{r: rand.New(rand.NewSource(seed + 1))}
	cases := make([]cppCase, n)
	results := make([]*Result, n)
	errs := make([]error, n)
	known := 0
	for i := range cases {
		c := g.next()
		env := &MapEnv{Default: Unknown, Include: closedEnv(nil).Include}
		defined := map[string]bool{}
		for _, d := range c.defs {
			defined[env.Define(d).Name] = true
		}
		r, err := Eval(c.expr, env)
		errs[i] = err
		if err == nil {
			results[i] = &r
			if r.Truth != Unknown {
				known++
			}
		}
		defs := append([]string(nil), c.defs...)
		for _, names := range [][]string{objNames, funNames, undefs} {
			for _, name := range names {
				if defined[name] {
					continue
				}
				switch g.r.Intn(5) {
				case 0, 1:
					defs = append(defs, name+" "+g.pick([]string{"0", "1", "2", "(-1)", "5u", "0x8000000000000000", "(-9223372036854775807-1)", "0u"}))
				case 2:
					defs = append(defs, name+"(...) "+g.pick([]string{"0", "1", "(-3)", "7u"}))
				}
			}
		}
		cases[i] = cppCase{defs: defs, expr: c.expr}
	}
	outs := runCPP(t, cases, results)
	bad := 0
	for i, c := range cases {
		o, r, err := outs[i], results[i], errs[i]
		var why string
		switch {
		case err != nil && !o.err:
			why = fmt.Sprintf("ours: %v; cpp accepts it (truth %v)", err, o.truth)
		case err != nil || o.err:
			continue
		case r.Truth != Unknown && (r.Truth == True) != o.truth:
			why = fmt.Sprintf("ours: %+v; cpp: truth %v", *r, o.truth)
		case r.Value.Known && !o.valueEq:
			why = fmt.Sprintf("ours: %+v; cpp: value differs", *r)
		case r.Value.Known && o.isSigned == r.Value.Unsigned:
			why = fmt.Sprintf("ours: %+v; cpp: signed=%v", *r, o.isSigned)
		default:
			continue
		}
		bad++
		if bad <= 25 {
			t.Errorf("case %d: open-world answer contradicted by a resolution\n  #if %s\n  macros: %q\n  %s", i, c.expr, c.defs, why)
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases contradicted", bad, n)
	}
	t.Logf("%d expressions, %d with a known truth in the open world", n, known)
}
