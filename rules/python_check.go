package rules

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
)

// pythonRule says which rule judges a gate: tests are AL203, build arch
// lists AL202, a check whose arms only set numbers AL105 (tuning), every
// other runtime decision AL201.
func pythonRule(g *python.Gate) string {
	switch {
	case g.IsTest || g.Kind == "pytest-skip":
		return AL203.ID
	case g.Kind == python.KindMajors || buildListKind(g.Kind):
		return AL202.ID
	case g.Tuning:
		return AL105.ID
	}
	return AL201.ID
}

// checkPythonGates applies the shut-out rule over capabilities (7.5 ... 12.1)
// to every Python and CMake gate.
func checkPythonGates(r Rule, c *Context) []finding.Finding {
	if len(c.Gates) == 0 {
		return nil
	}
	passes := make([]shutout.Pass, len(c.Caps))
	for i, cp := range c.Caps {
		passes[i] = shutout.Pass{Age: cp.Age()}
	}
	t := c.targetCap()
	if t < 0 {
		return nil
	}
	var out []finding.Finding
	var named map[string]*python.Gate
	for i := range c.Gates {
		g := &c.Gates[i]
		if pythonRule(g) != r.ID || len(g.Branch) != len(c.Caps) || g.TableRow || predicateBody(g) || singleArchFlags(g) ||
			toolkitTooOld(g, c.Target.Arch) {
			continue
		}
		b := g.Branch
		if minorOnly(g.Expr) {
			// A check on the minor alone tells apart GPUs of one major
			// (10.0 vs 10.3); it is nested under a major test that the
			// interpreter may not have tied it to, so only the target's own
			// major is compared.
			b = append([]int(nil), g.Branch...)
			for i, cp := range c.Caps {
				if cp.Major != c.Target.Arch.Major {
					b[i] = shutout.None
				}
			}
		}
		if buildListKind(g.Kind) && b[t] >= 0 {
			// The list gives the target code: its own or a cubin it runs
			// (listGate's outcome 0), or PTX the driver compiles for it
			// (CUDA samples' CMAKE_CUDA_ARCHITECTURES 87 110, whose
			// compute_110 reaches 12.0). The finding is for a target
			// left with none; GPUs between the entries taking another
			// of those paths are no path it lacks.
			continue
		}
		decide := shutout.DecideRefusals
		if archListKind(g.Kind) && g.Build == "" && g.EnvVar == "" && g.Kind != python.KindKernelArchs {
			// A list naming old GPUs only ("7.0;7.5" for a legacy
			// kernel) is a path for old GPUs, not a refusal of new ones.
			// One that is an extension's nvcc flags or an environment
			// variable's (TORCH_CUDA_ARCH_LIST, the build's whole list)
			// leaves the GPUs it does not name no code at all, and so
			// does a kernel-builder kernel's cuda-capabilities.
			decide = shutout.Decide
		}
		v := decide(passes, b, t)
		undecided := false
		if v.Shut && v.Maybe && len(g.Undecided) > 0 {
			if ug, uv, ok := c.undecidedOthers(g, b, t, func(b []int) shutout.Verdict { return decide(passes, b, t) }); ok {
				g, b, v, undecided = ug, ug.Branch, uv, true
			}
		}
		if !v.Shut || v.Maybe || escapesRestrictions(g, b, t) {
			continue
		}
		f := c.gateFinding(r, g, v, t)
		switch {
		case undecided && g.Names != nil:
			f.Message += c.namesUndecided(g, t)
		case undecided:
			f.Message += fmt.Sprintf(" On %s the rest of the condition decides (it depends on more than the capability); "+
				"%s never takes that path.", strings.Join(f.Admits, ", "), c.Caps[t])
		}
		if _, own := f.Properties["namesTarget"]; !own && g.Branch[t] >= 0 && g.Function != g.Module && g.Function != "" {
			if named == nil {
				named = c.targetNamingGates(t)
			}
			if by := named[g.Root+"\x00"+g.Path+"\x00"+g.Function]; by != nil && by != g {
				handledByName(&f, by, c.Caps[t])
			}
		}
		if f.Level != finding.LevelNote {
			tName := fmt.Sprintf("%d.%d (%s)", c.Caps[t].Major, c.Caps[t].Minor, c.Target.Arch.Base().Name())
			if g.Kind == hostCheck {
				if ws, ok := hostWindow(g, c.admittedAges(g, v), c.Caps[t].Age()); ok {
					ws.mark(&f, tName)
				} else if clauses, ok := c.otherFamilyArms(g, v, t); ok {
					markOtherFamily(&f, clauses, tName, c.Target.Arch.Base().Name())
				}
			} else {
				// Python under a directory named for one architecture
				// (flashinfer's moe_ep/backends/mega/kernel/sm90/: Hopper
				// kernels that refuse other GPUs) keeps to it as C++ there
				// does; a Python name for one architecture does not
				// (gen_..._sm90_module is often built for 9.x to 12.x).
				// A Python file named for an architecture-specific build
				// (FastVideo's block_sparse_attn_sm100a.py) is as sure.
				if ws, ok := pathWindow(g.Path); ok && (ws.dir != "" || archFileSuffixRE.MatchString(ws.file)) && ws.w.keepsTo(c.admittedAges(g, v), c.Caps[t].Age()) {
					ws.mark(&f, tName)
				} else if clauses, ok := c.otherFamilyArms(g, v, t); ok {
					// The arms it keeps the target from call another
					// family's kernels by name (FastVideo's `arch ==
					// "sm90"` picking SageAttention's wgmma kernel),
					// and its own path calls none.
					markOtherFamily(&f, clauses, tName, c.Target.Arch.Base().Name())
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// hostCheck is the gate kind of C++ host code (analyzer/hostgate.Kind).
const hostCheck = "cpp-host-check"

// admittedAges are the capabilities (as Age: 1000 for 10.0) that take a
// path v says the target is shut out of.
func (c *Context) admittedAges(g *python.Gate, v shutout.Verdict) []int {
	better := map[int]bool{}
	for _, x := range v.Xs {
		better[g.Branch[x]] = true
	}
	var out []int
	for i, cp := range c.Caps {
		if better[g.Branch[i]] {
			out = append(out, cp.Age())
		}
	}
	return out
}

// undecidedOthers reads a gate decided for the target but undecided for
// older GPUs: `if cc == (10, 0) and n_sms >= 148:` (apex's GroupNorm v2),
// `if major == 10 and fa4 is not None:` take the arm on 10.0 only when the
// rest of the condition holds, which the interpreter cannot tell, while
// 12.0 never takes it. Each older capability left undecided is read as
// taking a path of its own, the target's decided path against it; when
// that shuts the target out for certain, the gate with that path (an
// outcome of its own) and the verdict are returned. Newer capabilities
// stay undecided, and so do the capabilities that never reach the check
// (a Hopper that an earlier raise stopped).
func (c *Context) undecidedOthers(g *python.Gate, b []int, t int, decide func([]int) shutout.Verdict) (*python.Gate, shutout.Verdict, bool) {
	if b[t] == shutout.Unknown || g.Names != nil && !namesMayServe(g, b[t]) {
		return nil, shutout.Verdict{}, false
	}
	own := len(g.Outcomes)
	alt := slices.Clone(b)
	found := false
	for i := range alt {
		if alt[i] == shutout.Unknown && c.Caps[i].Age() < c.Caps[t].Age() && i < len(g.Undecided) && g.Undecided[i] {
			alt[i], found = own, true
		}
	}
	if !found {
		return nil, shutout.Verdict{}, false
	}
	// GPUs older than every other that takes the target's path (7.5 alone
	// in cudnn-frontend's `prop.major < 8 && status == ARCH_MISMATCH`
	// exception handler) may take a legacy path: no shut-out, even where
	// the target's path refuses.
	oldestTarget, newestMay := -1, -1
	for i := range alt {
		if a := c.Caps[i].Age(); a < c.Caps[t].Age() {
			if alt[i] == own {
				newestMay = max(newestMay, a)
			} else if alt[i] == b[t] && (oldestTarget < 0 || a < oldestTarget) {
				oldestTarget = a
			}
		}
	}
	if oldestTarget >= 0 && newestMay < oldestTarget {
		return nil, shutout.Verdict{}, false
	}
	v := decide(alt)
	if !v.Shut || v.Maybe {
		return nil, shutout.Verdict{}, false
	}
	ug := *g
	ug.Branch = alt
	ug.Outcomes = append(slices.Clip(g.Outcomes), "takes the other path when the rest of the condition holds")
	if len(g.ArmNames) == len(g.Outcomes) && len(g.ArmNames) > 0 {
		// A C++ host check ANDed with a run-time value is one if: its
		// arm, outcome 0, is the path taken when the rest holds.
		ug.ArmNames = append(slices.Clip(g.ArmNames), g.ArmNames[0])
	}
	if g.Names != nil {
		ug.Outcomes[own] = "takes the other path when its product name passes the test"
	}
	return &ug, v, true
}

// escapesRestrictions says whether the target, on a path that does not
// refuse it, misses only restrictions: every other path a GPU takes only
// adds checks that may refuse it (cudnn-frontend validates head sizes for
// 8.x, 9.x and 10.x in `if (prop_major == 8) { RETURN_..._ERROR_IF(...) }`
// arms; 12.0 skips them all, which shuts it out of nothing).
func escapesRestrictions(g *python.Gate, b []int, t int) bool {
	bt := b[t]
	if bt < 0 || len(g.Restricts) == 0 || bt < len(g.Restricts) && g.Restricts[bt] {
		return false
	}
	for _, o := range b {
		if o >= 0 && o != bt && (o >= len(g.Restricts) || !g.Restricts[o]) {
			return false
		}
	}
	return true
}

func (c *Context) gateFinding(r Rule, g *python.Gate, v shutout.Verdict, t int) finding.Finding {
	better := map[int]bool{}
	for _, x := range v.Xs {
		better[g.Branch[x]] = true
	}
	admitted := func(i int) bool { return better[g.Branch[i]] }
	admits := capSet(c.Caps, admitted)
	oldest := -1
	for i := range c.Caps {
		if admitted(i) {
			oldest = c.Caps[i].Age()
			break
		}
	}
	// A capability the interpreter could not decide is neither admitted
	// nor shut out: the message names it apart.
	excludes := capSet(c.Caps, func(i int) bool {
		return !admitted(i) && g.Branch[i] != shutout.Unknown && c.Caps[i].Age() >= oldest
	})
	undecided := capSet(c.Caps, func(i int) bool { return g.Branch[i] == shutout.Unknown && c.Caps[i].Age() >= oldest })
	tc := c.Caps[t]
	tName := fmt.Sprintf("%d.%d (%s)", tc.Major, tc.Minor, c.Target.Arch.Base().Name())
	var gets, what string
	if bt := g.Branch[t]; bt < 0 {
		gets = "refused"
		if g.Refusal != "" {
			gets = g.Refusal
		}
		what = fmt.Sprintf("on %s: %s", tName, gets)
	} else {
		out := fmt.Sprintf("outcome %d", bt)
		if bt < len(g.Outcomes) {
			out = g.Outcomes[bt]
		}
		// The older capabilities that take the path with the witness: "8.8
		// and older" only when all of them do; a ladder that gives 7.5 a
		// path of its own sends the target the way of "8.0 to 8.8", a
		// denylist ("in ((8, 9), (12, 0))") the way of 8.9 alone.
		// (One the interpreter could not decide neither ends the run nor
		// names its start.)
		low, i := v.W, v.W-1
		for ; i >= 0 && (g.Branch[i] == bt || g.Branch[i] == shutout.Unknown); i-- {
			if g.Branch[i] == bt {
				low = i
			}
		}
		wn := c.Caps[v.W].String()
		path := wn + " and older"
		gets = "the path of older GPUs: " + out
		if i >= 0 {
			// Whole majors read as such ("8.x"), a part of one as its ends.
			run := capSet(c.Caps, func(k int) bool { return k >= low && k <= v.W && g.Branch[k] == bt })
			switch {
			case low == v.W:
				path = wn
			case !slices.ContainsFunc(run, func(s string) bool { return !strings.HasSuffix(s, ".x") }):
				path = strings.Join(run, ", ")
			default:
				path = c.Caps[low].String() + " to " + wn
			}
			gets = "the path of " + path + ": " + out
		}
		what = fmt.Sprintf("%s takes the path of %s (%s)", tName, path, out)
		// An equality test (sm == 90, arch == 89) admits one GPU and
		// sends those newer than it, and older than the target, down the
		// target's path too: the rule still holds (they are shut out
		// alike), but the target is not singled out, and the message
		// must not read as if it took a path of old GPUs only. An
		// allowlist of several ([9, 10]) stays as it reads: 11.0
		// taking the target's path tells nothing there.
		one, newest := 0, 0
		for i := range c.Caps {
			if admitted(i) {
				one, newest = one+1, c.Caps[i].Age()
			}
		}
		// Several GPUs admitted read the same way when they are older
		// than 9.0 and every GPU between the newest of them and the
		// target takes the target's path: SpargeAttn's `arch in ("sm80",
		// "sm86", "sm87")` for its fp16 kernel, the FP8 path for 8.9 and
		// every newer GPU. The level stays: sm_120 is nearer Ampere and
		// Ada (mma.sync, 99 KB of shared memory) than the GPUs after them,
		// so an Ampere/Ada path that Hopper passes by may be the one it
		// needs (CUTLASS's Ada FP8 example refuses it). An allowlist of
		// newer ones ([9, 10]) stays as it reads: 11.0 taking the
		// target's path tells nothing there.
		between := true
		for i := range c.Caps {
			if a := c.Caps[i].Age(); a > newest && a < tc.Age() && g.Branch[i] != bt {
				between = false
			}
		}
		if alike := capSet(c.Caps, func(i int) bool {
			return c.Caps[i].Age() > newest && c.Caps[i].Age() < tc.Age() && g.Branch[i] == bt
		}); (one == 1 || between && newest < 900) && len(alike) > 0 {
			gets = "the path of older and newer GPUs: " + out
			do := "do"
			if len(alike) == 1 {
				do = "does"
			}
			newestName := admits[len(admits)-1]
			what += fmt.Sprintf(", as %s %s: only %s %s the other path, and the target is treated like the GPUs newer than %s",
				andList(alike), do, andList(admits), "get"+singularVerb(len(admits)), newestName)
		}
	}
	kind := gateNoun(g.Kind)
	if g.Names != nil && (g.Kind == python.KindCheck || g.Kind == python.KindLadder) {
		kind = "check of the GPU's product name"
	}
	if g.Build != "" {
		kind = g.Build + " build list"
	}
	// A refusal message often ends a sentence of its own.
	msg := fmt.Sprintf("This %s admits %s and shuts out %s: %s.", kind, strings.Join(admits, ", "), strings.Join(excludes, ", "), strings.TrimSuffix(what, "."))
	bitcode := g.Bitcode && g.Branch[t] < 0
	if bitcode {
		// nccl's bindings/ir: clang builds libnccl_device.bc for sm_90,
		// and the programs that link it compile its IR for their own GPU.
		gets = "the library's LLVM IR, compiled for it by the program that links it"
		msg = fmt.Sprintf("This %s names only the GPU clang builds an LLVM bitcode library for (--cuda-gpu-arch with -emit-llvm), %s: "+
			"a program built for %s links the library's IR and compiles it for its own GPU, so %s gets the library's code rather than none, and this is a note.",
			kind, strings.Join(admits, ", "), tName, tName)
	}
	named, namedLit := "", ""
	if bt := g.Branch[t]; bt >= 0 {
		named, namedLit = targetNamedIn(g, bt, tc)
	}
	if r.ID == AL105.ID && namedLit == "" && g.Branch[t] >= 0 {
		own := ""
		for _, x := range v.Xs {
			if b := g.Branch[x]; b >= 0 && b < len(g.Outcomes) {
				own = " (" + g.Outcomes[b] + ")"
				break
			}
		}
		msg = fmt.Sprintf("%s runs with numbers chosen for other GPUs here: this %s gives %s %s own%s and %s. "+
			"The arms differ only in the numbers they set (sizes, tile shapes, stage counts, limits): tune them for the target "+
			"rather than copying another arm, since a larger value may not fit. No fix is offered: tuning values must be measured on the target.",
			tName, kind, strings.Join(admits, ", "), possessive(admits), own, strings.TrimSuffix(what, "."))
	}
	if namedLit != "" {
		// The path the condition picks for the target by name is not one
		// it was shut out of: "admits 7.x, 8.x, 9.x, 11.x and shuts out
		// 10.x, 12.x" read inverted for sglang's `is_sm100_supported() or
		// is_sm120_supported()`, where 12.0 gets the FlashInfer kernel.
		msg = fmt.Sprintf("This %s names %s: %s.", kind, tName, strings.TrimSuffix(what, "."))
	}
	near, nearCaps := nearestArm(c, g, admitted, t)
	if near != nil {
		msg += fmt.Sprintf(" The arm nearest %s, for %s, is at line %d: `%s`.", tName, strings.Join(nearCaps, ", "), near.Line, near.Expr)
	}
	if nm := namesDecided(g, tc, t); nm != "" {
		msg += nm
	}
	if len(undecided) > 0 && g.Names == nil {
		msg += fmt.Sprintf(" Undecided here: %s (the value depends on more than the capability).", strings.Join(undecided, ", "))
	}
	switch {
	case g.Kind == python.KindScriptArchs:
		msg += scriptListNote(g)
	case g.Kind == python.KindKernelArchs:
		msg += kernelListNote(g)
	case g.Kind == python.KindWorkflowArchs:
		msg += workflowListNote(g)
	case g.EnvWrite:
		msg += fmt.Sprintf(" The code writes the list into the environment variable %s, replacing what was set there: exporting %s does not change it.", g.EnvVar, g.EnvVar)
	case g.EnvVar != "":
		msg += fmt.Sprintf(" The list is the default of the environment variable %s, which can change it.", g.EnvVar)
	}
	if g.NoGPU {
		msg += " It is set only when no GPU is visible (a build in a container without one): a build that sees the GPU compiles for it instead."
	}
	if g.ReportedAs != "" {
		// nccl's ubx query_supported_hw: what the API tells its callers,
		// not what nvcc compiles; the build's own list is judged where it
		// is (AL202 there, or the kernels' ranges).
		fn := lastDotted(g.Function)
		msg = fmt.Sprintf("%s is not in the %q list %s returns: a caller that checks it there takes %s as unsupported. "+
			"The list reports what is supported rather than selecting what is compiled, so this is a note: the build's own list "+
			"and the kernels' ranges decide whether code for %s exists.", tName, g.ReportedAs, fn, tName, tName)
		gets = "not listed among the supported architectures the function reports"
	}
	if g.CacheVar != "" {
		msg += fmt.Sprintf(" The list is the default of the CMake cache variable %s: configuring with -D%s=... changes it.", g.CacheVar, g.CacheVar)
	}
	if g.Helper != "" {
		msg += fmt.Sprintf(" The decision comes from %s.", g.Helper)
	}
	if g.Build != "" {
		msg += fmt.Sprintf(" The %s is compiled for these architectures alone (its nvcc flags name them, so torch adds none from TORCH_CUDA_ARCH_LIST): on a GPU not listed its kernels fail with \"no kernel image is available for execution on the device\".", g.Build)
	}
	f := finding.Finding{
		RuleID:     r.ID,
		Level:      r.Level,
		Message:    msg,
		Location:   finding.Location{Root: g.Root, Path: g.Path, Line: g.Line, Col: g.Col, EndLine: g.EndLine, EndCol: g.EndCol, Snippet: g.Expr},
		Condition:  g.Expr,
		Admits:     admits,
		Excludes:   excludes,
		Flavors:    []string{c.Target.Arch.Base().Name()},
		Gets:       gets,
		Target:     c.Target.String(),
		Properties: map[string]any{"gateKind": g.Kind, "function": g.Function},
	}
	if o := overrideOf(g); o != "" {
		f.Properties["override"] = o
	}
	if bitcode {
		f.Level = finding.LevelNote
		f.Properties["bitcode"] = "an LLVM bitcode library's GPU: programs that link it compile its IR for their own GPU"
	}
	if t < len(g.Names) && g.Names[t] != nil {
		f.Properties["deviceName"] = namesOf(g.Names[t], tc)
	}
	if len(g.Toolkits) > 0 {
		// Two arms' lists read alike but for the toolkit they build with.
		f.Properties["toolkit"] = "the script's arm for CUDA " + strings.Join(g.Toolkits, " and ")
		if g.Kind == python.KindWorkflowArchs {
			f.Properties["toolkit"] = "the workflow's matrix row for CUDA " + strings.Join(g.Toolkits, " and ")
		}
	}
	if archListKind(g.Kind) && g.Build == "" && kernelGenerator(g.Path) {
		// flash-attention's generate_kernels.py: `SM = [80]` tags the
		// instantiations it writes (flash_fwd_hdim128_bf16_sm80.cu), which
		// the build compiles for its own list; the target runs them.
		f.Level = finding.LevelNote
		f.Message += fmt.Sprintf(" The file generates kernel sources: the list names the architectures whose instantiations it "+
			"writes, and the build's own list decides what %s runs, so check only whether %s needs instantiations of its own.", tName, tName)
		f.Properties["generator"] = "the list tags the kernels a generator writes, not what the build compiles for"
		f.Gets = "no instantiation of its own (the build's list decides what runs)"
	}
	if near != nil {
		f.Related = append(f.Related, finding.Location{Root: g.Root, Path: g.Path, Line: near.Line, Col: near.Col,
			Message: fmt.Sprintf("the ladder's arm nearest %s, for %s", tName, strings.Join(nearCaps, ", "))})
	}
	if g.HelperPath != "" {
		f.Related = append(f.Related, finding.Location{Root: g.Root, Path: g.HelperPath, Line: g.HelperLine, Col: 1,
			Message: "the helper " + g.Helper + " decides here"})
	}
	if g.Then != nil {
		f.Related = append(f.Related, finding.Location{Root: g.Root, Path: g.Path, Line: g.Then.Line, Col: g.Then.Col,
			Message: "the check on the lookup's result, which " + g.Then.Outcome})
	}
	for _, l := range g.Lookups {
		f.Related = append(f.Related, finding.Location{Root: g.Root, Path: g.Path, Line: l.Line, Col: l.Col,
			Message: "the table lookup the check tests, which " + l.Outcome + " for " + tName})
	}
	if g.ReportedAs != "" {
		f.Level = finding.LevelNote
		f.Properties["reportedAs"] = fmt.Sprintf("as %q in what %s returns: a report to callers, no build list", g.ReportedAs, lastDotted(g.Function))
	}
	if namedLit != "" {
		// quack's `elif arch.major in [8, 12]:` (warp-level MMA for
		// SM8x and SM12x): the code chose this path for the target, not
		// for older GPUs alone.
		f.Level = finding.LevelNote
		what := "The condition"
		if slices.Contains(g.HelperReturns, named) {
			what = "The helper's return value"
		}
		f.Message += fmt.Sprintf(" %s names %s itself (%s in `%s`): the code sends the target this way on purpose, "+
			"so this is a note; check only that the path suits it.", what, tName, namedLit, named)
		f.Properties["namesTarget"] = fmt.Sprintf("`%s` names the target (%s)", named, namedLit)
		// The admits line then tells who shares the path the condition
		// names the target for: quack's `arch.major in [8, 12]` read
		// "admits: 7.x, 9.x excludes: 8.x, 12.x" (the GPUs on the other
		// path counted as the better placed), the inverse of the code.
		// Every GPU decided otherwise is listed, older ones too: `major
		// in [10, 12]` keeps 7.x to 9.x from the path as much as 11.x.
		bt := g.Branch[t]
		same := func(i int) bool { return g.Branch[i] == bt }
		f.Admits = capSet(c.Caps, same)
		f.Excludes = capSet(c.Caps, func(i int) bool { return !same(i) && g.Branch[i] != shutout.Unknown })
	}
	demoRule := r.ID == AL201.ID || r.ID == AL202.ID
	if dir := benchmarkDir(g.Path); dir != "" && demoRule && f.Level != finding.LevelNote {
		// flashinfer's benchmarks/bench_hopper_attention.py exits on
		// 12.0 (20 of flashinfer's 177 warnings): a benchmark that will
		// not run keeps the target from a measurement, while the code
		// it measures decides for itself, and is judged, elsewhere.
		f.Level = finding.LevelNote
		does, prop := fmt.Sprintf("keeps %s from being measured, not from running", tName), "keeps the target from a measurement, not from running"
		if g.Branch[t] >= 0 {
			// quack's benchmark_gemm.py sets persistent=True on 10.x
			// and 11.x alone: 12.0 runs, measured another way.
			does, prop = fmt.Sprintf("decides how %s is measured, not what runs for users", tName), "decides how the target is measured, not what runs for users"
		}
		f.Message += fmt.Sprintf(" The check is in a benchmark (%s): it %s; "+
			"the code it measures is judged where it decides, so this is a note.", dir, does)
		f.Properties["benchmark"] = "in " + dir + ": " + prop
	} else if dir := exampleDir(g.Path); dir != "" && demoRule && f.Level != finding.LevelNote {
		// CUTLASS's examples/64_ada_fp8_gemm_grouped returns from main
		// on every GPU but 8.9: the demonstration does not run there,
		// while the library code it shows decides, and is judged, in
		// the library.
		f.Level = finding.LevelNote
		does, prop := fmt.Sprintf("keeps %s from running the example", tName), "keeps the target from running the example"
		if bt := g.Branch[t]; bt >= 0 && !(lastDotted(g.Function) == "main" && bt < len(g.Outcomes) && strings.HasPrefix(g.Outcomes[bt], "returns")) {
			// (A return from main is the example stopping.)
			does, prop = fmt.Sprintf("decides how the example runs on %s", tName), "decides how the example runs on the target"
		}
		f.Message += fmt.Sprintf(" The check is in an example (%s): it %s, not what the library does; "+
			"the code it shows is judged where it decides, so this is a note.", dir, does)
		f.Properties["example"] = "in " + dir + ": " + prop + ", not what the library does"
	}
	if w := g.Workflow; w != nil {
		if w.MatrixRef != "" {
			f.Related = append(f.Related, finding.Location{Root: g.Root, Path: g.Path, Line: w.RefLine, Col: w.RefCol,
				Message: fmt.Sprintf("the step that sets %s to %s", g.Function, w.MatrixRef)})
		}
		if w.Published == "" && f.Level != finding.LevelNote {
			// DeepSpeed's nv-pre-compile-ops.yml builds its ops for the
			// GPUs of its CI runners: the project's tests, not the
			// package users install.
			f.Level = finding.LevelNote
			f.Message += fmt.Sprintf(" The workflow builds for CI only (its file name and triggers name no release, and no "+
				"publishing workflow runs it): the project's CI builds no code for %s and so tests nothing on it, while what users "+
				"install is built by their own builds or a release workflow, so this is a note.", tName)
			f.Properties["ciBuild"] = "the workflow builds for CI only: its CI has no code for the target, users' builds are not affected"
		}
	}
	if dir := ciDir(g.Path); dir != "" && g.Kind == python.KindScriptArchs && f.Level != finding.LevelNote {
		// sglang's scripts/ci/cuda/ci_install_deepep.sh builds DeepEP for
		// its H200 and B200 runners: the project's tests, not what users
		// install.
		f.Level = finding.LevelNote
		f.Message += fmt.Sprintf(" The script sits under %s, a CI directory: the project's CI builds no code for %s with it "+
			"and so tests nothing on it, while what users install is built by their own builds or a release, so this is a note.", dir, tName)
		f.Properties["ciBuild"] = "the script builds for CI (" + dir + "): its CI has no code for the target, users' builds are not affected"
	}
	if g.Within != "" {
		// The ifs around the check: what holds wherever it decides.
		f.Message += " The check is reached only where " + g.Within + " holds."
		f.Properties["within"] = g.Within
	}
	quoteComment(&f, g)
	return f
}

// nearestArm is, for a C++ host ladder (Gate.Arms), the arm taken by the
// newest admitted GPUs older than the target, with the GPUs taking it,
// when it is not the first arm (the finding's own location): the bound
// that leaves the target out is there. FasterTransformer's
// `if (arch >= 70 && arch < 75) ... else if (arch >= 80 && arch < 90)
// ... else FT_CHECK_WITH_INFO(false, "Unsupported Arch")` is found at its
// Volta arm; the Ampere arm's `arch < 90` is the one to read. Nil when
// there is none.
func nearestArm(c *Context, g *python.Gate, admitted func(int) bool, t int) (*python.GateRef, []string) {
	if len(g.Arms) < 2 {
		return nil, nil
	}
	newest := -1
	for i := range c.Caps {
		if admitted(i) && c.Caps[i].Age() < c.Caps[t].Age() && (newest < 0 || c.Caps[i].Age() > c.Caps[newest].Age()) {
			newest = i
		}
	}
	if newest < 0 {
		return nil, nil
	}
	arm := g.Branch[newest]
	if arm <= 0 || arm >= len(g.Arms) || g.Arms[arm].Line == 0 || g.Arms[arm].Line == g.Line {
		return nil, nil
	}
	return &g.Arms[arm], capSet(c.Caps, func(i int) bool { return g.Branch[i] == arm })
}

// targetNamingGates maps each function (root, path and qualified name)
// to its first gate whose condition names target capability t
// (targetNamedIn over all its arms): bitsandbytes' heuristics compute
// `is_sm120 = major == 12 and minor == 0` and decide on it further down.
func (c *Context) targetNamingGates(t int) map[string]*python.Gate {
	out := map[string]*python.Gate{}
	for i := range c.Gates {
		g := &c.Gates[i]
		if g.Function == "" || g.Function == g.Module || len(g.Branch) != len(c.Caps) {
			continue
		}
		key := g.Root + "\x00" + g.Path + "\x00" + g.Function
		if _, ok := out[key]; ok {
			continue
		}
		if _, lit := targetNamedIn(g, len(g.Branch), c.Caps[t]); lit != "" {
			out[key] = g
		}
	}
	return out
}

// handledByName makes f, a check sending the target down the path of
// older GPUs, a note when its function tests for the target by name
// elsewhere (gate by): the authors routed the target through this function
// on purpose, and the check that names it decides what it gets.
func handledByName(f *finding.Finding, by *python.Gate, tc python.Capability) {
	cond, lit := targetNamedIn(by, len(by.Branch), tc)
	f.Level = finding.LevelNote
	f.Message += fmt.Sprintf(" The function tests for %d.%d itself (%s in `%s`, line %d): it routes the target on purpose, "+
		"so this is a note; check only that the path suits it.", tc.Major, tc.Minor, lit, cond, by.Line)
	f.Properties["namesTarget"] = fmt.Sprintf("`%s` at line %d names the target (%s)", cond, by.Line, lit)
	f.Related = append(f.Related, finding.Location{Root: by.Root, Path: by.Path, Line: by.Line, Col: by.Col,
		Message: "the check that names the target"})
}

// targetNamedIn is the condition that sent target capability tc to arm bt
// of gate g by naming it in an equality or a membership test, with the
// literal that names it ("arch.major in [8, 12]" and "12", "cc in ((8, 9),
// (12, 0))" and "(12, 0)"); "" when no condition did. An if/elif chain's
// target went through every condition up to its arm's; any other gate has
// its expression. An ordering ("sm < 120") names the target as a bound,
// which is the shut-out itself, and does not count.
func targetNamedIn(g *python.Gate, bt int, tc python.Capability) (cond, lit string) {
	conds := []string{g.Expr}
	if g.Conds != nil {
		conds = g.Conds[:min(bt+1, len(g.Conds))]
	}
	// A helper's own returns decide for the call (rtp-llm's
	// is_deep_gemm_e8m0_used() returns `... in [10, 12]`).
	conds = append(slices.Clip(conds), g.HelperReturns...)
	for _, cond := range conds {
		if lit := namedByEquality(cond, tc); lit != "" {
			return cond, lit
		}
		if lit := namedByHelper(cond, tc); lit != "" {
			return cond, lit
		}
	}
	return "", ""
}

// namedByHelper finds a predicate or flag named for capability tc in
// Python expression cond: sglang's `is_sm100_supported() or
// is_sm120_supported()` and `if _is_sm120 or _is_xpu: return None` send
// 12.0 down the arm on purpose, as flashinfer's
// `is_sm12x_supported(device)` does (sm120, sm_120, sm12x and, for 12.1,
// sm121; not sm1200 or sm12_0).
func namedByHelper(cond string, tc python.Capability) string {
	sm := strconv.Itoa(tc.Major*10 + tc.Minor)
	re := regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*?(?i:sm_?(?:` + sm + `[af]?|` + strconv.Itoa(tc.Major) + `x))(?:_[A-Za-z0-9_]*)?\b`)
	for _, m := range re.FindAllStringIndex(cond, -1) {
		// Not an attribute's or a string's tail (x.sm120_flags, "sm120").
		if i := m[0]; i > 0 && (cond[i-1] == '.' || cond[i-1] == '"' || cond[i-1] == '\'') {
			continue
		}
		return cond[m[0]:m[1]]
	}
	return ""
}

// namedByEquality finds capability tc written as an operand of ==, != or
// in / not in in Python expression cond: its major (12), its sm number
// (120), __CUDA_ARCH__'s number (1200), its tuple ((12, 0)) or a string
// ("sm_120", "sm120a", "12.0", "compute_120").
func namedByEquality(cond string, tc python.Capability) string {
	sm := tc.Major*10 + tc.Minor
	number := func(n int) string { return `\b` + strconv.Itoa(n) + `\b` }
	pats := []struct {
		re     string
		number bool // a bare number: not part of 1.12, 12.5 or x.12
	}{
		// The longest forms first: "(12, 0)" rather than its 12.
		{`\(\s*` + strconv.Itoa(tc.Major) + `\s*,\s*` + strconv.Itoa(tc.Minor) + `\s*\)`, false},
		{`["'](?:sm_?|compute_)?` + strconv.Itoa(sm) + `[af]?["']`, false},
		{`["']` + strconv.Itoa(tc.Major) + `\.` + strconv.Itoa(tc.Minor) + `["']`, false},
		{number(tc.Major), true},
		{number(sm), true},
		{number(sm * 10), true},
	}
	for _, p := range pats {
		for _, m := range regexp.MustCompile(p.re).FindAllStringIndex(cond, -1) {
			i, j := m[0], m[1]
			if p.number && (i > 0 && cond[i-1] == '.' || j < len(cond) && cond[j] == '.') {
				continue
			}
			if equalityOperand(cond, i, j) {
				return cond[i:j]
			}
		}
	}
	return ""
}

// equalityOperand says whether cond[i:j] is an operand of ==, != or
// (not) in, itself or as an element of the bracketed literal on the
// right of one.
func equalityOperand(cond string, i, j int) bool {
	after := strings.TrimSpace(cond[j:])
	if strings.HasPrefix(after, "==") || strings.HasPrefix(after, "!=") {
		return true
	}
	before := func(k int) bool {
		b := strings.TrimSpace(cond[:k])
		return strings.HasSuffix(b, "==") || strings.HasSuffix(b, "!=") || strings.HasSuffix(b, " in") || b == "in"
	}
	if before(i) {
		return true
	}
	// The bracket that opens the literal holding it, if any.
	depth := 0
	for k := i - 1; k >= 0; k-- {
		switch cond[k] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth > 0 {
				depth--
				continue
			}
			return before(k)
		}
	}
	return false
}

// quoteComment ends a gate's message with what the code's authors wrote
// about it (python.Gate.Comment), and keeps it as the "comment" property:
// it often tells a deliberate exclusion ("not available on SM120") from
// an untested one ("may be supported but are untested") at a glance.
func quoteComment(f *finding.Finding, g *python.Gate) {
	if g.Comment == "" {
		return
	}
	end := "."
	if strings.ContainsAny(g.Comment[len(g.Comment)-1:], ".!?") {
		end = ""
	}
	f.Message += " The code's comment there: \"" + g.Comment + "\"" + end
	f.Properties["comment"] = g.Comment
}

// capSet renders capabilities by major: "9.x" when every listed minor of a
// major is in the set, "8.0, 8.6" otherwise.
func capSet(caps []python.Capability, in func(i int) bool) []string {
	var out []string
	for i := 0; i < len(caps); {
		j := i
		for j < len(caps) && caps[j].Major == caps[i].Major {
			j++
		}
		all, any := true, false
		var names []string
		for k := i; k < j; k++ {
			if in(k) {
				any = true
				names = append(names, strconv.Itoa(caps[k].Major)+"."+strconv.Itoa(caps[k].Minor))
			} else {
				all = false
			}
		}
		switch {
		case all:
			out = append(out, strconv.Itoa(caps[i].Major)+".x")
		case any:
			out = append(out, names...)
		}
		i = j
	}
	return out
}

// kernelGenerator says whether a Python file writes kernel sources by its
// name: generate_kernels.py, gen_instantiations.py, autogen_fmha.py,
// codegen.py.
func kernelGenerator(p string) bool {
	base := strings.ToLower(path.Base(p))
	if !strings.HasSuffix(base, ".py") {
		return false
	}
	for _, pre := range []string{"generate", "gen_", "autogen", "codegen"} {
		if strings.HasPrefix(base, pre) {
			return true
		}
	}
	return false
}

// namedDir is the index in parts (a path's elements, the file's last) of
// the first directory whose name, in any case, is one of names; -1 when
// none is.
func namedDir(parts []string, names ...string) int {
	for i, d := range parts[:len(parts)-1] {
		if slices.Contains(names, strings.ToLower(d)) {
			return i
		}
	}
	return -1
}

// ciDir is the directory, named ci, .ci, .buildkite or .circleci, that
// says a build script serves continuous integration, "" when none does.
func ciDir(p string) string {
	parts := strings.Split(p, "/")
	if i := namedDir(parts, "ci", ".ci", ".buildkite", ".circleci"); i >= 0 {
		return strings.Join(parts[:i+1], "/") + "/"
	}
	return ""
}

// exampleDir is the directory, named examples or example, that says a
// path is an example, "" when none does.
func exampleDir(p string) string {
	parts := strings.Split(p, "/")
	if i := namedDir(parts, "examples", "example"); i >= 0 {
		return parts[i] + "/"
	}
	return ""
}

// benchmarkDir is how a path says it is a benchmark, "" when it does not:
// a directory named benchmarks, benchmark, bench or benches, or a file
// named bench_*, benchmark_*, *_bench.* or *_benchmark.*.
func benchmarkDir(p string) string {
	parts := strings.Split(p, "/")
	if i := namedDir(parts, "benchmarks", "benchmark", "bench", "benches"); i >= 0 {
		return parts[i] + "/"
	}
	base := strings.ToLower(parts[len(parts)-1])
	stem := strings.TrimSuffix(base, path.Ext(base))
	if strings.HasPrefix(stem, "bench_") || strings.HasPrefix(stem, "benchmark_") ||
		strings.HasSuffix(stem, "_bench") || strings.HasSuffix(stem, "_benchmark") {
		return parts[len(parts)-1]
	}
	return ""
}

// compiledAlone says what the builds reading a script's or workflow's list
// compile, and what a GPU not listed gets.
func compiledAlone(g *python.Gate) string {
	what := "torch's extension builder compiles CUDA code for these architectures alone"
	if g.EnvVar == "CMAKE_CUDA_ARCHITECTURES" {
		what = "CMake compiles CUDA code for these architectures alone"
	}
	return what + ", and on a GPU not listed their kernels fail with \"no kernel image is available for execution on the device\"."
}

// scriptListNote says what an arch list a build script sets does: the
// builds after it (pip install of a torch extension, CMake) compile for
// those architectures alone.
func scriptListNote(g *python.Gate) string {
	s := fmt.Sprintf(" It sets %s for the builds that run after it: %s", g.Function, compiledAlone(g))
	if len(g.Toolkits) > 0 {
		s += fmt.Sprintf(" It is the list of the script's arm for CUDA %s.", strings.Join(g.Toolkits, " and "))
	}
	if strings.HasPrefix(g.Expr, "ARG") {
		s += fmt.Sprintf(" It is a build argument's default: `docker build --build-arg %s=...` changes it.", g.Function)
	}
	return s
}

// workflowListNote says what a GitHub Actions workflow's list does
// (analyzer/python/workflow.go has the facts).
func workflowListNote(g *python.Gate) string {
	s := fmt.Sprintf(" The workflow sets %s for the builds its job runs: %s", g.Function, compiledAlone(g))
	w := g.Workflow
	if w == nil {
		return s
	}
	if w.MatrixRef != "" {
		s += fmt.Sprintf(" The list is a value of the job's build matrix, which %s gives the build at line %d.", w.MatrixRef, w.RefLine)
	}
	if len(g.Toolkits) > 0 {
		s += fmt.Sprintf(" It is the list of the matrix row for CUDA %s.", strings.Join(g.Toolkits, " and "))
	}
	if w.Published != "" {
		s += fmt.Sprintf(" The workflow builds what users install (%s): the packages it builds this way have no code for a GPU not listed.", w.Published)
	}
	return s
}

// kernelListNote says what a kernel-builder kernel's cuda-capabilities
// does (analyzer/python/kernelbuild.go has the facts).
func kernelListNote(g *python.Gate) string {
	s := fmt.Sprintf(" The kernel [%s] of this build.toml is compiled for these capabilities alone: kernel-builder gives its "+
		"sources a cubin for each capability listed and PTX only for an entry ending in +PTX, so the kernel's extension has "+
		"no code for a GPU not listed and its ops there fail with \"no kernel image is available for execution on the device\".",
		g.Function)
	if len(g.Variants) > 0 {
		s += fmt.Sprintf(" The variants of its family list their own architectures alone: %s; a GPU given code here needs "+
			"the variant it runs given code too.", strings.Join(g.Variants, "; "))
	}
	return s
}

// overrideOf says how a build changes the list without editing it, when
// the list is a default (an environment variable's, a CMake cache
// variable's, a Docker build argument's): the one thing to check before
// editing the code, so text output gives it a line of its own.
func overrideOf(g *python.Gate) string {
	switch {
	case g.Kind == python.KindScriptArchs && strings.HasPrefix(g.Expr, "ARG"):
		return fmt.Sprintf("docker build --build-arg %s=... (this list is the argument's default)", g.Function)
	case g.Kind != python.KindScriptArchs && g.Kind != python.KindWorkflowArchs && g.EnvVar != "" && !g.EnvWrite:
		return fmt.Sprintf("%s in the environment (this list is its default)", g.EnvVar)
	case g.CacheVar != "":
		return fmt.Sprintf("cmake -D%s=... (this list is the cache variable's default)", g.CacheVar)
	}
	return ""
}

// toolkitTooOld: the list is set in a build script's arm for toolkits
// (`case "$CUDA_VERSION" in 12.6.1)`) that all predate the target's
// architecture: that build cannot have code for the target whatever the
// list says, so the list shuts nothing out (the arms for newer toolkits
// are read on their own).
func toolkitTooOld(g *python.Gate, a target.Arch) bool {
	first := target.OldestToolkit(a)
	if g.ToolkitBelow != "" {
		// The arm's toolkits are all older than this one.
		below, err := target.ParseCUDAVersion(g.ToolkitBelow)
		return err == nil && !below.AtLeast(first.Major, first.Minor+1)
	}
	if len(g.Toolkits) == 0 {
		return false
	}
	for _, v := range g.Toolkits {
		// 12.6.1: the patch level does not change what nvcc knows.
		parts := strings.SplitN(strings.TrimSuffix(v, "*"), ".", 3)
		tv, err := target.ParseCUDAVersion(strings.Join(parts[:min(2, len(parts))], "."))
		if err != nil || tv.AtLeast(first.Major, first.Minor) {
			return false
		}
	}
	return true
}

// gateNoun names a gate kind in a message.
func gateNoun(kind string) string {
	switch kind {
	case "supported-major-versions":
		return "supported_major_versions list"
	case "capability-check":
		return "capability check"
	case "helper-predicate":
		return "helper call"
	case "arch-list":
		return "arch list"
	case "dispatch-ladder":
		return "dispatch ladder"
	case "table-lookup":
		return "table lookup"
	case "pytest-skip":
		return "test skip"
	case "decorator":
		return "capability decorator"
	case "cmake-arch-list":
		return "CMake arch list"
	case python.KindScriptArchs:
		return "build script's arch list"
	case python.KindKernelArchs:
		return "kernel-builder capability list"
	case python.KindWorkflowArchs:
		return "workflow's arch list"
	case "cpp-host-check":
		return "host-side capability check"
	}
	return strings.ReplaceAll(kind, "-", " ")
}

// predicateBody reports whether a gate is the body of a boolean helper
// (is_sm90_supported returning major == 9): the helper answers its own
// question, so it is no shut-out; its call sites are judged instead.
func predicateBody(g *python.Gate) bool {
	if g.Kind != "capability-check" || len(g.Outcomes) == 0 {
		return false
	}
	for _, o := range g.Outcomes {
		if o != "returns True" && o != "returns False" && !returnsTest(o) {
			return false
		}
	}
	return true
}

// returnsTest says whether an outcome returns a test's value (`continues:
// returns "NVIDIA H" in torch.cuda.get_device_name(index)`, unsloth-zoo's
// Hopper predicate after its capability test): a predicate's answer.
func returnsTest(o string) bool {
	e, ok := strings.CutPrefix(strings.TrimPrefix(o, "continues: "), "returns ")
	if !ok {
		return false
	}
	for _, op := range []string{" in ", " not in ", " == ", " != ", " >= ", " <= ", " > ", " < ", " is ", " and ", " or "} {
		if strings.Contains(e, op) {
			return true
		}
	}
	return strings.HasPrefix(e, "not ") || strings.HasPrefix(e, "bool(")
}

// archListKind says whether a gate is a list of architectures (a build
// list, supported_major_versions, a decorator's list) rather than a
// run-time decision.
func archListKind(kind string) bool {
	return buildListKind(kind) || kind == python.KindMajors || kind == python.KindDecorator
}

// buildListKind says whether a gate is the list of architectures a build
// compiles for: in Python, CMake or a build script.
func buildListKind(kind string) bool {
	switch kind {
	case python.KindArchList, python.KindCMakeArchs, python.KindScriptArchs, python.KindKernelArchs, python.KindWorkflowArchs:
		return true
	}
	return false
}

// targetCap is the index in Caps of the target's capability, -1 if absent.
func (c *Context) targetCap() int {
	for i, cp := range c.Caps {
		if cp.Major == c.Target.Arch.Major && cp.Minor == c.Target.Arch.Minor {
			return i
		}
	}
	return -1
}

var (
	minorRE = regexp.MustCompile(`(?i)minor`)
	majorRE = regexp.MustCompile(`(?i)major|capability|sm_version|\bsm\b|arch`)
)

// minorOnly reports whether a gate's expression tests the minor and nothing
// that names the major.
func minorOnly(expr string) bool { return minorRE.MatchString(expr) && !majorRE.MatchString(expr) }

// singleArchFlags reports whether an arch-list gate is a per-architecture
// flag constant (python.SingleArchFlag) rather than an extension's build
// list.
func singleArchFlags(g *python.Gate) bool {
	return g.Kind == python.KindArchList && g.Build == "" && python.SingleArchFlag(g.Expr)
}

// lastDotted is the last part of a dotted or qualified name
// (`ubx._api_registry.query_supported_hw`, `ns::main`).
func lastDotted(name string) string {
	if i := strings.LastIndexAny(name, ".:"); i >= 0 {
		return name[i+1:]
	}
	return name
}
