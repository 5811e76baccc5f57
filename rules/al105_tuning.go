package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL105 separates tuning from exclusion: when the branches of a shut-out
// chain differ only in numbers (shared-memory sizes, tile shapes), the target
// runs the same code with another architecture's parameters. That is worth a
// note, never an automatic fix: the numbers may not fit the target.
var AL105 = Rule{
	ID:    "AL105",
	Name:  "arch-tuning-branch",
	Short: "The target takes another architecture's tuning parameters: the branches differ only in numbers.",
	Full: "This #if chain would shut the target out (AL101), but its branches differ only in numeric constants such as " +
		"shared-memory sizes, tile shapes or stage counts. The target runs the same code with the parameters chosen for an " +
		"older architecture. That may be slower, and a larger value may not fit the target (sm_120 has less shared memory " +
		"per block than sm_90 and sm_100): tune it for the target rather than copying another branch. No fix is offered.",
	Before: "#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000\nconstexpr int kSmemBytes = 227 * 1024;\n#else\n" +
		"constexpr int kSmemBytes = 99 * 1024;\n#endif",
	After: "#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000\nconstexpr int kSmemBytes = 227 * 1024;\n" +
		"#elif __CUDA_ARCH__ == 1200 || __CUDA_ARCH__ == 1210\nconstexpr int kSmemBytes = 99 * 1024;  // measured on sm_120\n" +
		"#else\nconstexpr int kSmemBytes = 99 * 1024;\n#endif",
	Level:     finding.LevelNote,
	Tags:      []string{"performance", "cuda", "tuning"},
	Precision: "medium",
}
