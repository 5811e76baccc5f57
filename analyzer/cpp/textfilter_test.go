package cpp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTextFiltersMatchRegexps checks that the byte filters in front of
// numberRE (shapeOf's hand-written matcher) and failureRE change no answer, on every line and every whole
// file of the fixtures plus a few made-up cases.
func TestTextFiltersMatchRegexps(t *testing.T) {
	texts := []string{"", "x", "static_assert(false, \"no\")", "assert(0 && \"x\")", "__trap()", "asm volatile(\"trap;\")",
		"__builtin_trap ()", "CUTE_INVALID_CONTROL_PATH(\"x\")", "int a = 0x1fULL + 1'000 + 2.5e-3f;", "foo_assert(false)"}
	filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) > 1<<20 {
			return nil
		}
		texts = append(texts, string(b))
		texts = append(texts, strings.Split(string(b), "\n")...)
		return nil
	})
	for _, s := range texts {
		if got, want := shapeOf(s), shapeByRegexp(s); got != want {
			t.Errorf("shapeOf(%q) = %q, want %q", s, got, want)
		}
		if got, want := findFailure(s), failureRE.FindString(s); got != want {
			t.Errorf("findFailure(%q) = %q, want %q", s, got, want)
		}
	}
}

// FuzzFindFailure compares findFailure, which runs the anchored regexp only
// where a failure word starts a word, with failureRE over the whole text.
func FuzzFindFailure(f *testing.F) {
	for _, s := range []string{"x; static_assert(false, \"no\");", "foo_assert(0) assert( 0 )", "a__trap() __trap( )", "asm volatile ( \"trap\" )",
		"xasm(\"trap;\") asm(\"trap;\")", "__builtin_trap()", "_CUTE_INVALID_CONTROL_PATH( CUTE_INVALID_CONTROL_PATH (", "static_assert(0x0)", "assert(false &&", "\xffassert(0)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := findFailure(s), failureRE.FindString(s); got != want {
			t.Fatalf("findFailure(%q) = %q, want %q", s, got, want)
		}
	})
}

// BenchmarkFindFailure runs findFailure over a header-sized branch text that
// mentions assert often and fails nowhere.
func BenchmarkFindFailure(b *testing.B) {
	var sb strings.Builder
	for i := range 4000 {
		sb.WriteString("static_assert(sizeof(T) == 4, \"x\"); int v")
		sb.WriteString(strings.Repeat("a", i%7))
		sb.WriteString(" = assert_ok(x) + __trap_count;\n")
	}
	s := sb.String()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if findFailure(s) != "" {
			b.Fatal("unexpected match")
		}
	}
}

// TestBranchFailure checks that only a failure at the branch's own brace
// level makes the branch fail: one in a run-time arm leaves it working.
func TestBranchFailure(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"__trap();", "__trap()"},
		{"CUTE_INVALID_CONTROL_PATH(\"no tma\");\nuint64_t d = 0;", "CUTE_INVALID_CONTROL_PATH("},
		{"if (id == 0) {\nasm volatile(\"bar.sync 0;\");\n} else {\nassert(0);\n}\nreturn 1;", ""},
		{"if constexpr (N > 0) { run(); } else { static_assert(false, \"N\"); }", ""},
		{"{ assert(0); }\n__trap();", "__trap()"},
		{"run();", ""},
		// A dependent false fails the build as static_assert(false) does.
		{"static_assert(kDependentFalse, \"needs sm_90\");", "static_assert(kDependentFalse"},
		{"static_assert(dependent_false<T>::value, \"x\");", "static_assert(dependent_false"},
		{"static_assert(always_false_v<T>, \"x\");", "static_assert(always_false_v"},
		{"static_assert(sizeof(T) == 0, \"x\");", "static_assert(sizeof(T) == 0"},
		{"static_assert(!sizeof(T), \"x\");", "static_assert(!sizeof"},
		{"static_assert(sizeof(T) == 4, \"x\");", ""},
		{"static_assert(falsey, \"x\");", ""},
		{"static_assert(kIsFalse || N > 0, \"x\");", ""},
		// One thread's trap ends the kernel.
		{"if (cute::thread0()) {\nCUTE_INVALID_CONTROL_PATH(\"sm100 only\");\n}", "CUTE_INVALID_CONTROL_PATH("},
		{"// only thread 0 reports\nif (threadIdx.x == 0 && blockIdx.x == 0) { __trap(); }", "__trap()"},
		{"run();\nif (thread0()) { __trap(); }", "__trap()"},
		// Not one thread, or an arm after the one-thread block.
		{"if (threadIdx.x == 1) { __trap(); }", ""},
		{"if (lane == 0 && ok) { __trap(); }", ""},
		{"if (cute::thread0()) { print(); } else { __trap(); }", ""},
		{"if (cute::thread0()) { if (bad) { __trap(); } }", ""},
	} {
		if got := branchFailure(c.text); got != c.want {
			t.Errorf("branchFailure(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestPrintCallsOnly: code made of print statements and bare returns only
// prints; any other statement, or a return with a value, is work.
func TestPrintCallsOnly(t *testing.T) {
	for code, want := range map[string]string{
		`printf("ERROR : needs sm_90a. Aborting.\n");`:                     `printf("ERROR : needs sm_90a. Aborting.\n");`,
		"printf(\"a; b\");\nreturn;":                                       `printf("a; b");`,
		`std::printf("x %d\n", n); fprintf(stderr, "y\n");`:                `std::printf("x %d\n", n);`,
		`puts("unsupported");`:                                             `puts("unsupported");`,
		`printf("slow\n"); return x + x;`:                                  "",
		`return;`:                                                          "",
		`printf("a\n"); out[0] = 1;`:                                       "",
		`printf("a\n"); __trap();`:                                         "",
		`printf("unterminated`:                                             "",
		`printf("esc \" ;quote\n");`:                                       `printf("esc \" ;quote\n");`,
		`if (threadIdx.x == 0) { printf("x\n"); }`:                         "",
		`printf("%s\n", msg(a, b));` + "\n" + `printf("%d\n", (int)f(x));`: `printf("%s\n", msg(a, b));`,
	} {
		if got := printCallsOnly(code); got != want {
			t.Errorf("printCallsOnly(%q) = %q, want %q", code, got, want)
		}
	}
}

// TestRefusalArmsOnly: run-time arms that only refuse, and nothing else.
func TestRefusalArmsOnly(t *testing.T) {
	for code, want := range map[string]bool{
		"if constexpr (std::is_same_v<T, __fp8_e4m3> || std::is_same_v<T, __fp8_e5m2>) {\nMSCCLPP_ASSERT_DEVICE(false, \"FP8 not supported\");\nreturn;\n} else": true,
		"else if constexpr (is_fp8<T>::value) {\nassert(false && \"FP8 needs sm_100a\");\nreturn;\n}":                                                            true,
		"if (n > 4) { __trap(); }":                                true,
		"if (n > 4) { __trap(); }\nif (m) { assert(0); return; }": true,
		"if (n > 4) { x = 1; }":                                   false,
		"if (n > 4) { assert(false); return; } y = 2;":            false,
		"if (n > 4) { assert(n < 8); return; }":                   false,
		"if (n > 4) { MY_ASSERT(false, \"a; b\"); return; }":      true,
		"":                         false,
		"asm volatile(\"trap;\");": false,
	} {
		if got := refusalArmsOnly(code); got != want {
			t.Errorf("refusalArmsOnly(%q) = %v, want %v", code, got, want)
		}
	}
}
