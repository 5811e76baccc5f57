package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL104 covers the flavor case of design.md section 2: one build of the target
// (plain sm_120, say) takes a fallback branch that another build of the same
// GPU (sm_120a) does not. Nothing older gets the better path, so AL101 stays
// silent, yet how the project builds decides what the GPU runs.
var AL104 = Rule{
	ID:    "AL104",
	Name:  "flavor-only-path",
	Short: "Only some builds of the target (plain, a or f) get this code path; the others fall back or get nothing.",
	Full: "The target GPU runs code compiled in several flavors: plain (sm_120), arch-specific (sm_120a) and " +
		"family-specific (sm_120f). This chain sends the flavors down different branches, usually because it tests " +
		"__CUDA_ARCH_FEAT_SM120_ALL, __CUDA_ARCH_SPECIFIC__ or __CUDA_ARCH_FAMILY_SPECIFIC__. A build with the wrong " +
		"flavor silently takes the fallback (or nothing). Make sure the project builds the flavor that gets the code " +
		"(for example -gencode arch=compute_120a,code=sm_120a), or widen the test to the family macro. The advice names " +
		"only the builds that can compile the branch's code (measured with nvcc 13.0: FP8 multicast reduction, " +
		"`multimem.ld_reduce ... .e4m3x4`, compiles for sm_120a and not for sm_120f). " +
		"A chain that tells only the build flavor apart, the same way on every GPU (#ifdef __CUDA_ARCH_SPECIFIC__ " +
		"choosing an arch-specific id or flag), is not reported: every GPU's a build takes one branch and every plain " +
		"build the other, so the branch says which build this is, not what the GPU may run.",
	Before: "#if defined(__CUDA_ARCH_FEAT_SM120_ALL)\n  fast_fp4_path();\n#else\n  slow_path();\n#endif",
	After: "#if defined(__CUDA_ARCH_FEAT_SM120_ALL) || (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ == 1200)\n" +
		"  fast_fp4_path();\n#else\n  slow_path();\n#endif",
	Level:     finding.LevelWarning,
	Tags:      []string{"portability", "cuda", "build-flavor"},
	Precision: "high",
}
