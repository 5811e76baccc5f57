package python

import (
	"strings"
)

// lastName is the final component of a dotted path.
func lastName(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// capTuple is what get_device_capability returns: (major, minor), which
// also answers .major/.minor/.to_int() like vllm's DeviceCapability.
// capSM is the worker's capability as a value of unknown encoding (vCap):
// what sm-version sources, declared capability functions and
// capability-named parameters give.
func (w *worker) capSM() Value {
	c := w.capability()
	return Value{k: vCap, i: capOf(c.Major, c.Minor), Cap: true}
}

// capParts are the major and minor of capability value v (vCap).
func capParts(v Value) (major, minor Value) {
	return vint(v.i / 10).tainted(true), vint(v.i % 10).tainted(true)
}

func (w *worker) capTuple() Value {
	c := w.capability()
	v := vtuple(vint(int64(c.Major)).tainted(true), vint(int64(c.Minor)).tainted(true))
	v.Cap, v.capObj = true, true
	return v
}

// otherBackend says whether a dotted path names a device backend other
// than CUDA (torch.backends.mps, torch.xpu, torch.npu, ...).
func otherBackend(p string) bool {
	for _, part := range strings.Split(p, ".") {
		if part == "cpu" || otherDevice(part) {
			return true
		}
	}
	return false
}

// otherDevice says whether name is another vendor's device or platform,
// one a CUDA GPU never is: Apple's, AMD's (ROCm/HIP), Intel's, Huawei's,
// Habana's, Moore Threads', Cambricon's, TPUs, AWS Neuron. The CPU is not
// one: a program on a CUDA machine may still choose it.
func otherDevice(name string) bool {
	switch name {
	case "mps", "mlx", "xpu", "npu", "hpu", "musa", "mlu", "tpu", "neuron", "hip", "rocm", "ppu":
		return true
	}
	return false
}

// otherDeviceVar says whether an environment variable's name names another
// vendor's platform by one of its words (ROCM_PATH, MLU_HOME, rtp-llm's
// PPU_HOME): unset on a CUDA machine, as the platform is taken to be.
func otherDeviceVar(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' }) {
		if otherDevice(w) {
			return true
		}
	}
	return false
}

// otherDeviceTest decides `x == "xpu"` (op "=="), `x in ("xpu", "npu")`
// and `"rocm" in x` (op "in") for an x the interpreter cannot tell: the
// device type or backend a program found (unsloth-zoo's DEVICE_TYPE, from a
// helper that returns "mlx" on Apple machines, which the interpreter leaves
// undecided), or a string such as torch.__version__ or a device's name
// (rtp-llm's `"ppu" in torch.__version__`), which on a CUDA GPU is never,
// and never names, another vendor's. a and b are the test's operands, in
// order; it gives triUnknown when the test is not one such.
func otherDeviceTest(op string, a, b Value) tri {
	untold := func(v Value) bool { return !v.known() || v.k == vExt }
	switch op {
	case "==":
		if untold(a) && b.k == vStr && otherDevice(b.text()) {
			return triFalse
		}
	case "in":
		if untold(b) && a.k == vStr && otherDevice(strings.ToLower(a.text())) {
			return triFalse
		}
		if !untold(a) || (b.k != vTuple && b.k != vList && b.k != vSet) || len(b.elems()) == 0 {
			return triUnknown
		}
		for _, e := range b.elems() {
			if e.k != vStr || !otherDevice(e.text()) {
				return triUnknown
			}
		}
		return triFalse
	}
	return triUnknown
}

