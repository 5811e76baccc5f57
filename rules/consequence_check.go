package rules

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/verdict"
)

// chainIndex maps each file's chain IDs to their evaluations.
func (c *Context) chainIndex() map[*cpp.File]map[int]*cpp.ChainEval {
	idx := map[*cpp.File]map[int]*cpp.ChainEval{}
	for _, ce := range c.Chains {
		if idx[ce.File] == nil {
			idx[ce.File] = map[int]*cpp.ChainEval{}
		}
		idx[ce.File][ce.Chain.ID] = ce
	}
	return idx
}

// checkEmptyKernel finds __global__ kernels whose whole body is compiled out
// for a flavor of the target while another device pass compiles code there.
func checkEmptyKernel(r Rule, c *Context) []finding.Finding {
	// Only a file with a chain that a flavor and a device pass take
	// differently can hold an empty kernel (differing), and there only
	// a kernel whose body's '{' is on a line where a flavor stops
	// compiling code (emptyStarts); the other files and kernels need no
	// facts, and so no parse.
	return emptyKernels(r, c, func(f *cpp.File, chains map[int]*cpp.ChainEval) (bool, []int) {
		if !c.differing(chains) {
			return false, nil
		}
		lines := c.emptyStarts(f, chains)
		return len(lines) > 0, lines
	})
}

