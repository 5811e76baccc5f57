package python

import (
	"iter"
	"regexp"
	"strings"

	"github.com/archlint/archlint/analyzer/comment"
	"github.com/archlint/archlint/analyzer/walk"
)

// KindScriptArchs is an arch list a Dockerfile or a shell script sets for
// the builds that run after it: TORCH_CUDA_ARCH_LIST, which torch's
// extension builder reads, or CMAKE_CUDA_ARCHITECTURES.
const KindScriptArchs = "script-arch-list"

// isBuildScript reports a Dockerfile (Dockerfile, Dockerfile.cu12,
// cuda.Dockerfile, Containerfile) or a shell script (.sh, .bash): where
// images and wheels are built, and the arch list of the build is set.
func isBuildScript(p string) bool { return walk.KindOf(p) == walk.KindScript }

// scriptAssignRE finds an assignment in a Dockerfile or shell line:
// `ENV NAME=value`, `ARG name=value`, `export NAME=value`, `NAME=value cmd`
// and cmake's `-DNAME=value`, the value quoted or a bare word.
// scriptEnvRE is Dockerfile's older `ENV NAME value`.
var (
	scriptAssignRE = regexp.MustCompile(`(?:^|[\s;&|(])(?:-D)?([A-Za-z_][A-Za-z0-9_]*)=("[^"\n]*"|'[^'\n]*'|[^\s"'\\;&|)]+)`)
	scriptEnvRE    = regexp.MustCompile(`(?m)^[ \t]*ENV[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+("[^"\n]*"|'[^'\n]*'|[^\s"'\\]+)[ \t]*$`)
)

// scriptListVar says which arch list a variable of a build script is:
// TORCH_CUDA_ARCH_LIST itself or one named for it (vllm's
// FI_TORCH_CUDA_ARCH_LIST, sglang's CHOSEN_TORCH_CUDA_ARCH_LIST, the
// Dockerfile ARG torch_cuda_arch_list its ENV reads), or CMake's
// CMAKE_CUDA_ARCHITECTURES / CUDA_ARCHITECTURES; "" for any other.
func scriptListVar(name string) string {
	up := strings.ToUpper(name)
	switch {
	case strings.HasSuffix(up, "TORCH_CUDA_ARCH_LIST"):
		return "TORCH_CUDA_ARCH_LIST"
	case up == "CMAKE_CUDA_ARCHITECTURES" || up == "CUDA_ARCHITECTURES":
		return "CMAKE_CUDA_ARCHITECTURES"
	}
	return ""
}

// scriptGates finds the literal arch lists a build script assigns. A value
// that reads a variable (`TORCH_CUDA_ARCH_LIST=${torch_cuda_arch_list}`)
// is left: the literal it comes from is a gate of its own where it is
// assigned. Comment lines are skipped.
func scriptGates(s Source, caps []Capability) []Gate {
	out := shellListGates(s, newLineIndex(s.Src), string(s.Src), 0, KindScriptArchs, caps)
	sortGates(out)
	return out
}

// Shell lines that set a variable for the steps of a GitHub Actions job
// after them, and PowerShell's assignment to the environment:
//
//	echo "TORCH_CUDA_ARCH_LIST=8.0;9.0" >> "$GITHUB_ENV"
//	echo "TORCH_CUDA_ARCH_LIST=8.0;9.0" | tee -a $GITHUB_ENV
//	$env:TORCH_CUDA_ARCH_LIST = '8.0 9.0'
var (
	scriptGitHubEnvRE = regexp.MustCompile(`(?:^|[\s;&|(])(?:echo|printf|Write-Output|Add-Content[^"'\n]*?)[ \t]+(?:-[A-Za-z]+[ \t]+)*(?:"([A-Za-z_][A-Za-z0-9_]*)=([^"\n]*)"|'([A-Za-z_][A-Za-z0-9_]*)=([^'\n]*)'|([A-Za-z_][A-Za-z0-9_]*)=([^\s"'\\;&|)]+))[^\n]*GITHUB_ENV`)
	scriptPSEnvRE     = regexp.MustCompile(`\$env:([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*("[^"\n]*"|'[^'\n]*'|[^\s"'#;]+)`)
)

