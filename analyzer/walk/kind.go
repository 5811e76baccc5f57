package walk

import (
	"path"
	"strings"
)

// Kind is the language family of a file, decided from its name alone so
// that the walk never has to open a file to classify it.
type Kind uint8

const (
	// KindOther is every file archlint does not parse.
	KindOther Kind = iota
	// KindCUDA is C, C++ and CUDA source or header; see isCUDAExt.
	KindCUDA
	// KindPython is Python source and stubs (.py, .pyi).
	KindPython
	// KindCMake is CMakeLists.txt and *.cmake.
	KindCMake
	// KindScript is a Dockerfile (Dockerfile, Dockerfile.*, Dockerfile_*,
	// Dockerfile-*, *.dockerfile, Containerfile) or a shell script (.sh, .bash): where a build's
	// TORCH_CUDA_ARCH_LIST or CMAKE_CUDA_ARCHITECTURES is set.
	KindScript
	// KindKernelBuild is a Hugging Face kernel-builder build.toml (the
	// Kernel Hub's kernels): its [kernel.*] sections list the CUDA
	// capabilities each kernel is compiled for. Only the exact name counts:
	// kernel-builder reads no other.
	KindKernelBuild
)

func (k Kind) String() string {
	switch k {
	case KindCUDA:
		return "cuda"
	case KindPython:
		return "python"
	case KindCMake:
		return "cmake"
	case KindScript:
		return "script"
	case KindKernelBuild:
		return "kernel-build"
	}
	return "other"
}

// isCUDAExt lists the extensions scanned as C/C++/CUDA (compared in lower
// case, so .C, .H and .CPP count too).
//
// Included beyond the usual source and header extensions:
//   - .inl .ipp .tcc .cuinl: template and inline bodies that headers
//     #include; arch guards hide in them as often as in headers.
//   - .inc: in C++/CUDA trees it is a textually included fragment (CUTLASS
//     and LLVM style). Other meanings (assembler, PHP) are rare in the repos
//     archlint targets, and parsing one as C++ at worst finds nothing.
//
// Left out: .hip (HIP sources are hipified copies of CUDA ones), .cu.in /
// .cmake.in style templates, .m/.mm, assembly, and Cython (.pyx, .pxd),
// which neither parser understands.
func isCUDAExt(ext string) bool {
	switch ext {
	case ".cu", ".cuh", ".cuinl",
		".c", ".cc", ".cpp", ".cxx", ".c++",
		".h", ".hh", ".hpp", ".hxx", ".h++",
		".inl", ".ipp", ".tcc", ".inc":
		return true
	}
	return false
}

// KindOf classifies a path (slash- or OS-separated; only the base name
// matters).
func KindOf(p string) Kind {
	base := p
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		base = p[i+1:]
	}
	switch base {
	case "CMakeLists.txt":
		return KindCMake
	case "build.toml":
		return KindKernelBuild
	}
	switch low := strings.ToLower(base); {
	case low == "dockerfile" || low == "containerfile",
		// Dockerfile.gpu, and LightX2V's Dockerfile_5090 (the image for an
		// sm_120 card) or Dockerfile-cu128; not Dockerfile.md.
		(strings.HasPrefix(low, "dockerfile.") || strings.HasPrefix(low, "dockerfile_") || strings.HasPrefix(low, "dockerfile-")) &&
			!isDocExt(path.Ext(low)),
		strings.HasSuffix(low, ".dockerfile"), strings.HasSuffix(low, ".sh"), strings.HasSuffix(low, ".bash"):
		return KindScript
	}
	ext := strings.ToLower(path.Ext(base))
	if ext == "" || ext == base {
		// A dot file such as ".cu" has no stem; it is not source.
		return KindOther
	}
	switch {
	case ext == ".py" || ext == ".pyi":
		return KindPython
	case ext == ".cmake":
		return KindCMake
	case isCUDAExt(ext):
		return KindCUDA
	}
	return KindOther
}

// isDocExt lists the extensions of documentation about a file
// (Dockerfile.md): text, not the file itself.
func isDocExt(ext string) bool {
	switch ext {
	case ".md", ".txt", ".rst", ".adoc", ".html":
		return true
	}
	return false
}
