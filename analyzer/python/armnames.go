package python

import (
	"regexp"
	"slices"
	"strings"
)

// kernelNameRE finds a function named for the one architecture its kernels
// are built for, the architecture as its last word: SageAttention's
// `qk_int8_sv_f8_accum_f32_attn_inst_buf_sm90`, `fp4_gemm_sm100a`.
var kernelNameRE = regexp.MustCompile(`(?i)(?:^|_)sm_?[0-9]{2,3}[af]?$`)

// builderPrefixes start the names of functions that build, load or look up
// a module rather than run a kernel (leading underscores aside: sglang's
// `_load_fmha_sm100`): flashinfer's gen_..._sm90 and get_..._sm90 build
// modules that often serve 9.x to 12.x alike.
var builderPrefixes = []string{"gen_", "get_", "load_", "build_", "make_", "jit_", "compile_", "create_"}

// maxArmNames bounds the names kept for one arm.
const maxArmNames = 8

// kernelCalls are, for a Python check's arm (its block, or the statements
// after the check), the names of the functions it calls that are named
// for one architecture's kernels (kernelNameRE), in source order, each
// once: FastVideo's `if arch == "sm90":` calls SageAttention's
// `..._sm90` kernel, which uses wgmma and is built for sm_90a alone, and
// its else arm the sm89 kernel. The rules read them as a C++ host check's
// ArmNames. A name that builds or looks up a module is none, and neither
// is one with "module" or "config" in it.
func (m *module) kernelCalls(nodes ...nodeID) []string {
	var out []string
	for _, top := range nodes {
		for n := top; n < m.next(top) && len(out) < maxArmNames; n++ {
			if m.kind(n) != "call" {
				continue
			}
			name := m.calleeName(m.child(n, fFunction))
			if kernelName(name) && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// calleeName is the last name of a call's function: qattn.f is f.
func (m *module) calleeName(fn nodeID) string {
	switch m.kind(fn) {
	case "identifier":
		return m.text(fn)
	case "attribute":
		return m.text(m.child(fn, fAttribute))
	}
	return ""
}

// kernelName says whether a called function's name names the one
// architecture its kernels are for (kernelCalls).
func kernelName(name string) bool {
	if !kernelNameRE.MatchString(name) {
		return false
	}
	lower := strings.TrimLeft(strings.ToLower(name), "_")
	for _, p := range builderPrefixes {
		if strings.HasPrefix(lower, p) {
			return false
		}
	}
	return !strings.Contains(lower, "module") && !strings.Contains(lower, "config")
}

// armKernels are the kernelCalls of each arm of the if chain at s (cl its
// clauses), and of the statements after it when it has no else, parallel
// to the gate's outcomes; nil when no arm calls such a kernel.
func (m *module) armKernels(s nodeID, cl []clause) [][]string {
	names := make([][]string, len(cl), len(cl)+1)
	named := false
	for i, c := range cl {
		names[i] = m.kernelCalls(c.body)
		named = named || len(names[i]) > 0
	}
	if cl[len(cl)-1].cond != noNode {
		rest := m.kernelCalls(m.stmtsAfter(s)...)
		names = append(names, rest)
		named = named || len(rest) > 0
	}
	if !named {
		return nil
	}
	return names
}
