package hostgate

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/python"
)

// partialCases mix declarations that read the capability with many that
// do not, in the shapes cst.Split descends into.
var partialCases = map[string]string{
	"classes": `#include <cuda_runtime.h>
namespace ops {
struct Layout { int row_major = 1; int stride(int i) const { return i * 2; } };
template <typename T>
class Runner : public Base<T> {
 public:
  Runner() : sm_{0} {}
  void setup() { count_ = 4; }
  bool fast() const {
    int sm_version = get_sm_version();
    if (sm_version >= 90) { return true; } else if (sm_version >= 80) { return false; }
    TORCH_CHECK(false, "needs sm80");
    return false;
  }
  int other() { return count_ + 1; }
 private:
  int sm_, count_;
};
}  // namespace ops
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major >= 9) return 0;
  return 1;
}
`,
	// A helper: the partial analysis finds it, and the functions that
	// name it are parsed too (wideItems), not unrelated.
	"helper": `int unrelated(int x) { return x * 2; }
static bool is_sm90() { return getSMVersion() == 90; }
void run() { if (is_sm90()) { fast(); } else { slow(); } }
`,
	// A helper defined after its caller, found in the second round, a
	// function that names a source token and reads nothing (marking
	// counter conflicted), and a member found and then lost to a
	// conflict in a function that names it only.
	"widened": `int unrelated(int x) { return x * 2; }
int table[4];
void run() { if (is_sm90()) { fast(); } else { slow(); } }
int cache_major(Prop* p) { counter = p->major; return 0; }
static bool is_sm90() { return getSMVersion() == 90; }
struct K {
  void init() { mSM = getSMVersion(); }
  void go() { if (mSM >= 90) { a(); } else { b(); } }
  void reset() { mSM = unrelated(1); }
  int mSM;
};
void other() { int y = unrelated(3); counter = y; }
`,
	// A member dev_sm_ found in the first parse: the widening adds go, which
	// names it, and not tile or count, which hold "sm" only inside
	// other names (smem, num_sms: namesOne; a plain sm, sm_ or SM is
	// read by its name, isWeakCapName).
	"whole-names": `struct K {
  int dev_sm_, sm_count;
  void init() { dev_sm_ = getSMVersion(); }
  void go() { if (dev_sm_ >= 90) { a(); } else { b(); } }
  int tile(int smem) { return smem / 4; }
  int count(int num_sms) { sm_count = num_sms; return sm_count; }
};
`,
	// Nearly all of the file reads the capability: it is parsed whole,
	// once (cst.NearlyWhole).
	"nearly-whole": `int f() { if (getSMVersion() >= 90) { return a(); } else { TORCH_CHECK(false, "needs sm90"); } return 0; }
int g;
`,
	// A member assigned the capability in one function and something
	// else in another that reads nothing: conflicted, no gate.
	"member": `struct K {
  void init() { mSM = getSMVersion(); }
  void reset() { mSM = 0; }
  void go() { if (mSM >= 90) { a(); } else { b(); } }
  int mSM;
};
`,
	// Nothing reads the capability (ColumnMajor, a major member, smem
	// used as a variable): no parse at all, no gate.
	"none": `using Layout = ColumnMajor; int smem = 3;
int f(Prop* p) { return p->major + smem; }
`,
	// Kernels that test __CUDA_ARCH__ only in #if lines read no
	// capability (inertDirective): only run is parsed for the host
	// checks, k too for its kernels (AnalyzeKernelSource).
	"directives": `#define ARCH_OK(x) ((x) >= 900 ? __CUDA_ARCH__ : 0)
void run() { if (getSMVersion() >= 90) { go(); } else { TORCH_CHECK(false, "needs sm90"); } }
__global__ void k(float* x) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
  x[0] = 1;
#elif __CUDA_ARCH__ >= 800 \
    && __CUDA_ARCH__ < 900
  x[0] = 2;
#endif
}
`,
	// Split gives up (an #if group whose first branch closes the
	// namespace it opened in): a whole parse.
	"unsplit": `namespace a {
int f();
#if A
}
#endif
void g() { if (getSMVersion() >= 90) { h(); } else { TORCH_CHECK(false, "x"); } }
`,
	// An #if splitting a declaration that does not read the
	// capability: the split keeps the group in that declaration's item
	// (cst.Piece.Merged), and only the one that reads is parsed.
	"merged": `#if A
void f(int a) {
#else
void f() {
#endif
  g();
}
void run() { if (getSMVersion() >= 90) { go(); } else { TORCH_CHECK(false, "x"); } }
`,
	// The same group in the declaration that reads: a whole parse.
	"merged-reads": `#if A
void f(int a) {
#else
void f() {
#endif
  if (getSMVersion() >= 90) { g(); } else { TORCH_CHECK(false, "x"); }
}
`,
}