// shellListGates finds the literal arch lists the shell text text assigns:
// text is s.Src[lo:lo+len(text)], or a copy of it with parts blanked out
// (a workflow's Python heredocs), so offsets into it are the file's less
// lo. Each gate is of the kind given.
func shellListGates(s Source, lines lineIndex, text string, lo int, kind string, caps []Capability) []Gate {
	src := text
	var out []Gate
	seen := map[int]bool{}
	add := func(name, value string, sb, eb int) {
		if seen[sb] {
			// `echo NAME=value >> $GITHUB_ENV` is an assignment too.
			return
		}
		seen[sb] = true
		ls := strings.LastIndexByte(src[:sb], '\n') + 1
		// In a comment: a '#' first on the line or after a blank.
		if i := strings.IndexByte(src[ls:sb], '#'); i == 0 || i > 0 && strings.ContainsRune(" \t", rune(src[ls+i-1])) {
			return
		}
		// The keyword that assigns it, in the expression shown.
		before := strings.TrimRight(src[ls:sb], " \t")
		for _, kw := range []string{"ARG", "ENV", "export"} {
			if strings.HasSuffix(before, kw) && (len(before) == len(kw) || strings.ContainsRune(" \t;&|(", rune(before[len(before)-len(kw)-1]))) {
				sb = ls + len(before) - len(kw)
				break
			}
		}
		g, ok := archListGate(s, lines, kind, name, value, lo+sb, lo+eb, caps)
		if !ok {
			return
		}
		if extraBuild(src, sb, value) {
			return
		}
		switch armVar, vals := scriptArm(src, sb); {
		case scriptToolkitVarRE.MatchString(armVar):
			g.Toolkits = vals
		case scriptDeviceVarRE.MatchString(armVar):
			// The GPU the build runs on picks this list (FastVideo's
			// `if [ "${cc_major}" = "9" ]; then export
			// TORCH_CUDA_ARCH_LIST="9.0a"`): one arm per device, no
			// fixed list, as in Python.
			return
		}
		out = append(out, g)
	}
	for _, m := range scriptAssignRE.FindAllStringSubmatchIndex(src, -1) {
		// The match may start at the separator before the name.
		sb := m[2]
		if sb >= 2 && src[sb-2:sb] == "-D" {
			sb -= 2
		}
		add(src[m[2]:m[3]], src[m[4]:m[5]], sb, m[5])
	}
	for _, m := range scriptEnvRE.FindAllStringSubmatchIndex(src, -1) {
		add(src[m[2]:m[3]], src[m[4]:m[5]], m[2], m[5])
	}
	for _, m := range scriptGitHubEnvRE.FindAllStringSubmatchIndex(src, -1) {
		for k := 2; k+3 < len(m); k += 4 {
			if m[k] >= 0 {
				add(src[m[k]:m[k+1]], src[m[k+2]:m[k+3]], m[k], m[k+3])
				break
			}
		}
	}
	for _, m := range scriptPSEnvRE.FindAllStringSubmatchIndex(src, -1) {
		add(src[m[2]:m[3]], src[m[4]:m[5]], m[0], m[5])
	}
	return out
}

