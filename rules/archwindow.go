package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/python"
)

// archWindow is the architectures a definition's name says it is for, as
// __CUDA_ARCH__ values: enable_sm80_to_sm89 is for 800 up to 890, not
// included (every such wrapper found, vllm's four, keeps its range
// half-open: `>= 800 && < 890`, and enable_sm100_to_sm120's own message
// says "sm[100, 120)"),
// enable_sm90_or_later for 900 and up, enable_sm100f_only for the 10.x
// family, enable_sm90_only and enable_sm90 for 900 alone.
type archWindow struct {
	lo, hi int // inclusive bounds; hi 0: no upper bound
	text   string
}

// The window shapes a name can spell. A bare architecture in a name
// (CUTLASS's SM90_TMA_LOAD_2D, a namespace SM90) is where the code
// begins, not a window: CUTLASS uses its SM90 atoms on every later GPU.
var (
	windowRangeRE  = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])sm_?(\d{2,3})[af]?_?to_?sm_?(\d{2,3})(?:[^0-9]|$)`)
	windowLaterRE  = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])sm_?(\d{2,3})[af]?_?(?:or|and)_?(?:later|newer|above|up)(?:[^a-z0-9]|$)`)
	windowFamilyRE = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])sm_?(\d{2,3})(?:f|_?family)(?:[^a-z0-9]|$)`)
	// One architecture: "only" after it, an arch-specific "a" build,
	// or a wrapper that enables it (flash-attention's enable_sm90).
	windowOneRE = regexp.MustCompile(`(?i)(?:(?:^|[^a-z0-9])sm_?(\d{2,3})(a?)_?only|(?:^|[^a-z0-9])sm_?(\d{2,3})(a)|(?:^|[^a-z0-9])enable_?sm_?(\d{2,3})())(?:[^a-z0-9]|$)`)
)

// nameWindow is the window name names, and whether it names one.
func nameWindow(name string) (archWindow, bool) {
	num := func(s string) int { n, _ := strconv.Atoi(s); return n * 10 }
	if m := windowRangeRE.FindStringSubmatch(name); m != nil {
		lo, end := num(m[1]), num(m[2])
		return archWindow{lo: lo, hi: end - 1, text: fmt.Sprintf("sm_%d up to sm_%d (not included)", lo/10, end/10)}, lo < end
	}
	if m := windowLaterRE.FindStringSubmatch(name); m != nil {
		lo := num(m[1])
		return archWindow{lo: lo, text: fmt.Sprintf("sm_%d and later", lo/10)}, true
	}
	if m := windowFamilyRE.FindStringSubmatch(name); m != nil {
		lo := num(m[1])
		return archWindow{lo: lo, hi: lo/100*100 + 90, text: fmt.Sprintf("the sm_%df family", lo/10)}, true
	}
	if m := windowOneRE.FindStringSubmatch(name); m != nil {
		for i := 1; i+1 < len(m); i += 2 {
			if m[i] != "" {
				a := num(m[i])
				return archWindow{lo: a, hi: a, text: fmt.Sprintf("sm_%d%s", a/10, strings.ToLower(m[i+1]))}, true
			}
		}
	}
	return archWindow{}, false
}

// holds reports whether the window is for the __CUDA_ARCH__ value arch.
func (w archWindow) holds(arch int) bool {
	return arch >= w.lo && (w.hi == 0 || arch <= w.hi)
}

// windowScope is a definition whose name names the window a chain in it
// keeps to (namedWindow), and the definitions of its file named for
// windows that hold the target.
type windowScope struct {
	in        cst.Scope
	w         archWindow
	forTarget []cst.Scope
	// dir: no definition names the window, the file's directory does
	// (FlashMLA's csrc/sm100/...); file: the file's name does
	// (sm90_gemm_tma.hpp).
	dir, file string
}

// archDirRE is a directory named for one architecture: sm100, sm_90a;
// archFileRE a file name that starts with one: sm90_gemm_tma.hpp;
// archFileSuffixRE one that ends with an architecture-specific build:
// block_sparse_kernel_sm100a.cuh (a plain copy_sm90.h may hold TMA code
// later GPUs use too).
var (
	archDirRE        = regexp.MustCompile(`(?i)^sm_?(\d{2,3})[af]?$`)
	archFileRE       = regexp.MustCompile(`(?i)^sm_?(\d{2,3})[af]?_`)
	archFileSuffixRE = regexp.MustCompile(`(?i)_sm_?(\d{2,3})[af]\.[a-z]+$`)
)

// keepsTo says whether a chain or check that admits admitted (the
// __CUDA_ARCH__ scale) keeps to w against target: w holds some of them and
// not the target.
func (w archWindow) keepsTo(admitted []int, target int) bool {
	return !w.holds(target) && slices.ContainsFunc(admitted, w.holds)
}

// pathWindow is the architecture the innermost directory of path named
// for one names (csrc/sm100/prefill/kernel.hpp: sm_100), with that
// directory, or else the one the file's name names, from Hopper on: at
// its start (CUTLASS's kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp,
// flux's sm90_all_gather_gemm_*.hpp: Hopper's warp-specialized kernels),
// as an architecture-specific build at its end (*_sm100a.cuh), or as a
// datacenter product (productFileRE: *_h100.cu). An Ampere or Ada file
// name is no window: their code runs on every later GPU.
func pathWindow(path string) (windowScope, bool) {
	parts := strings.Split(path, "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if m := archDirRE.FindStringSubmatch(parts[i]); m != nil {
			a, _ := strconv.Atoi(m[1])
			return windowScope{w: archWindow{lo: a * 10, hi: a * 10, text: "sm_" + m[1]}, dir: strings.Join(parts[:i+1], "/")}, true
		}
	}
	base := parts[len(parts)-1]
	m := archFileRE.FindStringSubmatch(base)
	if m == nil {
		m = archFileSuffixRE.FindStringSubmatch(base)
	}
	if m != nil {
		if a, _ := strconv.Atoi(m[1]); a >= 90 {
			return windowScope{w: archWindow{lo: a * 10, hi: a * 10, text: "sm_" + m[1]}, file: base}, true
		}
	}
	if m := productFileRE.FindStringSubmatch(base); m != nil {
		name := m[1] + m[2]
		a := productArch[strings.ToLower(name)]
		return windowScope{w: archWindow{lo: a * 10, hi: a * 10, text: fmt.Sprintf("sm_%d (%s)", a, name)}, file: base}, true
	}
	return windowScope{}, false
}

// productFileRE is a file name that starts or ends with a datacenter
// GPU's product name from Hopper on (ThunderKittens' block_sparse_h100.cu,
// FastVideo's st_attn_h100.cu): the kernels of that product's
// architecture (productArch).
var productFileRE = regexp.MustCompile(`(?i)(?:_|^)(h100|h200|h800|h20|gh200|b100|b200|gb200|b300|gb300)\.[a-z]+$|^(h100|h200|h800|h20|gh200|b100|b200|gb200|b300|gb300)_`)

// productArch is the architecture of each product productFileRE names.
var productArch = map[string]int{
	"h100": 90, "h200": 90, "h800": 90, "h20": 90, "gh200": 90,
	"b100": 100, "b200": 100, "gb200": 100, "b300": 103, "gb300": 103,
}

// namedWindow finds the definition around line of file whose name names
// the window a chain there keeps to: the innermost with a name that
// names architectures, when that window holds every architecture in
// admitted and not target. A wrapper such as vllm's enable_sm80_to_sm89
// (`#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 890` around the kernel
// call, a trap in the #else) refuses other GPUs as its contract: the host
// code that picks a wrapper per GPU decides whether the target ever
// reaches it.
func (c *Context) namedWindow(file *cpp.File, line int, admitted []int, target int) (windowScope, bool) {
	if c.Structure == nil || len(admitted) == 0 {
		return windowScope{}, false
	}
	scopes := c.Structure.Scopes(file)
	var ws windowScope
	found := false
	for i := len(scopes) - 1; i >= 0 && !found; i-- {
		s := scopes[i]
		if line < s.StartLine || line > s.EndLine {
			continue
		}
		win, named := nameWindow(s.Name)
		if !named {
			continue
		}
		if win.holds(target) || slices.ContainsFunc(admitted, func(a int) bool { return !win.holds(a) }) {
			return windowScope{}, false
		}
		ws, found = windowScope{in: s, w: win}, true
	}
	if !found {
		// A file under a directory named for one architecture holds
		// that architecture's code (FlashMLA's csrc/sm100/, compiled for
		// 10.0f alone): a chain there that admits it and not the target
		// keeps to the directory's purpose, whatever else it admits.
		if ws, ok := pathWindow(file.Path); ok && ws.w.keepsTo(admitted, target) {
			return ws, true
		}
		return windowScope{}, false
	}
	for _, s := range scopes {
		if win, named := nameWindow(s.Name); named && win.holds(target) && s.Name != ws.in.Name {
			ws.forTarget = append(ws.forTarget, s)
		}
	}
	return ws, true
}

