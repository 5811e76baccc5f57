package chain

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
)

// maxFlows bounds the code flows a finding carries (GitHub shows a few;
// the shortest tell the story).
const maxFlows = 3

// Module is a JIT module with its sources resolved to C++ files.
type Module struct {
	JIT     *python.JITModule
	Sources []*cpp.File
	paths   []*Paths
	// entry is the Python path from an entry point to the JIT call.
	entry []finding.Location
}

// Linker connects findings to JIT modules and Python entry points.
type Linker struct {
	fs      *cpp.FileSet
	graph   *IncludeGraph
	prog    *python.Program
	Modules []*Module
	// Notes are ambiguities met while resolving sources ("trtllm.cu matches
	// 2 files: ..."): reported, never guessed.
	Notes   []finding.Notification
	callers map[string][]python.Call
	// ReadFile reads a scanned file (for the whole-line edits of fixes).
	ReadFile func(root, path string) ([]byte, error)
}

// NewLinker resolves every JIT module's sources and its Python entry path.
func NewLinker(fs *cpp.FileSet, prog *python.Program) *Linker {
	l := &Linker{fs: fs, graph: NewIncludeGraph(fs), prog: prog, callers: map[string][]python.Call{}}
	for _, c := range prog.Calls {
		l.callers[c.Callee] = append(l.callers[c.Callee], c)
	}
	// Modules built from one source share its paths (flashinfer's JIT
	// modules list the same .cu files many times).
	from := map[int]*Paths{}
	for i := range prog.JIT {
		j := &prog.JIT[i]
		m := &Module{JIT: j}
		for _, s := range j.Sources {
			f, note := l.resolveSource(j, s)
			if note != "" {
				l.Notes = append(l.Notes, finding.Notification{Level: finding.LevelNote, Message: note,
					Where: finding.Location{Root: j.Root, Path: j.Path, Line: j.Line, Col: j.Col}})
			}
			if f != nil {
				m.Sources = append(m.Sources, f)
				p := from[f.ID]
				if p == nil {
					p = l.graph.From(f.ID)
					from[f.ID] = p
				}
				m.paths = append(m.paths, p)
			}
		}
		if len(m.Sources) == 0 {
			continue
		}
		m.entry = l.entryPath(j)
		l.Modules = append(l.Modules, m)
	}
	return l
}

// resolveSource finds the C++ file a source argument names, by path
// suffix, preferring files of the repository the JIT call lives in.
func (l *Linker) resolveSource(j *python.JITModule, s string) (*cpp.File, string) {
	s = strings.TrimPrefix(path.Clean(s), "./")
	var cands []*cpp.File
	// A candidate shares the source's base name: looking through every
	// file for each of a thousand sources was quadratic.
	named := l.fs.BaseNamed(path.Base(s))
	for suffix := s; len(cands) == 0; {
		for _, id := range named {
			if f := l.fs.Files[id]; f.Path == suffix || strings.HasSuffix(f.Path, "/"+suffix) {
				cands = append(cands, f)
			}
		}
		// A path in the installed package's layout
		// (flashinfer/data/csrc/..., where the source tree has csrc/...):
		// the longest tail that names files here, a directory and the
		// file at least.
		_, rest, ok := strings.Cut(suffix, "/")
		if !ok || !strings.Contains(rest, "/") {
			break
		}
		suffix = rest
	}
	// The nearest files first: of the same root and the same top
	// directory (a repository, when the root holds several), else of the
	// same root (when several repositories are scanned as roots side by
	// side, their top directories are csrc/, tests/, ...).
	// The file beside the calling script first: setup.py builds from its
	// own directory, so ktransformers' four extensions that each name
	// "binding.cpp" name four files.
	beside := path.Join(path.Dir(j.Path), s)
	cands = nearest(cands, func(f *cpp.File) bool { return f.Root == j.Root && f.Path == beside })
	repo := topDir(j.Path)
	cands = nearest(cands, func(f *cpp.File) bool { return f.Root == j.Root && topDir(f.Path) == repo })
	cands = nearest(cands, func(f *cpp.File) bool { return f.Root == j.Root })
	switch len(cands) {
	case 0:
		return nil, ""
	case 1:
		return cands[0], ""
	}
	// Named as findings' messages name files (finding.Location.MessagePath).
	var names []string
	for _, f := range cands {
		names = append(names, finding.Location{Root: f.Root, Path: f.Path}.MessagePath(j.Root))
	}
	return nil, fmt.Sprintf("%s source %q matches %d files (%s); not linked: name the file more precisely", j.Callee, s, len(cands), strings.Join(names, ", "))
}

