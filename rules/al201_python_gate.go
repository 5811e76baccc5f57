package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL201 is the shut-out rule of design.md section 4 applied to Python's
// runtime decisions: capability checks, helper predicates, dispatch ladders,
// platform APIs and table lookups.
var AL201 = Rule{
	ID:    "AL201",
	Name:  "python-gate-excludes-target",
	Short: "A runtime capability check (Python, or C++ host code) refuses the target GPU or routes it to an older architecture's path.",
	Full: "Python code decides by compute capability (torch.cuda.get_device_capability(), get_device_properties().major, " +
		"a helper such as is_sm90_supported(), vllm's current_platform.has_device_capability(), a KERNELS[(major, minor)] " +
		"table; in C++ host code getSMVersion(), a major-only helper such as get_arch_major() or cudaDeviceProp.major compared in an " +
		"if/else ladder, a TORCH_CHECK or a DG_HOST_ASSERT) and the target either gets refused (an exception, a failed assert, an " +
		"error macro such as DG_HOST_UNREACHABLE, a skipped feature, a missing table " +
		"entry) where an older GPU is served, or is sent down the path of older GPUs. The finding names the exact " +
		"expression, the capabilities it admits and what the target gets. A ternary that only adds `+PTX` to an arch " +
		"list built from the device's own capability (`f\"{arch}{'+PTX' if arch == '9.0' else ''}\"`) is no finding: the " +
		"target gets its own native code either way. Nor is a check whose other arms only add checks that may refuse " +
		"(`if major == 9: assert head_dim <= 256`, cudnn-frontend's `if (prop_major == 8) { RETURN_..._ERROR_IF(...) }`): " +
		"the target skips a restriction, which shuts it out of nothing; loops whose bodies only check count too, and in a " +
		"C++ function that returns why something cannot run (nvFuser's `getMatmulRunTimeRejectReason`, `\"\"` when it can) " +
		"a returned reason is the refusal (`if (major == 9) { for (...) if (extent >= (1L << 31)) { ss << ...; return ss.str(); } }`: " +
		"a Hopper-only TMA limit). So is an arm that only adds nvcc flags for fixed " +
		"architectures (qutlass's `if cc in (101, 110): flags += [\"-gencode\", \"arch=compute_110a,code=sm_110a\"]`, with " +
		"locals nothing after it reads): the target misses code it does not run; flags built from the capability itself " +
		"(`f\"-gencode=arch=compute_{cc}a,code=sm_{cc}a\"`) are the device's own and remain a path. A check whose one arm only sets a flag (`has_sm100 = True`, then perhaps a " +
		"break) is judged by what the flag leads to: when the function refuses where the flag holds (`if not has_sm100: " +
		"return`, then a raise, unsloth's SM100 compatibility check), the flagged GPUs are the refused ones and the target " +
		"passes. A bare return is the way on when what the other GPUs go on to only turns something off (`if (major, " +
		"minor) >= (8, 0): return`, then `mylib.USE_FAST_KERNEL = False`, a patch for old GPUs), or when every GPU from " +
		"Ampere (8.0) on takes it and only older ones go on (code every GPU since the A100 skips is an old GPU's workaround), " +
		"and an arm that only " +
		"switches something off for the GPUs it admits (`os.environ[\"USE_DEEP_GEMM\"] = \"0\"` on 10.x, an attribute set to " +
		"False) only restricts them. A ternary on a flag that indexes a shape (`shape[0 if v_gmem_transposed else 1]`, the flag set from the capability " +
		"where the layout was chosen) follows that layout and picks no path; one that tests the capability itself " +
		"(`shape[0 if major == 9 else 1]`) is read. An arm that only drops " +
		"options from a list (`configs = [c for c in configs if c.tile_n != 208]` on Hopper) restricts as well. A constructor " +
		"that keeps a capability-named parameter on self (`def __init__(self, sm): assert 50 <= sm <= 80; self.sm = sm`) " +
		"describes something built for that architecture (a kernel generator's config, an SM80-family GEMM class), not the " +
		"device: its checks are not read as the device's. A capability read inside `try:` counts even when the `except` " +
		"only supplies a fallback (`major, minor = 0, 0`, `return False`): a GPU is assumed present, so the body runs; a " +
		"body that raises on some GPUs itself keeps its handlers. CuPy's `get_compute_capability()` and " +
		"`Device().compute_capability` are read as the string `'120'`, cuda.core's `Device().compute_capability` and " +
		"numba's `get_current_device().compute_capability` as `(12, 0)`, and cuda-python's `cudaGetDeviceProperties` " +
		"gives `.major`/`.minor`. A check whose arms only print, warn or log (`if cc_major != 9: print(\"Warning: tuned for " +
		"SM90\")`) gives every GPU the same code and is not read. A check whose every way returns a sentence (a log line: `return f\"arch={arch} kernel=none " +
		"(supported: ...)\"`) picks no path and is not read; one returning names (`\"fa4_fp4\"`, `\"fallback\"`) is. In a function named for a reason or a skip " +
		"(`_skip_reason()`, `_should_skip_sample()`, `unsupported_error()`), a returned message is the refusal and a " +
		"returned None the way on. A capability test ANDed with a run-time value (`if major == 10 and fa4 is not None:`, " +
		"`cc == (10, 0) and sm_count >= 148`) is reported when the target fails the capability test: the older GPUs that " +
		"pass it take the arm when the rest holds, which the scan cannot tell, while the target never does; the message " +
		"says so (a capability that an earlier check stopped, or an arm that only raises, is no path the target lacks; nor " +
		"are GPUs older than every other on the target's path, a legacy path). So is a C++ host check " +
		"(`std::is_same<DT, bf16>::value && 80 <= cc && cc < 100`, ppl.llm's xformers dispatch) whose arm does work and " +
		"goes on: an arm that returns a verdict (`return false;`), continues, breaks or only restricts serves no GPU. " +
		"In C++ host code the capability is also read from helpers in any casing (`getSMVersion`, `getSmVersion`), locals " +
		"named `smVersion`, and a plain `sm` (`sm_`) where it is compared with an architecture number (a compute capability " +
		"such as 80 or 121, or a round bound from 30 to 130): elsewhere that name often holds a shared-memory size or an SM " +
		"count. A capability-named local set from a value archlint cannot read (`const int sm = params[5]`) is taken by its " +
		"name, unless its initializer names an architecture (`compute_capability cc{arch_id::sm_89}`). Integer constants " +
		"declared const or constexpr at file or namespace scope (`constexpr int kSM_80 = 80;`) are read by their value; " +
		"constants from included headers are not. Assertion macros are recognised by CHECK, ASSERT, VALIDATE, VERIFY, " +
		"ENFORCE or REQUIRE in their name (`PLUGIN_VALIDATE`, `CAFFE_ENFORCE`), with `_EQ` to `_GE` forms comparing their " +
		"two arguments; test-framework forms whose first argument is no condition (`REQUIRE_FALSE`, `CHECK_THAT`) and " +
		"gtest's `EXPECT_*` are not. A ternary nested in another's arm is judged only for the GPUs the outer condition sends " +
		"there. An arm that only turns a feature off (`use_granular_tiling = false;`, with a printf saying so) restricts the " +
		"GPU it admits; the target misses nothing. TransformerEngine's `transformer_engine::cuda::sm_arch()` is read " +
		"wherever its value is kept. A capability test ANDed with another value is read as above when its arm returns one " +
		"of several enum constants (`return FUSED_MHA;`, a ternary of them): that picks a path; a bool, a number, a null pointer, " +
		"a local or an error code (`Status::kErrorNotSupported`, a status/result/code-typed value) is a verdict. A finding " +
		"on an if/else-if ladder stays at the first arm's condition; when another arm serves the newest GPUs the ladder " +
		"admits, the message names that arm and its line and gives it as a related location. Commented-out code above a " +
		"check is not quoted as its comment. " +
		"Checks of the GPU's product name (`\"H100\" in torch.cuda.get_device_name()`, `get_device_properties(0).name`, " +
		"vllm's `current_platform.get_device_name()`, pynvml's `nvmlDeviceGetName`, then `in`, `==`, `startswith`, after " +
		"`.lower()` or `.replace()`) are read against a table of the names each capability's GPUs report " +
		"(analyzer/python/data/gpu-names.tsv, from NVIDIA's CUDA GPUs page): a capability whose every name answers alike " +
		"is decided (`\"H100\" in name` is false for every 12.0 product), one whose names disagree (9.0: H100 passes, H200 " +
		"does not) is read like a capability test ANDed with a run-time value, and the message names the target's products " +
		"that decided it. A name used only in a log line, a file name or as a key into a tuning table decides nothing; a " +
		"test against Grace superchip names alone (`\"GB200\"`, `\"GB300\"`: an NVL72 rack's fabric) is no shut-out. " +
		"The checks inside a boolean helper (every way returns True, False or a test: `_is_hopper()` returning True for " +
		"`major == 9`, else `\"NVIDIA H\" in name`) answer its question, and its call sites are judged; the bool a name test " +
		"gives is never None (`True if answer is None else bool(answer)` takes the answer), as a regular expression's match " +
		"on the name can be. " +
		"When a check admits one GPU " +
		"(`sm == 90`, `arch == 89`) and also sends the GPUs newer than that one down the target's path, the finding " +
		"says so: the target is treated like those newer GPUs, and only the GPU admitted gets its own path (the GPUs " +
		"between are shut out alike), and so it does when the GPUs a check admits are all older than 9.0 and every GPU " +
		"from there to the target takes the target's path (`arch in (\"sm80\", \"sm86\", \"sm87\")` for an fp16 kernel, the " +
		"FP8 path for 8.9 and newer); the level stays, since the target, nearer Ampere and Ada than Hopper, may need the " +
		"path those GPUs get. A check in a benchmark (a directory named benchmarks, benchmark, bench or benches; a file named " +
		"bench_*, benchmark_*, *_bench or *_benchmark) keeps the target from a measurement, not from running: it is a note, " +
		"and the code it measures is judged where it decides; so is a check in an example (a directory named examples or " +
		"example: CUTLASS's `64_ada_fp8_gemm_grouped` returning from main on every GPU but 8.9), which keeps the target from " +
		"running the example, not from the library code it shows. When the code has a comment on the check's line or right above it, the finding " +
		"ends with it: it often says whether the exclusion is deliberate. A table lookup whose result the function only tests for " +
		"None (`arch = ARCH_BY_CAPABILITY.get(cap)`, then `if arch is None: return None`) is one decision, reported once: at the " +
		"lookup, which names the table that lacks the target's entry, with what the check then does, and the check as a related " +
		"location (two tables tested in one check give two findings, one for each table to extend). When the check instead " +
		"gives a missing entry a value of its own (`if size is None: size = DEFAULT`), the lookup refused nothing: the check " +
		"is the finding, with the lookup as its related location. When a condition that sent the target to its path names the " +
		"target in an equality or membership test (`elif arch.major in [8, 12]:`, `cc in ((8, 9), (12, 0))`, `sm in [80, 90, 120]`, " +
		"or a helper whose return is one: `is_deep_gemm_e8m0_used()` returning `get_device_capability()[0] in [10, 12]`), " +
		"the code chose that path for the target on purpose: the finding is a note and says so, and its admits line lists the GPUs sent the target's way (an ordering such as `sm < 120` " +
		"names the target as a bound, which is the shut-out itself, and stays a warning). When the function around a check that sends the target down the path of older GPUs tests for the target by name " +
		"elsewhere (bitsandbytes' kernel heuristics compute `is_sm120 = major == 12 and minor == 0` and decide on it further " +
		"down), its authors route the target through that function on purpose: the finding is a note naming that check; a " +
		"refusal stays a warning. Check whether the guarded kernel exists for " +
		"the target before widening the check: a Python gate often sits in front of a C++ range that also excludes it. " +
		"In C++ host code, a preprocessor group inside the function is decided for the host pass when its condition " +
		"names only what archlint knows there: the assumed toolkit (--cuda-version: CUDA_VERSION and CUDART_VERSION " +
		"are its number, 13000 for 13.0, as if cuda.h were included; __CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__ " +
		"and nvcc's other host-pass macros, in a .cu or .cuh file only: a .cpp or .h file may be compiled by the host compiler alone; " +
		"not __cplusplus, __GNUC__, __clang__ or __x86_64__, which the build chooses), __CUDA_ARCH__ undefined and the ROCm/HIP macros absent. A return inside a " +
		"group compiled ends the path there (`#if CUDA_VERSION >= 12080` around `if (sm >= 120) return ...;`), and " +
		"a group not compiled does not count. A group naming anything else (a project macro, a name the file " +
		"#defines or #undefs, __has_include) stays undecided: the checks inside it are read, but a return inside it " +
		"ends no path. A build switch named for an architecture (vllm's `ENABLE_SCALED_MM_SM120`, `ENABLE_NVFP4_SM100`, " +
		"which its CMake defines when the arch list holds that GPU) is on: the checks are read for a build of every " +
		"architecture the project serves, the target's among them. A GPU an earlier check returns for reaches none of " +
		"the checks after it, so `if (version_num >= 120) { gemm_sm120(); return; }` keeps 12.0 out of the older " +
		"kernels' checks that follow, and a GPU a TORCH_CHECK throws for reaches none of the statements after it (a " +
		"second check repeating the test for bf16 is not a second finding). The capability is read from getSMVersion()-style helpers (get_sm_version, " +
		"vllm's get_sm_version_num()), cudaDeviceProp.major, and a variable or parameter named for it (`sm_version`, `cc`: " +
		"ppl.llm's `dispatch_cutlassF(T cb, int cc)`). A C++ host check inside a function whose name names one " +
		"architecture family from Hopper on (flashinfer's `get_candidate_configs_sm100_dynamic_cluster_shape` testing `sm == 100`, " +
		"DeepGEMM's `sm90_fp8_mqa_logits` asserting a 9.x GPU, `CheckSm100Family`), or a window (`enable_sm90_only`), or in a " +
		"file under a directory named for one architecture (`sm90/`), keeps to that family by design, as AL101 reads such " +
		"ranges: when it admits some of the family and not the target, the finding is a note that names the function or the " +
		"directory, since only host code sending the target there would be a bug. A Python check or list under such a " +
		"directory (flashinfer's `moe_ep/backends/mega/kernel/sm90/`), or in a file named for an architecture-specific build " +
		"(`block_sparse_attn_sm100a.py`), is read the same way; another Python name for one architecture is not (a " +
		"`gen_..._sm90_module` is often built for 9.x to 12.x). A name for Ampere or Ada (`run_sm80`) is no " +
		"such window: their kernels run on every later GPU, sm_120 among them. When every arm the check keeps the target " +
		"from names another family's kernels or configs (Hopper's: sm90 as a word, `CutlassTileConfigSM90`, the `HOPPER` " +
		"flag, wgmma; datacenter Blackwell's: sm100 or sm103, `sm100_configs`, tcgen05), the GPUs taking each are of that " +
		"family, and the target's own path names no other family's kernels, the target loses nothing it could run: the finding is a note " +
		"that names those arms, for opening the check would not help; the target needs kernels of its own there. A Python " +
		"check's arm names a family by the kernels it calls: a function whose name ends in the architecture " +
		"(SageAttention-style `qattn.qk_int8_..._sm90(...)`, built for sm_90a with wgmma, where the other arm calls the " +
		"`_sm89` FP8 kernel that 12.0 runs); one that builds, loads or looks up a module (`gen_`, `get_`, `load_`, " +
		"`..._module`) names none. A name " +
		"for a number (`MAX_M_TILE_SM90`, `kBlockM_sm90`) is no kernel, and Blackwell alone names 12.x as much as 10.x.",
	Before:    "def is_sm90_supported():\n    major, minor = torch.cuda.get_device_capability()\n    return major == 9 or major == 10",
	After:     "def is_sm90_supported():\n    major, minor = torch.cuda.get_device_capability()\n    return major >= 9",
	Level:     finding.LevelWarning,
	Tags:      []string{"portability", "python", "runtime-gate"},
	Precision: "high",
}