// by says, for the finding's "by design" property and its text line,
// which definition the chain is in and which of the file's admit the
// target.
func (ws windowScope) by(tName string) string {
	if ws.dir != "" {
		return fmt.Sprintf("the file is under %s/, named for %s", ws.dir, ws.w.text)
	}
	if ws.file != "" {
		return fmt.Sprintf("the file %s is named for %s", ws.file, ws.w.text)
	}
	s := fmt.Sprintf("%s (line %d) is named for %s", ws.in.Name, ws.in.StartLine, ws.w.text)
	if len(ws.forTarget) > 0 {
		names := make([]string, len(ws.forTarget))
		for i, t := range ws.forTarget {
			names[i] = fmt.Sprintf("%s (line %d)", t.Name, t.StartLine)
		}
		s += fmt.Sprintf("; %s admit%s %s", andList(names), singularVerb(len(names)), tName)
	}
	return s
}

// mark makes f a note that says its range is the definition's window.
func (ws windowScope) mark(f *finding.Finding, tName string) {
	f.Level = finding.LevelNote
	switch {
	case ws.dir != "":
		f.Message += fmt.Sprintf(" Its file is under %s/, which is named for %s: the code there is that architecture's, so shutting %s out is by design, "+
			"and a bug only where the build or host code sends %s there.", ws.dir, ws.w.text, tName, tName)
	case ws.file != "":
		f.Message += fmt.Sprintf(" Its file, %s, is named for %s: the code in it is that architecture's, so shutting %s out is by design, "+
			"and a bug only where the build or host code sends %s there.", ws.file, ws.w.text, tName, tName)
	default:
		f.Message += fmt.Sprintf(" It is inside %s, which is named for %s: keeping to that range is its contract, so shutting %s out is by design, "+
			"and a bug only where host code picks %s for %s.", ws.in.Name, ws.w.text, tName, ws.in.Name, tName)
	}
	if f.Properties == nil {
		f.Properties = map[string]any{}
	}
	f.Properties["byDesign"] = ws.by(tName)
}

