package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/verdict"
)

// exclusion is one chain that shuts the target out, before it becomes an
// AL101 or AL105 finding.
type exclusion struct {
	ce     *cpp.ChainEval
	held   []int // indexes into Context.Flavors
	v      shutout.Verdict
	tuning bool
	inner  []*exclusion
}

// exclusions finds the outermost shut-out chains, with nested ones folded in.
// Chains whose branches only #define macros are skipped: the shut-out is
// reported where the macro is tested (design.md section 4).
func (c *Context) exclusions() []*exclusion {
	byChain := map[*cpp.File]map[int]*exclusion{}
	var all []*exclusion
	for _, ce := range c.Chains {
		vs := c.ShutOut(ce)
		if vs == nil || defineOnly(ce) {
			continue
		}
		ex := &exclusion{ce: ce}
		for i, v := range vs {
			if v.Shut && !v.Maybe {
				if len(ex.held) == 0 {
					ex.v = v
				}
				ex.held = append(ex.held, i)
			}
		}
		if len(ex.held) == 0 {
			continue
		}
		t := c.Flavors[ex.held[0]]
		bt, bx := ce.Branch[t], ce.Branch[ex.v.X]
		ex.tuning = bt >= 0 && bx >= 0 && ce.Chain.Branches[bt].Content.Shape == ce.Chain.Branches[bx].Content.Shape
		if byChain[ce.File] == nil {
			byChain[ce.File] = map[int]*exclusion{}
		}
		byChain[ce.File][ce.Chain.ID] = ex
		all = append(all, ex)
	}
	var top []*exclusion
	for _, ex := range all {
		outer := (*exclusion)(nil)
		for p := ex.ce.Chain.Parent; p >= 0; p = ex.ce.File.St.Chains[p].Parent {
			if o := byChain[ex.ce.File][p]; o != nil {
				outer = o
			}
		}
		if outer != nil {
			outer.inner = append(outer.inner, ex)
			continue
		}
		top = append(top, ex)
	}
	return top
}

func defineOnly(ce *cpp.ChainEval) bool {
	any := false
	for _, b := range ce.Chain.Branches {
		if b.Content.Empty {
			continue
		}
		if !b.Content.DefineOnly {
			return false
		}
		any = true
	}
	return any
}

func checkShutOut(r Rule, c *Context) []finding.Finding {
	exs := c.exclusions()
	if r.ID == AL101.ID && c.Structure != nil {
		// The verdicts of the findings read the functions of their
		// files (withCallees): those files parse together, on every
		// CPU, instead of one by one as each finding asks, on the one
		// goroutine the checks run on (0.2-0.5 s of flashinfer's).
		var files []*cpp.File
		for _, ex := range exs {
			if !ex.tuning && ex.ce.Synth == nil && !slices.Contains(files, ex.ce.File) {
				files = append(files, ex.ce.File)
			}
		}
		c.Structure.PrepareFunctions(files)
	}
	var out []finding.Finding
	for _, ex := range exs {
		if ex.tuning != (r.ID == AL105.ID) {
			continue
		}
		out = append(out, c.exclusionFinding(r, ex))
	}
	return out
}

