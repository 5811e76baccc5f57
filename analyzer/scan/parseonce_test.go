package scan

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/hostgate"
	"github.com/archlint/archlint/analyzer/python"
)

// TestLoadParsesOnce: Load parses for host checks on parsers reused from
// file to file, and Structure parses kernel files when asked, prepared
// together or one by one (kernels and facts alike). What they find must be what a fresh parse of
// each file finds: hostgate.Analyze for the host checks, cst's Parse for
// the structure.
func TestLoadParsesOnce(t *testing.T) {
	dir := t.TempDir()
	host := "int sm_version() { return getSMVersion(); }\n" +
		"void run(int n) {\n  if (getSMVersion() >= 90) { go90(n); } else { TORCH_CHECK(false, \"needs sm90\"); }\n}\n"
	kernel := "__global__ void k(float* x) {\n#if __CUDA_ARCH__ >= 900\n  x[0] = 1;\n#endif\n  g();\n}\n"
	files := map[string]string{
		// Large first, so a later small file reuses a longer buffer.
		"a_big_both.cu": strings.Repeat("void pad(int i) { use(i); }\n", 400) + host + kernel,
		"b_host.cpp":    host,
		"c_kernel.cu":   kernel,
		"d_both.cu":     kernel + "void launch() {\n  cudaDeviceProp prop;\n  cudaGetDeviceProperties(&prop, 0);\n  TORCH_CHECK(prop.major >= 9, \"sm90\");\n}\n" + host,
		"e_plain.cu":    "__global__ void k() {}\n",
	}
	writeFiles(t, dir, files)
	for _, jobs := range []int{1, 2} {
		opt := testOptions(t, dir, "sm_120")
		opt.Jobs = jobs
		p, err := Load(opt)
		if err != nil {
			t.Fatal(err)
		}
		host := HostConfig(opt)
		var wantGates []python.Gate
		wantFacts := map[int]*cst.Facts{}
		parser := cst.NewParser()
		for _, f := range p.FS.Files {
			src, err := os.ReadFile(filepath.Join(dir, f.Path))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "getSMVersion") || strings.Contains(string(src), "prop.major") {
				gs, err := hostgate.Analyze(f.Root, f.Path, src, host)
				if err != nil {
					t.Fatal(err)
				}
				wantGates = append(wantGates, gs...)
			}
			if p.Relevant[f.ID] && isKernelFile(src) {
				if wantFacts[f.ID], err = parser.Parse(src); err != nil {
					t.Fatal(err)
				}
			}
		}
		parser.Close()
		if len(wantGates) < 4 || len(wantFacts) != 3 {
			t.Fatalf("jobs %d: the fixture has %d gates and %d kernel files", jobs, len(wantGates), len(wantFacts))
		}
		if !reflect.DeepEqual(p.HostGates, wantGates) {
			t.Errorf("jobs %d: host gates\n%+v\nwant\n%+v", jobs, p.HostGates, wantGates)
		}
		// Half the kernel files' kernels prepared together, the rest
		// asked for one by one: both ways give a fresh parse's kernels
		// (each kernel of the fixture holds a directive), and the facts
		// asked for afterwards a fresh parse's facts.
		st := p.Structure()
		var some []*cpp.File
		for _, f := range p.FS.Files {
			if f.ID%2 == 0 {
				some = append(some, f)
			}
		}
		var someLines [][]int
		for _, f := range some {
			someLines = append(someLines, kernelLines(f))
		}
		st.PrepareKernels(some, someLines)
		for _, f := range p.FS.Files {
			var want []cst.Function
			if wantFacts[f.ID] != nil {
				want = extentsOnly(wantFacts[f.ID].Kernels)
			}
			if got := extentsOnly(st.Kernels(f, kernelLines(f))); !reflect.DeepEqual(got, want) {
				t.Errorf("jobs %d: %s: kernels %+v, want %+v", jobs, f.Path, got, want)
			}
		}
		// Half the files' facts prepared together (over the kernels
		// parsed in part above), the rest asked for one by one.
		var odd []*cpp.File
		for _, f := range p.FS.Files {
			if f.ID%2 == 1 {
				odd = append(odd, f)
			}
		}
		p.structure.PrepareFacts(odd)
		facts := map[int]*cst.Facts{}
		for _, f := range p.FS.Files {
			if fx := p.structure.Facts(f); fx != nil {
				facts[f.ID] = fx
			}
		}
		if notes := p.structure.parseNotes(p.FS); len(notes) != 0 || !reflect.DeepEqual(facts, wantFacts) {
			t.Errorf("jobs %d: structure %+v (%v)\nwant %+v", jobs, facts, notes, wantFacts)
		}
	}
}