// TestAnalyzeSourceLikeWhole: the partial parse gives a whole parse's
// gates on the fixtures and on partialCases.
func TestAnalyzeSourceLikeWhole(t *testing.T) {
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	srcs := map[string][]byte{}
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		srcs[filepath.Base(path)] = src
	}
	for name, src := range partialCases {
		srcs[name] = []byte(src)
	}
	p := cst.NewParser()
	defer p.Close()
	gated := 0
	for name, src := range srcs {
		want, err := Analyze("r", name, src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AnalyzeSource(context.Background(), p, "r", name, src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: partial parse gives\n %+v\nwhole parse\n %+v", name, got, want)
		}
		if len(want) > 0 {
			gated++
		}
		checkKernelSource(t, p, name, src, cfg)
	}
	if gated < len(files) {
		t.Errorf("only %d of the sources have gates", gated)
	}
	// The cases with helpers and members are parsed in part, again, and
	// not whole.
	for _, name := range []string{"widened"} {
		src := []byte(partialCases[name])
		a, err := analyzeSource(context.Background(), p, "r", name, src, cfg, false)
		if err != nil {
			t.Fatal(err)
		}
		pieces := mustSplit(t, partialCases[name])
		reads, _ := readingItems(src, pieces)
		first := 0
		for _, r := range cst.Ranges(pieces, func(i int) bool { return reads[i] }) {
			first += r.End - r.Start
		}
		if a.parsed <= first || a.parsed >= first+len(src) {
			t.Errorf("%s: parsed %d bytes, want more than the first partial parse's %d and less than that and the whole file's %d", name, a.parsed, first, len(src))
		}
	}
	if a, err := analyzeSource(context.Background(), p, "r", "nearly-whole", []byte(partialCases["nearly-whole"]), cfg, false); err != nil || a.parsed != len(partialCases["nearly-whole"]) || len(a.gates) == 0 {
		t.Errorf("nearly-whole: parsed %d bytes with %d gates (%v), want the file's %d once and a gate", a.parsed, len(a.gates), err, len(partialCases["nearly-whole"]))
	}
	// whole-names widens to go alone: its bytes and init's, not tile's
	// or count's.
	{
		src := []byte(partialCases["whole-names"])
		a, err := analyzeSource(context.Background(), p, "r", "whole-names", src, cfg, false)
		if err != nil {
			t.Fatal(err)
		}
		pieces := mustSplit(t, partialCases["whole-names"])
		reads, _ := readingItems(src, pieces)
		first, second := 0, 0
		for _, r := range cst.Ranges(pieces, func(i int) bool { return reads[i] }) {
			first += r.End - r.Start
		}
		for _, r := range cst.Ranges(pieces, func(i int) bool {
			text := string(src[pieces[i].Start:pieces[i].End])
			return pieces[i].Item && !strings.Contains(text, "tile(") && !strings.Contains(text, "count(")
		}) {
			second += r.End - r.Start
		}
		if a.parsed != first+second || len(a.gates) == 0 {
			t.Errorf("whole-names: parsed %d bytes with %d gates, want %d+%d and a gate", a.parsed, len(a.gates), first, second)
		}
	}
	// The names the widening looks for are the helper and what was ever
	// a member (mSM, lost to reset's conflict), not counter, a global
	// only ever assigned something else: other, which names it and
	// reads nothing, is left out of the parse.
	wt, err := p.ParseTree(context.Background(), []byte(partialCases["widened"]))
	if err != nil {
		t.Fatal(err)
	}
	_, names := analyze("r", "widened", wt, cfg)
	slices.Sort(names)
	if want := []string{"issm90", "msm"}; !slices.Equal(names, want) {
		t.Errorf("widened: names %q, want %q", names, want)
	}
	// The cases take the paths they are named for.
	if _, ok := cst.Split([]byte(partialCases["unsplit"])); ok {
		t.Error("unsplit: split")
	}
	for name, mergedRead := range map[string]bool{"merged": false, "merged-reads": true} {
		pieces := mustSplit(t, partialCases[name])
		reads, _ := readingItems([]byte(partialCases[name]), pieces)
		if cst.MergedKept(pieces, reads) != mergedRead {
			t.Errorf("%s: a merged item read: %v", name, !mergedRead)
		}
	}
	if _, any := readingItems([]byte(partialCases["none"]), mustSplit(t, partialCases["none"])); any {
		t.Error("none: reads the capability")
	}
	dsrc, dpieces := partialCases["directives"], mustSplit(t, partialCases["directives"])
	reads, _ := readingItems([]byte(dsrc), dpieces)
	for i, r := range reads {
		if text := dsrc[dpieces[i].Start:dpieces[i].End]; r != strings.Contains(text, "void run") {
			t.Errorf("directives: reads %v for %q", r, text)
		}
	}
	for name, shared := range map[string]bool{"helper": true, "classes": false} {
		src := []byte(partialCases[name])
		pieces := mustSplit(t, partialCases[name])
		reads, _ := readingItems(src, pieces)
		pt, err := p.ParseTreeRanges(context.Background(), src, cst.Ranges(pieces, func(i int) bool { return reads[i] }))
		if err != nil {
			t.Fatal(err)
		}
		if !pt.CleanItems(pieces, reads) {
			t.Errorf("%s: items not clean", name)
		}
		if _, names := analyze("r", name, pt, cfg); (names != nil) != shared {
			t.Errorf("%s: shared %v", name, !shared)
		}
	}
}

