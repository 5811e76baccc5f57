package scan

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
)

// PassState is what one pass does at one directive; nil fields are
// undecidable (JSON null, never a guess).
type PassState struct {
	Reached *bool
	Taken   *bool
}

// TraceEntry is one conditional directive with its per-pass evaluation.
type TraceEntry struct {
	File      string // Root/Path
	Line      int    // first physical line
	EndLine   int    // last physical line (continuations)
	Directive string
	Condition string
	Passes    []target.Arch
	States    []PassState
	Err       string
	// Unknowns are the configuration macros (defined nowhere in the scan
	// roots) the undecided value depends on; Conditional the project's
	// own macros it reads that were defined under an undecided condition.
	Unknowns    []string
	Conditional []string
	// Disagree: the translation units that reach the file disagree here.
	Disagree bool
}

// TraceOptions selects what trace prints.
type TraceOptions struct {
	Options
	Files []string // the files to trace (each must lie under one of Roots)
	All   bool     // every conditional directive, not only arch-relevant ones
}

// DefaultRoot is the scan root for a file given alone: the nearest enclosing
// git work tree (so includes resolve as in the repository), else its
// directory; relative to the working directory when it lies under it, so
// printed paths stay short.
func DefaultRoot(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.Dir(file)
	}
	root := filepath.Dir(abs)
	for d := root; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			root = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, root); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return root
}

// TraceResult is what Trace found.
type TraceResult struct {
	Entries []TraceEntry
	Project *Project
	Files   []*cpp.File // the traced files, in path order
}

// Trace evaluates the translation units that reach the given files (a
// directory stands for every C/C++/CUDA file under it) and returns their
// conditional directives for the first target.
func Trace(opt TraceOptions) (*TraceResult, error) {
	p, err := Load(opt.Options)
	if err != nil {
		return nil, err
	}
	want := map[int]bool{}
	for _, f := range opt.Files {
		found := p.findAll(f)
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no C/C++/CUDA file there under the scan roots %s", f, strings.Join(opt.Roots, ", "))
		}
		for _, cf := range found {
			want[cf.ID] = true
		}
	}
	tg := opt.Targets[0]
	build := opt.BuildList
	if len(build) == 0 {
		build = []target.Arch{tg.Arch}
	}
	passes := opt.Table.Reference(opt.CUDA)
	// Only the units that reach the traced files; a file no unit reaches is
	// its own unit.
	res := p.Evaluate(cpp.Config{Table: opt.Table, CUDA: opt.CUDA, BuildList: build, Passes: passes}, p.units(want))
	pre := NewTriggers()
	var out []TraceEntry
	for _, f := range p.FS.Files {
		if !want[f.ID] {
			continue
		}
		for di, d := range f.St.Src.Directives {
			if !d.Kind.Opens() && !d.Kind.Continues() {
				continue
			}
			var dr *cpp.DirResult
			if res.ByFile[f.ID] != nil {
				dr = res.ByFile[f.ID][di]
			}
			e := TraceEntry{File: f.Name(), Line: d.Line, EndLine: d.EndLine, Directive: "#" + d.Keyword, Condition: d.Args, Passes: passes,
				States: make([]PassState, len(passes))}
			varies := false
			for pi := range passes {
				if dr == nil {
					continue
				}
				e.States[pi] = PassState{Reached: triPtr(dr.Reached[pi]), Taken: triPtr(dr.Taken[pi])}
				if dr.Taken[pi] != dr.Taken[0] || dr.Reached[pi] != dr.Reached[0] {
					varies = true
				}
			}
			if dr != nil {
				e.Err, e.Disagree = dr.Err, dr.Disagree
				e.Unknowns, e.Conditional = p.FS.SplitUnknowns(dr.Unknowns)
			}
			if opt.All || varies || pre.Match([]byte(d.Args)) || len(e.defs(dr)) > 0 {
				out = append(out, e)
			}
		}
	}
	// <nv/target> gates, after the directives of each file.
	for _, ce := range res.ChainEvals(p.FS) {
		if ce.Synth == nil || !want[ce.File.ID] {
			continue
		}
		for bi := range ce.Chain.Branches {
			d := ce.Directive(bi)
			e := TraceEntry{File: ce.File.Name(), Line: d.Line, EndLine: d.EndLine, Directive: d.Keyword, Condition: d.Args,
				Passes: passes, States: make([]PassState, len(passes))}
			for pi := range passes {
				switch t := ce.Taken[pi]; {
				case t == shutout.Unknown:
				case t == bi:
					e.States[pi] = PassState{Reached: boolPtr(true), Taken: boolPtr(true)}
				default:
					reached := t > bi || (t == shutout.None && ce.Active[pi] == expr.True)
					e.States[pi] = PassState{Reached: boolPtr(reached), Taken: boolPtr(false)}
				}
			}
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	tr := &TraceResult{Entries: out, Project: p}
	for _, f := range p.FS.Files {
		if want[f.ID] {
			tr.Files = append(tr.Files, f)
		}
	}
	return tr, nil
}

func (e *TraceEntry) defs(dr *cpp.DirResult) []cpp.DefSite {
	if dr == nil {
		return nil
	}
	return dr.Defs
}

func boolPtr(b bool) *bool { return &b }

func triPtr(t cpp.Tri) *bool {
	switch t {
	case expr.True:
		v := true
		return &v
	case expr.False:
		v := false
		return &v
	}
	return nil
}

// findAll locates a user-given file, or the files under a directory, among
// the loaded files.
func (p *Project) findAll(name string) []*cpp.File {
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil
	}
	var out []*cpp.File
	for _, f := range p.FS.Files {
		fa, err := filepath.Abs(filepath.Join(f.Root, filepath.FromSlash(f.Path)))
		if err == nil && (fa == abs || strings.HasPrefix(fa, abs+string(filepath.Separator))) {
			out = append(out, f)
		}
	}
	return out
}
