package rules

import (
	"reflect"
	"testing"
)

// failureText completes the start of a call that the failure pattern
// matched, so that a message names the call cleanly.
func TestFailureText(t *testing.T) {
	for in, want := range map[string]string{
		"CUTE_INVALID_CONTROL_PATH(":  "CUTE_INVALID_CONTROL_PATH(...)",
		"CUTE_INVALID_CONTROL_PATH (": "CUTE_INVALID_CONTROL_PATH (...)",
		`asm("trap;"`:                 `asm("trap;")`,
		"asm volatile(\n  \"trap;\"":  `asm volatile( "trap;")`,
		"static_assert(false":         "static_assert(false, ...)",
		"assert(0)":                   "assert(0)",
		"assert(false &":              "assert(false ...)",
		"__trap()":                    "__trap()",
		`#error "not ported (yet"`:    `#error "not ported (yet"`,
	} {
		if got := failureText(in); got != want {
			t.Errorf("failureText(%q) = %q, want %q", in, got, want)
		}
	}
}

// oneArch: a verb after one architecture is singular ("sm_90 gets"), after
// a range or a set plural.
func TestOneArch(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  bool
	}{
		{[]string{"sm_90"}, true},
		{[]string{"sm_90..sm_110"}, false},
		{[]string{"sm_103a/sm_103f"}, false},
		{[]string{"sm_90", "sm_100"}, false},
	} {
		if got := oneArch(c.names); got != c.want {
			t.Errorf("oneArch(%q) = %v", c.names, got)
		}
	}
}

// TestIdentUsesMatchContainsWord: withCallees looks a callee's name up in
// the code's words (identUses) where it is an identifier; that must answer
// as containsWord does, for every name.
func TestIdentUsesMatchContainsWord(t *testing.T) {
	codes := []string{
		"wait_prior_grid();\nfoo(bar_1, _baz) + x2y->qux<T>(3);",
		"a::b::c<d>(e) && f[g] ? h : i9; // j k",
		"__syncthreads(); asm(\"ld.global\"); foo1foo foo",
		"",
		"émoji_x(ü) _",
	}
	names := []string{"wait_prior_grid", "wait_prior", "prior_grid", "foo", "bar_1", "bar", "_baz", "baz", "x2y", "qux", "T", "a", "b", "c", "d",
		"e", "f", "g", "h", "i9", "i", "j", "k", "__syncthreads", "syncthreads", "asm", "ld", "global", "foo1foo", "foo1", "x", "_", "moji_x", "ü", "émoji_x"}
	for _, code := range codes {
		uses := identUses([]byte(code))
		for _, n := range names {
			if !isIdentName(n) {
				continue
			}
			if _, got := uses[n]; got != containsWord([]byte(code), n) {
				t.Errorf("%q in %q: uses say %v, containsWord %v", n, code, got, !got)
			}
		}
	}
}

// TestIdentUses: a use after `q::` carries q, so that a member of another
// class is not taken for a namespace's function (cute::fma is no atom's
// static fma); a '(' or '<' after a name makes it a call.
func TestIdentUses(t *testing.T) {
	uses := identUses([]byte("cute::fma(d, a, b);\nx.run<T>(y); Atom::fma (z); T<int>::go(); ::top(); v = w;"))
	for name, want := range map[string]wordUse{
		"fma": {quals: []string{"cute", "Atom"}, called: true},
		"run": {bare: true, called: true},
		"go":  {bare: true, called: true},
		"top": {bare: true, called: true},
		"v":   {bare: true},
	} {
		if got := uses[name]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", name, got, want)
		}
	}
	if u := uses["fma"]; u.admits("SM100_2x1x1") || !u.admits("Atom") || !u.admits("") {
		t.Errorf("fma: %+v admits the wrong owners", u)
	}
}
