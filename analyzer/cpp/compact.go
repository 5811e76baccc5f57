package cpp

import (
	"fmt"
	"hash/maphash"
	"slices"
	"sync"
	"sync/atomic"
)

// compacted is what Compact keeps of a file to give its text back: how to
// read the file again and a checksum of the bytes it was scanned from.
// DropLineText keeps the bytes: reload is nil, and the lines' text is
// scanned again from them.
type compacted struct {
	reload func() ([]byte, error)
	sum    uint64
	once   sync.Once
	err    error
	// restored is set once a reading has been tried; RestoreErr must
	// not consume the once, or a later LineText would never read.
	restored atomic.Bool
}

// sumSeed seeds the checksums of compacted files. They are compared only
// within one process (a file read again against its first reading), so a
// seeded 64-bit hash serves as well as the CRC-64 it replaced, and runs on
// the runtime's AES hash: crc64's tables took 7 ms of a flashinfer scan,
// which checksums every C/C++ file it loads.
var sumSeed = maphash.MakeSeed()

// Compact drops what evaluating a loaded file does not need, once Build has
// classified its branches and FindMacroGates has read its code. A scan
// holds every C/C++ file of every root until it reports, and most of that
// memory was text that evaluation never reads: the raw bytes and the
// comment-free text of every line. A compacted file keeps its directives
// (parsed), where its lines lie (Source.Line) and which branch owns each
// (Structure.Owner): none of that is per line.
//
// The few files whose code a rule reads (a verdict looks at the excluded
// code, a hard-failure finding for its #error line) get their text back
// through LineText and Source, which read the file again with reload, once.
func (f *File) Compact(reload func() ([]byte, error)) {
	f.compact = &compacted{reload: reload, sum: maphash.Bytes(sumSeed, f.Src)}
	f.Src = nil
	f.St.Src.dropText()
}

// DropLineText drops the comment-free text of the file's lines but keeps
// its bytes: for the files that keep those (kernel files, which tree-sitter
// parses and whose bodies rules read). Evaluation never reads the lines'
// text; LineText scans the bytes again the first time a rule asks.
func (f *File) DropLineText() {
	f.compact = &compacted{}
	f.St.Src.dropText()
}

// LineText is the comment-free text of logical line li. Rules read code
// through it: a compacted file reads itself again the first time, and
// gives "" for every line when it could not (see RestoreErr).
func (f *File) LineText(li int) string {
	f.restoreOnce()
	if !f.St.Src.hasText() {
		f.St.Src.lines.at(li) // still out of range when li is
		return ""
	}
	return f.St.Src.text(li)
}

// Source is the file's bytes (after a BOM). A compacted file reads itself
// again the first time; nil when it could not (see RestoreErr).
func (f *File) Source() []byte {
	if c := f.compact; c != nil && c.reload != nil {
		f.restoreOnce()
	}
	return f.Src
}

// restoreOnce gives a compacted file its text back, the first time only.
func (f *File) restoreOnce() {
	if c := f.compact; c != nil {
		c.once.Do(func() {
			c.err = f.restore()
			c.restored.Store(true)
		})
	}
}

// RestoreErr says why a compacted file could not give its text back (it
// changed or vanished during the scan); nil when it never had to.
func (f *File) RestoreErr() error {
	if c := f.compact; c != nil && c.restored.Load() {
		return c.err
	}
	return nil
}

func (f *File) restore() error {
	if f.compact.reload == nil { // DropLineText: the bytes are here
		again := Scan(f.Src)
		f.St.Src.code, f.St.Src.ends = again.code, again.ends
		return nil
	}
	src, err := f.compact.reload()
	if err != nil {
		return fmt.Errorf("reading the file again for its code text: %w", err)
	}
	if maphash.Bytes(sumSeed, src) != f.compact.sum {
		return fmt.Errorf("the file changed during the scan: verdicts on its code may be incomplete")
	}
	again := Scan(src)
	if !slices.Equal(again.lines.multi, f.St.Src.lines.multi) || again.lines.n != f.St.Src.lines.n {
		return fmt.Errorf("the file scans differently the second time")
	}
	f.St.Src.code, f.St.Src.ends = again.code, again.ends
	f.Src = src
	return nil
}
