package walk

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"unicode/utf8"
)

// utf8BOM is the byte order mark some Windows editors put first.
const utf8BOM = "\xef\xbb\xbf"

// binarySniffLen is how much of a file is searched for a NUL byte, the
// test git and grep use to tell binary from text.
const binarySniffLen = 8 << 10

// Read reads f and checks that it is scannable text. maxSize follows
// Options.MaxFileSize (0: DefaultMaxFileSize, negative: no limit).
//
// It returns nil and a Problem for a file it cannot or will not scan: an
// error (permission denied, vanished, not a regular file), a file over
// maxSize, or a binary file (a NUL byte in the first 8 KiB, which also
// catches UTF-16). Invalid UTF-8 is scanned anyway: Read returns the bytes
// together with a Problem saying so.
//
// A leading UTF-8 BOM is dropped. Byte offsets into the returned slice are
// then 3 less than offsets in the file; line numbers are unaffected, and
// columns on the first line match what editors show, since they do not
// count the BOM either.
func Read(f File, maxSize int64) ([]byte, *Problem) {
	src, msg := readFile(f.Abs, sizeLimit(maxSize))
	if msg != "" {
		return nil, &Problem{Path: f.Path, Root: f.Root, Msg: msg}
	}
	if bytes.IndexByte(src[:min(len(src), binarySniffLen)], 0) >= 0 {
		return nil, &Problem{Path: f.Path, Root: f.Root, Msg: "skipped: binary file (NUL byte in the first 8 KiB)"}
	}
	src = bytes.TrimPrefix(src, []byte(utf8BOM))
	if !utf8.Valid(src) {
		return src, &Problem{Path: f.Path, Root: f.Root,
			Msg: fmt.Sprintf("invalid UTF-8 (first at line %d); scanned as bytes", invalidUTF8Line(src))}
	}
	return src, nil
}

// readFile reads a regular file of at most limit bytes (limit < 0: any
// size), or returns a user-facing reason why not.
func readFile(abs string, limit int64) ([]byte, string) {
	// Stat before opening: opening a FIFO or device could block forever
	// or never end.
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, describeErr(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, "skipped: not a regular file"
	}
	if limit >= 0 && fi.Size() > limit {
		return nil, tooLarge(fi.Size(), limit)
	}
	// The file may have grown since the stat: read at most limit+1 bytes
	// to notice without reading a runaway file whole.
	b, err := readRegular(abs, fi.Size(), limit)
	if err != nil {
		return nil, describeErr(err)
	}
	if limit >= 0 && int64(len(b)) > limit {
		return nil, tooLarge(int64(len(b)), limit)
	}
	return b, ""
}

// tooLarge is the message for a file over the size limit.
func tooLarge(size, limit int64) string {
	return fmt.Sprintf("skipped: file is %s, over the %s limit", humanSize(size), humanSize(limit))
}

// humanSize renders a byte count the way the size limit is configured.
func humanSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// describeErr turns a file system error into a short message without the
// path (the Problem carries it).
func describeErr(err error) string {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, fs.ErrNotExist):
		return "file vanished during the scan"
	case errors.As(err, &pe):
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}

// invalidUTF8Line returns the 1-based line of the first invalid UTF-8
// sequence in src.
func invalidUTF8Line(src []byte) int {
	line := 1
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n == 1 {
			return line
		}
		if src[i] == '\n' {
			line++
		}
		i += n
	}
	return line
}
