package walk

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readFixture writes content to a file and reads it back with Read.
func readFixture(t *testing.T, content string, maxSize int64) ([]byte, *Problem) {
	t.Helper()
	dir := t.TempDir()
	abs := filepath.Join(dir, "f.cu")
	if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return Read(File{Root: dir, RootAbs: dir, Path: "f.cu", Abs: abs, Kind: KindCUDA}, maxSize)
}

func TestReadText(t *testing.T) {
	src, p := readFixture(t, "int x; // ünïcode\n", 0)
	if p != nil || string(src) != "int x; // ünïcode\n" {
		t.Errorf("got %q, %v", src, p)
	}
	src, p = readFixture(t, "", 0)
	if p != nil || len(src) != 0 {
		t.Errorf("empty file: %q, %v", src, p)
	}
}

func TestReadBinary(t *testing.T) {
	src, p := readFixture(t, "ELF\x00\x01\x02", 0)
	if src != nil || p == nil || !strings.Contains(p.Msg, "binary") || p.Path != "f.cu" {
		t.Errorf("got %q, %+v", src, p)
	}
	// UTF-16 text is NUL-laden: binary as far as the scanners go.
	_, p = readFixture(t, "\xff\xfei\x00n\x00t\x00", 0)
	if p == nil || !strings.Contains(p.Msg, "binary") {
		t.Errorf("utf-16: %+v", p)
	}
	// A NUL past the first 8 KiB is not looked for.
	late := strings.Repeat("a", binarySniffLen) + "\x00"
	src, p = readFixture(t, late, 0)
	if p != nil || len(src) != len(late) {
		t.Errorf("late NUL: %d bytes, %+v", len(src), p)
	}
}

func TestReadInvalidUTF8(t *testing.T) {
	content := "ok\nline two \xff\xfe here\n"
	src, p := readFixture(t, content, 0)
	if string(src) != content {
		t.Errorf("bytes must come back unchanged: %q", src)
	}
	if p == nil || p.Msg != "invalid UTF-8 (first at line 2); scanned as bytes" {
		t.Errorf("problem = %+v", p)
	}
}

func TestReadBOM(t *testing.T) {
	src, p := readFixture(t, "\xef\xbb\xbf#if X\n#endif\n", 0)
	if p != nil || string(src) != "#if X\n#endif\n" {
		t.Errorf("got %q, %v", src, p)
	}
	// Only a leading BOM is special.
	src, _ = readFixture(t, "a\xef\xbb\xbf", 0)
	if !bytes.Equal(src, []byte("a\xef\xbb\xbf")) {
		t.Errorf("inner BOM changed: %q", src)
	}
}

func TestReadSizeLimit(t *testing.T) {
	_, p := readFixture(t, strings.Repeat("x", 2<<10), 1<<10)
	if p == nil || p.Msg != "skipped: file is 2 KiB, over the 1 KiB limit" {
		t.Errorf("problem = %+v", p)
	}
	src, p := readFixture(t, strings.Repeat("x", 1<<10), 1<<10)
	if p != nil || len(src) != 1<<10 {
		t.Errorf("at the limit: %d, %+v", len(src), p)
	}
	src, p = readFixture(t, strings.Repeat("x", 5000), -1)
	if p != nil || len(src) != 5000 {
		t.Errorf("no limit: %d, %+v", len(src), p)
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	f := File{Root: dir, Path: "gone.cu", Abs: filepath.Join(dir, "gone.cu")}
	src, p := Read(f, 0)
	if src != nil || p == nil || p.Msg != "file vanished during the scan" || p.Path != "gone.cu" || p.Root != dir {
		t.Errorf("got %q, %+v", src, p)
	}
	_, p = Read(File{Path: "d", Abs: dir}, 0)
	if p == nil || !strings.Contains(p.Msg, "not a regular file") {
		t.Errorf("directory: %+v", p)
	}
	if s := (Problem{Root: "r", Path: "a/b.cu", Msg: "m"}).String(); s != "r/a/b.cu: m" {
		t.Errorf("String() = %q", s)
	}
}

func TestHumanSize(t *testing.T) {
	for n, want := range map[int64]string{100: "100 bytes", 1 << 10: "1 KiB", 1500: "1500 bytes",
		16 << 20: "16 MiB", 3<<20 + 1<<19: "3.5 MiB"} {
		if got := humanSize(n); got != want {
			t.Errorf("humanSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestReadRegularSizes reads files whose size differs from the one the
// stat gave (a file that grew or shrank between the two), with and without
// a limit: the whole file comes back, or limit+1 bytes so that the caller
// reports it as too large.
func TestReadRegularSizes(t *testing.T) {
	dir := t.TempDir()
	abs := filepath.Join(dir, "f.cu")
	content := strings.Repeat("0123456789", 1000)
	if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		size, limit int64
		want        int
	}{
		{10000, -1, 10000}, {0, -1, 10000}, {3, -1, 10000}, {20000, -1, 10000},
		{10000, 10000, 10000}, {10, 50, 51}, {0, 0, 1}, {10000, 9999, 10000},
	} {
		got, err := readRegular(abs, tc.size, tc.limit)
		if err != nil {
			t.Fatalf("size %d limit %d: %v", tc.size, tc.limit, err)
		}
		if len(got) != tc.want || string(got) != content[:tc.want] {
			t.Errorf("size %d limit %d: read %d bytes, want the first %d", tc.size, tc.limit, len(got), tc.want)
		}
	}
	if _, err := readRegular(filepath.Join(dir, "gone.cu"), 0, -1); err == nil || !strings.Contains(describeErr(err), "vanished") {
		t.Errorf("missing file: %v", err)
	}
}
