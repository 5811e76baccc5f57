package rules

import "testing"

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

// TestIdentWordsMatchContainsWord: withCallees looks a callee's name up in
// the code's words (identWords) where it is an identifier; that must answer
// as containsWord does, for every name.
func TestIdentWordsMatchContainsWord(t *testing.T) {
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
		words := identWords([]byte(code))
		for _, n := range names {
			if !isIdentName(n) {
				continue
			}
			if got, want := words[n], containsWord([]byte(code), n); got != want {
				t.Errorf("%q in %q: words say %v, containsWord %v", n, code, got, want)
			}
		}
	}
}
