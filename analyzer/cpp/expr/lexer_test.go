package expr

import (
	"fmt"
	"strings"
	"testing"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want string // tokens as Kind:Text, space-prefixed with "_" when Space
	}{
		{"a+b", "Ident:a Punct:+ Ident:b"},
		{" x  /* c */ y // z", "_Ident:x _Ident:y"},
		{"1'000'000u", "Number:1'000'000u"},
		{"1'", "Number:1 Other:'"},
		{"1''0", "Number:1''0"},
		{"0xe+1", "Number:0xe+1"},
		{"1.2.3e+4", "Number:1.2.3e+4"},
		{".5", "Number:.5"},
		{"1..2", "Number:1..2"},
		{"a...b", "Ident:a Punct:... Ident:b"},
		{"x->*y", "Ident:x Punct:->* Ident:y"},
		{"<<= >>= <=> %:%: <::x <::> <%", "Punct:<<= _Punct:>>= _Punct:<= Punct:> _Punct:%:%: _Punct:< Punct::: Ident:x _Punct:<: Punct::> _Punct:<%"},
		{"and or not_eq bitor", "Punct:and _Punct:or _Punct:not_eq _Punct:bitor"},
		{"android", "Ident:android"},
		{"$x", "Ident:$x"},
		{"'a' L'b' u'c' U'd' u8'e'", "CharLit:'a' _CharLit:L'b' _CharLit:u'c' _CharLit:U'd' _CharLit:u8'e'"},
		{`'\''`, `CharLit:'\''`},
		{"'a'_suffix", "CharLit:'a'_suffix"},
		{`"s\"t" u8"x" R"d(a)"b)d"`, `String:"s\"t" _String:u8"x" _String:R"d(a)"b)d"`},
		{"'abc", "Other:'abc"},
		{"u8 'a'", "Ident:u8 _CharLit:'a'"},
		{"__has_include(<a/b.h>)", "Ident:__has_include Punct:( HeaderName:<a/b.h> Punct:)"},
		{"__has_include <x>", "Ident:__has_include _HeaderName:<x>"},
		{"x <y> z", "Ident:x _Punct:< Ident:y Punct:> _Ident:z"},
		{"__has_include(<x)", "Ident:__has_include Punct:( Punct:< Ident:x Punct:)"},
		{"#include <vector>", "Punct:# Ident:include _HeaderName:<vector>"},
		{"include <vector>", "Ident:include _HeaderName:<vector>"},
		{"a \\\n b", "Ident:a _Ident:b"},
		{"@ \\ `", "Other:@ _Other:\\ _Other:`"},
	}
	for _, tt := range tests {
		var parts []string
		for _, tok := range Tokenize(tt.in) {
			s := fmt.Sprintf("%v:%s", tok.Kind, tok.Text)
			if tok.Space {
				s = "_" + s
			}
			parts = append(parts, s)
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("Tokenize(%q)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestTokenizeErrors(t *testing.T) {
	for _, in := range []string{`R"abc`, `R"a b(x)a b"`, `R"x(unterminated`, "1''2"} {
		if _, msg := tokenize(in, nil); msg == "" {
			t.Errorf("tokenize(%q): no lexical error", in)
		}
		if _, err := Eval("0 && "+in, closedEnv(nil)); err == nil {
			t.Errorf("Eval(%q): no error", in)
		}
	}
}
