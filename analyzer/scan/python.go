package scan

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/walk"
)

// ReferenceCaps are the capabilities Python gates are evaluated for: one per
// architecture of the reference passes (Python sees the GPU, not the build
// flavor).
func ReferenceCaps(tb *target.Table, cv target.CUDAVersion) []python.Capability {
	var out []python.Capability
	for _, a := range tb.Reference(cv) {
		if a.Host || a.Flavor != target.Plain {
			continue
		}
		out = append(out, python.Capability{Major: a.Major, Minor: a.Minor})
	}
	return out
}

// allPythonFilesEnv makes the Python analysis parse and interpret every
// file instead of the ones its byte scan selects (docs/performance.md):
// the results are the same, only slower; it exists to check that.
const allPythonFilesEnv = "ARCHLINT_PY_ALL_FILES"

// pythonProgram walks the roots for Python and CMake files and analyzes
// them: capability gates, JIT calls and the call graph. Python files are
// read here once for the byte scan and dropped; the analysis reads again
// the few it needs. It returns the program, the files read, those of them
// that hold opt.Probe, and the notifications.
// keptSources bounds the bytes of Python source held from the byte scan to
// the loading (python.Source.Src): flashinfer's 7 MB are read once instead
// of twice, and a large set reads again what is past the bound, as every
// file did before.
const keptSources = 64 << 20

func pythonProgram(opt Options, jobs int) (*python.Program, []filter.FileRef, []filter.FileRef, []finding.Notification, error) {
	files, problems, err := walk.Walk(opt.Roots, walk.Options{Kinds: pythonWalkKinds(), Elsewhere: pythonWalkElsewhere(),
		Exclude: opt.Exclude, NoGitignore: opt.NoGitignore, MaxFileSize: opt.MaxFileSize})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("walking the scan roots for Python files: %w", err)
	}
	var notes []finding.Notification
	for _, pr := range problems {
		notes = append(notes, notification(pr.Root, pr.Path, 0, pr.Msg))
	}
	cfg := python.Config{Caps: ReferenceCaps(opt.Table, opt.CUDA), CUDAVersion: [2]int{opt.CUDA.Major, opt.CUDA.Minor},
		CapabilityFuncs: opt.CapabilityFuncs, JITFuncs: opt.JITFuncs, AllFiles: os.Getenv(allPythonFilesEnv) == "1"}
	lx := python.NewLexer(cfg)
	type read struct {
		src   *python.Source
		note  *finding.Notification
		holds bool // the file holds opt.Probe
	}
	// kept counts the bytes of the Python files kept after their byte
	// scan (python.Source): up to keptSources, a scan that loads every
	// file does not read them again.
	var kept atomic.Int64
	got := walk.ForEach(files, jobs, func(_ int, f walk.File) read {
		b, prob := walk.Read(f, opt.MaxFileSize)
		var r read
		if prob != nil {
			n := notification(prob.Root, prob.Path, 0, prob.Msg)
			r.note = &n
		}
		if b == nil {
			return r
		}
		r.holds = len(opt.Probe) > 0 && bytes.Contains(b, opt.Probe)
		s := &python.Source{Root: f.Root, Path: f.Path, Src: b}
		if !cfg.AllFiles && walk.KindOf(f.Path) == walk.KindPython {
			if kept.Add(int64(len(b))) > keptSources {
				s.Src = nil
			}
			s.Digest = lx.Digest(b)
			s.Load = func() ([]byte, error) {
				b, prob := walk.Read(f, opt.MaxFileSize)
				if b == nil {
					return nil, errors.New(prob.Msg)
				}
				return b, nil
			}
		}
		r.src = s
		return r
	})
	var srcs []python.Source
	var refs, holding []filter.FileRef
	for _, r := range got {
		if r.note != nil {
			notes = append(notes, *r.note)
		}
		if r.src != nil {
			srcs = append(srcs, *r.src)
			refs = append(refs, filter.FileRef{Root: r.src.Root, Path: r.src.Path})
			if r.holds {
				holding = append(holding, refs[len(refs)-1])
			}
		}
	}
	if opt.Progress != nil {
		opt.Progress("analyzing Python and CMake files", 0, len(srcs))
	}
	prog, pn := python.AnalyzeProgram(srcs, cfg)
	for _, n := range pn {
		notes = append(notes, notification(n.Root, n.Path, n.Line, n.Msg))
	}
	return prog, refs, holding, notes, nil
}

// jitIncludeDirs collects the include directories JIT calls and setup.py
// name, per root. Only directories known relative to the root are kept (a
// bare tail like "include" cannot be placed).
func jitIncludeDirs(prog *python.Program) map[string][]string {
	out := map[string][]string{}
	for _, j := range prog.JIT {
		for _, d := range j.IncludeDirs {
			if strings.Contains(d, "/") {
				out[j.Root] = append(out[j.Root], d)
			}
		}
	}
	return out
}