// AL202 covers build-time arch lists: what a JIT module or extension is
// compiled for.
var AL202 = Rule{
	ID:    "AL202",
	Name:  "arch-list-excludes-target",
	Short: "A build arch list (supported_major_versions, -gencode, TORCH_CUDA_ARCH_LIST, CMake CUDA architectures) leaves the target out.",
	Full: "A list of architectures decides what a JIT module or extension is compiled for: supported_major_versions=[9, 10] " +
		"in a JIT spec, -gencode=arch=compute_90a,code=sm_90a flags, a TORCH_CUDA_ARCH_LIST default, a CMake " +
		"CUDA_ARCHITECTURES list or cuda_archs_loose_intersection(...). The target is not in it while older GPUs are, " +
		"so on the target the module is not built (an error such as \"No supported CUDA architectures found for major " +
		"versions [9, 10]\") or the kernels are missing. Adding the target to the list is only safe when the kernels it " +
		"builds work there: check the C++ ranges behind it. A list serves a GPU it names, and one a cubin it builds runs " +
		"on by CUDA's binary compatibility: sm_120's cubin runs on 12.1 (DGX Spark) and sm_86's on 8.9, an older minor of the " +
		"same major, except an arch-specific one (sm_90a runs on 9.0 alone); PTX (compute_90, 9.0+PTX) reaches every newer " +
		"GPU through the driver's JIT, and so does a CMake list entry without -real (CMake builds `90` as " +
		"`90-real;90-virtual`), in CMAKE_CUDA_ARCHITECTURES, a CUDA_ARCHITECTURES property or a variable set into one " +
		"(`set(CMAKE_CUDA_ARCHITECTURES ${CUDAARCHS})`), or a Python string set into the environment variable " +
		"CMAKE_CUDA_ARCHITECTURES or given to the configure step as `-DCMAKE_CUDA_ARCHITECTURES={archs}`. A Python string " +
		"that sets a list on a command line the script runs (`\"-DTORCH_CUDA_ARCH_LIST=8.0;9.0;9.0a\"` in an argv list) is " +
		"read as that list. A CUDAExtension whose nvcc flags name architectures is built for those alone (torch then " +
		"adds none from TORCH_CUDA_ARCH_LIST), however the flags were put together: appended \"-gencode\" and \"arch=...\" pairs, a " +
		"sum of flag lists. That list is read at the call, from the flags archlint evaluated, and reported there unless a literal " +
		"list of the same file already gives it; flags chosen by the GPU the build runs on are not a fixed list and are not read. " +
		"A Python list literal is read with what its scope adds to it (`flags.extend([...])`, `.append(...)`, `+=`, in any " +
		"branch: NVIDIA warp adds sm_100 and sm_120 when the toolkit is 12.8 or newer), and a literal that is only such an " +
		"addition, or an operand of `+` beside another list, is no list of its own. A gencode list of (virtual, real) pairs " +
		"(CuPy's `[('compute_90', 'sm_90'), ..., 'compute_120']`) is read whole, each pair building its real code; a list " +
		"of Jetson modules' capabilities only (5.3, 6.2, 7.2, 8.7, with Thor's) is their own path, no build list. A list " +
		"bound to a function's local (or a private `_name` of a module or class) that is only ever tested for membership, or named in a message (`big_smem = " +
		"[80, 90, 100, 103]`, then `if cap in big_smem:`) is the set a check admits: the check is judged where it is (AL201), " +
		"and the list is no build list. In a kernel generator (generate_kernels.py, gen_*.py, autogen*.py, codegen*.py) " +
		"a list tags the instantiations it writes (`SM = [80]` for flash_fwd_hdim128_sm80.cu), which the build compiles " +
		"for its own list: a note that asks only whether the target needs instantiations of its own. " +
		"A list in a benchmark or an example (the directories and names AL201 reads so) is a note, as their checks are, and " +
		"so is a build script's under a CI directory (`ci/`, `.ci/`, `.buildkite/`, `.circleci/`: sglang's " +
		"`scripts/ci/cuda/ci_install_deepep.sh` builds DeepEP for its runners): the project's CI has no code for the target, " +
		"what users install is built elsewhere. " +
		"A single architecture kept on an object or a class (`self.arch = \"sm_100\"` in a CuTe DSL kernel class, a class " +
		"attribute `arch_str: str = \"sm_100\"`) names what the " +
		"object is written for and is no build list. Nor is a list in a table's row for one capability (CuTe DSL's " +
		"`gpu_arch_map`: `(8, 6): (\"Ampere\", \"sm_86\", [\"sm_86\", \"sm_80\"])`): it lists what that GPU's code is built " +
		"for, as the target's own row does (a table without the target's row is its lookup's finding), and the target's row " +
		"tells which build the project makes; nor `__all__ = [\"sm100\"]`, which names modules; nor a list given to a check " +
		"(`if not _match_sm_version(dev, [\"100\", \"103\"]): raise ...`, or any call of a function named for matching or " +
		"checking a version or architecture), which is the set the check admits, judged where the check is (AL201); in a test " +
		"such a list says which GPUs the test runs on (AL203). " +
		"A list in the dictionary a function named for a report returns (`query_supported_hw` returning `{\"sm_archs\": [...]}`; " +
		"query, support, capabilities, info, describe or report in its name) tells callers what is supported and compiles " +
		"nothing: a note that the target is missing from the report. " +
		"A CMake list given only to clang as `--cuda-gpu-arch=${X}` in a file whose clang flags say `-emit-llvm` (nccl's " +
		"`BITCODE_LIB_ARCH sm_90` for libnccl_device.bc) names the GPU an LLVM bitcode library is built for: a program " +
		"built for any GPU links that IR and compiles it for its own, so the target gets the library's code, and the " +
		"finding is a note with a `bitcode:` line. " +
		"Hugging Face kernel-builder `build.toml` files are read: each CUDA kernel's `cuda-capabilities` (`backend = \"cuda\"`, " +
		"or in version 1 files `language` absent, `\"cuda\"` or `\"cuda-hipify\"`) is the list its sources are compiled for, " +
		"reported at the list with its `[kernel.NAME]` section. Kernel-builder gives each listed capability a cubin and adds " +
		"PTX only for an entry ending in `+PTX` (never for the highest), so `\"8.9\"` leaves 12.0 no code while `\"8.0+PTX\"` " +
		"reaches it through the driver's JIT and `\"12.0a\"` runs on it. A kernel with no list, or an empty one, uses " +
		"kernel-builder's default (12.0+PTX from CUDA 12.8) and is not reported. A variant that names only its own " +
		"architecture beside its family's generic kernel (`flash_attn_sm90` beside `flash_attn`) is named in the generic " +
		"kernel's finding, and a capability a sibling variant builds for is not reported. " +
		"Dockerfiles (Dockerfile, Dockerfile.*, Dockerfile_*, Dockerfile-*, *.Dockerfile) and shell scripts (.sh, .bash) are read for the literal lists they " +
		"set for the builds after them: `ENV`, `ARG` (a build argument's default), `export` or a command's prefix setting " +
		"TORCH_CUDA_ARCH_LIST or a variable named for it (CHOSEN_TORCH_CUDA_ARCH_LIST), and CMAKE_CUDA_ARCHITECTURES, " +
		"`-DCMAKE_CUDA_ARCHITECTURES=` included; a value that reads a variable is the list assigned to that variable. " +
		"A list set in the arm of a test of the toolkit's version (`case \"$CUDA_VERSION\" in 12.8.1)`, " +
		"`if [ \"$NVCC_VER\" = \"12.8\" ]`, tests of one variable joined by `||` over several lines, a wheel tag such as " +
		"`\"$CU_VERSION\" == \"cu126\"` read as 12.6) names that toolkit in the finding, and an arm for toolkits too old to build for " +
		"the target at all (CUDA 12.8 brought the first Blackwell architectures, 10.0 and 12.0 among them) is not reported: " +
		"that build has no code for the target whatever its list says. A list set in the arm of a test of the GPU's own " +
		"capability (`if [ \"${cc_major}\" = \"9\" ]`) is the one the GPU the build runs on picks, no fixed list, and is not " +
		"read. A Python setup script is read the same way: an arm of `if bare_metal_version >= Version(\"11.8\"): ... elif ...` " +
		"that only toolkits older than 12.8 take is not reported. A list a build script sets where a list differs from that " +
		"same value (`if [[ \"${default_arch}\" != \"8.9\" ]]; then export TORCH_CUDA_ARCH_LIST=8.9 && ./build.sh`) builds " +
		"an extra wheel beside the default one, which is judged where it is set: no finding. A list written into TORCH_CUDA_ARCH_LIST " +
		"(`os.environ[\"TORCH_CUDA_ARCH_LIST\"] = \"8.0;9.0\"`) replaces what the user exported, and the finding says so; " +
		"one written only where the variable is unset (an if that names it, `os.environ.setdefault(...)`, `os.environ.get(..., " +
		"default)`) is a default the user's setting wins over. Such a list is the build's whole list, so one that names old " +
		"GPUs only is reported too. One set only when no GPU is visible (`if not torch.cuda.is_available():`, the cross-compiling " +
		"default of apex and flash-attention's setup.py) says so: a build in a container without a GPU uses it, one that sees " +
		"the GPU compiles for it; one deleted again in the same scope (set around an import on CPU-only workers) is no build's. " +
		"GitHub Actions workflows (.yml and .yaml files directly under .github/workflows) are read for the lists their jobs " +
		"build with: a run step's shell lines as a build script's (an `echo \"TORCH_CUDA_ARCH_LIST=...\" >> $GITHUB_ENV` and " +
		"PowerShell's `$env:TORCH_CUDA_ARCH_LIST = '...'` too), an env mapping's `TORCH_CUDA_ARCH_LIST: 8.0;9.0`, and the values of " +
		"a job's build matrix that a step assigns to the variable (`${{ matrix.cudaarch }}`): each literal value, in an include " +
		"row or an axis's list, is a list of its own at its line, and an include row's CUDA toolkit (`cuda: '12.8.1'`) names it " +
		"in the finding, a toolkit too old for the target leaving the row unreported as a script's arm does; so does the else " +
		"of a run step's if that tests a matrix axis of toolkits (`[ \"${{ matrix.cu }}\" = \"cu130\" ]`), which the axis's " +
		"other values take. Python a step runs " +
		"from a here-document, the descriptions of a workflow's inputs and values computed by expressions are not read. A " +
		"workflow that builds what users install (its file name names a release, publish, wheel, whl, pypi or dist; it runs on " +
		"`release:` or on tag pushes; or a job of such a workflow runs it with `uses: ./.github/workflows/...`) is judged as " +
		"any build list. Any other workflow builds for CI only: its list says that the project's CI has no code for the target, " +
		"not that users lack it, so the finding is a note with a `ci build:` line. " +
		"When the code has a comment on the list's line or right above it, the finding ends with it.",
	Before:    "gen_jit_spec(\"trtllm_comm\", sources, supported_major_versions=[9, 10])",
	After:     "gen_jit_spec(\"trtllm_comm\", sources, supported_major_versions=[9, 10, 12])",
	Level:     finding.LevelWarning,
	Tags:      []string{"portability", "python", "build"},
	Precision: "high",
}

