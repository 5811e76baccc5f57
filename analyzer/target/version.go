package target

import (
	"fmt"
	"strconv"
	"strings"
)

// CUDAVersion is the assumed toolkit version (--cuda-version).
type CUDAVersion struct{ Major, Minor int }

// DefaultCUDA is the toolkit the macro table was measured with.
func DefaultCUDA() CUDAVersion { return CUDAVersion{13, 0} }

// ParseCUDAVersion accepts "13.0", "12.8", "13".
func ParseCUDAVersion(s string) (CUDAVersion, error) {
	maj, min, found := strings.Cut(strings.TrimSpace(s), ".")
	v := CUDAVersion{}
	var err error
	if v.Major, err = strconv.Atoi(maj); err != nil || v.Major < 9 || v.Major > 99 {
		return v, fmt.Errorf("invalid CUDA version %q: want MAJOR.MINOR, e.g. 13.0 or 12.8", s)
	}
	if found {
		if v.Minor, err = strconv.Atoi(min); err != nil || v.Minor < 0 || v.Minor > 9 {
			return v, fmt.Errorf("invalid CUDA version %q: want MAJOR.MINOR, e.g. 13.0 or 12.8", s)
		}
	}
	return v, nil
}

func (v CUDAVersion) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// AtLeast reports whether v >= major.minor.
func (v CUDAVersion) AtLeast(major, minor int) bool {
	return v.Major > major || (v.Major == major && v.Minor >= minor)
}

// HasFamilyMacros reports whether this toolkit defines __CUDA_ARCH_SPECIFIC__,
// __CUDA_ARCH_FAMILY_SPECIFIC__ and knows f targets: they arrived with CUDA
// 12.9 (CUTLASS's include/cutlass/detail/helper_macros.hpp keys on 12.9 too).
func (v CUDAVersion) HasFamilyMacros() bool { return v.AtLeast(12, 9) }

// Number is the value CUDA_VERSION / CUDART_VERSION would have: 13000.
func (v CUDAVersion) Number() int { return v.Major*1000 + v.Minor*10 }
