package main

import (
	"fmt"
	"io"

	"github.com/archlint/archlint/analyzer/cache"
	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/scan"
)

// cacheOptions say how a scan uses the result cache.
type cacheOptions struct {
	off bool // --no-cache: neither read nor write
	// warn receives the reasons the cache was not used or not written
	// (text mode); nil: say nothing.
	warn io.Writer
	// onStatus, when set, is told whether the scan was replayed; tests
	// use it to tell a hit from a miss without timing.
	onStatus func(cache.Status)
}

// suppressionProbe is text that every suppression comment contains
// (filter's marker is "archlint:"): files whose content lacked it when the
// scan read them (scan.Result.Lacks), or when the key hashed them on a hit,
// need not be read again to look for suppressions.
const suppressionProbe = "archlint"

// scanned is a scan's result and, on a cache hit, what the key learned
// about the files.
type scanned struct {
	res *scan.Result
	key *cache.Computed // nil unless the result was replayed
}

// suppressionRead wraps read for the suppression filter: a file the scan
// read without the probe, or the key on a hit, is known to hold no
// suppression and is not read again (that second read of every file was a
// third of a hit, and 30 ms of a cold flashinfer scan's 650).
func (s scanned) suppressionRead(read filter.ReadFunc) filter.ReadFunc {
	return func(root, p string) ([]byte, error) {
		f := filter.FileRef{Root: root, Path: p}
		if s.key != nil && s.key.Lacks(f) || s.key == nil && s.res.Lacks(f) {
			return nil, nil
		}
		return read(root, p)
	}
}

// cachedScan is scan.Run through the content-hash cache: the key covers
// the build, the options and the content of every file the scan reads, so
// a hit returns what scan.Run would. Filters that read outside state
// (rule levels, vendored trees, suppressions, --baseline, --new-from-rev)
// run after it, on the replayed result as on a fresh one.
func cachedScan(opt scan.Options, co cacheOptions) (scanned, error) {
	status := cache.Miss
	defer func() {
		if co.onStatus != nil {
			co.onStatus(status)
		}
	}()
	if co.off {
		return uncached(opt)
	}
	warn := func(format string, args ...any) {
		if co.warn != nil {
			fmt.Fprintf(co.warn, "archlint: "+format+"\n", args...)
		}
	}
	dir, err := cache.DefaultDir()
	if err != nil {
		warn("cache not used: %v", err)
		return uncached(opt)
	}
	c := &cache.Cache{Dir: dir}
	usable, err := c.Usable(opt.Roots)
	if err != nil {
		warn("cache not used: %v", err)
		return uncached(opt)
	}
	if !usable {
		warn("cache not used: the cache directory %s lies inside a scan root (archlint never writes there; set %s elsewhere)", dir, cache.EnvDir)
		return uncached(opt)
	}
	identity := cache.Identity(version)
	before, err := cache.Compute(opt, identity, []byte(suppressionProbe))
	if err != nil {
		// The scan meets the same problem and reports it.
		return uncached(opt)
	}
	if res, st := c.Load(before.Key); st == cache.Hit {
		status = cache.Hit
		return scanned{res: res, key: before}, nil
	}
	res, err := scan.Run(opt)
	if err != nil {
		return scanned{}, err
	}
	if !before.Covers(res.Scanned) {
		// The key missed a file the scan read: the cache and the scan walk
		// differently, and the result cannot be keyed.
		warn("cache not written: the scan read files the cache key does not cover")
		return scanned{res: res}, nil
	}
	// Encode before post-processing changes the result.
	data, err := cache.Encode(before.Key, res)
	if err != nil {
		warn("cache not written: %v", err)
		return scanned{res: res}, nil
	}
	// A file changed while the scan ran may have been read in either
	// state: store only when the tree hashes the same as before.
	after, err := cache.Compute(opt, identity, nil)
	if err != nil || after.Key != before.Key {
		return scanned{res: res}, nil
	}
	if err := c.Store(before.Key, data); err != nil {
		warn("cache not written: %v", err)
	}
	return scanned{res: res}, nil
}

func uncached(opt scan.Options) (scanned, error) {
	res, err := scan.Run(opt)
	return scanned{res: res}, err
}
