package cpp

import (
	"regexp"
	"slices"
	"testing"
)

// nvGateRE is the gate syntax findGateMacros matches by hand.
var nvGateRE = regexp.MustCompile(`\b(NV_IF_TARGET|NV_IF_ELSE_TARGET|NV_DISPATCH_TARGET)\s*\(`)

// gateMacrosByRegexp is findGateMacros's answer from the regexp.
func gateMacrosByRegexp(code string) []gateMatch {
	var out []gateMatch
	for _, m := range nvGateRE.FindAllStringSubmatchIndex(code, -1) {
		out = append(out, gateMatch{name: m[2], macro: code[m[2]:m[3]], open: m[1]})
	}
	return out
}

// gateAlphabet is what gate macros and their surroundings are made of:
// fuzzed bytes are mapped onto it, plus whole macro names.
var gateAlphabet = []string{"NV_IF_TARGET", "NV_IF_ELSE_TARGET", "NV_DISPATCH_TARGET", "NV_", "NV_IF_", "_", "x", " ", "\t", "\v", "\n", "\f", "\r", "(", ")", "\u00e9", "\xff"}

// FuzzGateMacrosLikeRegexp compares findGateMacros with the regexp on text
// made of gate names, parts of them and what may surround them.
func FuzzGateMacrosLikeRegexp(f *testing.F) {
	for _, s := range []string{"\x00\x05\x0e", "\x06\x00\x0e", "\x03\x00\x00\x0e", "\x01\x0a\x0e\x02\x0e", "\x10\x00\x0e"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var code []byte
		for _, c := range b {
			code = append(code, gateAlphabet[int(c)%len(gateAlphabet)]...)
		}
		s := string(code)
		if got, want := findGateMacros(s), gateMacrosByRegexp(s); !slices.Equal(got, want) {
			t.Fatalf("findGateMacros(%q) = %v, want %v", s, got, want)
		}
	})
}

func TestGateMacrosLikeRegexp(t *testing.T) {
	for _, s := range []string{
		"", "NV_IF_TARGET(NV_PROVIDES_SM_90, (a();))", "xNV_IF_TARGET(a, b) NV_IF_ELSE_TARGET \n (q, (a), (b))",
		"NV_DISPATCH_TARGET\v(a, b) NV_DISPATCH_TARGET\f(a, b)", "NV_IF_TARGETX(a) NV_NV_IF_TARGET( \u00e9NV_IF_TARGET(",
		"NV_IF_TARGET(NV_IF_TARGET(a, b), c)",
	} {
		if got, want := findGateMacros(s), gateMacrosByRegexp(s); !slices.Equal(got, want) {
			t.Errorf("findGateMacros(%q) = %v, want %v", s, got, want)
		}
	}
}
