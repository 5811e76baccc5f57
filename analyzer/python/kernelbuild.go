package python

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/comment"
	"github.com/archlint/archlint/analyzer/walk"
)

// KindKernelArchs is the cuda-capabilities list of a kernel in a Hugging
// Face kernel-builder build.toml (the Kernel Hub's kernels): the
// capabilities that kernel's sources are compiled for.
const KindKernelArchs = "kernel-arch-list"

// isKernelBuild reports kernel-builder's build.toml.
func isKernelBuild(p string) bool { return walk.KindOf(p) == walk.KindKernelBuild }

// kernel-builder facts (github.com/huggingface/kernel-builder, build2cmake,
// read at c6c83df, January 2026), on which kernelGates depends:
//
//   - build2cmake renders each CUDA kernel's cuda-capabilities into
//     cuda_archs_loose_intersection(<kernel>_ARCHS "<caps>" "${CUDA_ARCHS}")
//     and set_gencode_flags_for_srcs(... CUDA_ARCHS ${<kernel>_ARCHS})
//     (templates/cuda/kernel.cmake). CUDA_ARCHS is kernel-builder's own
//     list, the flags torch would add cleared (clear_gencode_flags):
//     7.5 ... 11.0, 12.0 with CUDA 13, 7.0 ... 10.1, 12.0 with 12.8 and
//     12.9 (templates/cuda/preamble.cmake).
//   - The loose intersection gives each build architecture the highest
//     listed capability of the same major at or below it; an entry with
//     +PTX also matches across majors (templates/utils.cmake). A listed
//     "x.ya" is kept when x.y is built for.
//   - set_gencode_flags_for_srcs gives an entry arch=compute_XY,code=sm_XY
//     (a cubin alone) and an entry ending in +PTX compute_XY as well. The
//     highest entry gets no PTX of its own: kernel.cmake does not pass
//     BUILD_PTX_FOR_ARCH. So "8.9" leaves 12.0 nothing, "8.0+PTX" reaches
//     it through the driver's JIT, and "12.0a" (sm_120a) runs on it.
//   - Without cuda-capabilities (or with an empty list) a kernel is built
//     for the default list, which ends in 12.0+PTX from CUDA 12.8 on, or
//     for the GPU of the machine building it: no fixed list.
//   - The kernel's backend is `backend = "cuda"` (build.toml v2 and v3;
//     "rocm", "metal", "xpu", "cpu" are other kernels); version 1 files
//     have `language`, "cuda" by default, "cuda-hipify" for a CUDA kernel
//     also hipified, or "metal".

// kernelArchTagRE finds the architecture a kernel's name is for
// (flash_attn_sm90, natten_hopper): the name without it is the kernel
// family the variant belongs to.
var kernelArchTagRE = regexp.MustCompile(`(?i)[_-](?:sm_?(\d{2,3})[af]?|(ampere|ada|hopper|blackwell))$`)

// kernelFamily is a kernel's name without its architecture tag, and the
// majors the tag names (none without a tag).
func kernelFamily(name string) (string, []int) {
	m := kernelArchTagRE.FindStringSubmatchIndex(name)
	if m == nil {
		return strings.ToLower(name), nil
	}
	fam := strings.ToLower(name[:m[0]])
	if m[2] >= 0 {
		n, _ := strconv.Atoi(name[m[2]:m[3]])
		return fam, []int{n / 10}
	}
	switch strings.ToLower(name[m[4]:m[5]]) {
	case "ampere", "ada":
		return fam, []int{8}
	case "hopper":
		return fam, []int{9}
	}
	// Blackwell: the data center's 10.x or the RTX's 12.x.
	return fam, []int{10, 12}
}

// kernelSection is one [kernel.NAME] of a build.toml.
type kernelSection struct {
	name              string
	backend, language *tomlEntry
	caps              *tomlEntry
}

// cuda says whether the kernel is a CUDA one.
func (k *kernelSection) cuda() bool {
	if k.backend != nil {
		return k.backend.isStr && k.backend.str == "cuda"
	}
	if k.language != nil {
		return k.language.isStr && (k.language.str == "cuda" || k.language.str == "cuda-hipify")
	}
	return true
}

