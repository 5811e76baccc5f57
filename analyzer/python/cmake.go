package python

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/comment"
)

// CMake arch lists are read at the text level: commands and their
// arguments, without evaluating variables (a ${VAR} token is skipped).

func isCMake(p string) bool {
	b := path.Base(p)
	return b == "CMakeLists.txt" || strings.HasSuffix(b, ".cmake")
}

// cmakeArg is one argument of a command, unquoted, with its byte offsets.
type cmakeArg struct {
	text   string
	sb, eb int
}

type cmakeCmd struct {
	name   string
	sb, eb int
	args   []cmakeArg
}

// cmakeCommands splits a CMake file into commands. Comments and quoted
// strings are honored; bracket arguments are kept verbatim.
func cmakeCommands(src []byte) []cmakeCmd {
	var out []cmakeCmd
	i, n := 0, len(src)
	for i < n {
		c := src[i]
		switch {
		case c == '#':
			for i < n && src[i] != '\n' {
				i++
			}
		case isIdentStart(c):
			j := i
			for j < n && isIdentByte(src[j]) {
				j++
			}
			k := j
			for k < n && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			if k < n && src[k] == '(' {
				cmd, end := cmakeArgs(src, i, j, k+1)
				out = append(out, cmd)
				i = end
				continue
			}
			i = j
		default:
			i++
		}
	}
	return out
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentByte(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func cmakeArgs(src []byte, nameStart, nameEnd, i int) (cmakeCmd, int) {
	cmd := cmakeCmd{name: strings.ToLower(string(src[nameStart:nameEnd])), sb: nameStart}
	depth := 1
	n := len(src)
	for i < n {
		c := src[i]
		switch {
		case c == '#':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '"':
			j := i + 1
			for j < n && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			end := min(j, n)
			cmd.args = append(cmd.args, cmakeArg{text: string(src[i+1 : end]), sb: i, eb: min(end+1, n)})
			i = end + 1
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
			if depth == 0 {
				cmd.eb = i
				return cmd, i
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			j := i
			for j < n && !strings.ContainsRune(" \t\r\n()\"#", rune(src[j])) {
				j++
			}
			cmd.args = append(cmd.args, cmakeArg{text: string(src[i:j]), sb: i, eb: j})
			i = j
		}
	}
	cmd.eb = n
	return cmd, n
}

// cmakeSpecs reads a CMake list of architectures; ok is false when some
// token is neither an architecture nor a variable reference.
//
// CMake's own lists (CMAKE_CUDA_ARCHITECTURES, the CUDA_ARCHITECTURES
// property) build both SASS and PTX for an entry without -real or -virtual
// ("80" is "80-real;80-virtual"), so the PTX reaches newer GPUs through the
// driver's JIT: virtualToo marks such entries (an arch-specific 90a's PTX
// reaches 9.0 alone). A project's own variables (CUDA_SUPPORTED_ARCHS) mean
// what the project makes of them, so they are taken as listed.
func cmakeSpecs(args []cmakeArg, virtualToo bool) ([]archSpec, bool) {
	var out []archSpec
	for _, a := range args {
		if strings.Contains(a.text, "arch=") {
			sp, _ := gencodeSpecs(a.text)
			out = append(out, sp...)
			continue
		}
		for _, t := range strings.FieldsFunc(a.text, func(r rune) bool { return r == ';' || r == ' ' }) {
			if strings.Contains(t, "${") || strings.Contains(t, "$ENV{") {
				continue
			}
			switch strings.ToLower(t) {
			case "native", "all", "all-major":
				return nil, false
			}
			s, ok := parseArch(strings.TrimSuffix(strings.TrimSuffix(t, "-real"), "-virtual"))
			if !ok {
				return nil, false
			}
			switch {
			case strings.HasSuffix(t, "-virtual"):
				s.ptx = true
			case virtualToo && !strings.HasSuffix(t, "-real") && s.suffix == "":
				s.ptx, s.alsoSASS = true, true
			}
			out = append(out, s)
		}
	}
	return out, len(out) > 0
}

// cmakeGates finds the arch lists of a CMake file configured under the
// CUDA toolkit cuda (cmakeBlocks).
func cmakeGates(s Source, caps []Capability, cuda [2]int) []Gate {
	lines := newLineIndex(s.Src)
	var out []Gate
	// add makes a gate of the lists vals of cmds (one command, or the
	// commands that fill one list), at the first non-empty one; not of a
	// list that only names the architecture its variable is for. cache
	// says the list is the default of the cache variable name.
	add := func(name string, cmds []cmakeCmd, vals [][]cmakeArg, cache, cmakes bool) *Gate {
		var all []cmakeArg
		first := -1
		for i, v := range vals {
			if len(v) > 0 && first < 0 {
				first = i
			}
			all = append(all, v...)
		}
		if first < 0 {
			return nil
		}
		specs, ok := cmakeSpecs(all, cmakes || name == "CMAKE_CUDA_ARCHITECTURES")
		if !ok || archBucket(name, specs) {
			return nil
		}
		var expr []string
		for _, c := range cmds {
			expr = append(expr, string(s.Src[c.sb:c.eb]))
		}
		at := vals[first]
		g := Gate{Root: s.Root, Path: s.Path, Kind: KindCMakeArchs, Expr: strings.Join(expr, "\n"), Function: cmds[0].name,
			IsTest: IsTestPath(s.Path)}
		g.Line, g.Col = lines.pos(uint32(at[0].sb))
		g.EndLine, g.EndCol = lines.pos(uint32(at[len(at)-1].eb))
		// A list on the command's next line has its reason above the
		// command.
		g.Comment = comment.About(s.Src, at[0].sb, cmds[first].sb, comment.Hash)
		g.Branch, g.Outcomes, g.Admits = listGate(specs, caps)
		g.Refusal = g.Outcomes[len(g.Outcomes)-1]
		if cache {
			g.CacheVar = name
			g.Outcomes[0] += " (default; -D" + name + "=... can change it)"
		}
		return &g
	}
	one := func(cmd cmakeCmd, vals []cmakeArg, cmakes bool) {
		if g := add("", []cmakeCmd{cmd}, [][]cmakeArg{vals}, false, cmakes); g != nil {
			out = append(out, *g)
		}
	}
	// A kernel family's variants are built one after another from one
	// variable: vllm's cuda_archs_loose_intersection(SCALED_MM_ARCHS
	// "9.0a;" ...) builds scaled_mm_c3x_sm90, the next one, "12.0f",
	// scaled_mm_c3x_sm120, the next "10.0f;11.0f" the SM100 variant. A
	// GPU one of them builds for is served by the family, not shut out by
	// the others: each list's gate sends it to that variant. The run ends
	// where the intersection of another variable comes (FP4_ARCHS), and
	// the same variable further down is another family (the grouped
	// GEMMs' SCALED_MM_ARCHS "9.0a", whose 12.0 has no variant).
	var run []*Gate
	var runName string
	flush := func() {
		siblingVariants(run, caps)
		for _, g := range run {
			out = append(out, *g)
		}
		run, runName = nil, ""
	}
	// A list a file appends to holds, at most, what its set and the
	// appends after it put there: list(APPEND CUTLASS_NVCC_ARCHS_SUPPORTED
	// 89 90) is one step of a list that gets 100 120 121 a few lines down,
	// under other conditions, and no step is the list. Such a list is one
	// gate, of that union. An append extends the variable's last set made
	// in its own if arm or one around it; a set in another arm (if
	// x86_64 ... elseif aarch64: set(... 72-real 87-real)) is another list,
	// and so is each set that nothing appends to.
	var lists []*archList
	last := map[string][]*archList{}
	blocks := cmakeBlocks{cuda: cuda}
	// flagLists are the variables a set gave gencode flags among others.
	flagLists := map[string]bool{}
	// cmakeFed are the variables whose list becomes CMake's own
	// (set(CMAKE_CUDA_ARCHITECTURES ${CUDAARCHS}), a target's
	// CUDA_ARCHITECTURES ${X}): their entries build PTX too, as
	// CMake's do (cmakeSpecs).
	cmakeFed := map[string]bool{}
	feeds := func(args []cmakeArg) {
		for _, a := range args {
			if v, ok := strings.CutPrefix(a.text, "${"); ok && strings.HasSuffix(v, "}") && !strings.Contains(v, "${") {
				cmakeFed[strings.TrimSuffix(v, "}")] = true
			}
		}
	}
	// appendTo extends the variable's last set made in the command's own
	// if arm or one around it with vals.
	appendTo := func(name string, cmd cmakeCmd, vals []cmakeArg) {
		arms := blocks.arms()
		var l *archList
		for i := len(last[name]) - 1; i >= 0; i-- {
			// The set's arms are a prefix of the append's: the same
			// arm, or one the append is nested in.
			if c := last[name][i]; len(c.arms) <= len(arms) && slices.Equal(c.arms, arms[:len(c.arms)]) {
				l = c
				break
			}
		}
		if l == nil {
			// Appends with no set before them: they extend whatever
			// the list held, so they make one list together, wherever
			// they are.
			l = &archList{name: name}
			lists = append(lists, l)
			last[name] = append(last[name], l)
		}
		l.cmds, l.vals, l.appended = append(l.cmds, cmd), append(l.vals, vals), true
	}
	// clangArch are the variables given to clang as --cuda-gpu-arch=${X};
	// emitsLLVM is set when the file's clang flags ask for LLVM IR
	// (bitcodeLists).
	clangArch := map[string]bool{}
	emitsLLVM := false
	for _, cmd := range cmakeCommands(s.Src) {
		blocks.step(s.Src, cmd)
		if !blocks.configured() {
			continue
		}
		for _, a := range cmd.args {
			if v, ok := strings.CutPrefix(a.text, "--cuda-gpu-arch=${"); ok && strings.HasSuffix(v, "}") {
				clangArch[strings.TrimSuffix(v, "}")] = true
			}
			emitsLLVM = emitsLLVM || a.text == "-emit-llvm"
		}
		switch cmd.name {
		case "set":
			if len(cmd.args) < 1 {
				continue
			}
			name, vals := cmd.args[0].text, cmd.args[1:]
			if name == "CMAKE_CUDA_ARCHITECTURES" {
				feeds(vals)
			}
			// set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} -gencode ...")
			// extends the variable as list(APPEND) does.
			self := slices.ContainsFunc(vals, func(a cmakeArg) bool { return strings.Contains(a.text, "${"+name+"}") })
			if !strings.Contains(strings.ToUpper(name), "ARCH") {
				// A flags variable holding gencode flags (sgl-kernel's
				// SGL_FLASH_KERNEL_CUDA_FLAGS, given to the FA3 target):
				// its gencode flags are the list.
				if vals = gencodeArgs(vals); len(vals) == 0 {
					continue
				}
				flagLists[name] = true
			}
			if self {
				appendTo(name, cmd, vals)
				continue
			}
			cache := false
			for i, a := range vals {
				if a.text == "CACHE" || a.text == "PARENT_SCOPE" {
					vals, cache = vals[:i], a.text == "CACHE"
					break
				}
			}
			l := &archList{name: name, arms: blocks.arms(), cmds: []cmakeCmd{cmd}, vals: [][]cmakeArg{vals}, cache: cache}
			lists = append(lists, l)
			last[l.name] = append(last[l.name], l)
		case "list":
			if len(cmd.args) < 3 || !strings.EqualFold(cmd.args[0].text, "APPEND") {
				continue
			}
			appended := cmd.args[2:]
			if !strings.Contains(strings.ToUpper(cmd.args[1].text), "ARCH") {
				if !flagLists[cmd.args[1].text] {
					continue
				}
				appended = gencodeArgs(appended)
			}
			appendTo(cmd.args[1].text, cmd, appended)
		case "cuda_archs_loose_intersection":
			if len(cmd.args) >= 2 {
				if cmd.args[0].text != runName {
					flush()
				}
				runName = cmd.args[0].text
				if g := add("", []cmakeCmd{cmd}, [][]cmakeArg{cmd.args[1:2]}, false, false); g != nil {
					run = append(run, g)
				}
			}
		default:
			for i, a := range cmd.args {
				if a.text == "CUDA_ARCHITECTURES" && i+1 < len(cmd.args) {
					feeds(cmd.args[i+1 : i+2])
					one(cmd, cmd.args[i+1:i+2], true)
					break
				}
				if strings.Contains(a.text, "arch=compute_") {
					one(cmd, []cmakeArg{a}, false)
				}
			}
		}
	}
	flush()
	for _, l := range lists {
		if g := add(l.name, l.cmds, l.vals, l.cache && !l.appended, cmakeFed[l.name]); g != nil {
			g.Bitcode = emitsLLVM && clangArch[l.name]
			out = append(out, *g)
		}
	}
	sortGates(out)
	return out
}

// siblingVariants sends each capability a list of the run leaves out to a
// sibling list of the run that builds for it (cmakeGates): "built by the
// variant at line N" is one more outcome of the list, not its refusal.
func siblingVariants(run []*Gate, caps []Capability) {
	for _, g := range run {
		for _, o := range run {
			if o == g {
				continue
			}
			out := -1
			for c, b := range g.Branch {
				if b >= 0 || o.Branch[c] < 0 {
					continue
				}
				if out < 0 {
					g.Outcomes = append(g.Outcomes, "built by the variant of line "+strconv.Itoa(o.Line)+": "+o.Outcomes[0])
					out = len(g.Outcomes) - 1
				}
				g.Branch[c] = out
			}
		}
		g.Admits = g.Admits[:0]
		for c, b := range g.Branch {
			if b >= 0 {
				g.Admits = append(g.Admits, caps[c])
			}
		}
	}
}

// gencodeArgs are the arguments that are gencode flags
// ("-gencode=arch=compute_90a,code=sm_90a").
func gencodeArgs(args []cmakeArg) []cmakeArg {
	var out []cmakeArg
	for _, a := range args {
		if strings.Contains(a.text, "arch=compute_") || strings.Contains(a.text, "code=sm_") {
			out = append(out, a)
		}
	}
	return out
}

// archList is one list an arch variable holds: a set and the appends that
// extend it, or appends with no set before them (arms nil).
type archList struct {
	name     string
	arms     []int // the if arms around its set (cmakeBlocks.arms)
	cmds     []cmakeCmd
	vals     [][]cmakeArg
	appended bool
	cache    bool // the set is a cache variable's default
}

// archBucketRE finds the architecture a variable is named for:
// GEMM2_SM90_ARCHS, SM100_ARCHS.
var archBucketRE = regexp.MustCompile(`(?:^|_)SM_?(\d{2,3})(?:_|$)`)

// archBucket reports a list that names only the architecture its variable
// is for (set(GEMM2_SM90_ARCHS "90"): the SM90 kernels' own list, beside
// other lists for other GPUs): it shuts nothing out by itself.
func archBucket(name string, specs []archSpec) bool {
	m := archBucketRE.FindStringSubmatch(strings.ToUpper(name))
	if m == nil {
		return false
	}
	n, _ := strconv.Atoi(m[1])
	for _, sp := range specs {
		if sp.cap.Major != n/10 {
			return false
		}
	}
	return true
}