func (c *Context) exclusionFinding(r Rule, ex *exclusion) finding.Finding {
	ce := ex.ce
	t := c.Flavors[ex.held[0]]
	tName := c.Target.Arch.Base().Name()
	if !c.Target.Bare {
		tName = c.Target.Arch.Name()
	}
	bx := ce.Branch[ex.v.X]
	dx := ce.Directive(bx)
	better := map[int]bool{}
	for _, x := range ex.v.Xs {
		better[ce.Branch[x]] = true
	}
	admitted := func(p int) bool { return better[ce.Branch[p]] }
	admits := archSet(c.Passes, admitted)
	oldest := -1
	for p := range c.Passes {
		if !c.Passes[p].Host && admitted(p) {
			oldest = c.Passes[p].CudaArch()
			break
		}
	}
	excludes := archSet(c.Passes, func(p int) bool {
		return !admitted(p) && c.Passes[p].CudaArch() >= oldest
	})
	held := c.flavorNames(func(i int) bool { return contains(ex.held, i) })
	bt := ce.Branch[t]
	who := c.subject(held)
	verbN := len(held) // the subject is the GPU (singular) when every build is held
	if verbN == len(c.Flavors) {
		verbN = 1
	}

	var gets, what, stub string
	switch {
	case bt == shutout.None:
		gets = "nothing"
		what = fmt.Sprintf("%s get%s no code here while %s %s", who, singularVerb(verbN), strings.Join(admits, ", "), doVerb(admits))
		if tk := ce.Taken[t]; tk >= 0 {
			if p := ce.Chain.Branches[tk].Content.PrintOnly; p != "" {
				// The branch prints an error and goes on: the code
				// around it runs on with nothing done.
				p = python.ClipTo(p, 120) // on one line, as ClipTo folds spaces
				gets = "nothing: the branch only prints (" + p + ")"
				what = fmt.Sprintf("%s get%s no code here, only a print that stops nothing, while %s %s",
					who, singularVerb(verbN), strings.Join(admits, ", "), doVerb(admits))
			}
		}
	default:
		dt := ce.Directive(bt)
		older := "the host pass"
		if ex.v.W >= 0 && !c.Passes[ex.v.W].Host {
			older = c.olderOnPath(ce.Branch, bt, ex.v.W)
		}
		gets = fmt.Sprintf("fallback: the %s branch at line %d", dt.Display(), dt.Line)
		what = fmt.Sprintf("%s fall%s back to the %s branch at line %d, the path of %s", who, singularVerb(verbN), dt.Display(), dt.Line, older)
		if f := ce.Chain.Branches[bt].Content.Failure; f != "" {
			gets = "hard failure: " + failureText(f)
		}
		if k := stubConstant(ce, bt, bx); k != "" {
			stub = k
			gets = "a constant: the branch only returns " + k
			what = fmt.Sprintf("%s fall%s back to the %s branch at line %d, which only returns `%s`", who, singularVerb(verbN), dt.Display(), dt.Line, k)
		}
	}
	var msg strings.Builder
	// The range may be the window a definition is named for (namedWindow).
	var window windowScope
	windowed := false
	if r.ID == AL105.ID {
		fmt.Fprintf(&msg, "%s runs with the tuning of older architectures here: this %s gives %s %s own numbers and %s gets those of %s. ",
			tName, dx.Display(), strings.Join(admits, ", "), possessive(admits), tName, c.Passes[ex.v.W].Name())
		msg.WriteString("The branches differ only in numbers (sizes, tile shapes); tune them for the target rather than copying another branch, since a larger value may not fit.")
	} else {
		fmt.Fprintf(&msg, "This %s admits %s and shuts out %s in %s: %s. ", dx.Display(), strings.Join(admits, ", "),
			strings.Join(excludes, ", "), c.flavorPhrase(held), what)
		msg.WriteString(c.sameBranchElsewhere(ex, bt, admitted))
		if ce.Synth == nil {
			window, windowed = c.namedWindow(ce.File, ce.Directive(0).Line, c.deviceArchs(admitted), c.Target.Arch.CudaArch())
			// What the target lacks explains a range better than a name.
			windowed = windowed && !c.justified(c.regionCode(ce.File, &ce.Chain.Branches[bx]))
		}
		if !windowed {
			msg.WriteString("Check what the branch uses before widening the range: if all of it exists on " + tName + ", the bound is a port artifact.")
		}
	}
	if stub != "" {
		// The fallback computes nothing: the caller goes on with the
		// constant, which no error shows. The empty kernel's case, in a
		// function.
		fmt.Fprintf(&msg, " The branch %s take%s computes nothing: the caller gets `%s` in place of the result, a silent wrong result.",
			who, singularVerb(verbN), stub)
	}
	msg.WriteString(modelNote(ce.Dirs))
	f := finding.Finding{
		RuleID:    r.ID,
		Level:     r.Level,
		Message:   msg.String(),
		Location:  loc(ce.File, dx, ""),
		Condition: directiveText(dx),
		Admits:    admits,
		Excludes:  excludes,
		Flavors:   held,
		Gets:      gets,
		Target:    c.Target.String(),
	}
	if bt >= 0 {
		dt := ce.Directive(bt)
		f.Related = append(f.Related, loc(ce.File, dt, fmt.Sprintf("the branch %s take%s instead", who, singularVerb(verbN))))
	}
	f.Related = append(f.Related, defRelated(ce.Dirs)...)
	if windowed {
		// Widening the range would defeat it: no verdict, no fix.
		f.Message = strings.TrimSuffix(f.Message, " ")
		window.mark(&f, tName)
	} else if r.ID == AL101.ID {
		c.judge(&f, c.branchCode(ce, bx))
		// A fix edits a directive's condition; an <nv/target> gate's
		// query is judged but not rewritten.
		verdictKind := f.Properties["verdict"]
		if ce.Synth != nil {
			verdictKind = nil
		}
		switch verdictKind {
		case string(verdict.Arbitrary):
			if cond := c.openCondition(dx.Args); cond != "" && c.verifyOpened(dx.Args, cond) {
				if fx := directiveFix(ce.File, dx, cond, fmt.Sprintf("Open the range to %s (everything it uses compiles there)", tName)); fx != nil {
					f.Fixes = append(f.Fixes, *fx)
				}
			}
		case string(verdict.NeedsVariant):
			// Open it to the family-specific builds that have the feature.
			var fam []int
			for _, p := range c.Flavors {
				if c.Passes[p].Flavor != target.Plain {
					fam = append(fam, p)
				}
			}
			if cond := c.variantCondition(dx.Args); len(fam) > 0 && c.verifyOpenedFor(dx.Args, cond, fam) {
				if fx := directiveFix(ce.File, dx, cond, fmt.Sprintf("Open the range to the family-specific builds of %s (build with sm_%da or sm_%df)",
					tName, c.Target.Arch.CudaArch()/10, c.Target.Arch.CudaArch()/10)); fx != nil {
					f.Fixes = append(f.Fixes, *fx)
				}
			}
		}
	} else if r.ID == AL105.ID {
		f.Message += " No fix is offered: tuning values must be measured on the target."
	}
	if stub != "" && f.Level == finding.LevelWarning {
		// Not when the range keeps to a window by design (a note) or the
		// target lacks what the other branch uses (a verdict's note):
		// there no build of the target should call it.
		f.Level = finding.LevelError
		if f.Properties == nil {
			f.Properties = map[string]any{}
		}
		f.Properties["stub"] = fmt.Sprintf("the branch taken only returns `%s`: callers get a constant, not a result", stub)
	}
	sort.Slice(ex.inner, func(i, j int) bool { return ex.inner[i].ce.Chain.ID < ex.inner[j].ce.Chain.ID })
	for _, in := range ex.inner {
		d := in.ce.Directive(0)
		f.Related = append(f.Related, loc(in.ce.File, d, "a nested range that also shuts "+tName+" out"))
	}
	return f
}

