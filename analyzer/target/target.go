// Package target parses GPU target names and knows, for every reference
// architecture and build flavor, which macros nvcc defines in its pass.
//
// The macro sets come from data/nvcc13-arch-macros.tsv, read from nvcc 13.0's
// --dryrun output (design.md section 2). Plain sm_120 defines __CUDA_ARCH__
// and __CUDA_ARCH_LIST__ only; sm_120a adds __CUDA_ARCH_FEAT_SM120_ALL,
// __CUDA_ARCH_SPECIFIC__ and __CUDA_ARCH_FAMILY_SPECIFIC__; sm_120f adds only
// __CUDA_ARCH_FAMILY_SPECIFIC__. The host pass defines no __CUDA_ARCH__.
package target

import (
	"fmt"
	"strconv"
)

// Flavor is the build flavor of a device pass.
type Flavor uint8

const (
	Plain          Flavor = iota // sm_120
	ArchSpecific                 // sm_120a
	FamilySpecific               // sm_120f
)

// Suffix is the flavor's letter in a target name.
func (f Flavor) Suffix() string {
	switch f {
	case ArchSpecific:
		return "a"
	case FamilySpecific:
		return "f"
	}
	return ""
}

// Arch is one compilation pass: a device pass for an architecture in one
// flavor, or the host pass.
type Arch struct {
	Host   bool
	Major  int
	Minor  int
	Flavor Flavor
}

// HostPass is the pass that compiles host code: no __CUDA_ARCH__.
var HostPass = Arch{Host: true}

// Name is the nvcc spelling: "sm_120a", or "host".
func (a Arch) Name() string {
	if a.Host {
		return "host"
	}
	return fmt.Sprintf("sm_%d%d%s", a.Major, a.Minor, a.Flavor.Suffix())
}

func (a Arch) String() string { return a.Name() }

// CudaArch is the value of __CUDA_ARCH__ in this pass (0 for the host).
func (a Arch) CudaArch() int {
	if a.Host {
		return 0
	}
	return a.Major*100 + a.Minor*10
}

// Base drops the flavor: sm_120a -> sm_120.
func (a Arch) Base() Arch {
	a.Flavor = Plain
	return a
}

// Capability is the (major, minor) pair Python sees, as "12.0".
func (a Arch) Capability() string {
	return strconv.Itoa(a.Major) + "." + strconv.Itoa(a.Minor)
}

// Older reports whether a is an older architecture than b. Flavors of one
// architecture are the same age; the host pass is older than every arch.
func (a Arch) Older(b Arch) bool {
	return a.CudaArch() < b.CudaArch()
}

// Less orders passes: host first, then by __CUDA_ARCH__, then plain, a, f.
func (a Arch) Less(b Arch) bool {
	if a.CudaArch() != b.CudaArch() {
		return a.CudaArch() < b.CudaArch()
	}
	return a.Flavor < b.Flavor
}
