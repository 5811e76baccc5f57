package python

import (
	"sort"
	"strings"
)

// jitRec is one JIT build call as the collecting worker saw it. A call
// seen more than once (a loop, an arm explored in the shadow) keeps the
// most precise reading.
type jitRec struct {
	site siteRef
	mod  JITModule
	// nvcc are the nvcc flags of a CUDAExtension, when every one of them
	// was evaluated to a string and none depends on the capability
	// (buildListGates).
	nvcc []string
}

// jitKind names the JIT builder a call invokes, "" when it is none. The
// callee's value decides, so json.load or torch.load are never builders:
// load and load_inline count only from torch.utils.cpp_extension.
func (f *frame) jitKind(callee Value, n nodeID) string {
	m := f.mod
	// A view of the source, as full and last may be: what is returned
	// is kept (recordJIT), so it is copied, and it is rare (a copy made
	// for every call was about a twentieth of the analysis' allocations).
	text := m.view(m.child(n, fFunction))
	full := text
	switch callee.k {
	case vFunc:
		full = callee.fn().qual
	case vClass:
		full = callee.cls().qual
	case vExt:
		full = callee.text()
	}
	last := lastName(full)
	p := f.w.prog
	switch {
	case p.jitFuncs[full]:
		return strings.Clone(full)
	case p.jitFuncs[last]:
		return strings.Clone(last)
	}
	// (program.jitLast lists these names too, for the facts slice.)
	switch last {
	case "gen_jit_spec", "CUDAExtension", "CppExtension":
		return strings.Clone(last)
	case "load", "load_inline":
		if strings.Contains(full, "cpp_extension") || strings.Contains(text, "cpp_extension") {
			return strings.Clone(last)
		}
	}
	return ""
}

// recordJIT reads a builder call's arguments: name and sources first (by
// position or keyword), include directories and nvcc flags by keyword.
func (f *frame) recordJIT(site siteRef, kind string, a callArgs) {
	m := f.mod
	arg := func(pos int, kws ...string) (Value, nodeID, bool) {
		for _, k := range kws {
			if v, vn, ok := a.kw(k); ok {
				return v, vn, true
			}
		}
		if pos >= 0 && pos < len(a.pos) {
			return a.pos[pos], a.posN[pos], true
		}
		return unknown, noNode, false
	}
	j := JITModule{Root: m.root, Path: m.path, Callee: kind, Function: m.enclosing(site.node), SourcesExact: true}
	j.Line, j.Col = m.lines.pos(m.start(site.node))
	if v, _, ok := arg(0, "name"); ok {
		if s, ok := v.str(); ok && v.k == vStr {
			j.Name = s
		}
	}
	if kind != "load_inline" {
		// load_inline's sources are code, not files.
		if v, n, ok := arg(1, "sources"); ok {
			j.Sources, j.SourcesExact = f.pathList(v, n)
		} else {
			j.SourcesExact = false
		}
	}
	for _, k := range []string{"extra_include_paths", "include_dirs", "extra_include_dirs"} {
		if v, n, ok := arg(-1, k); ok {
			dirs, _ := f.pathList(v, n)
			j.IncludeDirs = append(j.IncludeDirs, dirs...)
		}
	}
	if v, n, ok := arg(-1, "extra_cuda_cflags"); ok {
		j.Flags = append(j.Flags, f.flagList(v, n)...)
	}
	rec := &jitRec{site: site}
	if v, n, ok := arg(-1, "extra_compile_args"); ok {
		v, n = nvccArg(m, v, n)
		j.Flags = append(j.Flags, f.flagList(v, n)...)
		if kind == "CUDAExtension" {
			if fl, ok := exactFlags(v); ok {
				rec.nvcc = fl
			} else if fl, ok := f.flagSum(n); ok {
				rec.nvcc = fl
			}
		}
	}
	rec.mod = j
	fx := f.w.facts
	if old := fx.jit[site]; old == nil || better(old.mod, j) {
		fx.jit[site] = rec
	}
}

// better says whether a reading j of a JIT call is more precise than old:
// exact sources where old's are not, or more of them.
func better(old, j JITModule) bool {
	return !old.SourcesExact && j.SourcesExact || old.SourcesExact == j.SourcesExact && len(j.Sources) > len(old.Sources)
}

