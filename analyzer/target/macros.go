package target

import (
	"strconv"
	"strings"
)

// PassMacros is the predefined macro state of one pass: what is defined and
// what is known to be undefined. Every other identifier is unknown (a
// project configuration macro).
type PassMacros struct {
	Defined map[string]string
	// Undefined lists names known to be undefined in this pass beyond the
	// pattern rule in IsKnownUndefined.
	Undefined map[string]bool
}

// knownAbsent are macros nvcc's CUDA build never defines: the ROCm/HIP side of
// dual-platform code and other compilers. Treating them as unknown would turn
// every `#ifdef USE_ROCM` into a maybe.
var knownAbsent = []string{
	"USE_ROCM", "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIPCC__", "__HIP__",
	"__HIP_DEVICE_COMPILE__", "__CUDACC_RTC__", "_MSC_VER", "_WIN32", "_WIN64", "__APPLE__",
	"__clang__", "__CUDA__", "__INTEL_COMPILER", "__NVCOMPILER",
	// Editors' indexers define these so that code compiled for one
	// architecture only still gets highlighted: FlashMLA writes every
	// kernel body as `#if (... __CUDA_ARCH__ >= 1000 && __CUDA_ARCH__ < 1200)
	// || (defined(__CLION_IDE__) || defined(__VSCODE_IDE__))`. No build
	// defines them; unknown, every such range was undecided.
	"__CLION_IDE__", "__CLION_IDE_", "__JETBRAINS_IDE__", "__RESHARPER__", "__VSCODE_IDE__",
	"__INTELLISENSE__", "__CDT_PARSER__", "Q_CREATOR_RUN", "__clang_analyzer__",
}

// nvccProfile are the macros nvcc passes to every pass, host included (read
// from `nvcc --dryrun`, ../shared/facts/nvcc13-build-facts.md), with the
// version numbers taken from the assumed toolkit.
func nvccProfile(cv CUDAVersion) map[string]string {
	build := "0"
	if cv == DefaultCUDA() {
		build = "88" // V13.0.88, the measured toolkit
	}
	return map[string]string{
		"__CUDACC__":             "1",
		"__NVCC__":               "1",
		"__CUDACC_VER_MAJOR__":   strconv.Itoa(cv.Major),
		"__CUDACC_VER_MINOR__":   strconv.Itoa(cv.Minor),
		"__CUDACC_VER_BUILD__":   build,
		"__CUDA_API_VER_MAJOR__": strconv.Itoa(cv.Major),
		"__CUDA_API_VER_MINOR__": strconv.Itoa(cv.Minor),
		"__cplusplus":            "201703L",
		"__linux__":              "1",
		"__x86_64__":             "1",
		"__GNUC__":               "12",
	}
}

// Macros returns the predefined macros of one pass. buildList is the whole
// build's arch list: __CUDA_ARCH_LIST__ names the build, not the pass, in
// every pass including the host (nvcc13-build-facts.md).
func (t *Table) Macros(a Arch, cv CUDAVersion, buildList []Arch) PassMacros {
	pm := PassMacros{Defined: nvccProfile(cv), Undefined: map[string]bool{}}
	for _, n := range knownAbsent {
		pm.Undefined[n] = true
	}
	if !a.Host {
		for _, m := range t.macros[a.Name()] {
			if !cv.HasFamilyMacros() && (m.Name == "__CUDA_ARCH_SPECIFIC__" || m.Name == "__CUDA_ARCH_FAMILY_SPECIFIC__") {
				continue
			}
			pm.Defined[m.Name] = m.Value
		}
	}
	if len(buildList) == 0 && !a.Host {
		buildList = []Arch{a}
	}
	var list []string
	seen := map[int]bool{}
	for _, b := range buildList {
		if !b.Host && !seen[b.CudaArch()] {
			seen[b.CudaArch()] = true
			list = append(list, strconv.Itoa(b.CudaArch()))
		}
	}
	if len(list) > 0 {
		pm.Defined["__CUDA_ARCH_LIST__"] = strings.Join(list, ",")
	} else {
		delete(pm.Defined, "__CUDA_ARCH_LIST__")
	}
	return pm
}

// IsKnownUndefined reports whether a name that the pass does not define is
// known to be undefined there rather than unknown: every nvcc arch macro
// (__CUDA_ARCH__, __CUDA_ARCH_FEAT_*, __CUDA_ARCH_SPECIFIC__, ...) is set by
// the compiler alone, so its absence is a fact. So is a project's switch for
// another vendor's build (otherVendorSwitch).
func (pm PassMacros) IsKnownUndefined(name string) bool {
	if _, def := pm.Defined[name]; def {
		return false
	}
	if pm.Undefined[name] {
		return true
	}
	return strings.HasPrefix(name, "__CUDA_ARCH") || strings.HasPrefix(name, "__NVCC") ||
		strings.HasPrefix(name, "__CUDACC") || otherVendorSwitch(name)
}

// otherVendorSwitch: name is a project's switch for a HIP, ROCm or MUSA
// build (GGML_USE_HIP, GGML_USE_MUSA, TORCH_USE_ROCM), which that build's
// own CMake defines and an nvcc build never does. ggml writes every feature
// macro as `!defined(GGML_USE_HIP) && __CUDA_ARCH__ >= ...`: unknown, 167 of
// its 178 architecture directives were undecided and the scan found nothing.
func otherVendorSwitch(name string) bool {
	for _, v := range []string{"HIP", "ROCM", "MUSA"} {
		if name == "USE_"+v || strings.HasSuffix(name, "_USE_"+v) {
			return true
		}
	}
	return false
}