// emptyKernels is checkEmptyKernel over the files for which lines gives
// lines (any), and there over the kernels that hold one of them (nil:
// every kernel).
func emptyKernels(r Rule, c *Context, lines func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int)) []finding.Finding {
	if c.Structure == nil {
		return nil
	}
	var out []finding.Finding
	idx := c.chainIndex()
	var files []*cpp.File
	var at [][]int
	for file, chains := range idx {
		if ok, ls := lines(file, chains); ok {
			files, at = append(files, file), append(at, ls)
		}
	}
	c.Structure.PrepareKernels(files, at)
	// Map order is random: findings are sorted at the end of the pipeline.
	for fi, file := range files {
		chains := idx[file]
		st := file.St
		// Only a kernel whose body may open on a conditional directive
		// (cst.MayEmpty) can be reported, so Kernels may leave out the
		// others: the header's line and the body's lines up to the
		// first code line have the same innermost branch
		// (Structure.Owner changes only at conditional directives), and
		// active reads nothing else, so the body cannot be inactive for
		// a flavor that compiles the header.
		for _, k := range c.Structure.Kernels(file, at[fi]) {
			// logical lines of code inside the body; a branch that only
			// prints does no work (cpp.Content.PrintOnly), so a body the
			// target reaches only through such a branch is empty for it.
			var body []int
			for li, ln := range st.Src.Lines() {
				if ln.StartLine > k.BodyStartLine && ln.EndLine < k.BodyEndLine && ln.Directive < 0 && strings.TrimSpace(file.LineText(li)) != "" {
					if o := st.Owner(li); o.Chain >= 0 && st.Chains[o.Chain].Branches[o.Branch].Content.PrintOnly != "" {
						continue
					}
					body = append(body, li)
				}
			}
			if len(body) == 0 {
				continue
			}
			// The definition itself must be compiled in the pass: a kernel
			// defined in an #else branch, with another definition in the #if
			// branch, is replaced for the target, not emptied.
			header := -1
			for li, ln := range st.Src.Lines() {
				if ln.Directive < 0 && ln.StartLine <= k.BodyStartLine && k.BodyStartLine <= ln.EndLine {
					header = li
					break
				}
			}
			present := func(p int) bool { return header >= 0 && c.active(chains, st, header, p) == trueTri }
			activeIn := func(p int) cpp.Tri {
				res := falseTri
				for _, li := range body {
					switch c.active(chains, st, li, p) {
					case trueTri:
						return trueTri
					case unknownTri:
						res = unknownTri
					}
				}
				return res
			}
			var held []int
			for i, t := range c.Flavors {
				if present(t) && activeIn(t) == falseTri {
					held = append(held, i)
				}
			}
			if len(held) == 0 {
				continue
			}
			var gets []int
			for p, a := range c.Passes {
				if !a.Host && present(p) && activeIn(p) == trueTri {
					gets = append(gets, p)
				}
			}
			if len(gets) == 0 {
				continue
			}
			// The range responsible: the outermost chain around the first body line.
			ref := st.Owner(body[0])
			for ref.Chain >= 0 && st.Chains[ref.Chain].Parent >= 0 &&
				st.Src.Directives[st.Chains[st.Chains[ref.Chain].Parent].Branches[0].Dir].Line > k.BodyStartLine {
				ref = cpp.BranchRef{Chain: st.Chains[ref.Chain].Parent}
			}
			tName := c.Passes[c.Flavors[held[0]]].Base().Name()
			names := c.flavorNames(func(i int) bool { return contains(held, i) })
			admits := archSet(c.Passes, func(p int) bool { return contains(gets, p) })
			// An architecture's own kernel: named for the architectures its
			// body is compiled for (gemm_4bit_sm75_m16n8k8 under #if
			// __CUDA_ARCH__ == 750), or in a file or directory named for
			// one (FastVideo's block_sparse_kernel_sm100a.cuh). Its host
			// code picks it for that family alone: empty elsewhere is by
			// design, and what matters is that nothing launches it there.
			named := kernelNamedFor(k.Name)
			byName := len(named) > 0 && !slices.ContainsFunc(gets, func(p int) bool {
				return !slices.Contains(named, c.Passes[p].CudaArch())
			})
			ws, byPath := pathWindow(file.Path)
			byPath = !byName && byPath && ws.w.keepsTo(c.deviceArchs(func(p int) bool { return contains(gets, p) }), c.Target.Arch.CudaArch()) &&
				!slices.ContainsFunc(gets, func(p int) bool { return !ws.w.holds(c.Passes[p].CudaArch()) })
			what := "it launches, does nothing and reports success, so callers read garbage"
			if byName || byPath {
				what = fmt.Sprintf("launched on %s it would do nothing and report success", tName)
			}
			msg := fmt.Sprintf("Kernel %s has an empty body on %s in %s: %s. "+
				"Its whole body is compiled only for %s.", k.Name, tName, c.flavorPhrase(names), what, strings.Join(admits, ", "))
			if len(names) < len(c.Flavors) {
				msg += " Build the flavor that gets the body, or open the range to the others."
			}
			f := finding.Finding{
				RuleID:   r.ID,
				Level:    r.Level,
				Message:  msg,
				Location: lineLoc(file, nameLine(file, k.Name, k.StartLine, k.BodyStartLine), ""),
				Admits:   admits,
				Flavors:  names,
				Gets:     "empty kernel",
				Target:   c.Target.String(),
			}
			f.Location.Snippet = firstLine(file, f.Location.Line)
			if ref.Chain >= 0 {
				d := &st.Src.Directives[st.Chains[ref.Chain].Branches[0].Dir]
				f.Condition = directiveText(d)
				f.Related = append(f.Related, loc(file, d, "the range that removes the body"))
			}
			c.judge(&f, c.withCallees(file, string(file.Source()[k.BodyStart:k.BodyEnd])))
			switch {
			case byName:
				f.Level = finding.LevelNote
				f.Message += fmt.Sprintf(" The kernel is named for %s, the architecture%s its body is compiled for: "+
					"this is only a bug if something launches it on %s.", strings.Join(admits, ", "), plural(len(admits)), tName)
			case byPath:
				ws.mark(&f, tName)
			}
			out = append(out, f)
		}
	}
	return out
}

// differing reports whether a flavor of the target and a device pass
// both decide a chain of a file, evaluated as given, and differently: a
// kernel checkEmptyKernel reports needs one.
//
// A report needs a body line L active for a device pass p (trueTri) while
// every body line is inactive for a flavor t (falseTri). Context.active
// walks out from L through the chains around it: for p each one takes,
// decided, the branch holding L; for t, L being inactive, one of them
// takes, decided, another branch. That chain is decided for both passes
// and takes different branches for them.
func (c *Context) differing(chains map[int]*cpp.ChainEval) bool {
	for _, ce := range chains {
		if c.decidedApart(ce) {
			return true
		}
	}
	return false
}