func mustSplit(t *testing.T, src string) []cst.Piece {
	t.Helper()
	pieces, ok := cst.Split([]byte(src))
	if !ok {
		t.Fatalf("not split: %q", src)
	}
	return pieces
}

// TestMayRead: every capability read the evaluator knows is seen by
// mayRead, and names that only look alike are not.
func TestMayRead(t *testing.T) {
	for _, s := range []string{"getSMVersion()", "x = get_sm_version(dev)", "GetCudaComputeCapability ()", "sm()", "obj.SM<T>()",
		"int sm_version;", "cfg.sm_arch", "cc_major", "arch_major", "__CUDA_ARCH__", "const cudaDeviceProp& p", "hipDeviceProp_t p",
		"at::cuda::getCurrentDeviceProperties()", "get_device_properties(0)", "cudaGetDeviceProperties(&p, 0)",
		"cudaDevAttrComputeCapabilityMajor", "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR", "getSMVersion /* x */ ()", "int sm = 3;", "this->sm_ >= 90",
		"x\u00e9getSMVersion()", "1getSMVersion()"} {
		if !mayRead([]byte(s)) {
			t.Errorf("%q: not seen as a capability read", s)
		}
	}
	// Preprocessor lines: names the evaluator never reads do not count
	// (inertDirective), those it may read, and a '#' that may not start
	// a directive, do.
	for _, s := range []string{"x;\n#if __CUDA_ARCH__ >= 900 ? 1 : 0\n", "x;\n#if FOO(__CUDA_ARCH__)\n", "x;\n#elif TORCH_CHECK \\\n(__CUDA_ARCH__)\n",
		"#if __CUDA_ARCH__ >= 900\n", "x;\n #if \\\n __CUDA_ARCH__ >= 900 // \"\n", "x; /* a\n# */ int v = getSMVersion();",
		"x;\n#if A\nint v = getSMVersion();\n#endif\n", "x; # define A __CUDA_ARCH__\n", "x;\n#define A \\\n B\nint v = sm_version;"} {
		if !mayRead([]byte(s)) {
			t.Errorf("%q: not seen as a capability read", s)
		}
	}
	for _, s := range []string{"ColumnMajor", "p->major", "int smem = 3;", "num_sms", "getSMCount()", "__CUDA_ARCH_FEAT_SM90_ALL",
		"kMinComputeCapabilityX", "getSmallestQuery()", "get_sm100_tuning()", "SM90", "getSMVersion;",
		"x;\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)\n", "x;\n\t#  elif __CUDA_ARCH__ < 800 \\\n  || __CUDA_ARCH__ > 1000\r\n",
		"x;\n#ifdef __CUDA_ARCH__\n#endif", "x;\n#define ARCH(x) (getSMVersion() >= x ? 1 : 0)\n", "x;\n#pragma unroll(sm_version)\n"} {
		if mayRead([]byte(s)) {
			t.Errorf("%q: seen as a capability read", s)
		}
	}
}