// AL203 keeps tests apart: a skip marker that excludes the target hides
// missing coverage, not a product failure.
var AL203 = Rule{
	ID:    "AL203",
	Name:  "test-skips-target",
	Short: "A test is skipped on the target GPU while older GPUs run it.",
	Full: "A pytest skip marker or skip call (or a test-only capability check, in Python or in a C++ test: a file " +
		"under tests/, test_*.cu, *_test.cpp; googletest's `GTEST_SKIP()` reads as the skip it is) excludes the target " +
		"while older GPUs run the test; so does a conftest hook that marks every collected test to skip (`skip = " +
		"pytest.mark.skip(...)`, `item.add_marker(skip)`) unless a capability check returns first, and there the return is " +
		"the way on, not a refusal. A test that stubs a capability source or the project's own arch helper " +
		"(`monkeypatch.setattr(torch.cuda, \"get_device_capability\", ...)`, `mock.patch(...)`, a helper named with arch, " +
		"capability, cc or sm) checks code against numbers it chose and gets no findings, and so does one that stubs " +
		"`torch.cuda.is_available` (the capability is never read). Nothing fails on the target, but nothing is tested either: once the code is opened " +
		"for the target, open the test too. Every gate in test code is this rule's, an arch list too: a test's " +
		"CUDAExtension or setup.py built for older GPUs only leaves the target's tests with no kernels to run. An arch list " +
		"that is the test's data is none of these: an element of a table of cases, a parametrize argument, what an assert " +
		"checks (`assert normalize([90, 80]) == ...`), what a stub returns (a lambda, `monkeypatch.setattr`), or an argument " +
		"of a fake's builder (`mock_...`, `fake_...`, or a `make_...` helper the test file defines or takes as a fixture).",
	Before:    "@pytest.mark.skipif(get_compute_capability()[0] not in [9, 10], reason=\"needs Hopper or Blackwell\")",
	After:     "@pytest.mark.skipif(get_compute_capability()[0] < 9, reason=\"needs Hopper or newer\")",
	Level:     finding.LevelNote,
	Tags:      []string{"portability", "python", "tests"},
	Precision: "high",
}
