package python

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/walk"
)

// KindWorkflowArchs is an arch list a GitHub Actions workflow sets for the
// builds its jobs run: in a run step's shell lines (as a build script
// does), in an env mapping, or as a value of the job's build matrix that
// a step assigns to TORCH_CUDA_ARCH_LIST or CMAKE_CUDA_ARCHITECTURES.
const KindWorkflowArchs = "workflow-arch-list"

// WorkflowFacts say how a workflow's arch list reaches a build.
type WorkflowFacts struct {
	// Published says why the workflow is taken to build what users
	// install ("its file name, release.yml, names a release"); "" when
	// it builds for CI only.
	Published string
	// MatrixRef is the expression (`${{ matrix.cudaarch }}`) through which
	// a matrix value reaches the variable, at RefLine:RefCol; "" for a
	// list written where it is set.
	MatrixRef       string
	RefLine, RefCol int
}

// isWorkflow reports a GitHub Actions workflow (walk.KindWorkflow).
func isWorkflow(s Source) bool { return walk.KindAt(s.Root, s.Path) == walk.KindWorkflow }

// workflowFile is one workflow, read.
type workflowFile struct {
	s         Source
	entries   []yamlEntry
	published string
	// calls are the file names of the reusable workflows its jobs use
	// (`uses: ./.github/workflows/_build.yml`).
	calls []string
}

// Workflow facts (GitHub's documentation, "Workflow syntax for GitHub
// Actions"), on which workflowGates depends:
//
//   - env at the top, a job's or a step's sets variables for the steps in
//     its scope; a line `NAME=value` appended to the file $GITHUB_ENV
//     names sets it for the job's later steps.
//   - A job's strategy.matrix runs the job once per combination of its
//     axes' values (`cuda: ['12.4', '12.8']`) and once per include row
//     (`- { cuda: '12.8', arch: '8.0;9.0' }`); `${{ matrix.NAME }}` is the
//     run's value, substituted before the step runs.
//   - A job's `uses: ./.github/workflows/X.yml` runs the reusable workflow
//     X in the caller's place (a release workflow's wheel build).
//   - on.release runs a workflow when a release is published; on.push.tags
//     when a tag is pushed, the usual start of a release.

var (
	// workflowMatrixRefRE is an assignment of a matrix value: shell's
	// `NAME="${{ matrix.x }}"`, `-DNAME=${{ matrix.x }}`, PowerShell's
	// `$env:NAME = '${{ matrix.x }}'`.
	workflowMatrixRefRE = regexp.MustCompile(`(?:^|[\s;&|(:"'])(?:-D)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*["']?(\$\{\{[ \t]*matrix\.([A-Za-z0-9_.-]+)[ \t]*\}\})`)
	// workflowMatrixValRE is an env value that is a matrix value alone.
	workflowMatrixValRE = regexp.MustCompile(`^\$\{\{[ \t]*matrix\.([A-Za-z0-9_.-]+)[ \t]*\}\}$`)
	// workflowHeredocRE opens a here-document; its body is Python when
	// the line runs Python.
	workflowHeredocRE = regexp.MustCompile(`<<-?[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|([A-Za-z_][A-Za-z0-9_]*))`)
	workflowPythonRE  = regexp.MustCompile(`(?:^|[\s/])python[0-9.]*(?:\s|$)`)
	workflowVersionRE = regexp.MustCompile(`^[0-9]+\.[0-9]+(?:\.[0-9]+)*$`)
	workflowArchKeyRE = regexp.MustCompile(`(?i)arch|sm|cap|compute`)
)