// callExt gives the meaning of calls outside the scanned files: capability
// sources, platform APIs, version parsing, the environment, builtins. The
// platform is assumed to be CUDA with a GPU present; anything else is
// unknown.
func (f *frame) callExt(p string, a callArgs) Value {
	w := f.w
	arg := func(i int) Value {
		if i < len(a.pos) {
			return a.pos[i]
		}
		return unknown
	}
	last := lastName(p)
	if v, ok := pathCall(p, a); ok {
		return v
	}
	if (last == "cache" || last == "lru_cache") && strings.HasPrefix(p, "functools") {
		switch {
		case arg(0).k == vFunc:
			// functools.cache(f) is f as far as calls go.
			return arg(0)
		case len(a.pos) == 0:
			// lru_cache(maxsize=1) is the decorator that makes that
			// (sglang's `is_sm100_supported = lru_cache(maxsize=1)(partial(...))`).
			return vext(p)
		}
	}
	if last == "partial" && strings.HasPrefix(p, "functools") && arg(0).k == vFunc {
		// functools.partial(f, ...) is f with those arguments bound
		// (sglang's `partial(_check_cuda_device_version,
		// device_capability_majors=[10], ...)`).
		return vpartial(arg(0), callArgs{pos: a.pos[1:], kws: a.kws, capOK: a.capOK})
	}
	if p == "re."+last {
		if v, ok := reName(last, a, "re."+last+"(...)"); ok {
			return v
		}
	}
	if w.prog.capFuncs[p] || w.prog.capFuncs[last] {
		return w.capSM()
	}
	if v, ok := w.libCapability(p, last); ok {
		return v
	}
	switch last {
	case "get_device_capability", "get_compute_capability", "get_device_compute_capability", "get_cuda_capability":
		return w.capTuple()
	case "get_device_name", "nvmlDeviceGetName":
		// The GPU's product name (devname.go); another backend's
		// (torch.xpu.get_device_name) is no CUDA GPU's.
		if otherBackend(p) {
			return unknown
		}
		return w.devName()
	case "get_device_properties":
		t := w.capTuple()
		obj := vobj(nil, map[string]Value{"major": t.elems()[0], "minor": t.elems()[1], "name": w.devName()})
		obj.Cap, obj.capObj = true, true
		return obj
	case "get_sm_version", "get_device_sm", "sm_version", "get_sm", "get_cuda_arch", "get_gpu_arch", "get_arch_version":
		return w.capSM()
	case "has_device_capability", "is_device_capability", "is_device_capability_family":
		cur := w.capability()
		x := arg(0)
		if v, _, ok := a.kw("capability"); ok {
			x = v
		}
		c, ok := capLiteral(x, true)
		if x.k == vInt && x.i < 20 {
			ok = false // 9 is not a capability here: vllm takes 90 or (9, 0)
		}
		if !ok {
			return unknownIf(true)
		}
		have := capOf(cur.Major, cur.Minor)
		switch last {
		case "has_device_capability":
			return vbool(have >= c).tainted(true)
		case "is_device_capability":
			return vbool(have == c).tainted(true)
		}
		return vbool(have/10 == c/10).tainted(true)
	case "is_available", "is_cuda", "is_cuda_alike", "is_cuda_available", "_is_cuda", "cuda_is_available":
		// torch.backends.mps.is_available(), torch.xpu.is_available():
		// another backend's, False on a CUDA GPU (sglang's MLA default
		// read as torch_native, the Apple path).
		if last == "is_available" && otherBackend(p) {
			return vbool(false)
		}
		return vbool(true)
	case "is_hip", "is_rocm", "is_xpu", "is_cpu", "is_npu", "is_hpu", "is_mps", "is_musa", "is_tpu", "is_neuron",
		"_is_hip", "_is_npu", "is_out_of_tree":
		return vbool(false)
	case "parse", "Version", "LooseVersion", "parse_version", "StrictVersion":
		if !strings.Contains(p, "version") && !strings.Contains(p, "Version") {
			break
		}
		x := arg(0)
		if x.k == vStr {
			if parts, ok := parseVersion(x.text()); ok {
				return seqValue(vVersion, parts, x.Cap)
			}
		}
		return unknownIf(x.Cap)
	case "get", "getenv":
		if p == "os.environ.get" || p == "os.getenv" || p == "environ.get" || p == "getenv" {
			// An arch override read from the environment is taken as
			// unset: its default, None without one (quack's
			// `QUACK_ARCH`, for compiling without a GPU, ahead of
			// get_device_capability()).
			// So is one that names another vendor's platform.
			if n := arg(0); n.k == vStr && (strings.Contains(strings.ToUpper(n.text()), "ARCH") || otherDeviceVar(n.text())) {
				switch {
				case len(a.pos) == 1 && len(a.kws) == 0:
					return Value{k: vNone}
				case len(a.pos) > 1 && a.pos[1].known():
					return a.pos[1]
				}
			}
			return unknown
		}
	}
	if !strings.Contains(p, ".") {
		return f.builtin(p, a)
	}
	return unknownIf(a.capOK)
}

