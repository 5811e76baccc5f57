package cache

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"sync"

	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/scan"
	"github.com/archlint/archlint/analyzer/walk"
)

// formatVersion changes whenever the key material or the entry layout
// changes, so that entries written by another layout are never read.
const formatVersion = 1

// Key names one scan: equal keys mean equal scan.Run results.
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Computed is a key together with what it was computed from.
type Computed struct {
	Key Key
	// files holds, per file whose content was hashed (every file a scan of
	// the same tree reads, and binary ones it skips), whether it contains
	// the probe.
	files map[filter.FileRef]bool
}

// Covers reports whether every file the scan read was hashed into the key;
// when not, the key does not describe the result, which must not be stored.
func (c *Computed) Covers(scanned []filter.FileRef) bool {
	for _, f := range scanned {
		if _, ok := c.files[f]; !ok {
			return false
		}
	}
	return true
}

// Lacks reports whether f was read for the key and its content did not
// contain the probe given to Compute. A caller that only looks for text
// containing the probe (suppression comments contain "archlint") can skip
// reading such a file again.
func (c *Computed) Lacks(f filter.FileRef) bool {
	has, ok := c.files[f]
	return ok && !has
}

// Compute walks the roots the way scan.Run does, reads every file the scan
// would read (opt.Jobs at a time) and hashes, into one key: the format
// version, identity (the archlint build, see Identity), every option that
// changes the result, the roots, and per walk the listed files with their
// content and the problems met. Options that only shape output (format,
// color, fail-on, baseline, ...) are not scan.Options and never reach here.
// Lacks answers for probe.
func Compute(opt scan.Options, identity string, probe []byte) (*Computed, error) {
	h := sha256.New()
	w := keyWriter{h: h}
	w.str("archlint scan cache")
	w.str(strconv.Itoa(formatVersion))
	w.str(identity)
	if err := writeOptions(&w, opt); err != nil {
		return nil, err
	}
	// The walks are independent and mostly wait on system calls: run them
	// side by side, then hash in a fixed order.
	// The same walk groups as the scan's: the walk lists a file reached
	// twice once within one walk, so only the same grouping yields the same
	// file lists. Keyed lists that disagree with what the scan read are
	// caught by Covers before an entry is stored.
	walkSpecs := scan.Walks()
	done := make([]walked, len(walkSpecs))
	var wg sync.WaitGroup
	for i, spec := range walkSpecs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			done[i] = walkAndHash(opt, spec, probe)
		}()
	}
	wg.Wait()
	c := &Computed{files: map[filter.FileRef]bool{}}
	for i, d := range done {
		if d.err != nil {
			return nil, d.err
		}
		w.str(fmt.Sprint(walkSpecs[i].Kinds, walkSpecs[i].Elsewhere))
		w.num(len(d.problems))
		for _, p := range d.problems {
			w.str(p.Root)
			w.str(p.Path)
			w.str(p.Msg)
		}
		w.num(len(d.files))
		for j, f := range d.files {
			w.str(f.Root)
			w.str(f.RootAbs)
			w.str(f.Path)
			w.num(int(f.Kind))
			s := d.sums[j]
			w.str(s.problem)
			w.bool(s.read)
			w.h.Write(s.sum[:])
			if s.read {
				c.files[filter.FileRef{Root: f.Root, Path: f.Path}] = s.probed
			}
		}
	}
	h.Sum(c.Key[:0])
	return c, nil
}

// walked is one walk with its files hashed.
type walked struct {
	files    []walk.File
	problems []walk.Problem
	sums     []fileSum
	err      error
}

func walkAndHash(opt scan.Options, spec walk.Options, probe []byte) walked {
	files, problems, err := walk.Walk(opt.Roots, walk.Options{Kinds: spec.Kinds, Elsewhere: spec.Elsewhere, Exclude: opt.Exclude,
		NoGitignore: opt.NoGitignore, MaxFileSize: opt.MaxFileSize})
	if err != nil {
		return walked{err: fmt.Errorf("walking the scan roots: %w", err)}
	}
	// Each worker reads into a buffer it reuses: a hit reads the whole
	// tree, and fresh buffers per file made garbage collection a sixth of
	// its time.
	limit := opt.MaxFileSize
	if limit == 0 {
		limit = walk.DefaultMaxFileSize
	}
	bufs := sync.Pool{New: func() any { return new([]byte) }}
	sums := walk.ForEach(files, opt.Jobs, func(_ int, f walk.File) fileSum {
		buf := bufs.Get().(*[]byte)
		defer bufs.Put(buf)
		src, problem := readRaw(f.Abs, limit, buf)
		s := fileSum{read: problem == "", problem: problem}
		if s.read {
			s.sum = sha256.Sum256(src)
			s.probed = len(probe) > 0 && bytes.Contains(src, probe)
		}
		return s
	})
	return walked{files: files, problems: problems, sums: sums}
}