// smTokenRE finds an architecture spelled in a name; smTokens decides
// whether it is a word of its own.
var smTokenRE = regexp.MustCompile(`(?i)sm_?([0-9]{2,3})`)

// smTokens are the architectures a name spells as words of their own, as
// their numbers (100 for sm100): sm100 in
// get_candidate_configs_sm100_dynamic_cluster_shape, Sm100 in
// CheckSm100Family, SM90 in CutlassTileConfigSM90, sm_90a; not the sm of
// prism90, nor a number that goes on (sm1000, sm90x).
func smTokens(name string) []int {
	lower := func(b byte) bool { return b >= 'a' && b <= 'z' }
	upper := func(b byte) bool { return b >= 'A' && b <= 'Z' }
	digit := func(b byte) bool { return b >= '0' && b <= '9' }
	alnum := func(b byte) bool { return lower(b) || upper(b) || digit(b) }
	// A word ends at j: at the end, before a separator, or where camel
	// case starts the next word (Sm100Family).
	ends := func(j int) bool { return j == len(name) || !alnum(name[j]) || upper(name[j]) }
	var out []int
	for _, m := range smTokenRE.FindAllStringSubmatchIndex(name, -1) {
		i, j := m[0], m[1]
		if i > 0 && alnum(name[i-1]) && !(name[i] == 'S' && (lower(name[i-1]) || digit(name[i-1]))) {
			continue
		}
		if j < len(name) && strings.ContainsRune("afAF", rune(name[j])) && ends(j+1) {
			j++ // sm_90a, sm100f
		}
		if !ends(j) {
			continue
		}
		n, _ := strconv.Atoi(name[m[2]:m[3]])
		out = append(out, n)
	}
	return out
}

// familyWindow is the family of GPUs a C++ host function's name names by
// one architecture (get_candidate_configs_sm100_dynamic_cluster_shape:
// sm_100, the 10.x GPUs; DeepGEMM's sm90_fp8_mqa_logits: the 9.x), when
// every architecture it spells is of one major from Hopper on, whose
// kernels run on that family alone (sm_90a's wgmma, sm_100a's tcgen05).
// A name for an older one (run_sm80) is no window: Ampere's and Ada's
// kernels run on every later GPU, sm_120 among them, and host code sends
// them there on purpose.
func familyWindow(name string) (archWindow, bool) {
	ts := smTokens(name)
	if len(ts) == 0 {
		return archWindow{}, false
	}
	major := ts[0] / 10
	for _, n := range ts {
		if n/10 != major {
			return archWindow{}, false
		}
	}
	if major < 9 {
		return archWindow{}, false
	}
	return archWindow{lo: major * 100, hi: major*100 + 90, text: fmt.Sprintf("sm_%d (the %d.x GPUs)", ts[0], major)}, true
}

// hostWindow is the window the place of a C++ host check keeps to: the
// function it is in named for a window (nameWindow: enable_sm90_only) or
// for one architecture family (familyWindow), or else its file under a
// directory named for one architecture or named for one (pathWindow), when that window
// holds some of admitted (the __CUDA_ARCH__ scale: 1000 for 10.0) and not
// target. flashinfer's get_candidate_configs_sm100_dynamic_cluster_shape
// tests `sm == 100` to pick among SM100 configs, and its caller calls it
// for 10.x and 11.x alone: 12.0 not getting 10.0's configs there is the
// function's purpose, and a bug only where host code calls it for 12.0.
func hostWindow(g *python.Gate, admitted []int, target int) (windowScope, bool) {
	if g.DefName != "" {
		w, named := nameWindow(g.DefName)
		if !named {
			w, named = familyWindow(g.DefName)
		}
		if named {
			return windowScope{in: cst.Scope{Name: g.DefName, StartLine: g.DefLine}, w: w}, w.keepsTo(admitted, target)
		}
	}
	if ws, ok := pathWindow(g.Path); ok && ws.w.keepsTo(admitted, target) {
		return ws, true
	}
	return windowScope{}, false
}

// deviceArchs are the __CUDA_ARCH__ values of the device passes in picks.
func (c *Context) deviceArchs(in func(p int) bool) []int {
	var out []int
	for p, a := range c.Passes {
		if !a.Host && in(p) {
			out = append(out, a.CudaArch())
		}
	}
	return out
}
