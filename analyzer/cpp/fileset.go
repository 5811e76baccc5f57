package cpp

import (
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

// File is one C/C++/CUDA file known to the engine.
type File struct {
	ID   int
	Root string // scan root as given
	Path string // slash path relative to Root
	Src  []byte
	St   *Structure
	// Once is set when the file says #pragma once.
	Once bool
	// MacroGates are the file's <nv/target> gates (FindMacroGates), set
	// when the file is loaded.
	MacroGates []MacroGate
	// includes holds the resolutions of the #include directives that
	// name their header literally, by directive index (computed once by
	// NewFileSet: evaluation follows the same include in every pass of
	// every unit). A sorted slice, not a map: a map per file was 9 MB of
	// the six real trees' 13,000 files.
	includes []literalInclude
	// ambiguous holds the candidates of the literal includes whose name
	// matched several files (literalInclude.ambiguous); nil for most files.
	ambiguous [][]string
	// compact is set once the file's text has been dropped (compact.go).
	compact *compacted
}

// literalInclude is the resolution of one literal #include directive.
type literalInclude struct {
	dir       int32 // directive index
	ambiguous int32 // index into File.ambiguous, -1 when not ambiguous
	file      *File // nil when unresolved
}

// Include returns the resolution of a literal #include directive, and
// whether the directive names its header literally.
func (f *File) Include(di int) (Resolution, bool) {
	incs := f.includes
	k := sort.Search(len(incs), func(k int) bool { return int(incs[k].dir) >= di })
	if k == len(incs) || int(incs[k].dir) != di {
		return Resolution{}, false
	}
	r := Resolution{File: incs[k].file}
	if a := incs[k].ambiguous; a >= 0 {
		r.Ambiguous = f.ambiguous[a]
	}
	return r, true
}

// Name is the display path: Root/Path.
func (f *File) Name() string { return path.Join(f.Root, f.Path) }

// FileSet indexes the scanned files for #include resolution: relative to
// the including file, through include directories found in the roots
// (include/, csrc/, the roots themselves, and directories named by build
// files), then by a unique path suffix (see Resolve). Lookups are map
// hits, never scans of the whole set, so resolution stays linear in the
// number of includes.
type FileSet struct {
	Files       []*File
	byKey       map[string]int   // root + "\x00" + path
	byBase      map[string][]int // base name -> files
	includeDirs map[string][]string
	graph       [][]int // IncludeGraph, built once with the resolutions
	// What every engine over the set needs (shared.go), made by the first
	// one: a scan makes an engine per configuration macro it assumes.
	sharedOnce sync.Once
	shared     *fsShared
	depsMu     sync.Mutex
	deps       map[string]*passDeps
}

// NewFileSet indexes files; their IDs become their positions. extraDirs
// are include directories named by build files (JIT calls, setup.py,
// CMake), per scan root, as slash paths relative to it.
func NewFileSet(files []*File, extraDirs map[string][]string) *FileSet {
	fs := &FileSet{Files: files, byKey: map[string]int{}, byBase: map[string][]int{}, includeDirs: map[string][]string{}}
	for i, f := range files {
		f.ID = i
		fs.byKey[f.Root+"\x00"+f.Path] = i
		b := path.Base(f.Path)
		fs.byBase[b] = append(fs.byBase[b], i)
	}
	for _, f := range files {
		for _, d := range conventionalIncludeDirs(f.Path) {
			fs.addIncludeDir(f.Root, d)
		}
	}
	for root, dirs := range extraDirs {
		for _, d := range dirs {
			if d = path.Clean(d); d != "." && !strings.HasPrefix(d, "../") && !path.IsAbs(d) {
				fs.addIncludeDir(root, d)
			}
		}
	}
	fs.resolveIncludes()
	fs.graph = make([][]int, len(files))
	for _, f := range files {
		seen := map[int]bool{}
		for di := range f.St.Src.Directives {
			if r, ok := f.Include(di); ok && r.File != nil && !seen[r.File.ID] && r.File.ID != f.ID {
				seen[r.File.ID] = true
				fs.graph[f.ID] = append(fs.graph[f.ID], r.File.ID)
			}
		}
	}
	return fs
}

// BaseNamed lists the IDs of the files whose base name is base, in file
// order. It is shared; callers must not change it.
func (fs *FileSet) BaseNamed(base string) []int { return fs.byBase[base] }

// IncludeGraph is the static include graph: per file, the files its literal
// #includes resolve to, whatever condition surrounds them. It is shared;
// callers must not change it.
func (fs *FileSet) IncludeGraph() [][]int { return fs.graph }

// Reach lists the files reachable from start through edges, start first.
func Reach(start int, edges [][]int) []int {
	seen := map[int]bool{start: true}
	out := []int{start}
	for i := 0; i < len(out); i++ {
		for _, w := range edges[out[i]] {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// Reacher lists closures over one include graph again and again, reusing
// its scratch space: choosing units asks for one per source file (10,000
// on CCCL), and a map per closure was most of that.
type Reacher struct {
	edges [][]int
	seen  []uint32 // the call in which a file was last reached
	call  uint32
	out   []int
}

// NewReacher prepares closures over edges.
func NewReacher(edges [][]int) *Reacher {
	return &Reacher{edges: edges, seen: make([]uint32, len(edges))}
}

// Reach is Reach(start, edges), in the same order; the slice is reused by
// the next call.
func (r *Reacher) Reach(start int) []int {
	r.call++
	if r.call == 0 { // wrapped around: forget every mark
		clear(r.seen)
		r.call = 1
	}
	r.out = append(r.out[:0], start)
	r.seen[start] = r.call
	for i := 0; i < len(r.out); i++ {
		for _, w := range r.edges[r.out[i]] {
			if r.seen[w] != r.call {
				r.seen[w] = r.call
				r.out = append(r.out, w)
			}
		}
	}
	return r.out
}

// resolveIncludes resolves every literal #include once.
func (fs *FileSet) resolveIncludes() {
	// A resolution depends on the including file's root, its directory
	// (for a quoted name) and the name only, and most #includes repeat
	// one of a few thousand such keys: CCCL's 10,000 files include
	// <cuda/std/...> and system headers over and over, and each miss
	// tried every include directory of every root.
	type key struct {
		root, dir, name string
		angled          bool
	}
	memo := map[key]Resolution{}
	var incs []literalInclude
	for _, f := range fs.Files {
		incs = incs[:0]
		f.ambiguous = nil
		for di, d := range f.St.Src.Directives {
			if d.Kind != DirInclude {
				continue
			}
			name, angled, ok := LiteralInclude(d.Args)
			if !ok {
				continue
			}
			k := key{root: f.Root, name: name, angled: angled}
			if !angled {
				k.dir = path.Dir(f.Path)
			}
			r, ok := memo[k]
			if !ok {
				r = fs.Resolve(f, name, angled)
				memo[k] = r
			}
			inc := literalInclude{dir: int32(di), ambiguous: -1, file: r.File}
			if r.Ambiguous != nil {
				inc.ambiguous = int32(len(f.ambiguous))
				f.ambiguous = append(f.ambiguous, r.Ambiguous)
			}
			incs = append(incs, inc)
		}
		// Exact size, and nil when there is none (a clone of an empty
		// slice would still point at the scratch array).
		f.includes = nil
		if len(incs) > 0 {
			f.includes = slices.Clone(incs)
		}
	}
}

// LiteralInclude extracts the header of `#include <x>` or `#include "x"`.
func LiteralInclude(args string) (name string, angled, ok bool) {
	a := strings.TrimSpace(args)
	switch {
	case strings.HasPrefix(a, "<"):
		if i := strings.IndexByte(a, '>'); i > 0 {
			return a[1:i], true, true
		}
	case strings.HasPrefix(a, "\""):
		if i := strings.IndexByte(a[1:], '"'); i >= 0 {
			return a[1 : i+1], false, true
		}
	}
	return "", false, false
}

// conventionalIncludeDirs lists the directories above a file that projects
// pass with -I: any directory named include or csrc, and the root itself.
func conventionalIncludeDirs(p string) []string {
	out := []string{""}
	parts := strings.Split(p, "/")
	for i := 0; i < len(parts)-1; i++ {
		if parts[i] == "include" || parts[i] == "csrc" {
			out = append(out, strings.Join(parts[:i+1], "/"))
		}
	}
	return out
}

func (fs *FileSet) addIncludeDir(root, dir string) {
	for _, d := range fs.includeDirs[root] {
		if d == dir {
			return
		}
	}
	fs.includeDirs[root] = append(fs.includeDirs[root], dir)
	sort.Strings(fs.includeDirs[root])
}

// Resolution is the outcome of resolving one #include.
type Resolution struct {
	File      *File
	Ambiguous []string // candidate paths when a suffix matched several files
}

// Resolve finds the file an #include names, from the including file.
func (fs *FileSet) Resolve(from *File, name string, angled bool) Resolution {
	name = path.Clean(strings.TrimSpace(name))
	if name == "." || strings.HasPrefix(name, "/") {
		return Resolution{}
	}
	try := func(root, p string) *File {
		if strings.HasPrefix(p, "../") || p == ".." {
			return nil
		}
		if i, ok := fs.byKey[root+"\x00"+p]; ok {
			return fs.Files[i]
		}
		return nil
	}
	if !angled {
		if f := try(from.Root, path.Join(path.Dir(from.Path), name)); f != nil {
			return Resolution{File: f}
		}
	}
	if f := try(from.Root, name); f != nil {
		return Resolution{File: f}
	}
	// Include dirs of the including file's root first, then of the others
	// (repositories side by side: sglang including flashinfer's headers).
	roots := []string{from.Root}
	for r := range fs.includeDirs {
		if r != from.Root {
			roots = append(roots, r)
		}
	}
	sort.Strings(roots[1:])
	for _, r := range roots {
		for _, d := range fs.includeDirs[r] {
			if f := try(r, path.Join(d, name)); f != nil {
				return Resolution{File: f}
			}
		}
	}
	// Unique path suffix: the include directory was passed with -I from a
	// build archlint does not read. Never for a system header (see
	// systemHeaders). The including file's root first; another root's
	// file only for a name with a directory in it: a bare "utils.h"
	// matched in a repository scanned side by side is a guess the same
	// scan of each repository alone would not make.
	if isSystemHeader(name) {
		return Resolution{}
	}
	var cands, elsewhere []int
	for _, i := range fs.byBase[path.Base(name)] {
		if f := fs.Files[i]; f.Path == name || strings.HasSuffix(f.Path, "/"+name) {
			if f.Root == from.Root {
				cands = append(cands, i)
			} else {
				elsewhere = append(elsewhere, i)
			}
		}
	}
	if len(cands) == 0 && strings.Contains(name, "/") {
		cands = elsewhere
	}
	switch {
	case len(cands) == 1:
		return Resolution{File: fs.Files[cands[0]]}
	case len(cands) > 1 && strings.Contains(name, "/"):
		var names []string
		for _, i := range cands {
			names = append(names, fs.Files[i].Name())
		}
		return Resolution{Ambiguous: names}
	}
	return Resolution{}
}