// workflowGates finds the literal arch lists a set of workflows sets, each
// gate marked with the facts of its workflow (Gate.Workflow).
func workflowGates(srcs []Source, caps []Capability) []Gate {
	files := make([]*workflowFile, len(srcs))
	for i, s := range srcs {
		f := &workflowFile{s: s, entries: yamlEntries(s.Src)}
		f.published = workflowPublished(s.Path, f.entries)
		for _, e := range f.entries {
			if len(e.path) == 3 && e.path[0] == "jobs" && e.path[2] == "uses" {
				if c, ok := strings.CutPrefix(e.val, "./.github/workflows/"); ok && !strings.Contains(c, "/") {
					c, _, _ = strings.Cut(c, "@")
					f.calls = append(f.calls, c)
				}
			}
		}
		files[i] = f
	}
	// A reusable workflow a publishing one calls builds what it publishes
	// (DeepGEMM's publish.yml runs _build.yml for every wheel).
	for changed, rounds := true, 0; changed && rounds < len(files)+1; rounds++ {
		changed = false
		for _, f := range files {
			if f.published == "" {
				continue
			}
			for _, c := range f.calls {
				for _, g := range files {
					if g.published == "" && g.s.Root == f.s.Root && path.Dir(g.s.Path) == path.Dir(f.s.Path) && path.Base(g.s.Path) == c {
						g.published = fmt.Sprintf("the publishing workflow %s runs it", path.Base(f.s.Path))
						changed = true
					}
				}
			}
		}
	}
	var out []Gate
	for _, f := range files {
		out = append(out, f.gates(caps)...)
	}
	sortGates(out)
	return out
}

// workflowPublished says why a workflow builds what users install: its
// file name names a release, a publication, wheels or a distribution, or
// it runs when a release is published or a tag pushed. "" when nothing
// says so: it builds for CI.
func workflowPublished(p string, entries []yamlEntry) string {
	base := path.Base(p)
	stem := strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))
	for _, w := range strings.FieldsFunc(stem, func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') }) {
		switch {
		case strings.Contains(w, "release"), strings.Contains(w, "publish"), strings.Contains(w, "wheel"),
			w == "whl", w == "pypi", w == "dist", w == "sdist", w == "bdist":
			return fmt.Sprintf("its file name, %s, names a release", base)
		}
	}
	for _, e := range entries {
		if len(e.path) == 0 || e.path[0] != "on" {
			continue
		}
		switch {
		case len(e.path) == 1 && e.val != "":
			// on: release, on: [push, release]
			for _, w := range strings.FieldsFunc(e.val, func(r rune) bool { return r == ' ' || r == ',' || r == '[' || r == ']' }) {
				if w == "release" {
					return "it runs when a release is published"
				}
			}
		case len(e.path) == 2 && (e.path[1] == "release" || isYAMLIndex(e.path[1]) && e.val == "release"):
			return "it runs when a release is published"
		case len(e.path) >= 3 && (e.path[1] == "push" || e.path[1] == "create") && e.path[2] == "tags":
			return "it runs when a tag is pushed"
		}
	}
	return ""
}

// workflowMatrixVal is one value of a job's build matrix.
type workflowMatrixVal struct {
	e        *yamlEntry
	toolkits []string // the CUDA toolkit of its include row
}

// matrix indexes the values of each job's matrix by job and name (an
// include row's key, an axis's name; nested keys joined by dots, as
// `matrix.cuda.archs` names them).
func (f *workflowFile) matrix() map[string]map[string][]workflowMatrixVal {
	type rowKey struct{ job, row string }
	rows := map[rowKey][]int{}
	names := map[int]string{}
	for i := range f.entries {
		e := &f.entries[i]
		p := e.path
		if len(p) < 6 || p[0] != "jobs" || p[2] != "strategy" || p[3] != "matrix" || e.vs >= e.ve || e.block {
			continue
		}
		rel := p[4:]
		var row, name string
		switch {
		case rel[0] == "exclude":
			continue
		case rel[0] == "include" && isYAMLIndex(rel[1]) && len(rel) >= 3:
			row, name = "include"+rel[1], strings.Join(rel[2:], ".")
		case isYAMLIndex(rel[1]):
			row, name = rel[0]+rel[1], strings.Join(append([]string{rel[0]}, rel[2:]...), ".")
		default:
			continue
		}
		k := rowKey{p[1], row}
		rows[k] = append(rows[k], i)
		names[i] = name
	}
	out := map[string]map[string][]workflowMatrixVal{}
	for k, idx := range rows {
		var tks []string
		for _, i := range idx {
			if n := names[i]; scriptToolkitVarRE.MatchString(n) && !workflowArchKeyRE.MatchString(n) &&
				workflowVersionRE.MatchString(f.entries[i].val) {
				tks = append(tks, f.entries[i].val)
			}
		}
		for _, i := range idx {
			if out[k.job] == nil {
				out[k.job] = map[string][]workflowMatrixVal{}
			}
			v := workflowMatrixVal{e: &f.entries[i]}
			if len(idx) > 1 {
				v.toolkits = tks
			}
			out[k.job][names[i]] = append(out[k.job][names[i]], v)
		}
	}
	// In file order.
	for _, byName := range out {
		for n, vs := range byName {
			sortMatrixVals(vs)
			byName[n] = vs
		}
	}
	return out
}