// sameBranchElsewhere is the sentence a finding held for some builds of
// the target needs when its other builds take the same branch: "in the
// sm_120a build only" must not read as if the plain build got the better
// path. They are not shut out only because no GPU's build of their flavor
// gets it either (`#if defined(__CUDA_ARCH_FEAT_SM90_ALL)`: only sm_90a
// does), and the sentence says so when that is why. "" otherwise.
func (c *Context) sameBranchElsewhere(ex *exclusion, bt int, admitted func(p int) bool) string {
	var others []string
	noneAdmitted := true
	for i, t := range c.Flavors {
		if contains(ex.held, i) || ex.ce.Branch[t] != bt {
			continue
		}
		others = append(others, c.Passes[t].Name())
		for _, p := range c.column(c.Passes[t].Flavor) {
			if !c.Passes[p].Host && admitted(p) {
				noneAdmitted = false
			}
		}
	}
	if len(others) == 0 {
		return ""
	}
	s := fmt.Sprintf("The %s build%s take%s that branch too", andList(others), plural(len(others)), singularVerb(len(others)))
	if bt == shutout.None {
		s = fmt.Sprintf("The %s build%s get%s no code here either", andList(others), plural(len(others)), singularVerb(len(others)))
	}
	switch {
	case noneAdmitted && len(others) == 1:
		s += ", as every GPU's build of that flavor does"
	case noneAdmitted:
		s += ", as every GPU's builds of those flavors do"
	}
	return s + ". "
}

// possessive agrees with a list of arch names: "sm_90 ... its", "sm_90, sm_100 ... their".
func possessive(names []string) string {
	if doVerb(names) == "does" {
		return "its"
	}
	return "their"
}

// doVerb agrees with a list of arch names: "sm_90 does", "sm_90..sm_110 do",
// "sm_103a/sm_103f do".
func doVerb(names []string) string {
	if oneArch(names) {
		return "does"
	}
	return "do"
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// olderOnPath names the plain device builds older than the target that take
// branch bt of b: "sm_89 and older" when they are every one up to the
// newest of them, else the builds themselves ("sm_75, sm_86..sm_110"
// under `#if __CUDA_ARCH__ == 800 ... #else`, whose #else read "the path
// of sm_75 and older"). An older GPU's arch-specific build (sm_90a) may
// take a path of its own, which says nothing of its plain build; a build
// the evaluation left undecided is neither. w, the witness, names the
// path when no plain build takes it.
func (c *Context) olderOnPath(b []int, bt, w int) string {
	ta := c.Passes[c.Flavors[0]].CudaArch()
	var plain []target.Arch
	var idx []int
	for p, ps := range c.Passes {
		if !ps.Host && ps.Name() == ps.Base().Name() && ps.CudaArch() < ta {
			plain, idx = append(plain, ps), append(idx, p)
		}
	}
	on := func(i int) bool { return b[idx[i]] == bt }
	newest := -1
	for i := range plain {
		if on(i) && (newest < 0 || plain[i].CudaArch() > plain[newest].CudaArch()) {
			newest = i
		}
	}
	if newest < 0 {
		return c.Passes[w].Name() + " and older"
	}
	for i := range plain {
		if plain[i].CudaArch() < plain[newest].CudaArch() && !on(i) && b[idx[i]] != shutout.Unknown {
			return strings.Join(target.FormatSet(plain, on), ", ")
		}
	}
	return plain[newest].Name() + " and older"
}

// stubConstant is the constant branch bt only returns (cpp.Content.Stub)
// when the branch bx it stands in for computes something (not a stub, not
// empty: a query such as `return true;` beside `return false;` is no
// stub), else "".
func stubConstant(ce *cpp.ChainEval, bt, bx int) string {
	br := &ce.Chain.Branches[bt]
	if !br.Content.Stub || bx < 0 {
		return ""
	}
	if ob := ce.Chain.Branches[bx].Content; ob.Stub || ob.Empty || ob.DefineOnly {
		return ""
	}
	var code strings.Builder
	for li := br.FirstLine; li < br.EndLine && li < ce.File.St.Src.NumLines(); li++ {
		code.WriteString(ce.File.LineText(li))
		code.WriteByte('\n')
	}
	return cpp.StubReturn(code.String())
}
