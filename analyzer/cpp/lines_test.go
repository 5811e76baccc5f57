package cpp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/walk"
)

// refLine is one logical line as the scanner kept them before the line
// table: a record per line with its text and position.
type refLine struct {
	Text               string
	StartLine, EndLine int
	Directive          int
}

// refLines is the scanner's line loop as it was when every line kept a
// record: what Source.Line, Source.Lines and File.LineText must agree with.
func refLines(src []byte) []refLine {
	var out []refLine
	n := len(src)
	physLine := 1
	inBlockComment := false
	var buf strings.Builder
	i, dirs := 0, 0
	for i < n {
		startLine := physLine
		buf.Reset()
		inStr := byte(0)
		rawDelim := ""
		for i < n {
			c := src[i]
			if inBlockComment {
				if c == '*' && i+1 < n && src[i+1] == '/' {
					inBlockComment = false
					i += 2
					buf.WriteByte(' ')
					continue
				}
				if c == '\n' {
					physLine++
				}
				i++
				continue
			}
			if rawDelim != "" {
				end := ")" + rawDelim + "\""
				if bytes.HasPrefix(src[i:], []byte(end)) {
					buf.WriteString(end)
					i += len(end)
					rawDelim = ""
					continue
				}
				if c == '\n' {
					physLine++
				}
				buf.WriteByte(c)
				i++
				continue
			}
			if c == '\\' && i+1 < n && (src[i+1] == '\n' || (src[i+1] == '\r' && i+2 < n && src[i+2] == '\n')) {
				if src[i+1] == '\r' {
					i++
				}
				i += 2
				physLine++
				continue
			}
			if c == '\n' {
				break
			}
			if inStr != 0 {
				buf.WriteByte(c)
				if c == '\\' && i+1 < n && src[i+1] != '\n' {
					buf.WriteByte(src[i+1])
					i += 2
					continue
				}
				if c == inStr {
					inStr = 0
				}
				i++
				continue
			}
			if c == '/' && i+1 < n && src[i+1] == '*' {
				inBlockComment = true
				i += 2
				continue
			}
			if c == '/' && i+1 < n && src[i+1] == '/' {
				for i < n && src[i] != '\n' {
					if src[i] == '\\' && i+1 < n && src[i+1] == '\n' {
						physLine++
						i += 2
						continue
					}
					i++
				}
				continue
			}
			if c == '"' || c == '\'' {
				if c == '\'' && isDigitSeparator(src, i) {
					buf.WriteByte(c)
					i++
					continue
				}
				if c == '"' && i > 0 && src[i-1] == 'R' && (i < 2 || !isIdentByte(src[i-2]) || isRawPrefix(src, i-1)) {
					if d, ok := rawStringDelim(src[i+1:]); ok {
						rawDelim = d
						buf.WriteByte(c)
						i++
						continue
					}
				}
				inStr = c
			}
			if c != '\r' {
				buf.WriteByte(c)
			}
			i++
		}
		endLine := physLine
		if i < n && src[i] == '\n' {
			i++
			physLine++
		}
		ln := refLine{Text: buf.String(), StartLine: startLine, EndLine: endLine, Directive: -1}
		if _, ok := parseDirective(ln.Text); ok {
			ln.Directive = dirs
			dirs++
		}
		out = append(out, ln)
	}
	return out
}

// refOwners is, per logical line, its innermost branch, found the way
// Build did when it kept a BranchRef per line.
func refOwners(st *Structure, lines []refLine) []BranchRef {
	owners := make([]BranchRef, len(lines))
	for i := range owners {
		owners[i] = BranchRef{-1, -1}
	}
	for ci := len(st.Chains) - 1; ci >= 0; ci-- {
		for bi := range st.Chains[ci].Branches {
			b := &st.Chains[ci].Branches[bi]
			child := 0
			for li := b.FirstLine; li < b.EndLine; li++ {
				if lines[li].Directive >= 0 && child < len(b.Children) && st.Src.Directives[st.Chains[b.Children[child]].Branches[0].Dir].LineIdx == li {
					nc := &st.Chains[b.Children[child]]
					child++
					if nc.Endif >= 0 {
						li = st.Src.Directives[nc.Endif].LineIdx
					} else {
						li = b.EndLine
					}
					continue
				}
				owners[li] = BranchRef{ci, bi}
			}
		}
	}
	return owners
}

