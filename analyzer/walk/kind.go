package walk

import (
	"path"
	"strings"
)

// Kind is the language family of a file, decided from its path alone so
// that the walk never has to open a file to classify it: its base name,
// and for a workflow the directory it sits in.
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
	// KindWorkflow is a GitHub Actions workflow: a .yml or .yaml file
	// directly under a .github/workflows directory, the only place GitHub
	// reads workflows from. Its run steps, env mappings and build matrices
	// set the arch lists CI and released wheels are built with.
	KindWorkflow
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
	case KindWorkflow:
		return "workflow"
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

// KindOf classifies a path (slash- or OS-separated). The base name
// decides, except for a .yml or .yaml file, a workflow when the two
// directories above it are .github/workflows: give the path as far as it
// is known (the walk joins the scan root's path with the file's), or a
// workflow reads as KindOther.
func KindOf(p string) Kind {
	base, dir := p, ""
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		base, dir = p[i+1:], p[:i]
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
	if (ext == ".yml" || ext == ".yaml") && ext != strings.ToLower(base) && isWorkflowDir(dir) {
		return KindWorkflow
	}
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

// isWorkflowDir reports a path ending in .github/workflows (either
// separator; GitHub spells both names in lower case).
func isWorkflowDir(dir string) bool {
	w, ok := strings.CutSuffix(dir, "workflows")
	if !ok || len(w) == 0 || w[len(w)-1] != '/' && w[len(w)-1] != '\\' {
		return false
	}
	g, ok := strings.CutSuffix(w[:len(w)-1], ".github")
	return ok && (g == "" || g[len(g)-1] == '/' || g[len(g)-1] == '\\')
}

// KindAt classifies the file at rel (slash-separated) under the scan root
// shown as root, as File.Root and File.Path give them: the name decides,
// and for a workflow the directories above it, the root's among them (a
// scan of .github/workflows itself reads its workflows too).
func KindAt(root, rel string) Kind {
	if k := KindOf(rel); k != KindOther || root == "" {
		return k
	}
	if low := strings.ToLower(rel); !strings.HasSuffix(low, ".yml") && !strings.HasSuffix(low, ".yaml") {
		return KindOther
	}
	return KindOf(root + "/" + rel)
}