// hostTriggers are analyzer/scan's: the files a scan runs host checks on.
var hostTriggers = []string{"SMVersion", "SmVersion", "smVersion", "get_sm_version", "ComputeCapability", "cudaGetDeviceProperties",
	"getCurrentDeviceProperties", "getDeviceProperties", "sm_version", "compute_capability", "prop.major", "props.major", "->major",
	"arch_major", "ArchMajor", "sm_major", "SmMajor", "SMMajor", "cc_major",
	// A capability in a plain sm or sm_ (FasterTransformer's WindowAttention,
	// TensorRT-LLM's get_candidate_configs(int sm, ...)) is read only where
	// it is compared with an architecture number (hostgate.isWeakCapName):
	// the comparison is the sign; "sm" alone is in most files.
	"sm ==", "sm !=", "sm >", "sm <", "sm==", "sm!=", "sm>=", "sm<=", "sm_ ==", "sm_ !=", "sm_ >", "sm_ <"}

// TestPartialCorpus compares AnalyzeSource with a whole parse's gates on
// every file of ARCHLINT_HOSTGATE_CORPUS (colon-separated directories)
// that a scan runs host checks on, and reports how much of them it parsed.
func TestPartialCorpus(t *testing.T) {
	roots := os.Getenv("ARCHLINT_HOSTGATE_CORPUS")
	if roots == "" {
		t.Skip("set ARCHLINT_HOSTGATE_CORPUS to C/C++/CUDA source trees")
	}
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	p := cst.NewParser()
	defer p.Close()
	var files, unsplit, none, shared, sharedWhole, errs, all, parsed int
	var tWhole, tPart time.Duration
	forHostCorpus(t, roots, func(root, path string, src []byte) {
		files++
		all += len(src)
		start := time.Now()
		whole, err := p.ParseTree(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		want := AnalyzeTree(root, path, whole, cfg)
		tWhole += time.Since(start)
		start = time.Now()
		a, err := analyzeSource(context.Background(), p, root, path, src, cfg, false)
		tPart += time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.gates, want) {
			t.Errorf("%s: partial parse gives %d gates, whole %d:\n got %+v\nwant %+v", path, len(a.gates), len(want), a.gates, want)
		}
		parsed += a.parsed
		pieces, ok := cst.Split(src)
		if !ok {
			unsplit++
			return
		}
		reads, any := readingItems(src, pieces)
		if !any {
			none++
			return
		}
		if pt, _ := p.ParseItems(context.Background(), src, pieces, reads); pt == nil {
			errs++
		} else if _, names := analyze(root, path, pt, cfg); names != nil {
			shared++
			if a.parsed >= len(src) {
				sharedWhole++
			}
		}
	})
	t.Logf("%d files (%.1f MB): %d not split, %d read no capability, %d with helpers or members (%d of them parsing the file's size or more in all), %d with parse errors or merged items; parsed %.1f%% of the bytes; whole %v, partial %v",
		files, float64(all)/1e6, unsplit, none, shared, sharedWhole, errs, 100*float64(parsed)/float64(max(all, 1)), tWhole.Round(time.Millisecond), tPart.Round(time.Millisecond))
}