// emptyStarts gives the physical lines (1-based, increasing) of the
// logical lines of code of f after which a flavor of the target stops
// compiling code: a line active for it (trueTri) whose next line of code
// (past directive and blank lines) is inactive for it (falseTri). A
// kernel checkEmptyKernel reports for a flavor has its body's '{' on such
// a line: the body's first line of code is inactive for the flavor, the
// line of the '{' (the header) active, and only directive and blank lines
// lie between them, as the check reads a body.
//
// Lines between two directives have the same innermost branch
// (Structure.Owner), so the same activity: only the first line of code of
// such a run may follow a line where a flavor stops, and only the last one
// be such a line. The others' text is never read (it was most of the
// check's time).
func (c *Context) emptyStarts(f *cpp.File, chains map[int]*cpp.ChainEval) []int {
	st := f.St
	var lines []int
	code := func(li int) bool { return strings.TrimSpace(f.LineText(li)) != "" }
	prev := -1                  // the last line of code of the runs so far
	run := func(from, to int) { // the lines from..to-1, no directive among them
		first := from
		for first < to && !code(first) {
			first++
		}
		if first == to {
			return
		}
		if prev >= 0 && c.stopsBetween(chains, st, prev, first) {
			lines = appendPhysical(lines, st, prev)
		}
		prev = to - 1
		for !code(prev) {
			prev--
		}
	}
	from := 0
	for li, ln := range st.Src.Lines() {
		if ln.Directive >= 0 {
			run(from, li)
			from = li + 1
		}
	}
	run(from, st.Src.NumLines())
	return lines
}

// stopsBetween reports whether a flavor of the target compiles logical
// line prev (trueTri) and not line next (falseTri).
func (c *Context) stopsBetween(chains map[int]*cpp.ChainEval, st *cpp.Structure, prev, next int) bool {
	for _, t := range c.Flavors {
		if c.active(chains, st, next, t) == falseTri && c.active(chains, st, prev, t) == trueTri {
			return true
		}
	}
	return false
}

// appendPhysical appends the physical lines of logical line li.
func appendPhysical(lines []int, st *cpp.Structure, li int) []int {
	pl := st.Src.Line(li)
	for l := pl.StartLine; l <= pl.EndLine; l++ {
		lines = append(lines, l)
	}
	return lines
}

// decidedApart reports whether a flavor of the target and a device pass
// both decide ce, and differently.
func (c *Context) decidedApart(ce *cpp.ChainEval) bool {
	for _, t := range c.Flavors {
		if ce.Taken[t] == shutout.Unknown {
			continue
		}
		for p, a := range c.Passes {
			if !a.Host && ce.Taken[p] != shutout.Unknown && ce.Taken[p] != ce.Taken[t] {
				return true
			}
		}
	}
	return false
}

func firstLine(f *cpp.File, line int) string {
	for li, ln := range f.St.Src.Lines() {
		if ln.StartLine <= line && line <= ln.EndLine {
			return strings.TrimSpace(f.LineText(li))
		}
	}
	return ""
}

