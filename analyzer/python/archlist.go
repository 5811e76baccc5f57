package python

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Arch lists are static facts: a list of architectures compiled for or
// allowed, read from literals without running anything. Each capability is
// listed (0), reached through PTX compiled for an older one (1), or left
// out (-1).

// specsOf reads the architectures a string names: gencode flags
// ("-gencode=arch=compute_90a,code=sm_90a"), -arch=sm_90a, or a list
// separated by spaces, semicolons or commas ("8.0 9.0+PTX", "90a;100a").
// strict requires every token to be an architecture.
func specsOf(s string) ([]archSpec, bool) {
	if strings.Contains(s, "arch=") || strings.Contains(s, "code=") {
		return gencodeSpecs(s)
	}
	if strings.HasPrefix(s, "-arch") || strings.HasPrefix(s, "--gpu-architecture") {
		if _, v, ok := strings.Cut(s, "="); ok {
			a, ok := parseArch(v)
			return []archSpec{a}, ok
		}
		return nil, false
	}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && isSpecSep(byte(r)) })
	var out []archSpec
	for _, t := range fields {
		a, ok := parseArch(t)
		if !ok {
			return nil, false
		}
		out = append(out, a)
	}
	return out, len(out) > 0
}

// envListSpecs reads list s, read from or set into environment variable
// env at n: as CMake reads it (an entry without -real builds PTX too, which
// reaches newer GPUs) when the list is CMake's (cmakeList), else as
// specsOf does.
func (m *module) envListSpecs(s string, n nodeID, env string) ([]archSpec, bool) {
	if m.cmakeList(n, env) {
		return cmakeSpecs([]cmakeArg{{text: s}}, true)
	}
	return specsOf(s)
}

// cmakeList: the list at n is CMake's CUDA architectures: the environment
// variable is CMAKE_CUDA_ARCHITECTURES or CUDAARCHS (which CMake reads into
// it), or the name the value is assigned to is given to the configure step
// as -DCMAKE_CUDA_ARCHITECTURES= in the same function (ktransformers'
// `archs = os.environ.get("CPUINFER_CUDA_ARCHS", "80;86;89;90").strip()`,
// then `f"-DCMAKE_CUDA_ARCHITECTURES={archs}"`).
func (m *module) cmakeList(n nodeID, env string) bool {
	if env == "CMAKE_CUDA_ARCHITECTURES" || env == "CUDAARCHS" {
		return true
	}
	at := n
	for p := m.parent(at); p != noNode; at, p = p, m.parent(p) {
		switch m.kind(p) {
		case "attribute", "call", "argument_list", "parenthesized_expression":
			continue
		case "assignment":
			left := m.child(p, fLeft)
			if m.child(p, fRight) != at || m.kind(left) != "identifier" {
				return false
			}
			scope := nodeID(0)
			if f := m.enclosingFunc(p); f != nil {
				scope = f.node
			}
			text, name := m.text(scope), m.view(left)
			return strings.Contains(text, "CMAKE_CUDA_ARCHITECTURES={"+name+"}") ||
				strings.Contains(text, `CMAKE_CUDA_ARCHITECTURES=" + `+name)
		}
		return false
	}
	return false
}

// gencodeSpecs reads code=... (or arch=compute_XX alone) of gencode flags.
func gencodeSpecs(s string) ([]archSpec, bool) {
	var out []archSpec
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ';' || r == '\t' }) {
		// The last "code=", not the one in "-gencode=".
		idx := strings.LastIndex(part, "code=")
		hasCode := idx >= 0 && !(idx >= 3 && part[idx-3:idx] == "gen")
		code := ""
		if hasCode {
			code = part[idx+len("code="):]
		}
		if !hasCode {
			if _, arch, ok := strings.Cut(part, "arch="); ok {
				arch = strings.TrimSuffix(arch, ",")
				if a, ok := parseArch(arch); ok {
					a.ptx = true
					out = append(out, a)
				}
			}
			continue
		}
		code = strings.Trim(code, "[]\"'")
		for _, c := range strings.Split(code, ",") {
			c = strings.Trim(c, "[]\"' ")
			if a, ok := parseArch(c); ok {
				out = append(out, a)
			}
		}
	}
	return out, len(out) > 0
}

// listGate evaluates an arch list for every capability.
func listGate(specs []archSpec, caps []Capability) (branch []int, outs []string, admits []Capability) {
	var names []string
	anyPTX := false
	for _, s := range specs {
		n := "sm_" + itoa(s.cap.Major) + itoa(s.cap.Minor) + s.suffix
		if s.ptx && s.alsoSASS {
			n += "+PTX"
		} else if s.ptx {
			n = "compute_" + itoa(s.cap.Major) + itoa(s.cap.Minor) + s.suffix
		}
		// PTX with its cubin (CMake's "80", kernel-builder's "8.0+PTX")
		// reaches newer GPUs as PTX alone does: outcome 1 below.
		if s.ptx && s.suffix == "" {
			anyPTX = true
		}
		names = append(names, n)
	}
	outs = []string{clip("listed: " + strings.Join(names, ", "))}
	if anyPTX {
		outs = append(outs, "runs PTX of an older listed architecture through the driver JIT")
	}
	outs = append(outs, "not listed: no code for this capability")
	for _, c := range caps {
		b := -1
		for _, s := range specs {
			// Its own code, a family's, or an older minor's cubin: the
			// list serves it.
			if s.cap == c || (s.suffix == "f" && s.cap.Major == c.Major && s.cap.Minor <= c.Minor) || sameMajorCubin(s, c) {
				b = 0
				break
			}
			if s.ptx && s.suffix == "" && s.cap.Age() < c.Age() {
				b = 1
			}
		}
		branch = append(branch, b)
		if b >= 0 {
			admits = append(admits, c)
		}
	}
	return branch, outs, admits
}

// sameMajorCubin says whether spec s builds a cubin that capability c runs
// though it is not c's own: a cubin of X.y runs on X.z for z > y (CUDA's
// binary compatibility: a list with sm_120 serves 12.1, DGX Spark; one with
// sm_86 serves 8.9). Not an arch-specific one (sm_90a runs on 9.0 alone),
// nor PTX alone (compute_90: the JIT outcome).
func sameMajorCubin(s archSpec, c Capability) bool {
	return s.suffix == "" && (!s.ptx || s.alsoSASS) && s.cap.Major == c.Major && s.cap.Minor < c.Minor
}