// forHostCorpus calls fn with every C/C++/CUDA file under roots (a
// colon-separated list) that a scan runs host checks on.
func forHostCorpus(t *testing.T, roots string, fn func(root, path string, src []byte)) {
	t.Helper()
	for _, root := range filepath.SplitList(roots) {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch strings.ToLower(filepath.Ext(path)) {
			case ".cu", ".cuh", ".cpp", ".cc", ".cxx", ".h", ".hpp", ".hh", ".inl", ".c", ".ipp", ".tcc", ".inc", ".hxx", ".cuinl":
			default:
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, tr := range hostTriggers {
				if bytes.Contains(src, []byte(tr)) {
					fn(root, path, src)
					return nil
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// checkKernelSource fails when AnalyzeKernelSource's gates are not a
// whole parse's, or its kernels are not those of a whole parse that
// cst.Parser.ParseKernels must give (one the empty-kernel check may
// report: cst.MayEmpty) and perhaps others of them, in order and alike in every
// field, or the whole facts it gives are not a whole parse's. It reports
// whether the file was parsed whole.
func checkKernelSource(t *testing.T, p *cst.Parser, name string, src []byte, cfg Config) (whole bool) {
	t.Helper()
	wt, err := p.ParseTree(context.Background(), src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	wantGates := AnalyzeTree("r", name, wt, cfg)
	facts := wt.Facts()
	gates, kernels, wholeFacts, err := AnalyzeKernelSource(context.Background(), p, "r", name, src, cfg)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !reflect.DeepEqual(gates, wantGates) {
		t.Errorf("%s: AnalyzeKernelSource gives gates\n %+v\nwhole parse\n %+v", name, gates, wantGates)
	}
	if wholeFacts != nil && !reflect.DeepEqual(wholeFacts, facts) {
		t.Errorf("%s: AnalyzeKernelSource's whole facts differ from a whole parse's", name)
	}
	k := 0
	for _, w := range facts.Kernels {
		if k < len(kernels) && reflect.DeepEqual(kernels[k], w) {
			k++
			continue
		}
		if cst.MayEmpty(src, w.BodyStart, w.BodyEnd) {
			t.Errorf("%s: AnalyzeKernelSource misses kernel %+v", name, w)
		}
	}
	if k < len(kernels) {
		t.Errorf("%s: AnalyzeKernelSource gives kernel %+v, not the whole parse's", name, kernels[k])
	}
	return wholeFacts != nil
}

// TestKernelSourceCorpus runs checkKernelSource over every file of
// ARCHLINT_HOSTGATE_CORPUS (colon-separated directories) that a scan runs
// host checks on and that spells __global__ (analyzer/scan's Load parses
// those with AnalyzeKernelSource), and reports how much of them it parsed
// against a whole parse each.
func TestKernelSourceCorpus(t *testing.T) {
	roots := os.Getenv("ARCHLINT_HOSTGATE_CORPUS")
	if roots == "" {
		t.Skip("set ARCHLINT_HOSTGATE_CORPUS to C/C++/CUDA source trees")
	}
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	p := cst.NewParser()
	defer p.Close()
	var files, wholes, all, parsed int
	forHostCorpus(t, roots, func(root, path string, src []byte) {
		if !bytes.Contains(src, []byte("__global__")) {
			return
		}
		files++
		all += len(src)
		if checkKernelSource(t, p, path, src, cfg) {
			wholes++
			parsed += len(src)
			return
		}
		if pieces, ok := cst.Split(src); ok {
			reads, _ := readingItems(src, pieces)
			kern := cst.KernelItems(src, pieces)
			if slices.Contains(reads, true) || slices.Contains(kern, true) {
				for _, r := range cst.Ranges(pieces, func(i int) bool { return reads[i] || kern[i] }) {
					parsed += r.End - r.Start
				}
			}
		}
	})
	t.Logf("%d kernel files with host checks (%.2f MB), %d parsed whole; parsed %.1f%% of the bytes",
		files, float64(all)/1e6, wholes, 100*float64(parsed)/float64(max(all, 1)))
}

// TestReadTokenParts: hasReadToken's first look is sound only if every
// token holds one of the parts it looks for.
func TestReadTokenParts(t *testing.T) {
	for _, tok := range readTokens {
		if !hasReadTokenPart([]byte(tok)) {
			t.Errorf("read token %q holds none of hasReadTokenPart's parts", tok)
		}
	}
}

// FuzzHasReadToken compares hasReadToken with searching for every token.
func FuzzHasReadToken(f *testing.F) {
	for _, s := range []string{"smver", "xcomputecapability", "cudaarchx", "deviceprops", "major", "s", "getsm", "gpu"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := false
		for _, tok := range readTokens {
			want = want || strings.Contains(s, tok)
		}
		if got := hasReadToken([]byte(s)); got != want {
			t.Fatalf("hasReadToken(%q) = %v, want %v", s, got, want)
		}
	})
}

// TestNamesOne: a name counts whole, normalized, and anywhere in a run
// that tree-sitter may read as several names.
func TestNamesOne(t *testing.T) {
	names := map[string]bool{"sm": true, "issm90": true, "is$sm90": true, "is\\u00e9sm90": true}
	for text, want := range map[string]bool{
		"x = sm_ + 1;":          true,
		"this->SM;":             true,
		"if (is_sm90()) {}":     true,
		"int smem = num_sms;":   false,
		"// sm_count, gpusm":    false,
		"x = 1sm;":              true, // a number's suffix
		"int \xc3\xa9sm = 0;":   true, // a run with other UTF-8 bytes
		"int \xc3\xa9smem = 0;": true,
		"":                      false,
		"is_sm90x(); issm9":     false,
		"if (is$sm90()) {}":     true, // '$' is a name byte to tree-sitter
		"is\\u00e9sm90();":      true, // so is a universal character name
		"int a$smem;":           true, // a run with '$' counts a name anywhere
	} {
		if got := namesOne([]byte(text), names); got != want {
			t.Errorf("namesOne(%q) = %v, want %v", text, got, want)
		}
	}
	if namesOne([]byte("sm"), nil) {
		t.Error("namesOne with no names is true")
	}
}