// checkHardFailure fires when the branch a flavor of the target takes fails
// hard while another device pass takes a working branch.
func checkHardFailure(r Rule, c *Context) []finding.Finding {
	var out []finding.Finding
	for _, ce := range c.Chains {
		if !ce.ArchDependent() {
			continue
		}
		var held []int
		var fb int
		for i, t := range c.Flavors {
			b := ce.Taken[t]
			if ce.Fails(b) {
				held = append(held, i)
				fb = b
			}
		}
		if len(held) == 0 {
			continue
		}
		// A device pass builds here when its branch does not fail, or
		// when it reaches the chain and takes no branch: an `#if ...
		// #error ... #endif` guard refuses the target while the passes
		// that skip it build.
		works := func(p int) bool {
			if c.Passes[p].Host {
				return false
			}
			b := ce.Branch[p]
			return b >= 0 && !ce.Fails(b) || b == shutout.None && ce.ReachedBy(p) == expr.True
		}
		admits := archSet(c.Passes, works)
		if len(admits) == 0 {
			continue
		}
		br := ce.Chain.Branches[fb]
		d := ce.Directive(fb)
		failLine := d.Line
		for li := br.FirstLine; li < br.EndLine; li++ {
			ln := ce.File.St.Src.Line(li)
			if strings.Contains(ce.File.LineText(li), strings.TrimPrefix(br.Content.Failure, "#error ")) || (ln.Directive >= 0 && strings.HasPrefix(br.Content.Failure, "#error")) {
				failLine = ln.StartLine
				break
			}
		}
		tName := c.Passes[c.Flavors[held[0]]].Base().Name()
		names := c.flavorNames(func(i int) bool { return contains(held, i) })
		what := "traps at run time"
		if strings.HasPrefix(br.Content.Failure, "#error") || strings.HasPrefix(br.Content.Failure, "static_assert") {
			what = "refuses to build"
		}
		// When every pass that builds does so by taking no branch, the
		// chain is a guard, not a choice between implementations.
		guard := true
		for p := range c.Passes {
			if works(p) && ce.Branch[p] >= 0 {
				guard = false
				break
			}
		}
		// The verb agrees with the architectures: "sm_90 gets",
		// "sm_90..sm_110 get".
		others := "get a working implementation"
		switch {
		case guard && oneArch(admits):
			others = "skips it and builds"
		case guard:
			others = "skip it and build"
		case oneArch(admits):
			others = "gets a working implementation"
		}
		failure := failureText(br.Content.Failure)
		msg := fmt.Sprintf("%s %s here in %s: the branch it takes (%s at line %d) holds %s, while %s %s.",
			tName, what, c.flavorPhrase(names), d.Display(), d.Line, failure, strings.Join(admits, ", "), others)
		f := finding.Finding{
			RuleID:    r.ID,
			Level:     r.Level,
			Message:   msg,
			Location:  lineLoc(ce.File, failLine, ""),
			Condition: directiveText(ce.Directive(0)),
			Admits:    admits,
			Flavors:   names,
			Gets:      "hard failure: " + failure,
			Target:    c.Target.String(),
		}
		f.Location.Snippet = firstLine(ce.File, failLine)
		f.Related = append(f.Related, loc(ce.File, ce.Directive(0), "the chain that selects it"))
		// When another build of the GPU gets the working branch, this is a
		// build-flavor problem: a warning with the builds to use.
		var good []string
		for _, t := range c.Flavors {
			if works(t) {
				good = append(good, c.Passes[t].Name())
			}
		}
		if len(good) > 0 {
			f.Level = finding.LevelWarning
			gets := "get" + singularVerb(len(good)) + " the working branch"
			if guard {
				gets = "pass it"
				if len(good) == 1 {
					gets = "passes it"
				}
			}
			f.Message += fmt.Sprintf(" The %s build%s %s: build the project for %s.",
				strings.Join(good, " and "), plural(len(good)), gets, strings.Join(good, " or "))
		}
		// When the working branches use what the target lacks (wgmma,
		// tcgen05), trapping is the honest answer: say so, as a note.
		if c.KB != nil && ce.Synth == nil {
			var working strings.Builder
			seen := map[int]bool{}
			for p := range c.Passes {
				if b := ce.Branch[p]; b >= 0 && works(p) && !seen[b] {
					seen[b] = true
					working.WriteString(c.regionCode(ce.File, &ce.Chain.Branches[b]))
				}
			}
			switch j := c.KB.Judge(working.String(), c.builds()); j.Kind {
			case verdict.Justified:
				f.Level = finding.LevelNote
				f.Message += " The working branches use " + strings.Join(j.Missing, ", ") + ", which the target lacks, so failing here is the right answer."
				f.Properties = map[string]any{"verdict": string(j.Kind), "verdictEvidence": j.Evidence}
			case verdict.Arbitrary:
				// CUTLASS's b1 AND MMA atoms trap from 10.0 on though nvcc
				// compiles them for every GPU since sm_80: the failure is
				// the condition's, not the target's.
				f.Message += " Everything the working branches use compiles for the target (" + j.Evidence + "): the condition, not the GPU, fails here."
				f.Properties = map[string]any{"verdict": string(j.Kind), "verdictEvidence": j.Evidence}
			}
		}
		if f.Level != finding.LevelNote {
			if ws, ok := c.namedWindow(ce.File, ce.Directive(0).Line, c.deviceArchs(works), c.Target.Arch.CudaArch()); ok {
				ws.mark(&f, tName)
			}
		}
		if f.Level == finding.LevelError && dependentAssert(br.Content.Failure) {
			// tilelang's instruction wrappers (`static_assert(kDependentFalse,
			// "tl::wgmma_ss requires sm_90")`): the build fails only where
			// code compiled for the target instantiates the template.
			f.Level = finding.LevelWarning
			f.Message += fmt.Sprintf(" The assertion depends on a template parameter, so it fires only where code compiled for %s "+
				"instantiates this template: a guard against callers, which breaks the build of the kernels that reach it on %s.", tName, tName)
		}
		out = append(out, f)
	}
	return out
}

