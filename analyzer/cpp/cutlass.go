package cpp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

// cutlassModel stands in for CUTLASS's include/cutlass/arch/config.h,
// include/cutlass/arch/mma_sm75.h / mma_sm80.h and
// include/cutlass/detail/helper_macros.hpp when a translation unit includes
// cutlass/ or cute/ headers that are not in the scan roots (CUTLASS is usually
// a git submodule or a CMake download). It answers, per pass and assumed CUDA
// version, the arch macros those headers define:
//
//	CUTLASS_ARCH_MMA_SM{N}_SUPPORTED   the toolkit knows sm_N
//	CUTLASS_ARCH_MMA_SM{N}_ENABLED     this pass is exactly sm_N (sm_75/80/89: at least sm_N)
//	CUTLASS_ARCH_MMA_SM{N}A_ENABLED    ... and the a flavor (__CUDA_ARCH_FEAT_SM{N}_ALL)
//	CUTLASS_ARCH_MMA_SM{N}F_SUPPORTED  ... and CUDA >= 12.9
//	CUTLASS_ARCH_MMA_SM{N}F_ENABLED    ... and __CUDA_ARCH_FAMILY_SPECIFIC__ == N*10
//	CUDA_ARCH_FAMILY(x), CUDA_ARCH_CONDITIONAL(x), CUDA_ARCH_CONDITIONAL_OR_FAMILY(x)
//
// Findings whose conditions used it say so ("CUTLASS arch macros: built-in model").
type cutlassModel struct {
	cv target.CUDAVersion
}

func newCutlassModel(cv target.CUDAVersion) *cutlassModel { return &cutlassModel{cv: cv} }

// cutlassArch is one architecture config.h knows: since which toolkit, and
// (sm_101 only) until which.
type cutlassArch struct {
	n            int
	since, until target.CUDAVersion
	atLeast      bool // ENABLED means __CUDA_ARCH__ >= n*10 (the pre-Hopper headers)
}

var noUntil = target.CUDAVersion{Major: 99}

func cutlassArches() []cutlassArch {
	return []cutlassArch{
		{75, target.CUDAVersion{Major: 10, Minor: 2}, noUntil, true},
		{80, target.CUDAVersion{Major: 11, Minor: 0}, noUntil, true},
		{89, target.CUDAVersion{Major: 11, Minor: 8}, noUntil, true},
		{90, target.CUDAVersion{Major: 12, Minor: 0}, noUntil, false},
		{100, target.CUDAVersion{Major: 12, Minor: 8}, noUntil, false},
		{101, target.CUDAVersion{Major: 12, Minor: 8}, target.CUDAVersion{Major: 12, Minor: 9}, false},
		{103, target.CUDAVersion{Major: 12, Minor: 9}, noUntil, false},
		{110, target.CUDAVersion{Major: 13, Minor: 0}, noUntil, false},
		{120, target.CUDAVersion{Major: 12, Minor: 8}, noUntil, false},
		{121, target.CUDAVersion{Major: 12, Minor: 9}, noUntil, false},
	}
}

// cutlassModelNames lists every name lookup answers (for prefix matching
// of pasted tokens in pass groups).
func cutlassModelNames() []string {
	out := []string{"CUDA_ARCH_FAMILY", "CUDA_ARCH_CONDITIONAL", "CUDA_ARCH_CONDITIONAL_OR_FAMILY",
		"CUTLASS_ARCH_MMA_SM90_F64_MMA_ENABLED", "CUTLASS_ARCH_MMA_MODIFIABLE_TMA_SM90_ENABLED", "CUTLASS_ARCH_CLC_ENABLED"}
	for _, a := range cutlassArches() {
		for _, suffix := range []string{"_SUPPORTED", "_ENABLED", "A_ENABLED", "F_SUPPORTED", "F_ENABLED"} {
			out = append(out, fmt.Sprintf("CUTLASS_ARCH_MMA_SM%d%s", a.n, suffix))
		}
	}
	return out
}

func (cm *cutlassModel) lookup(name string, p target.Arch) (*expr.Macro, Tri, bool) {
	def := func(body string) (*expr.Macro, Tri, bool) {
		return &expr.Macro{Name: name, Body: body}, expr.True, true
	}
	undef := func() (*expr.Macro, Tri, bool) { return nil, expr.False, true }
	fam := p.Flavor != target.Plain && cm.cv.HasFamilyMacros()
	switch name {
	case "CUDA_ARCH_FAMILY":
		if fam {
			return &expr.Macro{Name: name, FuncLike: true, Params: []string{"x"}, Body: fmt.Sprintf("(%d == x)", p.CudaArch())}, expr.True, true
		}
		return &expr.Macro{Name: name, FuncLike: true, Params: []string{"x"}, Body: "(false)"}, expr.True, true
	case "CUDA_ARCH_CONDITIONAL":
		if p.Flavor == target.ArchSpecific && cm.cv.HasFamilyMacros() {
			return &expr.Macro{Name: name, FuncLike: true, Params: []string{"x"}, Body: fmt.Sprintf("(%d == x)", p.CudaArch())}, expr.True, true
		}
		return &expr.Macro{Name: name, FuncLike: true, Params: []string{"x"}, Body: "(false)"}, expr.True, true
	case "CUDA_ARCH_CONDITIONAL_OR_FAMILY":
		return &expr.Macro{Name: name, FuncLike: true, Params: []string{"x"}, Body: "(CUDA_ARCH_CONDITIONAL(x) || CUDA_ARCH_FAMILY(x))"}, expr.True, true
	case "CUTLASS_ARCH_MMA_SM90_F64_MMA_ENABLED":
		if !p.Host && p.CudaArch() >= 900 {
			return def("1")
		}
		return undef()
	case "CUTLASS_ARCH_MMA_MODIFIABLE_TMA_SM90_ENABLED":
		if p.Flavor == target.ArchSpecific && (p.Major == 9 || p.Major == 10 && p.Minor == 0 || p.Major == 12 && p.Minor == 0) {
			return def("1")
		}
		return undef()
	case "CUTLASS_ARCH_CLC_ENABLED":
		if !p.Host && p.Major >= 10 && p.Flavor != target.Plain {
			return def("")
		}
		return undef()
	}
	rest, ok := strings.CutPrefix(name, "CUTLASS_ARCH_MMA_SM")
	if !ok {
		return nil, 0, false
	}
	digits := 0
	for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
		digits++
	}
	n, err := strconv.Atoi(rest[:digits])
	if err != nil {
		return nil, 0, false
	}
	var ca *cutlassArch
	for _, a := range cutlassArches() {
		if a.n == n {
			a := a
			ca = &a
		}
	}
	if ca == nil {
		return nil, 0, false
	}
	supported := cm.cv.AtLeast(ca.since.Major, ca.since.Minor) && !cm.cv.AtLeast(ca.until.Major, ca.until.Minor)
	enabled := supported && !p.Host && (p.CudaArch() == n*10 || ca.atLeast && p.CudaArch() >= n*10)
	switch rest[digits:] {
	case "_SUPPORTED":
		if supported {
			return def("1")
		}
	case "_ENABLED":
		if enabled {
			return def("1")
		}
	case "A_ENABLED":
		if enabled && p.Flavor == target.ArchSpecific {
			return def("1")
		}
	case "F_SUPPORTED":
		if enabled && n >= 100 && cm.cv.HasFamilyMacros() {
			return def("1")
		}
	case "F_ENABLED":
		if enabled && n >= 100 && fam {
			return def("1")
		}
	default:
		return nil, 0, false
	}
	return undef()
}