// Facts returns the facts of f, parsing it whole if need be; nil for a
// file that is not a kernel file or could not be parsed. The checks read
// Functions and Kernels; a whole parse is what the tests compare those
// with.
func (s *kernelStructure) Facts(f *cpp.File) *cst.Facts {
	if !s.kernel[f.ID] {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepare([]*cpp.File{f})
	return s.parsed[f.ID].facts
}

// PrepareFacts parses whole the kernel files among files not parsed
// whole yet, as a check once could.
func (s *kernelStructure) PrepareFacts(files []*cpp.File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prepare(files)
}

// extentsOnly is fns with what Structure's Kernels gives of them (the
// fields the empty-kernel check reads, as cst.FunctionExtents reads them):
// their calls and qualified names cleared.
func extentsOnly(fns []cst.Function) []cst.Function {
	var out []cst.Function
	for _, fn := range fns {
		fn.QualifiedName, fn.Calls, fn.Recovered = "", nil, false
		out = append(out, fn)
	}
	return out
}

// kernelLines are the lines of the directives of f: each kernel of the
// fixture holds one.
func kernelLines(f *cpp.File) []int {
	var lines []int
	for _, d := range f.St.Src.Directives {
		lines = append(lines, d.Line)
	}
	return lines
}

// TestKernelsAtLines: where a file's tokens do not give its functions
// (cst.FunctionExtents), Structure parses the kernels of the file for the
// lines asked for, and again, for those and the new ones, when asked for
// lines it did not parse for; every answer holds the kernels at the lines
// asked for.
func TestKernelsAtLines(t *testing.T) {
	src := "#include <cuda_runtime.h>\n" + // 1
		"__global__ void a(float* x) {\n#if __CUDA_ARCH__ >= 900\n  x[0] = 1;\n#endif\n}\n" + // 2-6
		"int pad;\n" + // 7
		"__global__ void b(float* x) {\n#if __CUDA_ARCH__ >= 900\n  x[0] = 2;\n#endif\n}\n" + // 8-12
		// More than a tenth of the file outside the kernels, so that
		// both are parsed in part, not whole (cst.NearlyWhole).
		strings.Repeat("void pad(int i) { use(i); }\n", 8)
	// Alternative headers: the tokens cannot be read for certain.
	alt := "#ifdef WIDE\n__global__ void c(long* x) {\n#else\n__global__ void c(int* x) {\n#endif\n" +
		"#if __CUDA_ARCH__ >= 900\n  x[0] = 3;\n#endif\n}\n"
	src += alt
	p := loadFiles(t, map[string]string{"k.cu": src})
	f := p.FS.Files[0]
	if !p.structure.kernel[f.ID] {
		t.Fatal("the fixture is no kernel file")
	}
	names := func(ks []cst.Function) []string {
		var out []string
		for _, k := range ks {
			out = append(out, k.Name)
		}
		return out
	}
	st := p.Structure()
	for _, c := range []struct {
		lines []int
		want  []string
	}{
		{nil, nil},
		{[]int{3}, []string{"a"}},
		{[]int{9}, []string{"a", "b"}},
		{[]int{3}, []string{"a", "b"}},
	} {
		if got := names(st.Kernels(f, c.lines)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("lines %v: kernels %v, want %v", c.lines, got, c.want)
		}
	}
	// Asked again for lines in the same items: nothing to parse.
	r := p.structure.parsed[f.ID]
	if len(r.kept) == 0 {
		t.Fatalf("not parsed in part: %+v", r)
	}
	if _, ok := r.covers(f, []int{4, 10}); !ok {
		t.Errorf("lines 4 and 10 not covered by the items parsed for 3 and 9")
	}

	// Kernels that are nearly all of their file parse whole at once:
	// the same kernels, no partial parse to find unclean first.
	p = loadFiles(t, map[string]string{"k.cu": src[:strings.Index(src, "void pad")] + alt})
	f = p.FS.Files[0]
	if got := names(p.Structure().Kernels(f, []int{3, 9, 18})); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("nearly whole: kernels %v, want [a b c]", got)
	}
	if r := p.structure.parsed[f.ID]; !r.whole() {
		t.Errorf("nearly whole: parsed in part: %+v", r)
	}
}