// archListGate is the gate of the literal list value set into the
// variable name, shown as s.Src[sb:eb]: none when name is no arch list's
// (scriptListVar) or the value is empty, reads a variable or names no
// architecture.
func archListGate(s Source, lines lineIndex, kind, name, value string, sb, eb int, caps []Capability) (Gate, bool) {
	v := scriptListVar(name)
	if v == "" {
		return Gate{}, false
	}
	val := strings.Trim(value, `"'`)
	if val == "" || strings.ContainsAny(val, "$`") {
		return Gate{}, false
	}
	var specs []archSpec
	ok := false
	if v == "CMAKE_CUDA_ARCHITECTURES" {
		specs, ok = cmakeSpecs([]cmakeArg{{text: val}}, true)
	} else {
		specs, ok = specsOf(val)
	}
	if !ok {
		return Gate{}, false
	}
	g := Gate{Root: s.Root, Path: s.Path, Kind: kind, Expr: string(s.Src[sb:eb]), Function: name, EnvVar: v,
		IsTest: kind == KindScriptArchs && IsTestPath(s.Path)}
	g.Line, g.Col = lines.pos(uint32(sb))
	g.EndLine, g.EndCol = lines.pos(uint32(eb))
	g.Comment = comment.About(s.Src, sb, -1, comment.Hash)
	g.Branch, g.Outcomes, g.Admits = listGate(specs, caps)
	g.Refusal = g.Outcomes[len(g.Outcomes)-1]
	return g, true
}

// Shell tests of the toolkit's version around a build script's assignment:
// a case arm's patterns (`12.6.1) \`, `12.9.1|13.0.1)`), the case word,
// and an if or elif that compares a variable with a version.
var (
	scriptArmRE        = regexp.MustCompile(`^\(?[ \t]*([0-9][0-9.*]*(?:[ \t]*\|[ \t]*[0-9][0-9.*]*)*)[ \t]*\)`)
	scriptCaseRE       = regexp.MustCompile(`\bcase[ \t]+("[^"]*"|\S+)[ \t]+in\b`)
	scriptIfRE         = regexp.MustCompile(`^(?:el)?if[ \t]+\[\[?[ \t]+"?\$\{?([A-Za-z_][A-Za-z0-9_]*)[^ \t"]*"?[ \t]+==?[ \t]+"?([0-9][0-9.]*)"?[ \t]+\]`)
	scriptToolkitVarRE = regexp.MustCompile(`(?i)cuda|nvcc|cu_?ver`)
	// scriptDeviceVarRE is a variable the GPU's capability is read into
	// (cc_major, GPU_ARCH, compute_cap), tested by a variable that is not
	// the toolkit's (scriptToolkitVarRE first: CUDA_MAJOR is the
	// toolkit's).
	scriptDeviceVarRE = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:cc|sm|arch|gpu_arch|cap|capability|compute_cap|major|minor)(?:[^a-z]|$)`)
)

// scriptTestRE is one shell test of a variable against a version:
// `[[ "$CU_VERSION" == "cu126" ]]`, `[ "${CUDA_VERSION}" = "12.8" ]`.
var scriptTestRE = regexp.MustCompile(`\[\[?[ \t]+"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?[ \t]+==?[ \t]+"?(cu[0-9]{3,4}|[0-9][0-9.]*)"?[ \t]+\]\]?`)

// scriptIfTests reads an if or elif whose condition is tests of one
// variable joined by ||, perhaps over several lines (FBGEMM's nova
// script: `elif [[ "$CU_VERSION" == "cu126" ]] ||` then `[[ "$CU_VERSION"
// == "cu124" ]] || ...; then`), from its start up to the arm's code: the
// variable and the versions, a wheel tag's `cu126` read as 12.6; "" and
// nil for any other condition.
func scriptIfTests(text string) (string, []string) {
	cond, _, ok := strings.Cut(text, "then")
	if !ok {
		return "", nil
	}
	name := ""
	var vals []string
	rest := scriptTestRE.ReplaceAllStringFunc(cond, func(t string) string {
		m := scriptTestRE.FindStringSubmatch(t)
		if name == "" {
			name = m[1]
		} else if m[1] != name {
			name = "\x00" // tests of two variables
		}
		v := m[2]
		if tv, ok := toolkitVersion(v); ok {
			v = tv
		}
		vals = append(vals, v)
		return ""
	})
	rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "el"))
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "if"))
	for _, tok := range []string{"||", ";", "\\", "\n", "\t", " "} {
		rest = strings.ReplaceAll(rest, tok, "")
	}
	if name == "" || name == "\x00" || rest != "" {
		return "", nil
	}
	return name, vals
}

