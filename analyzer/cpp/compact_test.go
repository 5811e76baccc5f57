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

// A compacted file keeps no text, answers where its lines lie and where
// its <nv/target> gate is without reading, and answers LineText and Source
// exactly as before, reading itself again once.
func TestCompactRestores(t *testing.T) {
	want := loadCompactFile(compactSrc)
	f := loadCompactFile(compactSrc)
	reads := 0
	f.Compact(func() ([]byte, error) { reads++; return []byte(compactSrc), nil })
	if f.Src != nil || f.St.Src.hasText() {
		t.Fatal("Compact kept the bytes or the lines' text")
	}
	for li := range want.St.Src.NumLines() {
		if f.St.Src.Line(li) != want.St.Src.Line(li) || f.St.Owner(li) != want.St.Owner(li) {
			t.Errorf("line %d: %+v owned by %v, want %+v owned by %v", li, f.St.Src.Line(li), f.St.Owner(li), want.St.Src.Line(li), want.St.Owner(li))
		}
	}
	if g := f.MacroGates[0]; g.Col != 3 || g.Line != 4 {
		t.Errorf("the <nv/target> gate is at %d:%d, want 4:3", g.Line, g.Col)
	}
	if reads != 0 {
		t.Fatal("Compact read the file")
	}
	for li := range want.St.Src.NumLines() {
		if got := f.LineText(li); got != want.LineText(li) {
			t.Errorf("LineText(%d) = %q, want %q", li, got, want.LineText(li))
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

// A file that drops its lines' text but keeps its bytes gives the text back
// from the bytes, without reading, and its bytes without scanning.
func TestDropLineText(t *testing.T) {
	want := loadCompactFile(compactSrc)
	f := loadCompactFile(compactSrc)
	f.DropLineText()
	if f.St.Src.hasText() || string(f.Source()) != compactSrc {
		t.Fatal("DropLineText kept the text or lost the bytes")
	}
	if f.St.Src.hasText() {
		t.Fatal("Source scanned the lines again")
	}
	for li := range want.St.Src.NumLines() {
		if got := f.LineText(li); got != want.LineText(li) {
			t.Errorf("LineText(%d) = %q, want %q", li, got, want.LineText(li))
		}
	}
	if f.RestoreErr() != nil {
		t.Error(f.RestoreErr())
	}
}
