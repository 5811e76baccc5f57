package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL102 names the worst consequence of a shut-out: a __global__ kernel whose
// whole body is compiled away for the target. It still launches and returns
// success, so the caller reads whatever was in the output buffer.
var AL102 = Rule{
	ID:    "AL102",
	Name:  "empty-kernel-on-target",
	Short: "A __global__ kernel's whole body is compiled out for the target: it launches, does nothing, and reports success.",
	Full: "The body of a __global__ kernel sits entirely inside a preprocessor branch that the target (or one build flavor " +
		"of it, such as sm_120f) does not take, while another architecture or flavor gets the code. nvcc still emits the " +
		"kernel for the target with an empty body, the launch succeeds, and the output is silently wrong: no error, no " +
		"trap. A branch that only prints an error (`printf(\"unsupported architecture\\n\");`) leaves the body as empty: " +
		"the message goes to the device's stdout and the launch still succeeds. This is reported at error level whatever the other rules say, with two exceptions: a kernel whose name names " +
		"the architectures its body is compiled for (gemm_4bit_sm75_m16n8k8 under __CUDA_ARCH__ == 750), or one in a file " +
		"under a directory or with a name for that architecture, as AL101 reads them (`csrc/sm100/`, " +
		"`block_sparse_kernel_sm100a.cuh`), is that architecture's own kernel, which host code picks for it alone, and is a " +
		"note that asks to check nothing launches it on the target. Either open the range for the target (if what " +
		"the body uses exists there) or make the excluded branch fail loudly (`__trap()` or a host-side check).",
	Before: "__global__ void allreduce_kernel(Params p) {\n#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200))\n" +
		"  ... the whole kernel ...\n#endif\n}",
	After: "__global__ void allreduce_kernel(Params p) {\n#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900))\n" +
		"  ... the whole kernel ...\n#else\n  __trap();  // never return garbage silently\n#endif\n}",
	Level:     finding.LevelError,
	Tags:      []string{"correctness", "cuda", "silent-failure"},
	Precision: "high",
}