func sortMatrixVals(vs []workflowMatrixVal) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j].e.ks < vs[j-1].e.ks; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

// gates are the workflow's arch lists.
func (f *workflowFile) gates(caps []Capability) []Gate {
	s := f.s
	lines := newLineIndex(s.Src)
	var out []Gate
	var matrix map[string]map[string][]workflowMatrixVal
	seen := map[int]bool{}
	facts := func(g *Gate, ref string, at int) {
		g.Workflow = &WorkflowFacts{Published: f.published, MatrixRef: ref}
		if ref != "" {
			g.Workflow.RefLine, g.Workflow.RefCol = lines.pos(uint32(at))
		}
	}
	// fromMatrix adds the gates of the values of matrix.name that the
	// job's step assigns to the variable v at offset at.
	fromMatrix := func(job, v, name, ref string, at int) {
		if job == "" || scriptListVar(v) == "" {
			return
		}
		if matrix == nil {
			matrix = f.matrix()
		}
		for _, mv := range matrix[job][name] {
			e := mv.e
			if seen[e.ks] {
				continue
			}
			g, ok := archListGate(s, lines, KindWorkflowArchs, v, e.val, e.ks, e.ve, caps)
			if !ok {
				continue
			}
			seen[e.ks] = true
			g.Toolkits = mv.toolkits
			facts(&g, ref, at)
			out = append(out, g)
		}
	}
	for i := range f.entries {
		e := &f.entries[i]
		if e.vs >= e.ve {
			continue
		}
		job := ""
		if len(e.path) >= 2 && e.path[0] == "jobs" {
			job = e.path[1]
		}
		switch k := e.key(); {
		case k == "run":
			text := workflowMaskPython(string(s.Src[e.vs:e.ve]))
			baseLine, _ := lines.pos(uint32(e.vs))
			for _, g := range shellListGates(s, lines, text, e.vs, KindWorkflowArchs, caps) {
				if len(g.Toolkits) == 0 && job != "" {
					if matrix == nil {
						matrix = f.matrix()
					}
					g.Toolkits = elseArmToolkits(text, g.Line-baseLine, matrix[job])
				}
				facts(&g, "", 0)
				out = append(out, g)
			}
			for _, m := range workflowMatrixRefRE.FindAllStringSubmatchIndex(text, -1) {
				fromMatrix(job, text[m[2]:m[3]], text[m[6]:m[7]], text[m[4]:m[5]], e.vs+m[2])
			}
		case len(e.path) >= 2 && e.path[len(e.path)-2] == "env" && scriptListVar(k) != "":
			if m := workflowMatrixValRE.FindStringSubmatch(e.val); m != nil {
				fromMatrix(job, k, m[1], e.val, e.ks)
				continue
			}
			if g, ok := archListGate(s, lines, KindWorkflowArchs, k, e.val, e.ks, e.ve, caps); ok {
				facts(&g, "", 0)
				out = append(out, g)
			}
		}
	}
	return out
}