// builtin implements the builtins that capability code uses.
func (f *frame) builtin(name string, a callArgs) Value {
	arg := func(i int) Value {
		if i < len(a.pos) {
			return a.pos[i]
		}
		return unknown
	}
	x := arg(0)
	capDep := a.capOK
	switch name {
	case "int":
		switch x.k {
		case vInt, vBool:
			return vint(x.i).tainted(capDep)
		case vCap:
			return vint(x.i).tainted(true)
		case vFloat:
			return vint(int64(x.float())).tainted(capDep)
		case vStr:
			if v := parseIntLit(strings.TrimSpace(x.text())); v.known() {
				return v.tainted(capDep)
			}
		}
	case "float":
		switch x.k {
		case vInt, vBool:
			return vfloat(float64(x.i)).tainted(capDep)
		case vFloat:
			return x
		}
	case "str":
		if x.k == vPath && !x.exactPath() || x.k == vName {
			return x
		}
		if s, ok := x.str(); ok {
			return vstr(s).tainted(capDep)
		}
	case "bool":
		switch x.truth() {
		case triTrue:
			return vbool(true).tainted(capDep)
		case triFalse:
			return vbool(false).tainted(capDep)
		}
	case "len":
		switch x.k {
		case vStr:
			return vint(int64(len(x.text()))).tainted(capDep)
		case vList, vTuple, vSet, vDict:
			return vint(int64(len(x.elems()))).tainted(capDep)
		}
	case "map":
		// map(int, "12.8".split(".")): a builtin conversion over a known
		// sequence (sglang reads the toolkit's version so, beside the
		// capability).
		y := arg(1)
		if len(a.pos) != 2 || x.k != vExt || strings.Contains(x.text(), ".") || y.k != vList && y.k != vTuple {
			break
		}
		out := make([]Value, len(y.elems()))
		for i, e := range y.elems() {
			out[i] = f.builtin(x.text(), callArgs{pos: []Value{e}, capOK: capDep})
		}
		return seqValue(vList, out, y.Cap || capDep)
	case "tuple", "list", "set", "sorted", "frozenset":
		switch x.k {
		case vList, vTuple, vSet:
			out := x
			out.k = map[string]vkind{"tuple": vTuple, "list": vList, "set": vSet, "sorted": vList, "frozenset": vSet}[name]
			out.capObj = false
			return out
		case vDict:
			return seqValue(vList, x.elems(), x.Cap)
		}
	case "min", "max":
		if _, _, ok := a.kw("key"); ok {
			// min(arch, max_cc, key=int): ordered by what the key
			// makes of them (CuPy's capability strings), not as given.
			break
		}
		vals := a.pos
		if len(vals) == 1 && (x.k == vList || x.k == vTuple || x.k == vSet) {
			vals = x.elems()
		}
		if len(vals) == 0 {
			break
		}
		best := vals[0]
		for _, v := range vals[1:] {
			c, ok := compare(v, best)
			if !ok {
				return unknownIf(capDep)
			}
			if (name == "min" && c < 0) || (name == "max" && c > 0) {
				best = v
			}
		}
		return best.tainted(capDep)
	case "any", "all":
		if x.k != vList && x.k != vTuple && x.k != vSet {
			break
		}
		if v, ok := anyAllName(name, x.elems()); ok {
			return v.tainted(capDep)
		}
		res := triOf(name == "all")
		for _, e := range x.elems() {
			t := e.truth()
			if name == "any" && t == triTrue || name == "all" && t == triFalse {
				return vbool(name == "any").tainted(capDep)
			}
			if t == triUnknown {
				res = triUnknown
			}
		}
		if res == triUnknown {
			return unknownIf(capDep)
		}
		return vbool(res == triTrue).tainted(capDep)
	case "abs":
		if x.k == vInt {
			if x.i < 0 {
				x.i = -x.i
			}
			return x
		}
	case "getattr":
		if n := arg(1); n.k == vStr {
			v := f.attr(x, n.text())
			if !v.known() && len(a.pos) > 2 {
				return unknownIf(capDep)
			}
			return v
		}
	}
	return unknownIf(capDep)
}

// execImport binds the names an import statement introduces.
func (f *frame) execImport(s nodeID) {
	m := f.mod
	p := f.w.prog
	switch m.kind(s) {
	case "import_statement":
		for _, k := range m.childrenBy(s, fName) {
			switch m.kind(k) {
			case "dotted_name":
				name := m.text(k)
				top := strings.SplitN(name, ".", 2)[0]
				f.assign(top, f.moduleValue(top))
			case "aliased_import":
				name := m.text(m.child(k, fName))
				f.assign(m.text(m.child(k, fAlias)), f.moduleValue(name))
			}
		}
	case "import_from_statement":
		target, absName := p.fromTarget(m, s)
		if m.firstNamed(s) != noNode {
			for k := range m.kids(s) {
				if m.kind(k) == "wildcard_import" && target != nil {
					for name, v := range f.w.moduleGlobals(target).m {
						if !strings.HasPrefix(name, "_") {
							f.assign(name, v)
						}
					}
					return
				}
			}
		}
		for _, k := range m.childrenBy(s, fName) {
			name, alias := m.text(k), m.text(k)
			if m.kind(k) == "aliased_import" {
				name = m.text(m.child(k, fName))
				alias = m.text(m.child(k, fAlias))
			}
			f.assign(alias, f.importName(target, absName, name))
		}
	}
}

// moduleValue is an imported module: scanned, or external by name.
func (f *frame) moduleValue(name string) Value {
	if t := f.w.prog.lookup(name, f.mod); t != nil {
		return vmodule(t)
	}
	return vext(name)
}

// importName is "from target import name": a submodule, a global of the
// module (its top level is evaluated, following re-exports), or external.
func (f *frame) importName(target *module, absName, name string) Value {
	if target == nil {
		return vext(absName + "." + name)
	}
	if target == f.mod {
		// `from cupy import cuda` in cupy/__init__.py imports the
		// submodule; any other name is the module's own, not bound yet.
		if sub := f.w.submodule(target, name); sub != nil {
			return vmodule(sub)
		}
		return unknown
	}
	if v, ok := f.w.moduleGlobals(target).get(name); ok {
		return v
	}
	if sub := f.w.submodule(target, name); sub != nil {
		return vmodule(sub)
	}
	return vext(absName + "." + name)
}
