package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL103 fires whenever the branch the target takes fails hard (#error,
// static_assert(false), __trap(), asm("trap;")) while another architecture or
// flavor gets working code there, even when AL101 does not fire.
var AL103 = Rule{
	ID:    "AL103",
	Name:  "hard-failure-on-target",
	Short: "The preprocessor branch the target takes fails hard (#error, static_assert(false), __trap(), asm(\"trap;\")) while another architecture gets working code.",
	Full: "For the target, an #if chain selects a branch that refuses to build (#error, static_assert(false, ...), or " +
		"the template idiom for it: a static_assert of a dependent false such as `kDependentFalse`, " +
		"`dependent_false<T>::value`, `always_false_v<T>` or `sizeof(T) == 0`) or " +
		"traps at run time (__trap(), asm(\"trap;\"), a \"not supported\" printf followed by a trap, CuTe's " +
		"CUTE_INVALID_CONTROL_PATH, CUTLASS's CUTLASS_NOT_IMPLEMENTED() or asm(\"brkpt;\"), a breakpoint that with no debugger " +
		"attached ends the kernel with an error), while another " +
		"architecture or build flavor gets a working implementation. The build fails, or the kernel aborts the process " +
		"with an illegal-instruction or unspecified-launch-failure error on the target. Reported at error level even when " +
		"the range itself would not count as a shut-out (for example when only one flavor of the target is refused). " +
		"A guard counts too: `#if ... #error ... #endif` that the target trips while other architectures or flavors reach " +
		"it and skip it (a plain sm_120 build refused where sm_120a and sm_120f pass). Only a failure at the branch's own " +
		"level counts: an `assert(0)` in the else arm of run-time code after a working path does not make the branch fail, " +
		"but a trap in a block only one thread enters (`if (cute::thread0()) { CUTE_INVALID_CONTROL_PATH(...); }`, " +
		"`if (threadIdx.x == 0)`) does, since that thread's trap ends the whole kernel with an error. " +
		"The other rules read a failing branch as no path at all, so an #error guard never reads as admitting the builds " +
		"it refuses. A trap inside a kernel wrapper named for the window it keeps to (`enable_sm80_to_sm89`, " +
		"`enable_sm90_only`), or in a file under a directory named for one architecture (`csrc/sm100/`) or whose name starts " +
		"with one from Hopper on (`sm90_gemm_tma.hpp`), is that code's contract, as AL101 describes: a note, not an error. " +
		"A static_assert of a dependent false fires only where code compiled for the target instantiates its template " +
		"(tilelang's `tl::wgmma_ss`, `tl::warpgroup_wait` wrappers): a guard against callers, reported as a warning that " +
		"says so (a note when the working branch uses what the target lacks). When everything the working branches use " +
		"compiles for the target (CUTLASS's binary MMA with AND, `.b1.b1.s32.and.popc`, measured to compile for every GPU " +
		"from sm_80 on, traps from 10.0 on), the finding says the condition, not the GPU, fails there.",
	Before: "#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)\n  run_fast_path();\n#else\n" +
		"  __trap();\n#endif",
	After:     "#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)\n  run_fast_path();\n#else\n  __trap();\n#endif",
	Level:     finding.LevelError,
	Tags:      []string{"correctness", "cuda", "build"},
	Precision: "high",
}