// nearest keeps the candidates that are near, when there are several and
// some are.
func nearest(cands []*cpp.File, near func(*cpp.File) bool) []*cpp.File {
	if len(cands) < 2 {
		return cands
	}
	var out []*cpp.File
	for _, f := range cands {
		if near(f) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

func topDir(p string) string {
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

// entryPath walks callers up from the function that makes the JIT call to a
// function nobody in the scanned code calls (an entry point), breadth-first,
// and returns the call sites from the entry down to the JIT call.
func (l *Linker) entryPath(j *python.JITModule) []finding.Location {
	type node struct {
		fn   string
		prev *node
		site *python.Call
	}
	start := &node{fn: j.Function}
	seen := map[string]bool{j.Function: true}
	queue := []*node{start}
	last := start
	for len(queue) > 0 && len(seen) < 10000 {
		n := queue[0]
		queue = queue[1:]
		last = n
		cs := productCallers(l.callers[n.fn])
		if len(cs) == 0 {
			break // an entry point: nothing but tests (or nobody) calls it
		}
		for i := range cs {
			c := &cs[i]
			if !seen[c.Caller] {
				seen[c.Caller] = true
				queue = append(queue, &node{fn: c.Caller, prev: n, site: c})
			}
		}
	}
	var steps []finding.Location
	for n := last; n.site != nil; n = n.prev {
		if g := l.gateBefore(n.site.Caller, n.site.Path, n.site.Line); g != nil {
			steps = append(steps, gateStep(g))
		}
		steps = append(steps, finding.Location{Root: n.site.Root, Path: n.site.Path, Line: n.site.Line, Col: n.site.Col,
			Message: "calls " + shortName(n.site.Callee)})
	}
	steps = append(steps, finding.Location{Root: j.Root, Path: j.Path, Line: j.Line, Col: j.Col,
		Message: fmt.Sprintf("builds JIT module %s with %s", orUnnamed(j.Name), j.Callee)})
	for _, gi := range j.Gates {
		if gi >= 0 && gi < len(l.prog.Gates) {
			steps = append(steps, gateStep(&l.prog.Gates[gi]))
		}
	}
	return steps
}

// gateBefore finds the capability gate of a function nearest before a call
// site in it: the decision the call sits behind.
func (l *Linker) gateBefore(fn, file string, line int) *python.Gate {
	var best *python.Gate
	for i := range l.prog.Gates {
		g := &l.prog.Gates[i]
		if g.Function == fn && g.Path == file && g.Line <= line && (best == nil || g.Line > best.Line) {
			best = g
		}
	}
	return best
}

func gateStep(g *python.Gate) finding.Location {
	expr := g.Expr
	if g.Kind == "supported-major-versions" {
		expr = "supported_major_versions=" + expr
	}
	return finding.Location{Root: g.Root, Path: g.Path, Line: g.Line, Col: g.Col, Message: "gate: " + expr}
}

// productCallers drops call sites in tests: a public function that only
// tests call is itself the entry point users reach.
func productCallers(cs []python.Call) []python.Call {
	var out []python.Call
	for _, c := range cs {
		if !python.IsTestPath(c.Path) {
			out = append(out, c)
		}
	}
	return out
}

func shortName(q string) string {
	if i := strings.LastIndexByte(q, '.'); i >= 0 {
		return q[i+1:]
	}
	return q
}

func orUnnamed(n string) string {
	if n == "" {
		return "(unnamed)"
	}
	return n
}

// Attach adds code flows to C++ findings compiled into a JIT module, and to
// Python gates that guard one the excluding directives behind them.
func (l *Linker) Attach(fs []finding.Finding) []finding.Finding {
	byFile := map[string]int{}
	for _, f := range l.fs.Files {
		byFile[f.Root+"\x00"+f.Path] = f.ID
	}
	// C++ findings per module, for the gates.
	behind := map[*Module][]int{}
	for i := range fs {
		f := &fs[i]
		id, ok := byFile[f.Location.Root+"\x00"+f.Location.Path]
		if !ok {
			continue
		}
		type flow struct {
			steps []finding.Location
			mod   *Module
		}
		var flows []flow
		for _, m := range l.Modules {
			for si, p := range m.paths {
				if !p.Reaches(id) {
					continue
				}
				src := m.Sources[si]
				steps := append([]finding.Location(nil), m.entry...)
				steps = append(steps, finding.Location{Root: src.Root, Path: src.Path, Line: 1, Col: 1, Message: "JIT source " + src.Path})
				steps = append(steps, p.Steps(id)...)
				end := f.Location
				end.Message = "the condition"
				steps = append(steps, end)
				flows = append(flows, flow{steps, m})
				behind[m] = append(behind[m], i)
				break
			}
		}
		sort.SliceStable(flows, func(a, b int) bool { return len(flows[a].steps) < len(flows[b].steps) })
		for k, fl := range flows {
			if k == maxFlows {
				break
			}
			f.Flows = append(f.Flows, fl.steps)
		}
		if len(flows) > 0 {
			var names []string
			for _, fl := range flows {
				names = append(names, orUnnamed(fl.mod.JIT.Name))
			}
			if f.Properties == nil {
				f.Properties = map[string]any{}
			}
			f.Properties["jitModules"] = strings.Join(uniq(names), ", ")
		}
	}
	l.attachGates(fs, behind)
	return fs
}

// attachGates tells, at each Python gate that guards a JIT module, which C++
// exclusions sit behind it: opening only the Python gate builds the kernels
// with those ranges still closed (an empty kernel when a whole body is one).
func (l *Linker) attachGates(fs []finding.Finding, behind map[*Module][]int) {
	gateAt := map[string][]*Module{}
	for _, m := range l.Modules {
		for _, gi := range m.JIT.Gates {
			if gi < 0 || gi >= len(l.prog.Gates) {
				continue
			}
			g := l.prog.Gates[gi]
			k := fmt.Sprintf("%s\x00%s\x00%d\x00%d", g.Root, g.Path, g.Line, g.Col)
			gateAt[k] = append(gateAt[k], m)
		}
	}
	for i := range fs {
		f := &fs[i]
		mods := gateAt[fmt.Sprintf("%s\x00%s\x00%d\x00%d", f.Location.Root, f.Location.Path, f.Location.Line, f.Location.Col)]
		if len(mods) == 0 {
			continue
		}
		ranges, empty, justified, hardware := 0, 0, 0, 0
		for _, m := range mods {
			for _, ci := range behind[m] {
				c := fs[ci]
				if !strings.HasPrefix(c.RuleID, "AL1") {
					continue
				}
				ranges++
				if c.Properties["verdict"] == "justified" || c.Properties["verdict"] == "unknown" {
					justified++
				}
				if c.Properties["verdict"] == "justified" {
					hardware++
				}
				if c.RuleID == "AL102" {
					empty++
				}
				rel := c.Location
				rel.Message = fmt.Sprintf("%s behind this gate: %s", c.RuleID, firstSentence(c.Message))
				f.Related = append(f.Related, rel)
			}
		}
		if ranges == 0 {
			continue
		}
		msg := fmt.Sprintf(" Behind this gate, %d preprocessor range%s in the module's sources also shut %s out", ranges, plural(ranges), f.Target)
		if empty > 0 {
			msg += fmt.Sprintf(", and %d kernel%s would be built with an empty body", empty, plural(empty))
		}
		msg += ": opening only this gate builds the module with them still closed."
		f.Message += msg
		if f.Properties == nil {
			f.Properties = map[string]any{}
		}
		f.Properties["excludedBehind"] = ranges
		// The gate's verdict follows the kernels behind it: justified when
		// one of them needs what the target lacks, arbitrary when every
		// range behind is a port artifact.
		switch {
		case hardware > 0:
			f.Properties["verdict"] = "justified"
			f.Properties["verdictEvidence"] = fmt.Sprintf("justified: %d of the ranges behind this gate use features the target lacks", hardware)
		case justified == 0:
			f.Properties["verdict"] = "arbitrary"
			f.Properties["verdictEvidence"] = "arbitrary: every range behind this gate is a port artifact (see their fixes)"
		default:
			f.Properties["verdict"] = "unknown"
			f.Properties["verdictEvidence"] = "unknown: some ranges behind this gate use nothing archlint recognizes; check them by hand"
		}
		if justified == 0 {
			l.offerMajorFix(f)
		}
	}
}

// targetMajorRE takes the major out of a target name: sm_120a -> 12.
var targetMajorRE = regexp.MustCompile(`^sm_(\d+)\d[af]?$`)

var intListRE = regexp.MustCompile(`^\[\s*\d+(\s*,\s*\d+)*\s*,?\s*\]$`)

// offerMajorFix adds the target's major to a literal supported_major_versions
// list, when every range behind the gate is a port artifact (their own fixes
// open them): the two together let the module build and run on the target.
func (l *Linker) offerMajorFix(f *finding.Finding) {
	if f.Properties["gateKind"] != "supported-major-versions" || l.ReadFile == nil {
		return
	}
	expr := strings.TrimSpace(f.Condition)
	if !intListRE.MatchString(expr) {
		return
	}
	m := targetMajorRE.FindStringSubmatch(f.Target)
	if m == nil {
		return
	}
	major := m[1]
	for _, n := range regexp.MustCompile(`\d+`).FindAllString(expr, -1) {
		if n == major {
			return
		}
	}
	src, err := l.ReadFile(f.Location.Root, f.Location.Path)
	if err != nil {
		return
	}
	lines := strings.Split(string(src), "\n")
	if f.Location.Line < 1 || f.Location.Line > len(lines) || !strings.Contains(lines[f.Location.Line-1], expr) {
		return
	}
	old := strings.TrimSuffix(lines[f.Location.Line-1], "\r")
	grown := strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(expr, "]")), ",") + ", " + major + "]"
	f.Fixes = append(f.Fixes, finding.Fix{
		Description: fmt.Sprintf("Add %s to supported_major_versions; apply the fixes of the ranges behind this gate too", major),
		Edits: []finding.Edit{{Root: f.Location.Root, Path: f.Location.Path, Line: f.Location.Line, EndLine: f.Location.Line,
			Old: old, New: strings.Replace(old, expr, grown, 1)}},
	})
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func uniq(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
