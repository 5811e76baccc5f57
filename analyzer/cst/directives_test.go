package cst

import (
	"slices"
	"testing"
)

// cleanDirectiveSources are sources whose conditionals all wrap whole
// statements or declarations, so tree-sitter must recognize every one.
func cleanDirectiveSources(t *testing.T) map[string][]byte {
	return map[string][]byte{
		"kernels.cu":    readFixture(t, "kernels.cu"),
		"arch_guard.cu": readFixture(t, "arch_guard.cu"),
		"nested": []byte(`#ifndef GUARD_H
#define GUARD_H
#if defined(A) && \
    defined(B)
int a_and_b;
#elif defined(C)
#  ifdef D
int c_and_d;
#  else
int c_only;
#  endif
#elifdef E
int e;
#elifndef F
int not_f;
#else
int other;
#endif
/*
#if commented_out
#endif
*/
struct S {
#ifdef MEMBER
  int member;
#endif
};
enum E {
#if WITH_RED
  RED,
#endif
  BLUE
};
#endif  // GUARD_H
`),
	}
}

func TestDirectiveLinesMatchScannerOnCleanSources(t *testing.T) {
	for name, src := range cleanDirectiveSources(t) {
		t.Run(name, func(t *testing.T) {
			f := mustParse(t, src)
			if f.ErrorNodes != 0 {
				t.Fatalf("%d error nodes at %v", f.ErrorNodes, f.ErrorLines)
			}
			if want := scanDirectives(src); !slices.Equal(f.DirectiveLines, want) {
				t.Errorf("DirectiveLines = %v, line scanner = %v", f.DirectiveLines, want)
			}
		})
	}
}

func TestScanDirectives(t *testing.T) {
	src := []byte("#if A\n#define X \\\n#if not_a_directive\n/* #if no\n#endif no */ #if no\n  #  else\n#endif\n#include <x>\n#ifdefined\n")
	if got, want := scanDirectives(src), []int{1, 6, 7}; !slices.Equal(got, want) {
		t.Errorf("scanDirectives = %v, want %v", got, want)
	}
}

func TestWholeBodyUnderOneIf(t *testing.T) {
	src := readFixture(t, "arch_guard.cu")
	f := mustParse(t, src)
	k := findFunction(t, f.Kernels, "hopper_only_kernel")
	if k.BodyStartLine != 5 || k.BodyEndLine != 10 {
		t.Fatalf("body lines %d-%d, want 5-10", k.BodyStartLine, k.BodyEndLine)
	}
	checkBodyBytes(t, src, k)
	// The downstream rule: the first directive inside the body opens on
	// the line after '{' and its #endif sits on the line before '}'.
	inside := directivesWithin(f.DirectiveLines, k.BodyStartLine, k.BodyEndLine)
	if !slices.Equal(inside, []int{6, 9}) {
		t.Errorf("directives inside body = %v, want [6 9]", inside)
	}

	s := findFunction(t, f.Kernels, "split_kernel")
	if s.StartLine != 12 || s.BodyStartLine != 13 || s.BodyEndLine != 21 {
		t.Errorf("split_kernel lines %d, body %d-%d", s.StartLine, s.BodyStartLine, s.BodyEndLine)
	}
	if inside := directivesWithin(f.DirectiveLines, s.BodyStartLine, s.BodyEndLine); !slices.Equal(inside, []int{14, 16, 18, 20}) {
		t.Errorf("split_kernel directives = %v", inside)
	}
	if !slices.Equal(s.Calls, []string{"fallback_trap", "fast_path", "medium_path"}) {
		t.Errorf("split_kernel calls from every branch = %q", s.Calls)
	}

	// A kernel wrapped by #ifdef from outside is still a kernel.
	e := findFunction(t, f.Kernels, "extra_kernel")
	if e.StartLine != 24 || e.Recovered {
		t.Errorf("extra_kernel = %+v", e)
	}
}

func directivesWithin(lines []int, from, to int) []int {
	var out []int
	for _, l := range lines {
		if l > from && l < to {
			out = append(out, l)
		}
	}
	return out
}

func TestBodyClosedInsideBranches(t *testing.T) {
	// Each branch closes the body itself: only one '}' survives any
	// configuration, but tree-sitter sees two. The body must still end at
	// the last one, and the stray '}' is an error, not a crash.
	src := []byte(`__global__ void two_exits(int* p) {
  prologue(p);
#if __CUDA_ARCH__ >= 900
  new_path(p);
}
#else
  old_path(p);
}
#endif

__device__ void next_one() { tail(); }
`)
	f := mustParse(t, src)
	k := findFunction(t, f.Kernels, "two_exits")
	if k.BodyStartLine != 1 || k.BodyEndLine != 8 || !k.Recovered {
		t.Errorf("two_exits = %+v", k)
	}
	if n := findFunction(t, f.Functions, "next_one"); !n.Device || n.StartLine != 11 {
		t.Errorf("next_one = %+v", n)
	}
	if f.ErrorNodes == 0 {
		t.Error("want the stray '}' reported as an error")
	}
	if want := scanDirectives(src); len(f.DirectiveLines) > len(want) {
		t.Errorf("DirectiveLines %v exceeds scanner %v", f.DirectiveLines, want)
	}
}

