package cpp

import (
	"errors"
	"strings"
	"testing"
)

const compactSrc = `#include "a.h"
int x = 1; /* comment */
#if __CUDA_ARCH__ >= 900
  NV_IF_TARGET(NV_PROVIDES_SM_90, (do_it();))
  asm("wgmma.fence.sync.aligned;");
#else
  fallback(); // why
#endif
`

func loadCompactFile(src string) *File {
	st := Build(Scan([]byte(src)))
	return &File{Path: "k.cuh", Src: []byte(src), St: st, MacroGates: FindMacroGates([]byte(src), st.Src)}
}

// A compacted file answers LineText and Source exactly as before, reading
// itself again once, and keeps directive and gate lines without reading.
func TestCompactRestores(t *testing.T) {
	want := loadCompactFile(compactSrc)
	f := loadCompactFile(compactSrc)
	reads := 0
	f.Compact(func() ([]byte, error) { reads++; return []byte(compactSrc), nil })
	if f.Src != nil {
		t.Fatal("Compact kept the bytes")
	}
	for li, ln := range f.St.Src.Lines {
		if ln.Directive >= 0 && ln.Text != want.St.Src.Lines[li].Text {
			t.Errorf("directive line %d lost its text", li)
		}
	}
	if g := f.MacroGates[0]; f.St.Src.Lines[g.LineIdx].Text == "" {
		t.Error("the <nv/target> gate line lost its text")
	}
	if reads != 0 {
		t.Fatal("Compact read the file")
	}
	for li := range want.St.Src.Lines {
		if got := f.LineText(li); got != want.St.Src.Lines[li].Text {
			t.Errorf("LineText(%d) = %q, want %q", li, got, want.St.Src.Lines[li].Text)
		}
	}
	if string(f.Source()) != compactSrc {
		t.Error("Source differs from the original bytes")
	}
	if reads != 1 || f.RestoreErr() != nil {
		t.Errorf("reads = %d, err = %v; want one read and no error", reads, f.RestoreErr())
	}
}

// A file that changed or vanished since it was scanned gives no text and
// says why, instead of text that does not match its directives.
func TestCompactChangedFile(t *testing.T) {
	for name, reload := range map[string]func() ([]byte, error){
		"changed": func() ([]byte, error) { return []byte(strings.Replace(compactSrc, "fallback", "fallbak", 1)), nil },
		"gone":    func() ([]byte, error) { return nil, errors.New("no such file") },
	} {
		f := loadCompactFile(compactSrc)
		f.Compact(reload)
		code := 6 // "fallback();"
		if got := f.LineText(code); got != "" {
			t.Errorf("%s: LineText = %q, want nothing", name, got)
		}
		if f.RestoreErr() == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := loadCompactFile(compactSrc).RestoreErr(); err != nil {
		t.Errorf("a file never compacted: %v", err)
	}
}

// Asking RestoreErr before any rule read the file leaves the text to be
// read later.
func TestRestoreErrBeforeRead(t *testing.T) {
	f := loadCompactFile(compactSrc)
	f.Compact(func() ([]byte, error) { return []byte(compactSrc), nil })
	if err := f.RestoreErr(); err != nil {
		t.Fatal(err)
	}
	if got := f.LineText(6); got == "" {
		t.Error("LineText after RestoreErr gave no text")
	}
}