// checkLines compares what a file answers about its lines with the
// reference record per line.
func checkLines(t *testing.T, f *File, src []byte) {
	t.Helper()
	want := refLines(src)
	s := f.St.Src
	if s.NumLines() != len(want) {
		t.Fatalf("NumLines = %d, want %d", s.NumLines(), len(want))
	}
	owners := refOwners(f.St, want)
	seen := 0
	for li, ln := range s.Lines() {
		w := want[li]
		if li != seen {
			t.Fatalf("Lines gave line %d after %d", li, seen-1)
		}
		seen++
		if got := (Line{StartLine: w.StartLine, EndLine: w.EndLine, Directive: w.Directive}); ln != got || s.Line(li) != got {
			t.Fatalf("line %d: Lines %+v, Line %+v, want %+v", li, ln, s.Line(li), got)
		}
		if got := f.LineText(li); got != w.Text {
			t.Fatalf("LineText(%d) = %q, want %q", li, got, w.Text)
		}
		if got := f.St.Owner(li); got != owners[li] {
			t.Fatalf("Owner(%d) = %v, want %v", li, got, owners[li])
		}
	}
	if seen != len(want) {
		t.Fatalf("Lines gave %d lines, want %d", seen, len(want))
	}
}

var lineCases = map[string]string{
	"empty":                "",
	"one line, no newline": "int x;",
	"crlf":                 "#if A\r\nint x; \\\r\n  int y;\r\n#else\r\n/* two\r\nlines */ z();\r\n#endif\r\n",
	"continuations":        "#define M(a) \\\n  a + \\\n  1\nint v = M(2);\n#if defined(A) && \\\n    B\nx\n#endif\n",
	"block comments":       "/**\n * doc\n */\nvoid f();\n#ifdef X\n/* a */ int a; /* b\n c */ int b;\n#endif",
	"raw string":           "auto s = R\"d(\n#if A\nline\n)d\";\n#if B\n#endif\n",
	"continuation at end":  "int x; \\\n",
	"nested":               "#ifndef G\n#define G\n#if A\na();\n#if B\nb();\n#elif C\nc();\n#else\nd();\n#endif\ne();\n#endif\nf();\n#endif\n",
	"unterminated":         "#if A\n#if B\nx();\n",
	"stray":                "#endif\nx();\n#else\n#if A\n#endif\n",
	"line comment splice":  "int a; // c \\\n still comment\nint b;\n",
}

// Source.Line, Source.Lines, File.LineText and Structure.Owner answer what
// a record per line said, before and after Compact and DropLineText.
func TestLinesMatchReference(t *testing.T) {
	for name, src := range lineCases {
		t.Run(name, func(t *testing.T) {
			f := loadCompactFile(src)
			checkLines(t, f, []byte(src))
			f = loadCompactFile(src)
			f.Compact(func() ([]byte, error) { return []byte(src), nil })
			checkLines(t, f, []byte(src))
			f = loadCompactFile(src)
			f.DropLineText()
			checkLines(t, f, []byte(src))
		})
	}
}

// A compacted file read from disk with a BOM, CRLF line ends and
// continuation lines gives back its text as first scanned: the re-read
// drops the BOM as the first reading did.
func TestCompactBOMFile(t *testing.T) {
	body := "#include \"a.h\"\r\n#if __CUDA_ARCH__ >= 900 && \\\r\n    defined(X)\r\n  asm(\"fence;\"); /* note\r\n more */ y();\r\n#else\r\n  fallback(); \\\r\n  more();\r\n#endif\r\n"
	p := filepath.Join(t.TempDir(), "k.cuh")
	if err := os.WriteFile(p, []byte("\xef\xbb\xbf"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	wf := walk.File{Root: filepath.Dir(p), Path: "k.cuh", Abs: p}
	src, prob := walk.Read(wf, 0)
	if prob != nil {
		t.Fatal(prob.Msg)
	}
	if string(src) != body {
		t.Fatalf("walk.Read kept the BOM: %q", src[:3])
	}
	st := Build(Scan(src))
	f := &File{Path: "k.cuh", Src: src, St: st, MacroGates: FindMacroGates(src, st.Src)}
	f.Compact(func() ([]byte, error) {
		b, prob := walk.Read(wf, 0)
		if prob != nil {
			t.Fatal(prob.Msg)
		}
		return b, nil
	})
	checkLines(t, f, []byte(body))
	if f.RestoreErr() != nil || string(f.Source()) != body {
		t.Errorf("restore: %v", f.RestoreErr())
	}
	if d := f.St.Src.Directives[1]; d.Line != 2 || d.EndLine != 3 {
		t.Errorf("#if at lines %d-%d, want 2-3", d.Line, d.EndLine)
	}
}

func FuzzLinesMatchReference(f *testing.F) {
	for _, src := range lineCases {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		st := Build(Scan(src))
		checkLines(t, &File{Src: src, St: st}, src)
	})
}
