package walk

import (
	"strings"
	"testing"
	"time"
)

func TestParsePattern(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		want pattern
	}{
		{"", false, pattern{}},
		{"# comment", false, pattern{}},
		{"   ", false, pattern{}},
		{"!", false, pattern{}},
		{"/", false, pattern{}},
		{`\#notcomment`, true, pattern{glob: `\#notcomment`, baseName: true}},
		{`\!bang`, true, pattern{glob: `\!bang`, baseName: true}},
		{"!keep.cu", true, pattern{glob: "keep.cu", negate: true, baseName: true, literal: true}},
		{"build/", true, pattern{glob: "build", dirOnly: true, baseName: true, literal: true}},
		{"/build", true, pattern{glob: "build", literal: true}},
		{"a/b", true, pattern{glob: "a/b", literal: true}},
		{"*.o", true, pattern{glob: "*.o", baseName: true, suffix: true}},
		{"/*.o", true, pattern{glob: "*.o", suffix: true}},
		{"trail   ", true, pattern{glob: "trail", baseName: true, literal: true}},
		{`trail\ `, true, pattern{glob: `trail\ `, baseName: true}},
		{"tab\t", true, pattern{glob: "tab\t", baseName: true, literal: true}},
		{"crlf\r", true, pattern{glob: "crlf", baseName: true, literal: true}},
		{"**/x", true, pattern{glob: "**/x"}},
		{"x/**", true, pattern{glob: "x/**"}},
		{"!/a/", true, pattern{glob: "a", negate: true, dirOnly: true, literal: true}},
	}
	for _, c := range cases {
		got, ok := parsePattern(c.line)
		got.compiled = nil // checked by the matching tests
		if ok != c.ok || got != c.want {
			t.Errorf("parsePattern(%q) = %+v, %v; want %+v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

func TestParsePatternsBOMAndCRLF(t *testing.T) {
	ps := parsePatterns([]byte("\xef\xbb\xbfa\r\n# c\r\n\r\nb/\r\nlast"))
	var globs []string
	for _, p := range ps {
		globs = append(globs, p.glob)
	}
	if strings.Join(globs, ",") != "a,b,last" {
		t.Errorf("globs = %q", globs)
	}
}

// TestIgnoreListMatch checks git's path semantics on one ignore file at
// base "sub" (paths are relative to the reference directory).
func TestIgnoreListMatch(t *testing.T) {
	l := &ignoreList{base: "sub", pats: parsePatterns([]byte(strings.Join([]string{
		"*.o",             // any depth
		"/top.cu",         // anchored to sub/
		"mid/leaf.py",     // inner slash anchors too
		"gen/",            // directories only
		"docs/**",         // everything inside
		"**/deep",         // any depth, as file or dir
		"a/**/z.h",        // zero or more directories
		"[ab]?.cu",        // class and ?
		"[!x]x.cu",        // negated class
		`lit\*.cu`,        // escaped star
		`sp\ `,            // escaped trailing space
		"!keep.o",         // negation, last match wins
		"*.tmp", "!*.tmp", // negation overriding an earlier pattern
	}, "\n")))}
	cases := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"sub/x.o", false, true},
		{"sub/d/e/x.o", false, true},
		{"sub/keep.o", false, false},
		{"sub/d/keep.o", false, false},
		{"sub/top.cu", false, true},
		{"sub/d/top.cu", false, false},
		{"sub/mid/leaf.py", false, true},
		{"sub/x/mid/leaf.py", false, false},
		{"sub/gen", true, true},
		{"sub/gen", false, false},
		{"sub/d/gen", true, true},
		{"sub/docs/a.py", false, true},
		{"sub/docs/a/b.py", false, true},
		{"sub/docs", true, false},
		{"sub/deep", false, true},
		{"sub/a/b/deep", true, true},
		{"sub/a/z.h", false, true},
		{"sub/a/b/c/z.h", false, true},
		{"sub/b/z.h", false, false},
		{"sub/a1.cu", false, true},
		{"sub/c1.cu", false, false},
		{"sub/ax.cu", false, true},
		{"sub/xx.cu", false, false},
		{"sub/lit*.cu", false, true},
		{"sub/litx.cu", false, false},
		{"sub/sp ", false, true},
		{"sub/sp", false, false},
		{"sub/a.tmp", false, false},
		{"other/x.o", false, false}, // not under the base
		{"subx/x.o", false, false},
	}
	for _, c := range cases {
		_, got := l.match(c.path, c.isDir)
		if got != c.want {
			t.Errorf("match(%q, dir=%v) = %v, want %v", c.path, c.isDir, got, c.want)
		}
	}
}

// TestIgnoreStackPrecedence: user patterns beat .gitignore files, deeper
// .gitignore files beat shallower ones, and all beat info/exclude.
func TestIgnoreStackPrecedence(t *testing.T) {
	list := func(base, text string) *ignoreList {
		return &ignoreList{base: base, pats: parsePatterns([]byte(text))}
	}
	st := &ignoreStack{
		user: list("", "forced.cu\n!rescued.cu"),
		repo: list("", "*.cu\n!fromrepo.py"),
	}
	st = st.withDir(list("", "*.py\n!rescued.cu"))
	deep := st.withDir(list("d", "!*.py\nforced.cu"))
	cases := []struct {
		st   *ignoreStack
		path string
		want bool
	}{
		{st, "a.cu", true},        // info/exclude
		{st, "a.py", true},        // root .gitignore
		{st, "fromrepo.py", true}, // .gitignore beats info/exclude's negation
		{st, "rescued.cu", false},
		{deep, "d/a.py", false},       // deeper negation wins
		{deep, "d/forced.cu", true},   // ignored by the deep file too
		{deep, "d/rescued.cu", false}, // user negation beats everything
		{&ignoreStack{user: list("", "!x.py")}, "x.py", false},
	}
	for _, c := range cases {
		if got := c.st.ignored(c.path, false); got != c.want {
			t.Errorf("ignored(%q) = %v, want %v", c.path, got, c.want)
		}
	}
	// withDir must not share backing arrays between siblings.
	a := st.withDir(list("a", "x"))
	b := st.withDir(list("b", "y"))
	if a.dirs[len(a.dirs)-1].base != "a" || b.dirs[len(b.dirs)-1].base != "b" {
		t.Error("sibling stacks alias each other")
	}
}

// TestWildmatchHostile: patterns built to backtrack must stay fast.
func TestWildmatchHostile(t *testing.T) {
	text := strings.Repeat("a", 200) + "/" + strings.Repeat("a", 200)
	start := time.Now()
	for _, p := range []string{
		strings.Repeat("*a", 30) + "b",
		strings.Repeat("**/", 30) + "b",
		strings.Repeat("*", 100) + "b",
		strings.Repeat("a*", 40) + "/" + strings.Repeat("*a", 40) + "b",
	} {
		for _, pathname := range []bool{true, false} {
			if compileGlob(p, pathname).match(text) {
				t.Errorf("%q matched", p)
			}
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("hostile patterns took %v", d)
	}
}