// archContext says whether the name a literal is bound to speaks of
// architectures, for lists like {"8.0", "9.0"} that could be versions.
// The name is read word by word (snake_case, camelCase, dots and digits
// split it): a substring test took "bismuth" for an SM and "success" for a
// compute capability (NeMo's dictionary of sentences to [96, 100] spans).
func archContext(name string) bool {
	words := nameWords(name)
	for _, w := range words {
		switch {
		case w == "sms":
			// supported_sms = ["80", "86"], CUTLASS's arch(sms=[...]);
			// not num_sms, a count.
			if !slices.ContainsFunc(words, countWord) {
				return true
			}
		case strings.HasPrefix(w, "arch") && !strings.HasPrefix(w, "archiv"),
			strings.HasSuffix(w, "archs"), strings.Contains(w, "architecture"),
			strings.HasPrefix(w, "capab"), strings.HasPrefix(w, "gencode"),
			w == "sm" || w == "cc" || w == "ccs" || w == "gpu" || w == "gpus":
			return true
		}
	}
	return false
}

// countWord is a word that makes a name a count (num_sms, max_sms).
func countWord(w string) bool {
	switch w {
	case "num", "n", "count", "max", "min", "total":
		return true
	}
	return false
}

// nameWords splits an identifier-like name into lower-case words: at
// anything not a letter, at a lower-to-upper change (smArch), and before
// and after digits (SM90 is "sm", "90").
func nameWords(name string) []string {
	var words []string
	start := -1
	flush := func(end int) {
		if start >= 0 {
			words = append(words, strings.ToLower(name[start:end]))
			start = -1
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter {
			flush(i)
			continue
		}
		if start >= 0 && c >= 'A' && c <= 'Z' && name[i-1] >= 'a' && name[i-1] <= 'z' {
			flush(i)
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(name))
	return words
}

// inRefusingBlock says whether n sits in an if's arm that ends in a refusal
// at its own level (DeepEP: a TORCH_CUDA_ARCH_LIST default, then `assert False,
// 'Not implemented'`): the list never reaches a build.
func (m *module) inRefusingBlock(n nodeID) bool {
	for p := m.parent(n); p != noNode; p = m.parent(p) {
		switch m.kind(p) {
		case "block":
			// An if's arm only: a function body that ends in a bare
			// return is no refusal of its lists.
			switch m.kind(m.parent(p)) {
			case "if_statement", "elif_clause", "else_clause":
				return m.blockRefuses(p)
			}
			return false
		case "function_definition", "class_definition", "module":
			return false
		}
	}
	return false
}

// inTestData says whether literal n of a test file is data for the test
// rather than a list the test builds for: an element of a bigger literal
// (a table of cases: unsloth's `(None, ["sm_90"], False)`), an argument
// of a parametrize decorator (flashinfer's `parametrize("backend",
// ["sm90", "sm80"])`), a fake's builder or a stub, or part of an assert,
// but not a pytest marker's argument. open holds n's
// ancestors, innermost last.
func (m *module) inTestData(n nodeID, open []nodeID) bool {
	for i := len(open) - 1; i >= 0; i-- {
		a := open[i]
		if a == n {
			continue
		}
		switch m.kind(a) {
		case "assert_statement", "lambda":
			// What an assert checks a function returns for, and what a
			// stub returns (unsloth's `monkeypatch.setattr(mod,
			// "get_arch_list", lambda: ["sm_80", "sm_89"])`).
			return true
		}
		switch m.op(a) {
		case opList, opSet, opTuple, opDictionary:
			return true
		case opCall:
			switch fn := m.view(m.child(a, fFunction)); {
			case strings.HasSuffix(fn, "parametrize"), fakeBuilder(fn), m.testMaker(fn, a):
				return true
			case strings.Contains(fn, "mark."):
				// A marker's own argument (CUTLASS's
				// pytestmark = [pytest.mark.arch(["100a"])]) says where
				// the test runs.
				return false
			}
		}
		if m.kind(a) == "function_definition" || m.kind(a) == "class_definition" {
			return false
		}
	}
	return false
}

// fakeBuilder says whether a test calls a function that builds a fake or
// a stub (`mock_runtime(...)`, `monkeypatch.setattr(mod, "get_arch_list",
// ...)`): its arguments describe what the fake claims, not the GPUs the
// test runs on.
func fakeBuilder(fn string) bool {
	l := strings.TrimLeft(strings.ToLower(lastName(fn)), "_")
	for _, p := range []string{"mock", "fake", "stub", "setattr"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// testMaker says whether call fn is a `make_` helper of the test's own (a
// def of the file, or a fixture the test takes): unsloth's
// `make_artifact("bundle.tar.gz", supported_sms=["75", "86"])` builds the
// record the code under test reads. An imported `make_` builds real code
// (CCCL's `make_reduce_into(..., compute_capability=[80, 90])` compiles
// for those two).
func (m *module) testMaker(fn string, call nodeID) bool {
	if !strings.HasPrefix(strings.TrimLeft(fn, "_"), "make_") {
		return false
	}
	if f := m.enclosingFunc(call); f != nil && slices.ContainsFunc(f.params, func(p param) bool { return p.name == fn }) {
		return true
	}
	return slices.ContainsFunc(m.funcs, func(d *funcDef) bool { return d.outer == nil && d.class == nil && d.name == fn })
}

// envWriteGuard is what the ifs around an assignment into an environment
// variable say of it.
type envWriteGuard struct {
	// onlyUnset: a condition on the way names the variable (`if
	// "TORCH_CUDA_ARCH_LIST" not in os.environ:`, DeepSpeed's
	// `if not is_env_set(...)`), so the list is a default the user's
	// setting wins over; otherwise the assignment replaces it.
	onlyUnset bool
	// noGPU: the arm runs only when no GPU is visible (`if not
	// torch.cuda.is_available():`): a build in a container without one,
	// or a CPU-only process.
	noGPU bool
	// temporary: set where no GPU is visible and deleted again in the
	// same scope (verl's CPU workers set it around an import so that
	// torch's JIT does not query a device): no build uses it.
	temporary bool
}

// envGuard reads the ifs around an assignment into environment variable
// env; open holds the assignment's ancestors, innermost last.
func (m *module) envGuard(open []nodeID, env string) envWriteGuard {
	var g envWriteGuard
	n := open[len(open)-1]
	m.condsAbove(open, n, func(cond nodeID, inArm bool) {
		text := m.text(cond)
		if strings.Contains(text, env) {
			g.onlyUnset = true
		}
		// The arm taken without a GPU: `not ...available` itself, or
		// what follows an `is_available()` arm.
		if neg, avail := gpuAvailability(text); avail && neg == inArm {
			g.noGPU = true
		}
	})
	if g.noGPU {
		scope := m.scopeOf(n)
		for k := scope; k < m.next(scope); k++ {
			if m.kind(k) == "delete_statement" || m.op(k) == opCall && strings.HasSuffix(m.view(m.child(k, fFunction)), "environ.pop") {
				if strings.Contains(m.text(k), env) {
					g.temporary = true
					break
				}
			}
		}
	}
	return g
}

// condsAbove calls visit with the conditions that decide whether n runs:
// those of the ifs around it (open holds n's ancestors, innermost last),
// up to its def or class, innermost first; for each if, the arms before
// n's (inArm false: they did not hold) and n's own (inArm true).
func (m *module) condsAbove(open []nodeID, n nodeID, visit func(cond nodeID, inArm bool)) {
	for i := len(open) - 1; i >= 0; i-- {
		a := open[i]
		if k := m.kind(a); k == "function_definition" || k == "class_definition" {
			return
		}
		if a == n || m.kind(a) != "if_statement" {
			continue
		}
		for _, c := range m.clauses(a) {
			inArm := c.body != noNode && c.body <= n && n < m.next(c.body)
			if c.cond != noNode {
				visit(c.cond, inArm)
			}
			if inArm {
				break
			}
		}
	}
}

// scopeOf is the def around n, or the module's root at its top level.
func (m *module) scopeOf(n nodeID) nodeID {
	if f := m.enclosingFunc(n); f != nil {
		return f.node
	}
	return 0
}

// gpuAvailability reads a condition that tests whether a CUDA GPU is
// visible (`torch.cuda.is_available()`, `is_cuda_available`,
// `torch.cuda.device_count() == 0`): avail when it does, neg when it is
// true without a GPU.
func gpuAvailability(cond string) (neg, avail bool) {
	c := strings.Join(strings.Fields(cond), " ")
	if strings.Contains(c, " or ") {
		return false, false
	}
	for _, w := range []string{"device_count() == 0", "device_count() < 1"} {
		if strings.Contains(c, w) {
			return true, true
		}
	}
	for _, w := range []string{"is_available()", "cuda_available"} {
		i := strings.Index(c, w)
		if i < 0 {
			continue
		}
		start := strings.LastIndexByte(c[:i], ' ') + 1 // the token holding w
		tok := c[start:]
		if e := strings.IndexByte(c[i:], ' '); e >= 0 {
			tok = c[start : i+e]
		}
		if !strings.Contains(tok, "cuda") {
			continue // torch.backends.mps.is_available()
		}
		return strings.HasSuffix(c[:start], "not "), true
	}
	return false, false
}

// toolkitCeiling reads the ifs around n (open holds its ancestors,
// innermost last, or none) for a test of the CUDA toolkit's version that
// bounds the arm from above: the version the arm's toolkits are all older
// than ("" when none). apex's and flash-attention's setup.py set
// TORCH_CUDA_ARCH_LIST per toolkit (`if bare_metal_version >=
// Version("11.8"): ... elif bare_metal_version >= Version("11.1"):`): the
// second arm's toolkits are older than 11.8, and cannot build a newer GPU
// whatever the list says.
func (m *module) toolkitCeiling(n nodeID, open []nodeID) string {
	var best []int
	lower := func(v []int) {
		if best == nil || v[0] < best[0] || v[0] == best[0] && v[1] < best[1] {
			best = v
		}
	}
	m.condsAbove(open, n, func(cond nodeID, inArm bool) {
		op, v, ok := m.toolkitTest(cond)
		if !ok {
			return
		}
		next := []int{v[0], v[1] + 1}
		switch {
		case inArm && op == "<":
			lower(v)
		case inArm && (op == "<=" || op == "=="):
			lower(next)
		case !inArm && op == ">=":
			lower(v)
		case !inArm && op == ">":
			lower(next)
		}
	})
	if best == nil {
		return ""
	}
	return fmt.Sprintf("%d.%d", best[0], best[1])
}

// toolkitTest reads a comparison of the CUDA toolkit's version with a
// literal one: `bare_metal_version >= Version("11.8")`, `cuda_version <
// (12, 8)`, written either way round.
func (m *module) toolkitTest(cond nodeID) (op string, v []int, ok bool) {
	cond = m.unparen(cond)
	if m.op(cond) != opComparisonOperator {
		return "", nil, false
	}
	kids := m.namedList(cond)
	ops := m.childrenBy(cond, fOperators)
	if len(kids) != 2 || len(ops) != 1 {
		return "", nil, false
	}
	op = m.view(ops[0])
	left, right := kids[0], kids[1]
	flip := map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "=="}
	if _, isVer := m.versionLit(left); isVer {
		left, right, op = right, left, flip[op]
	}
	name := strings.ToLower(m.view(left))
	if !strings.Contains(name, "cuda") && !strings.Contains(name, "bare_metal") && !strings.Contains(name, "nvcc") && !strings.Contains(name, "toolkit") {
		return "", nil, false
	}
	v, ok = m.versionLit(right)
	if _, known := flip[op]; !ok || !known {
		return "", nil, false
	}
	return op, v, true
}

// versionLit reads a literal version: Version("11.8"), parse("11.8"),
// "11.8", (11, 8). The major and minor only.
func (m *module) versionLit(n nodeID) ([]int, bool) {
	n = m.unparen(n)
	text := ""
	switch {
	case m.op(n) == opCall:
		fn := lastName(m.view(m.child(n, fFunction)))
		args := m.namedList(m.child(n, fArguments))
		if len(args) != 1 || !strings.Contains(strings.ToLower(fn), "version") && fn != "parse" {
			return nil, false
		}
		s, ok := m.stringLit(args[0])
		if !ok {
			return nil, false
		}
		text = s
	case m.op(n) == opString:
		s, ok := m.stringLit(n)
		if !ok {
			return nil, false
		}
		text = s
	case m.op(n) == opTuple:
		parts := m.namedList(n)
		if len(parts) < 2 {
			return nil, false
		}
		text = m.view(parts[0]) + "." + m.view(parts[1])
	default:
		return nil, false
	}
	parts, ok := parseVersion(text)
	if !ok || len(parts) < 2 {
		return nil, false
	}
	return []int{int(parts[0].i), int(parts[1].i)}, true
}

// rangeName says whether a name speaks of a span's two ends rather than a
// list.
func rangeName(name string) bool {
	l := strings.ToLower(name)
	for _, s := range []string{"range", "span", "bound", "limit", "interval"} {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// boundName says whether a name is one end of a span (nccl's `sm_min:
// str = "9.0a"`, `MIN_ARCH = "8.0"`): a minimum or maximum, not a list.
func boundName(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '.' || r == ' ' }) {
		switch w {
		case "min", "max", "minimum", "maximum", "lowest", "highest":
			return true
		}
	}
	return false
}

// listName is a list variable of one scope (fn nil: the module's top
// level).
type listName struct {
	fn   *funcDef
	name string
}

// listAdditions are the architectures each list variable gets added in
// its scope, by literals given to .extend(...), .append(...) or +=; in
// any branch, since any may be the build's.
func (m *module) listAdditions() map[listName][]archSpec {
	var out map[listName][]archSpec
	note := func(target string, at, lit nodeID) {
		var specs []archSpec
		ok := false
		if s, isStr := m.stringLit(lit); isStr {
			specs, ok = specsOf(s)
		} else if k := m.kind(lit); k == "list" || k == "tuple" {
			specs, ok = m.listSpecs(lit)
		}
		if !ok {
			return
		}
		if out == nil {
			out = map[listName][]archSpec{}
		}
		k := listName{m.enclosingFunc(at), target}
		out[k] = append(out[k], specs...)
	}
	for i := range m.nodes {
		n := nodeID(i)
		switch m.op(n) {
		case opCall:
			target, ok := listAddCall(m.view(m.child(n, fFunction)))
			if !ok {
				continue
			}
			if args := m.namedList(m.child(n, fArguments)); len(args) == 1 {
				note(target, n, args[0])
			}
		case opAugmentedAssignment:
			if m.view(m.child(n, fOperator)) == "+=" {
				note(m.view(m.child(n, fLeft)), n, m.child(n, fRight))
			}
		}
	}
	return out
}

// listAddCall reads a called function's text as a list's .extend or
// .append: the list's text, and whether it is one.
func listAddCall(fn string) (list string, ok bool) {
	dot := strings.LastIndexByte(fn, '.')
	if dot < 0 || fn[dot+1:] != "extend" && fn[dot+1:] != "append" {
		return "", false
	}
	return fn[:dot], true
}

// addsToList says whether literal n (whose parent is parent) is added to a
// list built elsewhere: the argument of .extend(...) or .append(...), the
// right side of +=, or an operand of + beside a name or call.
func (m *module) addsToList(n, parent nodeID) bool {
	switch m.kind(parent) {
	case "argument_list":
		_, adds := listAddCall(m.view(m.child(m.parent(parent), fFunction)))
		return adds && m.namedCount(parent) == 1
	case "augmented_assignment":
		return m.child(parent, fRight) == n && m.view(m.child(parent, fOperator)) == "+="
	case "binary_operator":
		if m.view(m.child(parent, fOperator)) != "+" {
			return false
		}
		other := m.child(parent, fLeft)
		if other == n {
			other = m.child(parent, fRight)
		}
		switch m.kind(other) {
		case "identifier", "attribute", "call", "subscript":
			return true
		}
	}
	return false
}

// contextName is what a literal is assigned or passed to: the target of
// an assignment, a keyword's name, or the called function.
func (m *module) contextName(n nodeID) string {
	p := m.parent(n)
	for i := 0; i < 3 && p != noNode; i++ {
		switch m.kind(p) {
		case "assignment", "augmented_assignment":
			return m.text(m.child(p, fLeft))
		case "keyword_argument":
			return m.text(m.child(p, fName))
		case "call":
			return m.text(m.child(p, fFunction))
		case "pair":
			return m.text(m.child(p, fKey))
		case "default_parameter", "typed_default_parameter":
			return m.text(m.child(p, fName))
		}
		p = m.parent(p)
	}
	return ""
}

// stringLit is the value of a plain string literal (no interpolation).
func (m *module) stringLit(n nodeID) (string, bool) {
	if m.kind(n) != "string" {
		return "", false
	}
	var sb strings.Builder
	for k := range m.kids(n) {
		switch m.kind(k) {
		case "interpolation":
			return "", false
		case "string_content":
			sb.WriteString(m.ident(k)) // (the builder copies it)
		}
	}
	return sb.String(), true
}

func archListGates(m *module, caps []Capability) []Gate {
	var out []Gate
	done := map[nodeID]bool{}
	// The nodes are in pre-order: the open ones whose subtree holds the
	// node read are a stack, its parent on top (module.parent walks down
	// from the root for each).
	var open []nodeID
	add := func(n nodeID, specs []archSpec, env string) {
		if m.inRefusingBlock(n) {
			return
		}
		g := Gate{Root: m.root, Path: m.path, Kind: KindArchList, Expr: m.text(n), Function: m.enclosing(n), Module: m.name,
			IsTest: m.isTest, EnvVar: env}
		setPos(&g, m, n, n)
		g.Comment = m.commentAbout(n)
		if key := m.returnedDictKey(open); key != "" && reportsSupport(lastName(g.Function)) {
			g.ReportedAs = key
		}
		g.ToolkitBelow = m.toolkitCeiling(n, open)
		g.Branch, g.Outcomes, g.Admits = listGate(specs, caps)
		g.Refusal = g.Outcomes[len(g.Outcomes)-1]
		if env != "" {
			g.Outcomes[0] += " (default; $" + env + " can change it)"
		}
		out = append(out, g)
	}
	additions := m.listAdditions()
	for i := range m.nodes {
		n := nodeID(i)
		for len(open) > 0 && m.next(open[len(open)-1]) <= n {
			open = open[:len(open)-1]
		}
		parent := noNode
		if len(open) > 0 {
			parent = open[len(open)-1]
		}
		open = append(open, n)
		switch m.op(n) {
		case opList, opSet, opTuple:
			if parent != noNode && m.op(parent) == opComparisonOperator {
				continue
			}
			if _, pair := m.gencodePair(n); pair && parent != noNode && (m.op(parent) == opList || m.op(parent) == opSet || m.op(parent) == opTuple) {
				// One (virtual, real) pair of the list around it,
				// which is read whole.
				continue
			}
			if m.isTest && m.inTestData(n, open) {
				continue
			}
			if m.addsToList(n, parent) {
				// More architectures for a list built elsewhere
				// (warp's `gencode_opts.extend([...sm_87, sm_72])`
				// for Jetson, after the list that names 12.0): the
				// literal is not the list the build uses.
				continue
			}
			if m.exportList(parent) {
				continue // `__all__ = ["sm100"]` names modules
			}
			if !m.isTest && m.checkArgument(open) {
				// flashinfer's `if not _match_sm_version(a.device, ["100",
				// "103"]): raise ...`: the GPUs a check admits, judged
				// at the check (AL201), not a list a build compiles for. In
				// a test the matcher is often a fixture the interpreter
				// cannot follow, and the list is all that says which GPUs
				// the test runs on (AL203).
				continue
			}
			if m.namedCount(n) == 2 && rangeName(m.contextName(n)) {
				// A (low, high) pair: unsloth's _CU126_SM_RANGE = (50, 90)
				// spans what a wheel covers.
				continue
			}
			specs, ok := m.listSpecs(n)
			if ok && parent != noNode && m.kind(parent) == "assignment" && m.child(parent, fRight) == n && (m.membershipOnly(parent) || m.deadStore(parent)) {
				continue
			}
			if ok {
				if parent != noNode && m.kind(parent) == "assignment" && m.child(parent, fRight) == n {
					// The list the build uses is this one with what the
					// scope adds to it (warp adds sm_100 and sm_120 when
					// the toolkit is 12.8 or newer).
					if extra, ok := additions[listName{m.enclosingFunc(n), m.view(m.child(parent, fLeft))}]; ok {
						specs = append(slices.Clip(specs), extra...)
					}
				}
				add(n, specs, "")
				// A table's row for one capability (CuTe DSL's
				// gpu_arch_map: `(8, 6): ("Ampere", "sm_86", ["sm_86",
				// "sm_80"])`) lists what that GPU's code is built for, as
				// the target's own row does: no shut-out of the target
				// (a missing row is its lookup's finding), but the
				// target's row says which build the project makes.
				out[len(out)-1].TableRow = m.capabilityRow(open)
				for k := range m.named(n) {
					done[k] = true
				}
			}
		case opCall:
			fn := m.view(m.child(n, fFunction))
			if fn != "os.environ.get" && fn != "os.getenv" && fn != "environ.get" && fn != "getenv" && !strings.HasSuffix(fn, "environ.setdefault") {
				// setdefault writes the default only where the
				// environment has none: a default as get's is.
				continue
			}
			args := m.namedList(m.child(n, fArguments))
			if len(args) < 2 {
				continue
			}
			name, ok1 := m.stringLit(args[0])
			def, ok2 := m.stringLit(args[1])
			if !ok1 || !ok2 || !strings.Contains(strings.ToUpper(name), "ARCH") {
				continue
			}
			if specs, ok := m.envListSpecs(def, n, name); ok {
				add(n, specs, name)
				done[args[1]] = true
			}
		case opAssignment:
			left, right := m.child(n, fLeft), m.child(n, fRight)
			s, ok := m.stringLit(right)
			if !ok {
				continue
			}
			env := ""
			if m.kind(left) == "subscript" && strings.HasSuffix(m.view(m.child(left, fValue)), "environ") {
				if subs := m.childrenBy(left, fSubscript); len(subs) == 1 {
					if e, ok := m.stringLit(subs[0]); ok && strings.Contains(strings.ToUpper(e), "ARCH") {
						env = e
					}
				}
			}
			if env == "" && (!archContext(m.view(left)) || boundName(m.view(left)) || m.deadStore(n)) {
				continue
			}
			if specs, ok := m.envListSpecs(s, right, env); ok {
				if env == "" && len(specs) == 1 && (m.selfAttribute(left) || m.classBodyStatement(open)) {
					// CuTe DSL kernel classes' `self.arch = "sm_100"` or
					// class attribute `arch_str: str = "sm_100"` (CUTLASS's
					// Blackwell examples, FA4's sm100 backward, flashinfer):
					// the architecture the object is written for, as a
					// constructor's kept `sm` parameter is, not a list a
					// build compiles for.
					continue
				}
				if env != "" {
					guard := m.envGuard(open, env)
					if guard.temporary {
						continue
					}
					add(right, specs, env)
					g := &out[len(out)-1]
					g.EnvWrite, g.NoGPU = !guard.onlyUnset, guard.noGPU
					if g.EnvWrite {
						g.Outcomes[0] = strings.TrimSuffix(g.Outcomes[0], " (default; $"+env+" can change it)")
					}
				} else {
					add(right, specs, env)
				}
				done[right] = true
			}
		}
	}
	// Lone gencode strings ("-gencode=arch=compute_90a,code=sm_90a").
	for i := range m.nodes {
		n := nodeID(i)
		if m.op(n) != opString || done[n] {
			continue
		}
		// The literal's value is its text between the quotes (stringLit),
		// which holds these words exactly when the text does: most
		// strings are not read into a value.
		if raw := m.ident(n); !strings.Contains(raw, "arch=compute_") && !strings.Contains(raw, "code=sm_") {
			if strings.Contains(raw, "_ARCH") {
				if specs, ok := m.defineListSpecs(n); ok {
					add(n, specs, "")
				}
			}
			continue
		}
		s, ok := m.stringLit(n)
		if !ok || !(strings.Contains(s, "arch=compute_") || strings.Contains(s, "code=sm_")) {
			continue
		}
		if specs, ok := gencodeSpecs(s); ok {
			add(n, specs, "")
		}
	}
	return out
}

// defineListSpecs reads a string that sets a build's list on a command
// line, `-DTORCH_CUDA_ARCH_LIST=8.0;9.0;9.0a` or
// `-DCMAKE_CUDA_ARCHITECTURES=80;90` in an argv list (tritonbench builds
// FBGEMM so), or `TORCH_CUDA_ARCH_LIST=9.0` before a command: CMake's
// list as CMake reads it, PTX for entries without -real.
func (m *module) defineListSpecs(n nodeID) ([]archSpec, bool) {
	s, ok := m.stringLit(n)
	if !ok {
		return nil, false
	}
	s = strings.TrimPrefix(s, "-D")
	name, val, ok := strings.Cut(s, "=")
	if !ok || strings.ContainsAny(val, " \t{}$") || val == "" {
		return nil, false
	}
	switch name {
	case "TORCH_CUDA_ARCH_LIST":
		return specsOf(strings.Trim(val, `"'`))
	case "CMAKE_CUDA_ARCHITECTURES":
		return cmakeSpecs([]cmakeArg{{text: strings.Trim(val, `"'`)}}, true)
	}
	return nil, false
}

// maxArchMajor bounds the majors a list of capability numbers may name:
// 163 is no architecture (16.3), but a kilobyte count beside one.
const maxArchMajor = 15

// listSpecs reads a list literal of architecture strings (or, bound to an
// architecture name, of capability numbers).
func (m *module) listSpecs(n nodeID) ([]archSpec, bool) {
	kids := m.namedList(n)
	if len(kids) == 0 {
		return nil, false
	}
	var specs []archSpec
	gencode, prefixed := false, true
	ints := true
	for _, k := range kids {
		if m.kind(k) != "integer" {
			ints = false
		}
	}
	if ints {
		// [90, 100] bound to an arch-named variable; decorators and
		// supported_major_versions are the interpreter's.
		if !archContext(m.contextName(n)) || m.enclosingKind(n, "decorator") || m.contextName(n) == "supported_major_versions" {
			return nil, false
		}
		// A row of a table ((80, 163) in SM_AND_SHMEM_KBYTES: an arch
		// and its shared memory) is no list of architectures.
		switch m.kind(m.parent(n)) {
		case "list", "tuple", "set", "dictionary":
			return nil, false
		}
		for _, k := range kids {
			v := parseIntLit(m.text(k))
			if v.i < 20 || v.i > 1300 {
				return nil, false
			}
			a, ok := parseArch(m.text(k))
			if !ok || a.cap.Major > maxArchMajor {
				return nil, false
			}
			specs = append(specs, a)
		}
		return specs, true
	}
	var flagSpecs []archSpec
	for _, k := range kids {
		if sp, ok := m.gencodePair(k); ok {
			specs = append(specs, sp...)
			continue
		}
		s, ok := m.stringLit(k)
		if !ok {
			return nil, false
		}
		if strings.Contains(s, "arch=") || strings.HasPrefix(s, "-arch") || strings.HasPrefix(s, "--gpu-architecture") {
			if sp, ok := specsOf(s); ok {
				gencode = true
				flagSpecs = append(flagSpecs, sp...)
			}
			continue
		}
		if strings.HasPrefix(s, "-") {
			continue // another compiler flag
		}
		sp, ok := specsOf(s)
		if !ok {
			if gencode {
				continue
			}
			return nil, false
		}
		l := strings.ToLower(strings.TrimSpace(s))
		if !strings.HasPrefix(l, "sm") && !strings.HasPrefix(l, "compute_") {
			prefixed = false
		}
		specs = append(specs, sp...)
	}
	if gencode {
		return flagSpecs, len(flagSpecs) > 0
	}
	if len(specs) == 0 {
		return nil, false
	}
	if !prefixed && !archContext(m.contextName(n)) {
		return nil, false
	}
	if tegraOnly(specs) {
		// CuPy's `_tegra_archs = ('32', '53', '62', '72', '87')`: the
		// Jetson modules, which a check (`if arch in _tegra_archs`)
		// gives their own path; no list of what a desktop GPU is built
		// for.
		return nil, false
	}
	return specs, true
}

// membershipOnly: the list assignment a binds a local (of a function, or
// a private `_name` of a module or class) that is only ever tested for
// membership, or named in a message,
// (natten's `dc_class_arches = [80, 90, 100, 103]`, then `if compute_cap
// in dc_class_arches:` for larger tiles): the set of GPUs a check admits,
// which the check's own reading judges, not a list a build compiles for.
func (m *module) membershipOnly(a nodeID) bool {
	left := m.child(a, fLeft)
	if m.kind(left) != "identifier" {
		return false
	}
	name := m.view(left)
	scope := m.scopeOf(a)
	if scope == 0 && !strings.HasPrefix(name, "_") {
		return false // a module's public name may be read elsewhere
	}
	used := false
	for k := scope; k < m.next(scope); k++ {
		if k == left || m.kind(k) != "identifier" || m.view(k) != name {
			continue
		}
		if m.enclosingKind(k, "interpolation") {
			continue // named in a message: f"supports {self._supported_archs}"
		}
		use, p := k, m.parent(k)
		if p != noNode && m.kind(p) == "attribute" && m.child(p, fAttribute) == k {
			// A class's own set read through self or cls.
			use, p = p, m.parent(p)
		}
		if p == noNode || m.op(p) != opComparisonOperator {
			return false
		}
		kids := m.namedList(p)
		ops := m.childrenBy(p, fOperators)
		if len(kids) != 2 || kids[1] != use || len(ops) != 1 {
			return false
		}
		if op := strings.Join(strings.Fields(m.view(ops[0])), " "); op != "in" && op != "not in" {
			return false
		}
		used = true
	}
	return used
}

// deadStore: the value assignment a gives a plain name is never read: the
// name does not occur after it in its function, or in a setup.py, which
// nothing imports, nor in a def inside that scope (nccl's `if archs is None: archs = "9.0a;10.0a"` after
// reading TORCH_CUDA_ARCH_LIST, with the build left to torch's default).
// One in a loop may be read by the next turn, so it is not judged.
func (m *module) deadStore(a nodeID) bool {
	left := m.child(a, fLeft)
	if m.kind(left) != "identifier" || m.enclosingKind(a, "for_statement") || m.enclosingKind(a, "while_statement") {
		return false
	}
	scope := m.scopeOf(a)
	if scope == 0 && path.Base(m.path) != "setup.py" {
		return false // a module's name may be read by its importers
	}
	start, end := nodeID(0), nodeID(len(m.nodes))
	if scope != 0 {
		start, end = scope, m.next(scope)
	}
	name := m.view(left)
	own := m.enclosingFunc(a)
	for k := start; k < end; k++ {
		if k == left || m.kind(k) != "identifier" || m.view(k) != name {
			continue
		}
		// After the store, or in a def nested in the scope (a function
		// defined before the store may run after it).
		if k >= m.next(a) || m.enclosingFunc(k) != own {
			return false
		}
	}
	return true
}

// gencodePair reads a (virtual, real) pair of a gencode list, CuPy's
// `('compute_90', 'sm_90')` for `-gencode=arch=compute_90,code=sm_90`:
// the code built is the real one's (a cubin, or PTX when it is a
// compute_ name too).
func (m *module) gencodePair(n nodeID) ([]archSpec, bool) {
	if k := m.kind(n); k != "tuple" && k != "list" {
		return nil, false
	}
	kids := m.namedList(n)
	if len(kids) != 2 {
		return nil, false
	}
	virt, ok1 := m.stringLit(kids[0])
	real, ok2 := m.stringLit(kids[1])
	if !ok1 || !ok2 || !strings.HasPrefix(strings.TrimSpace(virt), "compute_") {
		return nil, false
	}
	return specsOf(real)
}

// tegraOnly: every entry is a Jetson (Tegra) module's capability, one of
// them an older one than Thor's: 3.2 (TK1), 5.3 (Nano, TX1), 6.2 (TX2),
// 7.2 (Xavier), 8.7 (Orin), and 10.1 or 11.0 (Thor).
func tegraOnly(specs []archSpec) bool {
	older := false
	for _, a := range specs {
		switch c := a.cap.Major*10 + a.cap.Minor; c {
		case 32, 53, 62, 72, 87:
			older = true
		case 101, 110:
		default:
			return false
		}
	}
	return older
}

// enclosingKind says whether an ancestor of n is of the kind.
func (m *module) enclosingKind(n nodeID, kind string) bool {
	found := false
	m.descend(n, func(p nodeID) {
		found = found || p != n && m.kind(p) == kind
	})
	return found
}

// buildListGates are the arch lists extensions are built with. A
// CUDAExtension whose nvcc flags name architectures has code for those
// alone (torch adds its own arch flags only when no flag names one:
// _get_cuda_arch_flags), however the flags were put together: appended
// "-gencode" and "arch=..." pairs (flash-attention's hopper/setup.py), a
// list of per-architecture constants. The literal lists miss those, and a
// lone flag string is no list (it is one architecture that code elsewhere
// picks), so the list is read at the call, from the flags the analysis
// evaluated. Flags that depend on the capability (a setup.py building for
// the GPU it finds) are not read, and a build whose list a literal list
// of the same file already gives is left to that list.
func buildListGates(p *program, fx *facts, have []Gate) []Gate {
	var out []Gate
	for _, r := range fx.jit {
		specs, expr, ok := buildSpecs(r.nvcc)
		if !ok {
			continue
		}
		m := p.mods[r.site.mod]
		n := r.site.node
		g := Gate{Root: m.root, Path: m.path, Kind: KindArchList, Expr: expr, Function: m.enclosing(n), Module: m.name,
			IsTest: m.isTest, Build: r.mod.Callee}
		setPos(&g, m, n, n)
		g.Comment = m.commentAbout(n)
		g.Branch, g.Outcomes, g.Admits = listGate(specs, p.cfg.Caps)
		g.Refusal = g.Outcomes[len(g.Outcomes)-1]
		if !givenByList(g, have) {
			out = append(out, g)
		}
	}
	return out
}

// buildSpecs reads the architectures nvcc flags build for: -gencode (or
// --generate-code) with its value in the same flag or the next, and -arch
// (--gpu-architecture), whose sm_XX builds PTX beside the cubin. expr is
// the flags that name them, as nvcc reads them. It fails when no flag
// names an architecture, or one cannot be read (-arch=native).
func buildSpecs(flags []string) (specs []archSpec, expr string, ok bool) {
	var named []string
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch f {
		case "-gencode", "--generate-code", "-arch", "--gpu-architecture":
			if i+1 < len(flags) {
				f += "=" + flags[i+1]
				i++
			}
		}
		arch := strings.HasPrefix(f, "-arch") || strings.HasPrefix(f, "--gpu-architecture")
		if !arch && !strings.Contains(f, "arch=") && !strings.Contains(f, "code=") {
			continue
		}
		s, ok := specsOf(f)
		if !ok {
			return nil, "", false
		}
		if arch && len(s) == 1 && !s[0].ptx && s[0].suffix == "" {
			// -arch=sm_90 is -gencode arch=compute_90,code=[sm_90,compute_90].
			s[0].ptx, s[0].alsoSASS = true, true
		}
		specs = append(specs, s...)
		named = append(named, f)
	}
	return specs, strings.Join(named, " "), len(specs) > 0
}

// givenByList says whether a literal arch list of g's file (not a lone
// flag string: SingleArchFlag) already gives the same outcome to every
// capability.
func givenByList(g Gate, have []Gate) bool {
	for _, h := range have {
		if h.Kind == KindArchList && h.Root == g.Root && h.Path == g.Path && slices.Equal(h.Branch, g.Branch) && !SingleArchFlag(h.Expr) {
			return true
		}
	}
	return false
}

// SingleArchFlag says whether an arch list's text is gencode flags for
// one architecture (sm120a_nvcc_flags = ["-gencode=arch=compute_120a,..."]):
// a per-architecture flag constant, which code elsewhere picks for that
// GPU, so it shuts nothing out by itself.
func SingleArchFlag(expr string) bool {
	if !strings.Contains(expr, "gencode") && !strings.Contains(expr, "arch=compute_") {
		return false
	}
	specs, ok := gencodeSpecs(strings.Trim(expr, `"'`))
	if !ok {
		return false
	}
	for _, s := range specs[1:] {
		if s.cap != specs[0].cap {
			return false
		}
	}
	return true
}

// returnedDictKey is the key whose value the node on top of open (its
// ancestors below it) is in a dictionary literal a return statement gives
// back (nccl's `return {"sm_archs": ["9.0", "9.0a", "10.0", "10.0a"], ...}`
// in query_supported_hw), "" otherwise.
func (m *module) returnedDictKey(open []nodeID) string {
	if len(open) < 4 {
		return ""
	}
	n, pair, dict, ret := open[len(open)-1], open[len(open)-2], open[len(open)-3], open[len(open)-4]
	if m.kind(pair) != "pair" || m.child(pair, fValue) != n || m.kind(dict) != "dictionary" || m.kind(ret) != "return_statement" {
		return ""
	}
	key, ok := m.stringLit(m.child(pair, fKey))
	if !ok {
		return ""
	}
	return key
}

// reportsSupport says whether a function's name says it reports what is
// supported (`query_supported_hw`, `get_capabilities`, `device_info`)
// rather than making a configuration a build may read.
func reportsSupport(fn string) bool {
	for _, w := range nameWords(fn) {
		switch w {
		case "query", "supported", "support", "capabilities", "capability", "info", "describe", "report":
			return true
		}
	}
	return false
}

// selfAttribute says whether n is an attribute of self or cls
// (`self.arch`).
func (m *module) selfAttribute(n nodeID) bool {
	if m.kind(n) != "attribute" {
		return false
	}
	switch m.view(m.child(n, fObject)) {
	case "self", "cls":
		return true
	}
	return false
}

// classBodyStatement says whether the node on top of open (its ancestors
// below it) is a statement of a class body (`arch = "sm_100"` there).
func (m *module) classBodyStatement(open []nodeID) bool {
	if len(open) < 4 {
		return false
	}
	return m.kind(open[len(open)-2]) == "expression_statement" && m.kind(open[len(open)-3]) == "block" &&
		m.kind(open[len(open)-4]) == "class_definition"
}

// capabilityRow says whether the node on top of open (its ancestors
// below it) is inside the value of a dictionary entry keyed by a compute
// capability: `(8, 6)`, `86`, `"sm_86"`, `"8.6"`.
func (m *module) capabilityRow(open []nodeID) bool {
	for i := len(open) - 2; i >= 0 && i >= len(open)-5; i-- {
		p := open[i]
		switch m.kind(p) {
		case "pair":
			key := m.child(p, fKey)
			if key == open[i+1] {
				return false
			}
			return m.capabilityKey(key)
		case "tuple", "list", "parenthesized_expression":
		default:
			return false
		}
	}
	return false
}

// capabilityKey says whether n names one compute capability: a (major,
// minor) tuple, an architecture number, or a string of one architecture.
func (m *module) capabilityKey(n nodeID) bool {
	switch m.kind(n) {
	case "tuple":
		kids := m.namedList(n)
		if len(kids) != 2 || m.kind(kids[0]) != "integer" || m.kind(kids[1]) != "integer" {
			return false
		}
		v := parseIntLit(m.text(kids[0]))
		return v.i >= 3 && v.i <= maxArchMajor
	case "integer":
		return ArchLikeNumber(m.text(n))
	case "string":
		s, ok := m.stringLit(n)
		if !ok {
			return false
		}
		specs, ok := specsOf(s)
		return ok && len(specs) == 1
	}
	return false
}

// exportList says whether p, a list's parent, assigns `__all__`: the
// names a module exports (`__all__ = ["sm100"]` is a submodule).
func (m *module) exportList(p nodeID) bool {
	return p != noNode && m.kind(p) == "assignment" && m.view(m.child(p, fLeft)) == "__all__"
}

// checkArgument says whether the node on top of open (its ancestors below
// it) is an argument of a call that is an if's, elif's, while's or
// assert's condition, perhaps under not, and/or or parentheses.
func (m *module) checkArgument(open []nodeID) bool {
	if len(open) < 4 || m.kind(open[len(open)-2]) != "argument_list" || m.kind(open[len(open)-3]) != "call" {
		return false
	}
	if versionPredicate(lastName(m.view(m.child(open[len(open)-3], fFunction)))) {
		// `is_sm_supported = _match_sm_version(A.device, ["100", "103"])`:
		// a predicate on the device's version, wherever its answer goes.
		return true
	}
	for i := len(open) - 4; i >= 0; i-- {
		switch m.kind(open[i]) {
		case "not_operator", "boolean_operator", "parenthesized_expression":
		case "if_statement", "elif_clause", "while_statement":
			return m.child(open[i], fCondition) == open[i+1]
		case "assert_statement":
			return m.firstNamed(open[i]) == open[i+1]
		default:
			return false
		}
	}
	return false
}

// versionPredicate says whether a function's name says it tests the
// device's architecture against its arguments: a verb (match, check,
// is, supports, require) and an architecture word (sm, arch, version,
// capability, cc): flashinfer's _match_sm_version.
func versionPredicate(fn string) bool {
	verb, arch := false, false
	for _, w := range nameWords(fn) {
		switch w {
		case "match", "matches", "check", "is", "supports", "supported", "require", "requires":
			verb = true
		case "sm", "arch", "version", "capability", "cc":
			arch = true
		}
	}
	return verb && arch
}