// checkFlavorOnly fires when builds of the target disagree on a chain and the
// shut-out rule is silent for every one of them.
//
// A chain that tells only the build flavor apart (CCCL's current_arch_id:
// `#if defined(__CUDA_ARCH_SPECIFIC__)` returns to_arch_specific_id(cc),
// the #else to_arch_id(cc)) is not one: every GPU's a build takes the one
// branch and every GPU's plain build the other, so the branch says which
// build this is, not what this GPU may run (flavorSwitch).
func checkFlavorOnly(r Rule, c *Context) []finding.Finding {
	if len(c.Flavors) < 2 {
		return nil
	}
	var out []finding.Finding
	for _, ce := range c.Chains {
		vs := c.ShutOut(ce)
		if vs == nil || defineOnly(ce) || c.flavorSwitch(ce) {
			continue
		}
		anyShut := false
		for _, v := range vs {
			anyShut = anyShut || (v.Shut && !v.Maybe)
		}
		if anyShut {
			continue
		}
		// The branch some flavor gets that comes first in the chain is the
		// specialized path; the flavors that miss it fall back.
		bb := -1
		for _, t := range c.Flavors {
			if b := ce.Branch[t]; b >= 0 && (bb < 0 || b < bb) {
				bb = b
			}
		}
		// A flavor taking a failing branch, as its path or as its
		// fallback, is AL103's finding, which names the builds to use.
		if bb < 0 || slices.ContainsFunc(c.Flavors, func(t int) bool { return ce.Fails(ce.Branch[t]) }) {
			continue
		}
		var held, good []int
		for i, t := range c.Flavors {
			switch b := ce.Branch[t]; {
			case b == bb:
				good = append(good, i)
			case b != shutout.Unknown:
				held = append(held, i)
			}
		}
		if len(held) == 0 {
			continue
		}
		// Only the builds that compile the branch's code are advice: FP8
		// multicast reduction (mscclpp) compiles for sm_120a, not for the
		// sm_120f build that the test also admits.
		compiles := good
		if c.KB != nil && len(good) > 1 {
			code := c.regionCode(ce.File, &ce.Chain.Branches[bb])
			compiles = nil
			for _, i := range good {
				if c.KB.Judge(code, []target.Arch{c.Passes[c.Flavors[i]]}).Kind != verdict.Justified {
					compiles = append(compiles, i)
				}
			}
			if len(compiles) == 0 {
				compiles = good
			}
		}
		names := c.flavorNames(func(i int) bool { return contains(held, i) })
		goodNames := c.flavorNames(func(i int) bool { return contains(good, i) })
		adviceNames := c.flavorNames(func(i int) bool { return contains(compiles, i) })
		d := ce.Directive(bb)
		gets := "nothing"
		if b := ce.Branch[c.Flavors[held[0]]]; b >= 0 {
			gets = fmt.Sprintf("fallback: the %s branch at line %d", ce.Directive(b).Display(), ce.Directive(b).Line)
		}
		widen, cannot := " (or widen the test to the family macro)", ""
		if len(compiles) < len(good) {
			// The family macro would let in a build that cannot
			// compile the branch.
			bad := c.flavorNames(func(i int) bool { return contains(good, i) && !contains(compiles, i) })
			widen = ""
			cannot = fmt.Sprintf(" The %s build%s cannot compile it (nvcc 13.0, measured).", strings.Join(bad, " and "), plural(len(bad)))
		}
		msg := fmt.Sprintf("Only the %s build%s get%s this %s branch; %s get%s %s instead. "+
			"Build the project for %s%s so the GPU runs this path.%s",
			strings.Join(goodNames, " and "), plural(len(goodNames)), singularVerb(len(goodNames)), d.Display(),
			strings.Join(names, " and "), singularVerb(len(names)), gets, strings.Join(adviceNames, " or "), widen, cannot)
		out = append(out, finding.Finding{
			RuleID:    r.ID,
			Level:     r.Level,
			Message:   msg,
			Location:  loc(ce.File, d, ""),
			Condition: directiveText(d),
			Admits:    goodNames,
			Excludes:  names,
			Flavors:   names,
			Gets:      gets,
			Target:    c.Target.String(),
			// A derived macro's #define is where the flavor test is.
			Related: defRelated(ce.Dirs),
		})
	}
	return out
}