// readRaw reads the file at abs into *buf, or says why it cannot: the
// checks walk.Read makes before and while reading (a regular file, within
// limit; limit < 0: any size), in the same order. Everything walk.Read
// decides after reading (binary, BOM, invalid UTF-8) is a function of the
// bytes, so hashing the raw bytes keys it; the scan's own reads of the same
// file state give the same outcome, which is all the key needs.
func readRaw(abs string, limit int64, buf *[]byte) ([]byte, string) {
	// Stat before opening, as walk.Read does: opening a FIFO that replaced
	// the file since the walk could block.
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, "stat: " + err.Error()
	}
	if !fi.Mode().IsRegular() {
		return nil, "not a regular file"
	}
	if limit >= 0 && fi.Size() > limit {
		return nil, "too large: " + strconv.FormatInt(fi.Size(), 10)
	}
	fh, err := os.Open(abs)
	if err != nil {
		return nil, "open: " + err.Error()
	}
	defer fh.Close()
	b := (*buf)[:0]
	// Room for the whole file and the read that sees its end.
	if want := int(fi.Size()) + 512; cap(b) < want {
		b = make([]byte, 0, want)
	}
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := fh.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if limit >= 0 && int64(len(b)) > limit {
			*buf = b
			return nil, "too large: " + strconv.Itoa(len(b))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			*buf = b
			return nil, "read: " + err.Error()
		}
	}
	*buf = b
	return b, ""
}

// fileSum is what one file contributes to the key.
type fileSum struct {
	sum     [sha256.Size]byte
	read    bool   // the content was read and hashed
	probed  bool   // the content contains the probe
	problem string // why it was not read, "" when it was
}

// writeOptions hashes every scan.Options field that can change the result.
// TestKeyCoversOptions fails when a field is added without a decision here.
func writeOptions(w *keyWriter, opt scan.Options) error {
	w.num(len(opt.Roots))
	for _, r := range opt.Roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return fmt.Errorf("scan root %q: %w", r, err)
		}
		// The root as typed is how findings spell it; the absolute path
		// tells two checkouts (or working directories) apart.
		w.str(r)
		w.str(abs)
	}
	// %#v spells every field of the target, arch and version structs, so a
	// field added to them is keyed without a change here.
	w.str(fmt.Sprintf("%#v", opt.Targets))
	w.str(fmt.Sprintf("%#v", opt.CUDA))
	w.str(fmt.Sprintf("%#v", opt.BuildList))
	w.strs(opt.Exclude)
	w.bool(opt.NoGitignore)
	w.str(strconv.FormatInt(opt.MaxFileSize, 10))
	w.strs(opt.CapabilityFuncs)
	w.strs(opt.JITFuncs)
	w.strs(opt.IncludeDirs)
	// Table is the macro table built into the binary (keyed by Identity);
	// Jobs and Progress do not change the result.
	return nil
}

// keyWriter writes length-prefixed fields, so that no two different field
// sequences hash the same bytes.
type keyWriter struct{ h hash.Hash }

func (w *keyWriter) num(n int) {
	var b [binary.MaxVarintLen64]byte
	w.h.Write(b[:binary.PutVarint(b[:], int64(n))])
}

func (w *keyWriter) str(s string) {
	w.num(len(s))
	io.WriteString(w.h, s)
}

func (w *keyWriter) strs(ss []string) {
	w.num(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *keyWriter) bool(b bool) {
	if b {
		w.num(1)
	} else {
		w.num(0)
	}
}

// Identity names the archlint build that computes results: the version,
// the Go toolchain and VCS stamp, and the Go build ID, which changes with
// any change to any input of the build (a content hash of the executable).
// Where the build ID cannot be read and the VCS stamp does not pin the
// source (missing or modified), the executable itself is hashed, so that a
// development rebuild never replays results of the previous build.
func Identity(version string) string {
	id := "version=" + version
	rev, modified := "", true
	if bi, ok := debug.ReadBuildInfo(); ok {
		id += " go=" + bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		id += " rev=" + rev + " modified=" + strconv.FormatBool(modified)
	}
	exe, err := os.Executable()
	if err != nil {
		// No executable to tell builds apart: a per-process identity keeps
		// results from being replayed across builds.
		return id + " pid=" + strconv.Itoa(os.Getpid())
	}
	if bid := goBuildID(exe); bid != "" {
		return id + " buildid=" + bid
	}
	if rev != "" && !modified {
		return id
	}
	sum, err := hashFile(exe)
	if err != nil {
		return id + " pid=" + strconv.Itoa(os.Getpid())
	}
	return id + " exe=" + sum
}

// goBuildID reads the Go build ID from an ELF executable's
// .note.go.buildid section, or returns "".
func goBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	data, err := sec.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	// An ELF note: namesz, descsz, type, then the name "Go\0\0" and the
	// description, the build ID.
	namesz := f.ByteOrder.Uint32(data[0:])
	descsz := f.ByteOrder.Uint32(data[4:])
	nameEnd := 12 + (int(namesz)+3)&^3
	if namesz != 4 || !bytes.Equal(data[12:15], []byte("Go\x00")) || nameEnd+int(descsz) > len(data) {
		return ""
	}
	return string(data[nameEnd : nameEnd+int(descsz)])
}

func hashFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", fmt.Errorf("hashing %s: %w", name, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hashing %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