// extraBuild says whether the assignment at sb sets its list in an if
// that runs only where a list differs from that same value: FastVideo's
// Dockerfile builds its default wheel, then `if [[ ... && "${default_arch}"
// != "8.9" ]]; then export TORCH_CUDA_ARCH_LIST=8.9 && ./build.sh` an extra
// L40S wheel beside it. The default is judged where it is set; the extra
// build shuts nothing out. The lines above are read back to the if, at
// most 60.
func extraBuild(src string, sb int, value string) bool {
	v := strings.Trim(value, `"'`)
	if v == "" {
		return false
	}
	for _, line := range linesBack(src, sb) {
		switch {
		case strings.HasPrefix(line, "if ") || strings.HasPrefix(line, "elif "):
			for _, q := range []string{`"` + v + `"`, `'` + v + `'`, v + " ", v + "]"} {
				if strings.Contains(line, "!= "+q) {
					return true
				}
			}
			return false
		case strings.HasPrefix(line, "fi") || strings.HasPrefix(line, "else") || strings.Contains(line, ";;") ||
			strings.HasPrefix(line, "esac"):
			return false
		}
	}
	return false
}

// linesBack yields the lines of a build script from the one that holds
// offset sb (up to sb) upward, at most 60, each trimmed of blanks, a
// continuation's backslash and a Dockerfile's RUN, with where it starts.
func linesBack(src string, sb int) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		end := sb
		for range 60 {
			ls := strings.LastIndexByte(src[:end], '\n') + 1
			line := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(src[ls:end]), "\\"))
			line = strings.TrimSpace(strings.TrimPrefix(line, "RUN "))
			if !yield(ls, line) || ls == 0 {
				return
			}
			end = ls - 1
		}
	}
}

// scriptArm is the variable and the values of the shell test whose arm
// the assignment at sb sits in, and "" and nil when it sits in no such arm
// (an else, a default arm, a test of anything but a variable against
// numbers): sglang's DeepEP stage
//
//	case "$CUDA_VERSION" in
//	    12.6.1) CHOSEN_TORCH_CUDA_ARCH_LIST='9.0' ;;
//	    12.8.1) CHOSEN_TORCH_CUDA_ARCH_LIST='9.0;10.0' ;;
//
// or `if [ "$CUDA_VERSION" = "12.8" ]; then`, or `if [ "${cc_major}" =
// "9" ]`. The lines above it are read back to the arm's start, at most 60.
func scriptArm(src string, sb int) (string, []string) {
	for ls, line := range linesBack(src, sb) {
		switch {
		case strings.Contains(line, ";;") || strings.HasPrefix(line, "esac"):
			return "", nil
		case scriptArmRE.MatchString(line):
			arm := scriptArmRE.FindStringSubmatch(line)[1]
			// The case that holds the arm names the variable.
			for up := ls; up > 0; {
				ps := strings.LastIndexByte(src[:up-1], '\n') + 1
				if c := scriptCaseRE.FindStringSubmatch(src[ps : up-1]); c != nil {
					var out []string
					for _, v := range strings.Split(arm, "|") {
						out = append(out, strings.TrimSpace(v))
					}
					return c[1], out
				}
				up = ps
			}
			return "", nil
		case scriptIfRE.MatchString(line):
			m := scriptIfRE.FindStringSubmatch(line)
			return m[1], []string{m[2]}
		case strings.HasPrefix(line, "if ") || strings.HasPrefix(line, "elif "):
			return scriptIfTests(src[ls:sb])
		case strings.HasPrefix(line, "else") ||
			strings.HasPrefix(line, "fi") || scriptCaseRE.MatchString(line):
			return "", nil
		}
	}
	return "", nil
}