// TestStructureFunctions: a kernel file's functions are read from its
// tokens (cst.FunctionExtents) even once it was parsed whole for another
// check, from a whole parse where the tokens cannot be read, and a file
// that defines no kernel has its functions read from its tokens too (a
// verdict reads the helpers of the headers a file includes).
func TestStructureFunctions(t *testing.T) {
	files := map[string]string{
		"a_read.cu":   "__device__ int helper() { return 1; }\n__global__ void k(int* x) {\n#if __CUDA_ARCH__ >= 900\n  x[0] = helper();\n#endif\n}\n",
		"b_parsed.cu": "#if __CUDA_ARCH__ >= 900\n__global__ void k(int a) {\n#else\n__global__ void k(int a, int b) {\n#endif\n  go();\n}\n__device__ int h() { return 2; }\n",
		"c_host.cpp":  "int host() { return 3; }\n",
	}
	p := loadFiles(t, files)
	parser := cst.NewParser()
	defer parser.Close()
	byName := map[string]*cpp.File{}
	for _, f := range p.FS.Files {
		byName[f.Path] = f
	}
	// a_read.cu parsed whole first, as a check may have asked.
	p.structure.PrepareFacts([]*cpp.File{byName["a_read.cu"]})
	p.structure.PrepareFunctions(p.FS.Files)
	read, ok := cst.FunctionExtents([]byte(files["a_read.cu"]))
	if !ok || len(read) != 2 {
		t.Fatalf("fixture: %+v %v", read, ok)
	}
	if got := p.structure.Functions(byName["a_read.cu"]); !reflect.DeepEqual(got, read) {
		t.Errorf("a_read.cu: %+v, want the token reading %+v", got, read)
	}
	if _, ok := cst.FunctionExtents([]byte(files["b_parsed.cu"])); ok {
		t.Fatal("fixture: b_parsed.cu must be one the tokens cannot read")
	}
	whole, err := parser.Parse([]byte(files["b_parsed.cu"]))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.structure.Functions(byName["b_parsed.cu"]); len(got) == 0 || !reflect.DeepEqual(got, whole.Functions) {
		t.Errorf("b_parsed.cu: %+v, want the parse's %+v", got, whole.Functions)
	}
	hostRead, _ := cst.FunctionExtents([]byte(files["c_host.cpp"]))
	if got := p.structure.Functions(byName["c_host.cpp"]); len(got) != 1 || !reflect.DeepEqual(got, hostRead) {
		t.Errorf("c_host.cpp: %+v, want the token reading %+v", got, hostRead)
	}
}

// TestKernelsFromTokens: where a kernel file's tokens give its functions
// (cst.FunctionExtents), Structure gives its kernels from them without a
// parse, whatever lines are asked for, with what a whole parse gives of
// them; and Load's host checks parse only what they read there.
func TestKernelsFromTokens(t *testing.T) {
	src := "#include <cuda_runtime.h>\n" +
		"__global__ void a(float* x) {\n#if __CUDA_ARCH__ >= 900\n  x[0] = 1;\n#endif\n}\n" +
		"template <int N>\n__global__ void __launch_bounds__(128) b(float* x) {\n  x[N] = 2;\n}\n" +
		"void launch() {\n  cudaDeviceProp prop;\n  cudaGetDeviceProperties(&prop, 0);\n  TORCH_CHECK(prop.major >= 9, \"sm90\");\n}\n"
	p := loadFiles(t, map[string]string{"k.cu": src})
	f := p.FS.Files[0]
	if len(p.HostGates) == 0 {
		t.Fatal("the fixture's host check gave no gate")
	}
	whole, err := cst.NewParser().Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, lines := range [][]int{nil, {3}, {9}} {
		if got := extentsOnly(p.Structure().Kernels(f, lines)); !reflect.DeepEqual(got, extentsOnly(whole.Kernels)) {
			t.Errorf("lines %v: kernels %+v, want %+v", lines, got, extentsOnly(whole.Kernels))
		}
	}
	if r, ok := p.structure.parsed[f.ID]; ok {
		t.Errorf("parsed: %+v", r)
	}
}