// kernelGates finds the cuda-capabilities lists of a build.toml's CUDA
// kernels. A kernel whose list leaves a capability out while a variant of
// the same family (flash_attn_sm90 beside flash_attn, natten_hopper beside
// natten) builds for it sends that capability to the variant, as CMake's
// runs of one variable do (siblingVariants).
func kernelGates(s Source, caps []Capability) []Gate {
	var kernels []*kernelSection
	byName := map[string]*kernelSection{}
	for _, e := range tomlEntries(s.Src) {
		if len(e.path) != 3 || e.path[0] != "kernel" {
			continue
		}
		k := byName[e.path[1]]
		if k == nil {
			k = &kernelSection{name: e.path[1]}
			byName[k.name] = k
			kernels = append(kernels, k)
		}
		switch e.path[2] {
		case "backend":
			k.backend = &e
		case "language":
			k.language = &e
		case "cuda-capabilities":
			k.caps = &e
		}
	}
	lines := newLineIndex(s.Src)
	type family struct {
		gates   []int // into out
		generic bool  // a kernel of the family has no architecture tag
	}
	var out []Gate
	// buckets are the gates of variants whose lists name only the
	// architecture their names are for (flash_attn_sm90: ["9.0a"]).
	buckets := map[int]bool{}
	bucketCaps := map[int][]string{}
	families := map[string]*family{}
	var order []string
	for _, k := range kernels {
		if !k.cuda() || k.caps == nil || !k.caps.isArr || k.caps.mixed || len(k.caps.arr) == 0 {
			continue
		}
		specs, ok := kernelSpecs(k.caps.arr)
		if !ok {
			continue
		}
		e := k.caps
		g := Gate{Root: s.Root, Path: s.Path, Kind: KindKernelArchs, Expr: string(s.Src[e.sb:e.eb]), Function: "kernel." + k.name,
			IsTest: IsTestPath(s.Path)}
		g.Line, g.Col = lines.pos(uint32(e.sb))
		g.EndLine, g.EndCol = lines.pos(uint32(e.eb))
		// The reason is often written above the kernel's header.
		g.Comment = comment.About(s.Src, e.sb, e.tableAt, comment.Hash)
		g.Branch, g.Outcomes, g.Admits = listGate(specs, caps)
		g.Refusal = g.Outcomes[len(g.Outcomes)-1]
		name, majors := kernelFamily(k.name)
		f := families[name]
		if f == nil {
			f = &family{}
			families[name] = f
			order = append(order, name)
		}
		if majors == nil {
			f.generic = true
		} else if !slices.ContainsFunc(specs, func(a archSpec) bool { return !slices.Contains(majors, a.cap.Major) }) {
			buckets[len(out)] = true
			for _, c := range k.caps.arr {
				bucketCaps[len(out)] = append(bucketCaps[len(out)], c.text)
			}
		}
		f.gates = append(f.gates, len(out))
		out = append(out, g)
	}
	// A capability one variant of a family leaves out and another builds
	// for is built by that one (natten_hopper's 9.0a beside natten's
	// 8.0 ... 12.0). A family with a kernel of no architecture tag speaks
	// through it: the variants that name only their own architecture
	// (flash_attn_sm80's 8.0, flash_attn_sm90's 9.0a beside flash_attn's
	// 8.0 and 9.0a) are not reported again; without one (flash_mla_sm90,
	// flash_mla_sm100) each variant is.
	drop := map[int]bool{}
	for _, name := range order {
		f := families[name]
		if len(f.gates) < 2 {
			continue
		}
		run := make([]*Gate, len(f.gates))
		var variants []string
		for i, j := range f.gates {
			run[i] = &out[j]
			if f.generic && buckets[j] {
				drop[j] = true
				variants = append(variants, "["+out[j].Function+"] "+strings.Join(bucketCaps[j], ", "))
			}
		}
		siblingVariants(run, caps)
		for _, j := range f.gates {
			if !drop[j] {
				out[j].Variants = variants
			}
		}
	}
	kept := out[:0]
	for i, g := range out {
		if !drop[i] {
			kept = append(kept, g)
		}
	}
	sortGates(kept)
	return kept
}

// kernelSpecs reads a cuda-capabilities list ("8.0", "9.0a", "10.0f",
// "8.0+PTX"); ok is false when an entry is not a capability. An entry
// builds a cubin alone, one with +PTX its PTX too (kernel-builder facts
// above).
func kernelSpecs(entries []tomlString) ([]archSpec, bool) {
	var out []archSpec
	for _, e := range entries {
		a, ok := parseArch(e.text)
		if !ok || !strings.Contains(e.text, ".") {
			return nil, false
		}
		if a.ptx {
			a.alsoSASS = true
		}
		out = append(out, a)
	}
	return out, len(out) > 0
}
