// Package cache stores whole scan results under a content-hash key, so that
// a re-scan of an unchanged tree replays the previous result instead of
// analyzing again. Its one job is the key (Compute), the entries (Load,
// Store) and their bound (eviction); the command decides when to use it.
//
// Entries live in the user cache directory, never inside a scanned tree
// (Usable refuses a directory under a scan root). See docs/cache.md.
package cache

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/archlint/archlint/analyzer/scan"
)

// EnvDir overrides the cache directory.
const EnvDir = "ARCHLINT_CACHE_DIR"

// Default bounds: a flashinfer-sized result is a few hundred KiB
// compressed, so these keep many trees and option sets without growing
// without limit.
const (
	DefaultMaxEntries       = 64
	DefaultMaxBytes   int64 = 256 << 20
)

// entrySuffix names entry files; anything else in the directory is left
// alone by eviction.
const entrySuffix = ".archlint-cache"

// magic starts every entry, followed by the format version and the key.
const magic = "archlint scan cache\n"

// Status says what a lookup found.
type Status int

const (
	Miss Status = iota // no usable entry (absent, corrupt, other format)
	Hit                // the entry was replayed
)

func (s Status) String() string {
	if s == Hit {
		return "hit"
	}
	return "miss"
}

// Cache is a directory of entries with its bounds.
type Cache struct {
	Dir        string
	MaxEntries int   // <= 0: DefaultMaxEntries
	MaxBytes   int64 // <= 0: DefaultMaxBytes
}

// DefaultDir is $ARCHLINT_CACHE_DIR, else archlint/ under the user cache
// directory (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux).
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("finding the user cache directory: %w", err)
	}
	return filepath.Join(base, "archlint"), nil
}

// Usable reports whether the cache may be used for a scan of roots: not
// when its directory lies inside (or is) a scan root, since archlint never
// writes inside the scanned tree. Paths are compared with symlinks
// resolved as far as they exist.
func (c *Cache) Usable(roots []string) (bool, error) {
	dir, err := resolve(c.Dir)
	if err != nil {
		return false, fmt.Errorf("cache directory %s: %w", c.Dir, err)
	}
	for _, r := range roots {
		root, err := resolve(r)
		if err != nil {
			return false, fmt.Errorf("scan root %s: %w", r, err)
		}
		if within(dir, root) {
			return false, nil
		}
	}
	return true, nil
}

// resolve makes p absolute and resolves symlinks in its longest existing
// prefix (the cache directory may not exist yet).
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var tail []string
	for cur := abs; ; {
		if real, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(append([]string{real}, tail...)...), nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		tail = append([]string{filepath.Base(cur)}, tail...)
		cur = parent
	}
}

// within reports whether p is dir or lies under it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func (c *Cache) path(k Key) string { return filepath.Join(c.Dir, k.String()+entrySuffix) }

// Load returns the result stored under k, or Miss when there is none or it
// cannot be read whole (a corrupt or truncated entry is a miss, and is
// removed). A hit refreshes the entry's mtime, which eviction goes by.
func (c *Cache) Load(k Key) (*scan.Result, Status) {
	name := c.path(k)
	raw, err := os.ReadFile(name)
	if err != nil {
		return nil, Miss
	}
	res, err := decode(raw, k)
	if err != nil {
		_ = os.Remove(name)
		return nil, Miss
	}
	now := time.Now()
	_ = os.Chtimes(name, now, now)
	return res, Hit
}

// entry is what is gob-encoded after the header.
type entry struct {
	Result *scan.Result
}

func decode(raw []byte, k Key) (*scan.Result, error) {
	head := magic + string(rune('0'+formatVersion)) + "\n"
	if !bytes.HasPrefix(raw, []byte(head)) {
		return nil, errors.New("not an archlint cache entry of this format")
	}
	raw = raw[len(head):]
	if len(raw) < len(k) || !bytes.Equal(raw[:len(k)], k[:]) {
		return nil, errors.New("entry for another key")
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw[len(k):]))
	if err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	var e entry
	if err := gob.NewDecoder(zr).Decode(&e); err != nil {
		return nil, fmt.Errorf("decoding: %w", err)
	}
	// Reading to the end checks the gzip trailer (CRC and length), so a
	// damaged or truncated entry is not replayed.
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	if e.Result == nil {
		return nil, errors.New("entry without a result")
	}
	return e.Result, nil
}

// Encode serializes a result as an entry for k; Store writes it. They are
// separate so that a caller can snapshot a result before post-processing
// changes it.
func Encode(k Key, res *scan.Result) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(magic + string(rune('0'+formatVersion)) + "\n")
	buf.Write(k[:])
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, fmt.Errorf("compressing the cache entry: %w", err)
	}
	bw := bufio.NewWriter(zw)
	if err := gob.NewEncoder(bw).Encode(entry{Result: res}); err != nil {
		return nil, fmt.Errorf("encoding the cache entry: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return nil, fmt.Errorf("compressing the cache entry: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("compressing the cache entry: %w", err)
	}
	return buf.Bytes(), nil
}

// Store writes an encoded entry atomically (a temporary file renamed over
// the name), so that a concurrent or interrupted run never leaves half an
// entry under a key, then evicts entries beyond the bounds.
func (c *Cache) Store(k Key, data []byte) error {
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return fmt.Errorf("creating the cache directory: %w", err)
	}
	tmp, err := os.CreateTemp(c.Dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("writing a cache entry: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("writing a cache entry: %w", errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), c.path(k)); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("writing a cache entry: %w", err)
	}
	return c.evict()
}

// evict removes the oldest entries (by mtime, which a hit refreshes) until
// at most MaxEntries entries of at most MaxBytes in all remain, and
// temporary files an interrupted run left more than an hour ago.
func (c *Cache) evict() error {
	maxN, maxB := c.MaxEntries, c.MaxBytes
	if maxN <= 0 {
		maxN = DefaultMaxEntries
	}
	if maxB <= 0 {
		maxB = DefaultMaxBytes
	}
	des, err := os.ReadDir(c.Dir)
	if err != nil {
		return fmt.Errorf("listing the cache directory: %w", err)
	}
	type ent struct {
		name string
		size int64
		mod  time.Time
	}
	var ents []ent
	for _, de := range des {
		info, err := de.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		switch {
		case strings.HasSuffix(de.Name(), entrySuffix):
			ents = append(ents, ent{de.Name(), info.Size(), info.ModTime()})
		case strings.HasPrefix(de.Name(), ".tmp-") && time.Since(info.ModTime()) > time.Hour:
			_ = os.Remove(filepath.Join(c.Dir, de.Name()))
		}
	}
	// Newest first; names break ties so that eviction is deterministic.
	slices.SortFunc(ents, func(a, b ent) int {
		if c := b.mod.Compare(a.mod); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	var total int64
	var errs []error
	for i, e := range ents {
		total += e.size
		if i < maxN && total <= maxB {
			continue
		}
		if err := os.Remove(filepath.Join(c.Dir, e.name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("evicting cache entries: %w", errors.Join(errs...))
	}
	return nil
}
