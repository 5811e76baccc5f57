package comment

import (
	"strings"
	"testing"
)

// Commented-out code is no explanation of the check below it.
func TestAtSkipsCode(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"FasterTransformer's disabled Volta dispatch", "/* if (sm_ >= 70 && sm_ < 75) { */\n/*     dispatch<Sm70>( */\n/*         A, B, C);\n */\n/* } */\nif (sm_ >= 80 && sm_ < 90) {\n", ""},
		{"prose above code is read", "// Ampere only: SM80 layouts.\n// if (sm >= 75) { run75(); }\nif (sm >= 80) {\n", "Ampere only: SM80 layouts."},
		{"code between prose lines", "// Hopper only\n// run90();\n// (wgmma)\nif (sm == 90) {\n", "Hopper only (wgmma)"},
		{"a directive commented out", "// #if CUDA_VERSION >= 12000\nif (sm == 90) {\n", ""},
		{"else commented out", "// else\nif (sm == 90) {\n", ""},
		{"trailing code", "if (sm == 90) { // run_hopper();\n", ""},
		{"trailing prose", "if (sm == 90) { // Hopper only: wgmma\n", "Hopper only: wgmma"},
		{"prose with a parenthesis", "// Hopper and newer (TMA)\nif (sm >= 90) {\n", "Hopper and newer (TMA)"},
		{"prose that starts with elsewhere", "// elsewhere the generic path\nif (sm >= 90) {\n", "elsewhere the generic path"},
		{"a colon ends prose", "// Supported:\nif (sm >= 90) {\n", "Supported:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.TrimSuffix(c.src, "\n")
			off := strings.LastIndexByte(src, '\n') + 1
			if got := At([]byte(c.src), off, Slashes); got != c.want {
				t.Errorf("At = %q, want %q", got, c.want)
			}
		})
	}
	// Python comments are left as they are: `# if major >= 9:` reads as
	// prose to this package.
	if got := At([]byte("# fall back (see below);\nif major == 9:\n"), 25, Hash); got != "fall back (see below);" {
		t.Errorf("Hash: At = %q", got)
	}
}
