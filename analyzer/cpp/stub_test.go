package cpp

import "testing"

func TestStubReturn(t *testing.T) {
	for code, want := range map[string]string{
		"return 0;":                 "0",
		"return 0u;":                "0u",
		"  return 0.0f;\n":          "0.0f",
		"return {};":                "{}",
		"return false;":             "false",
		"return float2{};":          "float2{}",
		"return make_float2(0, 0);": "",
		"return uint4();":           "uint4()",
		"return (0);":               "0",
		"return x;":                 "",
		"return 1;":                 "",
		"return;":                   "",
		"x = 0;\nreturn 0;":         "",
		"return cute::Tensor<T>{};": "cute::Tensor<T>{}",
		"return std::nullopt;":      "",
		"return nullptr;":           "nullptr",
	} {
		if got := StubReturn(code); got != want {
			t.Errorf("StubReturn(%q) = %q, want %q", code, got, want)
		}
	}
}