// pathList flattens a sources-like value into paths; exact is false when
// some part is unknown, and then the literal tails of the unknown parts
// are kept from the syntax.
func (f *frame) pathList(v Value, n nodeID) ([]string, bool) {
	m := f.mod
	switch v.k {
	case vStr:
		if v.text() == "" {
			return nil, true
		}
		return []string{v.text()}, true
	case vPath:
		if v.text() == "" {
			return nil, false
		}
		return []string{v.text()}, v.exactPath()
	case vList, vTuple, vSet:
		var kids []nodeID
		if k := m.kind(n); k == "list" || k == "tuple" {
			kids = m.namedList(n)
			if len(kids) != len(v.elems()) {
				kids = nil // splats: elements no longer line up
			}
		}
		var out []string
		exact := true
		for i, e := range v.elems() {
			en := noNode
			if kids != nil {
				en = kids[i]
			}
			ss, ok := f.pathList(e, en)
			out = append(out, ss...)
			exact = exact && ok
		}
		return out, exact
	}
	return m.literalPaths(n), false
}

// literalPaths is what the syntax alone says about an unknown sources
// expression: the literal tail of each element.
func (m *module) literalPaths(n nodeID) []string {
	if n == noNode {
		return nil
	}
	switch m.kind(n) {
	case "list", "tuple", "parenthesized_expression":
		var out []string
		for k := range m.named(n) {
			out = append(out, m.literalPaths(k)...)
		}
		return out
	case "binary_operator":
		if m.text(m.child(n, fOperator)) == "+" {
			l, r := m.child(n, fLeft), m.child(n, fRight)
			if k := m.kind(l); k == "list" || k == "identifier" || k == "binary_operator" && m.kind(r) == "list" {
				return append(m.literalPaths(l), m.literalPaths(r)...)
			}
		}
	case "identifier", "list_comprehension":
		return nil
	}
	if t, _ := m.literalTail(n); t != "" {
		return []string{t}
	}
	return nil
}

// literalTail is the longest literal suffix of a path expression, and
// whether the whole expression is literal.
func (m *module) literalTail(n nodeID) (string, bool) {
	switch m.kind(n) {
	case "string":
		if s, ok := m.stringLit(n); ok {
			return s, true
		}
		var sb strings.Builder
		for k := range m.kids(n) {
			switch m.kind(k) {
			case "interpolation":
				sb.Reset()
			case "string_content":
				sb.WriteString(m.text(k))
			}
		}
		return cleanTail(sb.String()), false
	case "parenthesized_expression":
		if kids := m.namedList(n); len(kids) == 1 {
			return m.literalTail(kids[0])
		}
	case "binary_operator":
		op := m.text(m.child(n, fOperator))
		if op != "/" && op != "+" {
			return "", false
		}
		r, rc := m.literalTail(m.child(n, fRight))
		if r == "" || !rc {
			return r, false
		}
		l, lc := m.literalTail(m.child(n, fLeft))
		if l == "" {
			return cleanTail(r), false
		}
		if op == "/" {
			return l + "/" + r, lc
		}
		return l + r, lc
	case "call":
		fn := lastName(m.text(m.child(n, fFunction)))
		args := m.namedList(m.child(n, fArguments))
		switch fn {
		case "join", "Path", "PurePath", "PosixPath", "str", "fspath", "abspath", "realpath":
		default:
			return "", false
		}
		tail, complete := "", true
		for i := len(args) - 1; i >= 0; i-- {
			t, c := m.literalTail(args[i])
			if t != "" {
				if tail == "" {
					tail = t
				} else {
					tail = t + "/" + tail
				}
			}
			if !c {
				complete = false
				break
			}
		}
		return cleanTail(tail), complete && len(args) > 0
	}
	return "", false
}

func cleanTail(s string) string {
	for {
		t := strings.TrimPrefix(strings.TrimPrefix(s, "/"), "./")
		if t == s {
			return s
		}
		s = t
	}
}

// flagList is the literal strings of a flags argument: the evaluated list
// when every element is known, else every plain string literal in it.
func (f *frame) flagList(v Value, n nodeID) []string {
	switch v.k {
	case vStr:
		return []string{v.text()}
	case vList, vTuple:
		var out []string
		for _, e := range v.elems() {
			if e.k != vStr {
				return f.mod.stringLits(n)
			}
			out = append(out, e.text())
		}
		return out
	}
	return f.mod.stringLits(n)
}