// workflowMaskPython blanks the bodies of the here-documents a run step
// gives Python (`python - <<'PY'`), keeping every offset: what Python
// writes there (`f"TORCH_CUDA_ARCH_LIST={arch}"`) is no shell
// assignment.
func workflowMaskPython(text string) string {
	b := []byte(text)
	for i := 0; i < len(b); {
		le := i
		for le < len(b) && b[le] != '\n' {
			le++
		}
		line := string(b[i:le])
		m := workflowHeredocRE.FindStringSubmatch(line)
		if m == nil || !workflowPythonRE.MatchString(line) {
			i = le + 1
			continue
		}
		word := m[1] + m[2] + m[3]
		j := le + 1
		for j < len(b) {
			e := j
			for e < len(b) && b[e] != '\n' {
				e++
			}
			if strings.TrimSpace(string(b[j:e])) == word {
				break
			}
			for k := j; k < e; k++ {
				b[k] = ' '
			}
			j = e + 1
		}
		i = j
	}
	return string(b)
}

// workflowMatrixTestRE is a shell test of a matrix value against a
// literal: `[ "${{ matrix.cu }}" = "cu130" ]`.
var workflowMatrixTestRE = regexp.MustCompile(`"?\$\{\{[ \t]*matrix\.([A-Za-z0-9_.-]+)[ \t]*\}\}"?[ \t]+==?[ \t]+"?([A-Za-z0-9_.]+)"?`)

// elseArmToolkits are the CUDA toolkits of the matrix rows whose run step
// reaches line li (0-based, in text) through the else of an if whose
// tests name toolkit values of a matrix axis: FastVideo's wheel workflow
// sets `9.0a` in the else of `[ "${{ matrix...torch-cuda-short }}" =
// "cu130" ]` over a matrix of cu126 and cu130, so that list is cu126's,
// a toolkit too old to build for 12.0 at all. Nil when li is in no such
// else, or the axis holds anything but toolkit versions.
func elseArmToolkits(text string, li int, byName map[string][]workflowMatrixVal) []string {
	lines := strings.Split(text, "\n")
	if li <= 0 || li >= len(lines) || byName == nil {
		return nil
	}
	depth, inElse := 0, false
	tested := map[string][]string{}
	for i := li - 1; i >= 0; i-- {
		t := strings.TrimSpace(lines[i])
		switch {
		case t == "fi" || strings.HasPrefix(t, "fi;") || strings.HasPrefix(t, "fi "):
			depth++
		case strings.HasPrefix(t, "if ") && depth > 0:
			depth--
		case depth > 0:
		case t == "else" || strings.HasPrefix(t, "else;") || strings.HasPrefix(t, "else "):
			if inElse {
				return nil
			}
			inElse = true
		case strings.HasPrefix(t, "elif ") || strings.HasPrefix(t, "if "):
			if !inElse {
				return nil // in an if's or elif's own arm
			}
			for _, m := range workflowMatrixTestRE.FindAllStringSubmatch(t, -1) {
				tested[m[1]] = append(tested[m[1]], m[2])
			}
			if strings.HasPrefix(t, "if ") {
				return axisRest(tested, byName)
			}
		}
	}
	return nil
}

// axisRest is, for the one matrix axis of toolkit versions tests name,
// the axis's versions the tests leave to the else; nil when there is not
// exactly one such axis.
func axisRest(tested map[string][]string, byName map[string][]workflowMatrixVal) []string {
	var rest []string
	found := 0
	for name, vals := range tested {
		all := byName[name]
		if len(all) == 0 {
			continue
		}
		var left []string
		toolkits := true
		for _, mv := range all {
			v, ok := toolkitVersion(mv.e.val)
			if !ok {
				toolkits = false
				break
			}
			if !slices.Contains(vals, mv.e.val) && !slices.Contains(left, v) {
				left = append(left, v)
			}
		}
		if !toolkits {
			continue
		}
		found++
		rest = left
	}
	if found != 1 || len(rest) == 0 {
		return nil
	}
	return rest
}

// toolkitVersion reads a CUDA toolkit version: a wheel tag (`cu126`:
// 12.6) or a dotted number (`12.8.1`).
func toolkitVersion(v string) (string, bool) {
	if tag, ok := strings.CutPrefix(v, "cu"); ok && len(tag) >= 3 && strings.Trim(tag, "0123456789") == "" {
		return tag[:len(tag)-1] + "." + tag[len(tag)-1:], true
	}
	if workflowVersionRE.MatchString(v) {
		return v, true
	}
	return "", false
}