func TestMessyFixture(t *testing.T) {
	src := readFixture(t, "messy.cu")
	f := mustParse(t, src)
	scanned := scanDirectives(src)
	if len(f.DirectiveLines) > len(scanned) {
		t.Errorf("DirectiveLines %v exceeds scanner %v", f.DirectiveLines, scanned)
	}
	for _, l := range f.DirectiveLines {
		if !slices.Contains(scanned, l) {
			t.Errorf("directive line %d is not a directive per the scanner %v", l, scanned)
		}
	}
	if f.ErrorNodes == 0 || len(f.ErrorLines) == 0 || len(f.ErrorLines) > f.ErrorNodes {
		t.Errorf("ErrorNodes=%d ErrorLines=%v", f.ErrorNodes, f.ErrorLines)
	}
	if !slices.IsSorted(f.ErrorLines) {
		t.Errorf("ErrorLines not in source order: %v", f.ErrorLines)
	}
	t.Logf("messy.cu: %d/%d directive lines recognized, %d error nodes at %v",
		len(f.DirectiveLines), len(scanned), f.ErrorNodes, f.ErrorLines)

	// #if/#else inside the parameter list: the body is still found, and
	// exact, since the errors leave its braces alone.
	p := findFunction(t, f.Kernels, "param_kernel")
	if p.StartLine != 4 || p.BodyStartLine != 10 || p.BodyEndLine != 12 || p.Recovered {
		t.Errorf("param_kernel = %+v", p)
	}
	checkBodyBytes(t, src, p)

	// #if/#else splitting the signature: one of the two signatures wins,
	// with the shared body.
	s := findFunction(t, f.Kernels, "split_signature_kernel")
	if s.BodyStartLine != 17 || s.BodyEndLine != 21 {
		t.Errorf("split_signature_kernel = %+v", s)
	}
	if !slices.Contains(s.Calls, "after_split") {
		t.Errorf("split_signature_kernel calls = %q", s.Calls)
	}
	checkBodyBytes(t, src, s)

	if v := findFunction(t, f.Kernels, "survivor_kernel"); v.StartLine != 32 {
		t.Errorf("survivor_kernel = %+v", v)
	}
}

func TestMissingNodes(t *testing.T) {
	// A missing ';' and a missing #endif are MISSING nodes: counted, but
	// they have no line of their own and the #endif is not a directive.
	src := []byte("void f() {\n  int x = 1\n}\n#if A\nint y;\n")
	f := mustParse(t, src)
	if f.ErrorNodes < 2 {
		t.Errorf("ErrorNodes = %d, want >= 2", f.ErrorNodes)
	}
	if len(f.ErrorLines) != 0 {
		t.Errorf("ErrorLines = %v, want none (no ERROR nodes)", f.ErrorLines)
	}
	if !slices.Equal(f.DirectiveLines, []int{4}) {
		t.Errorf("DirectiveLines = %v, want [4]", f.DirectiveLines)
	}
}

func TestErrorLinesCapped(t *testing.T) {
	var src []byte
	for range 3 * MaxErrorLines {
		src = append(src, ") ] ; } )\n"...)
	}
	f := mustParse(t, src)
	if len(f.ErrorLines) > MaxErrorLines {
		t.Errorf("len(ErrorLines) = %d, cap is %d", len(f.ErrorLines), MaxErrorLines)
	}
	if f.ErrorNodes < len(f.ErrorLines) || f.ErrorNodes == 0 {
		t.Errorf("ErrorNodes = %d, len(ErrorLines) = %d", f.ErrorNodes, len(f.ErrorLines))
	}
	t.Logf("%d error nodes, %d lines kept", f.ErrorNodes, len(f.ErrorLines))
}

func TestUnterminatedBody(t *testing.T) {
	// The file ends inside the body: tree-sitter closes it with a MISSING
	// '}', so the body range is a guess and says so.
	src := []byte("__device__ void complete() { x(); }\n__global__ void cut_short(int* p) {\n  p[0] = 1;\n")
	f := mustParse(t, src)
	k := findFunction(t, f.Kernels, "cut_short")
	if !k.Recovered || k.BodyStartLine != 2 {
		t.Errorf("cut_short = %+v", k)
	}
	if c := findFunction(t, f.Functions, "complete"); c.Recovered {
		t.Errorf("complete = %+v", c)
	}
	if f.ErrorNodes == 0 {
		t.Error("MISSING '}' not counted")
	}
}
