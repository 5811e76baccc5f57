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
		"per block than sm_90 and sm_100): tune it for the target rather than copying another branch. No fix is offered. " +
		"The same holds for a Python capability check (or a ternary) whose arms only set numbers, through nested ifs on " +
		"other values too (`if dim <= 256: config = (16, 1)`): `BLKQ = 64` on 9.0 and " +
		"`BLKQ = 128` elsewhere, `max_size = min(MAX_SIZES[cap][world_size], max_size)` for the GPUs a tuning table lists, " +
		"`q_stage = 1 if ... else 2`, a config entry or keyword (`\"BK\": 64 if cc == 90 else 32`, `num_warps=8 if ... else 4`), a config " +
		"dict of numbers, with switches beside them (`cfg = dict(block_N=128, num_split=8)`, `{\"block_M\": 128, " +
		"\"enable_rasteration\": True}`), " +
		"and a config function whose arms return numbers (`return {\"BV\": 64, \"threads\": 256}`, the fall-through " +
		"`return {\"BV\": 16, \"threads\": 64}` being the target's); in C++ host code, a ternary assigned (`mt = cc_major == 10 ? " +
		"128 : 64`), an if/else ladder whose arms assign or return numbers, an if with no else whose arms only resize " +
		"(`if (ccMajor == 10) blocks = max(1, min(128 / ctx->worldSize, MAX_NBLOCKS));`, the target keeping the size set " +
		"before; a 0 or a 1 alone is a switch and picks a path), arms that return numbers before a return of a count read " +
		"from the device (FBGEMM's `if (prop.major == 8) return 4; else if (prop.major == 9) return 16;` then `return " +
		"div_round_up(get_device_sm_cnt_(), RATIO);`; a literal there, as in `return 128;` ... `return 256;`, is what a path " +
		"needs and stays AL201), and a switch with a default whose labels " +
		"return launch shapes (`case 80: case 89: return 8; default: return 4;`), and arms that run one statement with other " +
		"numbers however they nest (flash-attention's `run_flash_fwd<Flash_fwd_kernel_traits<Headdim, 64, 64, 4, ...>>` " +
		"for 8.6-8.9 and `<Headdim, 128, 64, 4, ...>` for the rest; not when a differing number may name an architecture, " +
		"as in `run<90>` against `run<80>`); in Python too, a chain with an else whose arms make one call with other numbers " +
		"(`kernel[grid](x, BLOCK_M=128)` against `BLOCK_M=64`), or whose arms and fall-through return one call of the same " +
		"function with other numbers or a constant table's entry (flux's `return _as_triton_config_info(A800_TUNEMAP[key])` " +
		"against `_as_triton_config_info((128, 128, 64, 4, 4, 4))`). An arm that sets a string, a boolean, the result of any call but arithmetic " +
		"(min, max, int, cdiv), only names, or a value computed from names (`return x * 2`) chooses a path and stays AL201, as does a number named for an architecture or a " +
		"version (`sm_mma = 80` picks 8.0's MMA instructions) and a ternary inside an expression (`shape[0 if sm90 else 1]`).",
	Before: "#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000\nconstexpr int kSmemBytes = 227 * 1024;\n#else\n" +
		"constexpr int kSmemBytes = 99 * 1024;\n#endif",
	After: "#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000\nconstexpr int kSmemBytes = 227 * 1024;\n" +
		"#elif __CUDA_ARCH__ == 1200 || __CUDA_ARCH__ == 1210\nconstexpr int kSmemBytes = 99 * 1024;  // measured on sm_120\n" +
		"#else\nconstexpr int kSmemBytes = 99 * 1024;\n#endif",
	Level:     finding.LevelNote,
	Tags:      []string{"performance", "cuda", "tuning"},
	Precision: "medium",
}

// checkTuning finds both kinds of tuning branch: #if chains (the shut-out
// check's) and Python capability checks whose arms only set numbers.
func checkTuning(r Rule, c *Context) []finding.Finding {
	return append(checkShutOut(r, c), checkPythonGates(r, c)...)
}