// flavorSwitch says whether ce decides by the build flavor alone: for each
// flavor of the target, every GPU's device build of that flavor takes the
// branch the target's does (sm_90a ... sm_121a one branch, sm_75 ... sm_121
// another), so no GPU gets a path another lacks.
func (c *Context) flavorSwitch(ce *cpp.ChainEval) bool {
	for _, t := range c.Flavors {
		fl, others := c.Passes[t].Flavor, 0
		for p, a := range c.Passes {
			if a.Host || a.Flavor != fl || p == t {
				continue
			}
			if ce.Branch[p] != ce.Branch[t] {
				return false
			}
			others++
		}
		if others == 0 {
			// No other GPU has this flavor: nothing to compare with.
			return false
		}
	}
	return true
}

// kernelSMRE finds the architectures a kernel's name names: sm75 in
// gemm_4bit_sm75_m16n8k8, sm_90 in attn_sm_90_kernel.
var kernelSMRE = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])sm_?(\d{2,3})(?:[^0-9]|$)`)

// kernelNamedFor is the __CUDA_ARCH__ values (750, 1000) of the
// architectures a kernel's name names.
func kernelNamedFor(name string) []int {
	var out []int
	for _, m := range kernelSMRE.FindAllStringSubmatch(name, -1) {
		n, err := strconv.Atoi(m[1])
		if err == nil {
			out = append(out, n*10)
		}
	}
	return out
}

// nameLine is the line, between a definition's first line and its body,
// where the function's name appears: templates put "template <...>" first,
// and users look for the name.
func nameLine(f *cpp.File, name string, from, to int) int {
	line := 1
	src := f.Source()
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		end := len(src)
		if j >= 0 {
			end = i + j
		}
		if line >= from && line <= to && containsWord(src[i:end], name) {
			return line
		}
		if j < 0 || line > to {
			break
		}
		i = end + 1
		line++
	}
	return from
}

func containsWord(b []byte, w string) bool {
	for k := 0; ; {
		i := bytes.Index(b[k:], []byte(w))
		if i < 0 {
			return false
		}
		i += k
		before := i == 0 || !isIdent(b[i-1])
		after := i+len(w) >= len(b) || !isIdent(b[i+len(w)])
		if before && after {
			return true
		}
		k = i + 1
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// nonDependentAssertRE is a static_assert whose condition is false
// whatever the template arguments.
var nonDependentAssertRE = regexp.MustCompile(`^static_assert\s*\(\s*(false|0)\b`)

// dependentAssert says whether failure (cpp.Content.Failure) is a
// static_assert of a dependent false (kDependentFalse,
// dependent_false<T>::value, sizeof(T) == 0): checked only when the
// template around it is instantiated.
func dependentAssert(failure string) bool {
	return strings.HasPrefix(failure, "static_assert") && !nonDependentAssertRE.MatchString(failure)
}
