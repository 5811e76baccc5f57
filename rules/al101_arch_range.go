package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL101 is the core shut-out rule of design.md section 4: an #if chain gives
// an older architecture a path that the target does not get, so the target
// gets nothing there or is lumped with older architectures.
var AL101 = Rule{
	ID:    "AL101",
	Name:  "arch-range-excludes-target",
	Short: "A preprocessor architecture range shuts the target GPU out of a code path that an older architecture gets.",
	Full: "An #if/#elif chain over __CUDA_ARCH__ (or the arch-feature macros nvcc defines, or macros derived from them) " +
		"sends an older architecture into a branch that the target does not take: the target either gets no code at all " +
		"there, or takes the same branch as still older architectures (a fallback, usually slower, sometimes wrong). " +
		"A branch that only prints (`printf(\"ERROR : ... Aborting.\\n\");`, perhaps then `return;`) is no code: " +
		"it stops nothing, and the code around it goes on with the work undone. So is a branch that only adds run-time " +
		"arms that refuse (`if constexpr (is_fp8<T>) { assert(false && \"...\"); return; } else`, mscclpp's stub for builds " +
		"without FP8 multicast): a build that skips it lacks a refusal, not code. " +
		"A fallback that only returns a constant (`#else return 0; #endif` in FBGEMM's FP4 conversion, `return {};`, " +
		"`return false;`) where the admitted branch computes the result is a stub: the caller goes on with the constant, " +
		"a silent wrong result, so the finding is an error that names the constant (a query whose every branch returns a " +
		"constant, `return true;` beside `return false;`, answers and is no stub; a note stays a note). " +
		"Typical causes are upper bounds written before the target existed (`__CUDA_ARCH__ < 1200`) and allowlists " +
		"(`__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000`). The finding names the condition, the architectures it " +
		"admits and excludes, the builds (plain, a, f) of the target it holds for, and what the target gets instead. " +
		"Each build is compared with the same build of older GPUs: `#if defined(__CUDA_ARCH_FEAT_SM90_ALL)` shuts out " +
		"the sm_120a build only, because plain sm_90 gets no code there either; the finding then says that the " +
		"target's other builds take the same branch. " +
		"Whether opening the range is safe depends on what the guarded code uses: check it before widening the range. " +
		"A range inside a definition whose name states it (vllm's and flash-attention's kernel wrappers " +
		"`enable_sm80_to_sm89`, `enable_sm90_only`, `enable_sm100f_only`, `enable_sm90`) is that wrapper's contract: " +
		"the finding is a note that says so and names the file's definitions that admit the target, since only host " +
		"code picking the wrapper for the target would be a bug (a range in a name ends before its second architecture, " +
		"as vllm's wrappers keep it: `enable_sm100_to_sm120` holds `__CUDA_ARCH__ >= 1000 && __CUDA_ARCH__ < 1200` and " +
		"says \"sm[100, 120)\", so sm_120 is outside its window). So is a range in a file under a directory named for one " +
		"architecture (FlashMLA's `csrc/sm100/`, `csrc/sm90/`) that admits it and not the target: the code there is that " +
		"architecture's, and only a build or host code sending the target there would be a bug. So is a range in a file " +
		"whose name starts with one architecture from Hopper on (CUTLASS's `kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp`, " +
		"flux's `sm90_all_gather_gemm_*.hpp`: Hopper's warp-specialized kernels) or ends with an architecture-specific build " +
		"(`block_sparse_kernel_sm100a.cuh`) or is named for a datacenter product from Hopper on (ThunderKittens' " +
		"`block_sparse_h100.cu`, `*_b200.cu`); an Ampere or Ada file name is not, since their code runs on every later GPU, " +
		"nor a plain suffix (`copy_sm90.h` may hold TMA code later GPUs use too). A bare architecture in a name (CUTLASS's " +
		"`SM90_TMA_LOAD_2D`, a namespace `SM90`) is where the code starts, not a window, and changes nothing.",
	Before: "#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))\n" +
		"  cudaGridDependencySynchronize();\n#endif",
	After: "#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900))\n" +
		"  cudaGridDependencySynchronize();  // PDL exists on sm_90 and every later arch\n#endif",
	Level:     finding.LevelWarning,
	Tags:      []string{"portability", "cuda", "preprocessor"},
	Precision: "high",
}
