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

// OldestToolkit is a lower bound on the first CUDA toolkit whose nvcc
// builds for a: 12.8 for every architecture from 10.0 on (CUDA 12.8
// brought Blackwell: sm_100, sm_101, sm_120; sm_103 and sm_121 came with
// 12.9 and sm_110 with 13.0, later than the bound), 11.8 for 8.9 and 9.0,
// 11.0 for the other 8.x. A toolkit older than the bound cannot build for
// a, so a build script's arm for that toolkit has no list to widen. The
// bound is low on purpose: it never calls a toolkit too old that is not.
func OldestToolkit(a Arch) CUDAVersion {
	switch {
	case a.Major >= 10:
		return CUDAVersion{12, 8}
	case a.Major == 9 || a.Major == 8 && a.Minor == 9:
		return CUDAVersion{11, 8}
	case a.Major == 8:
		return CUDAVersion{11, 0}
	}
	return CUDAVersion{10, 0}
}
