package python

import (
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
	lines := newLineIndex(s.Src)
	src := string(s.Src)
	var out []Gate
	add := func(name, value string, sb, eb int) {
		v := scriptListVar(name)
		if v == "" {
			return
		}
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
		val := strings.Trim(value, `"'`)
		if val == "" || strings.ContainsAny(val, "$`") {
			return
		}
		var specs []archSpec
		ok := false
		if v == "CMAKE_CUDA_ARCHITECTURES" {
			specs, ok = cmakeSpecs([]cmakeArg{{text: val}}, true)
		} else {
			specs, ok = specsOf(val)
		}
		if !ok {
			return
		}
		g := Gate{Root: s.Root, Path: s.Path, Kind: KindScriptArchs, Expr: src[sb:eb], Function: name, EnvVar: v,
			IsTest: isTestPath(s.Path)}
		g.Line, g.Col = lines.pos(uint32(sb))
		g.EndLine, g.EndCol = lines.pos(uint32(eb))
		g.Comment = comment.About(s.Src, sb, -1, comment.Hash)
		g.Branch, g.Outcomes, g.Admits = listGate(specs, caps)
		g.Refusal = g.Outcomes[len(g.Outcomes)-1]
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
	sortGates(out)
	return out
}