// exactFlags are the strings of a list of flags every element of which
// is a string that does not depend on the capability.
func exactFlags(v Value) ([]string, bool) {
	if v.k != vList && v.k != vTuple || v.Cap {
		return nil, false
	}
	var out []string
	for _, e := range v.elems() {
		if e.k != vStr || e.Cap {
			return nil, false
		}
		out = append(out, e.text())
	}
	return out, true
}

// flagSum reads nvcc flags written as a sum of lists whose value as a
// whole is unknown (flash-attention's hopper/setup.py: `nvcc_threads_args()
// + nvcc_flags + cc_flag + feature_args`, where one operand's value is an
// environment variable's and another was appended to in an if): the
// flags of the operands whose values are known. An unknown operand is
// passed over only when its name says it holds no architecture flags
// (archFlagName); otherwise nothing is read.
func (f *frame) flagSum(n nodeID) ([]string, bool) {
	m := f.mod
	var out []string
	var read func(n nodeID) bool
	read = func(n nodeID) bool {
		switch m.kind(n) {
		case "binary_operator":
			return m.view(m.child(n, fOperator)) == "+" && read(m.child(n, fLeft)) && read(m.child(n, fRight))
		case "parenthesized_expression":
			return read(m.firstNamed(n))
		case "identifier":
			if fl, ok := exactFlags(f.lookup(m.view(n))); ok {
				out = append(out, fl...)
				return true
			}
			return !archFlagName(m.view(n))
		case "call":
			return !archFlagName(m.view(m.child(n, fFunction)))
		case "list":
			for e := range m.named(n) {
				s, ok := m.stringLit(e)
				if !ok {
					return false
				}
				out = append(out, s)
			}
			return true
		}
		return false
	}
	if n == noNode || m.kind(n) != "binary_operator" || !read(n) {
		return nil, false
	}
	return out, true
}

// archFlagName says whether a name may hold architecture flags: one of
// its words speaks of architectures, gencode, SM versions, compute
// capabilities or GPUs (cc_flag, arch_flags, gencode_args, sm_targets,
// get_gpu_flags; not nvcc_flags or feature_args).
func archFlagName(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '.' }) {
		for _, s := range []string{"arch", "gencode", "sm", "cc", "capab", "gpu", "code", "target", "cuda"} {
			if strings.HasPrefix(w, s) {
				return true
			}
		}
	}
	return false
}

func (m *module) stringLits(n nodeID) []string {
	if n == noNode {
		return nil
	}
	var out []string
	end := m.end(n)
	for i := int(n); i < len(m.nodes) && (i == int(n) || m.start(nodeID(i)) < end); i++ {
		if m.tab.names[m.kindID(nodeID(i))] == "string" {
			if s, ok := m.stringLit(nodeID(i)); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// nvccArg picks extra_compile_args["nvcc"] out of a dict (a plain list is
// for every compiler, nvcc included).
func nvccArg(m *module, v Value, n nodeID) (Value, nodeID) {
	if v.k == vList || v.k == vTuple {
		return v, n
	}
	var pair nodeID = noNode
	if m.kind(n) == "dictionary" {
		for p := range m.named(n) {
			if m.kind(p) == "pair" {
				if k, ok := m.stringLit(m.child(p, fKey)); ok && k == "nvcc" {
					pair = m.child(p, fValue)
				}
			}
		}
	}
	if v.k == vDict {
		for i, k := range v.elems() {
			if k.k == vStr && k.text() == "nvcc" {
				return v.vals()[i], pair
			}
		}
	}
	return unknown, pair
}

// modules renders the JIT calls, sorted, with the gates that guard each.
func (fx *facts) modules(p *program, gates []Gate) []JITModule {
	type fileKey struct{ root, path string }
	byFile := map[fileKey][]int{}
	for i, g := range gates {
		k := fileKey{g.Root, g.Path}
		byFile[k] = append(byFile[k], i)
	}
	var out []JITModule
	for _, r := range fx.jit {
		j := r.mod
		m := p.mods[r.site.mod]
		j.Gates = guardingGates(m, r.site.node, gates, byFile[fileKey{m.root, m.path}])
		out = append(out, j)
	}
	sort.Slice(out, func(i, k int) bool {
		a, b := out[i], out[k]
		return comparePos(a.Root, a.Path, a.Line, a.Col, b.Root, b.Path, b.Line, b.Col) < 0
	})
	return out
}
