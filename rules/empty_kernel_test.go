package rules

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/target"
)

// parsedFacts is a KernelFacts that parses every file it is asked for:
// whole, or, with partial set, only the kernels Kernels must give
// (cst.Parser.ParseKernelsAt; cst.Parser.ParseKernels for nil lines).
type parsedFacts struct {
	t       *testing.T
	parser  *cst.Parser
	asked   map[int]bool
	partial bool
}

func (p *parsedFacts) Facts(f *cpp.File) *cst.Facts {
	p.asked[f.ID] = true
	fx, err := p.parser.Parse(f.Source())
	if err != nil {
		p.t.Fatal(err)
	}
	return fx
}

func (p *parsedFacts) Kernels(f *cpp.File, lines []int) []cst.Function {
	if !p.partial {
		return p.Facts(f).Kernels
	}
	p.asked[f.ID] = true
	kernels, _, err := p.parser.ParseKernels(context.Background(), f.Source())
	if lines != nil {
		kernels, _, err = p.parser.ParseKernelsAt(context.Background(), f.Source(), lines)
	}
	if err != nil {
		p.t.Fatal(err)
	}
	return kernels
}

func (p *parsedFacts) PrepareKernels([]*cpp.File, [][]int) {}

func (p *parsedFacts) Functions(f *cpp.File) []cst.Function { return p.Facts(f).Functions }

func (p *parsedFacts) ParsedFunctions(f *cpp.File) []cst.Function { return p.Functions(f) }

func (p *parsedFacts) PrepareFunctions([]*cpp.File) {}

func (p *parsedFacts) Scopes(f *cpp.File) []cst.Scope {
	scopes, _ := cst.NamedScopes(f.Source())
	return scopes
}

// randomKernelFile writes kernels whose bodies and headers sit in random
// nested chains on the architecture, an undecided macro and constants.
func randomKernelFile(rng *rand.Rand) string {
	conds := []string{"__CUDA_ARCH__ >= 900", "__CUDA_ARCH__ >= 1200", "__CUDA_ARCH__ < 800", "defined(__CUDA_ARCH__)",
		"defined(SOME_FLAG)", "SOME_LEVEL > 2", "1", "0", "__CUDA_ARCH__ == 1000", "!defined(__CUDA_ARCH__)"}
	var sb strings.Builder
	var block func(depth int)
	block = func(depth int) {
		for range 1 + rng.Intn(3) {
			if depth < 3 && rng.Intn(2) == 0 {
				fmt.Fprintf(&sb, "#if %s\n", conds[rng.Intn(len(conds))])
				block(depth + 1)
				switch rng.Intn(3) {
				case 0:
					fmt.Fprintf(&sb, "#elif %s\n", conds[rng.Intn(len(conds))])
					block(depth + 1)
				case 1:
					sb.WriteString("#else\n")
					block(depth + 1)
				}
				sb.WriteString("#endif\n")
			} else {
				fmt.Fprintf(&sb, "  x[%d] = %d;\n", rng.Intn(4), rng.Intn(9))
			}
		}
	}
	for k := range 1 + rng.Intn(3) {
		around := rng.Intn(3) == 0
		if around {
			fmt.Fprintf(&sb, "#if %s\n", conds[rng.Intn(len(conds))])
		}
		fmt.Fprintf(&sb, "__global__ void k%d(float* x) {\n", k)
		block(0)
		sb.WriteString("}\n")
		if around {
			sb.WriteString("#endif\n")
		}
	}
	return sb.String()
}

// TestEmptyKernelShortcut: checkEmptyKernel looks only at the files with
// a chain a flavor and a device pass decide differently (differing), and
// there at the kernels whose body's '{' is on a line where a flavor stops
// compiling code (emptyStarts), and must find what it finds looking at
// every kernel of every file.
func TestEmptyKernelShortcut(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var files []*cpp.File
	for i := range 300 {
		src := []byte(randomKernelFile(rng))
		files = append(files, &cpp.File{Root: "r", Path: fmt.Sprintf("k%03d.cu", i), Src: src, St: cpp.Build(cpp.Scan(src))})
	}
	run := emptyKernelRunner(t, files)
	everyFile := func(*Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) {
		return func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) { return true, nil }
	}
	// The files with a chain decided apart, every kernel.
	differing := func(c *Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) {
		return func(_ *cpp.File, chains map[int]*cpp.ChainEval) (bool, []int) { return c.differing(chains), nil }
	}
	// checkEmptyKernel's choice: the kernels at emptyStarts.
	starts := func(c *Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) {
		return func(f *cpp.File, chains map[int]*cpp.ChainEval) (bool, []int) {
			if !c.differing(chains) {
				return false, nil
			}
			lines := c.emptyStarts(f, chains)
			return len(lines) > 0, lines
		}
	}
	short, asked := run(differing, false)
	long, all := run(everyFile, false)
	if len(long) == 0 || asked == all {
		t.Fatalf("the fixture does not test the shortcut: %d findings, %d of %d files asked for", len(long), asked, all)
	}
	if !reflect.DeepEqual(short, long) {
		t.Errorf("looking at %d of %d files found %d empty kernels, looking at all %d", asked, all, len(short), len(long))
	}
	// Only the kernels whose bodies hold a conditional directive, from a
	// partial parse: the same findings.
	if partial, _ := run(everyFile, true); !reflect.DeepEqual(partial, long) {
		t.Errorf("partial parses found %d empty kernels, whole parses %d", len(partial), len(long))
	}
	// Only the kernels whose '{' is on a line where a flavor stops
	// compiling code, from a partial parse: the same findings.
	if at, _ := run(starts, true); !reflect.DeepEqual(at, long) {
		t.Errorf("parses of the kernels at emptyStarts found %d empty kernels, whole parses %d", len(at), len(long))
	}
	t.Logf("%d empty kernels; the shortcut parsed %d of %d files", len(long), asked, all)
}

// TestEmptyStartsLineByLine: emptyStarts reads only the ends of the runs
// of lines between directives; it must give what comparing every two
// consecutive lines of code gives (lineByLineStarts), with blank lines and
// comments anywhere.
func TestEmptyStartsLineByLine(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	fillers := []string{"\n", "  // note\n", "  /* a\n     b */\n", "   \t\n"}
	var files []*cpp.File
	for i := range 300 {
		var sb strings.Builder
		for _, ln := range strings.SplitAfter(randomKernelFile(rng), "\n") {
			if rng.Intn(3) == 0 {
				sb.WriteString(fillers[rng.Intn(len(fillers))])
			}
			sb.WriteString(ln)
		}
		src := []byte(sb.String())
		files = append(files, &cpp.File{Root: "r", Path: fmt.Sprintf("k%03d.cu", i), Src: src, St: cpp.Build(cpp.Scan(src))})
	}
	run := emptyKernelRunner(t, files)
	starts := 0
	run(func(c *Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) {
		return func(f *cpp.File, chains map[int]*cpp.ChainEval) (bool, []int) {
			got, want := c.emptyStarts(f, chains), lineByLineStarts(c, f, chains)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: emptyStarts %v, line by line %v\n%s", f.Path, got, want, f.Src)
			}
			starts += len(want)
			return false, nil
		}
	}, false)
	if starts == 0 {
		t.Fatal("the fixture has no line where a flavor stops compiling code")
	}
}

// lineByLineStarts is emptyStarts comparing every two consecutive lines of
// code.
func lineByLineStarts(c *Context, f *cpp.File, chains map[int]*cpp.ChainEval) []int {
	st := f.St
	var lines []int
	prev := -1
	for li, ln := range st.Src.Lines() {
		if ln.Directive >= 0 || strings.TrimSpace(f.LineText(li)) == "" {
			continue
		}
		if prev >= 0 && c.stopsBetween(chains, st, prev, li) {
			lines = appendPhysical(lines, st, prev)
		}
		prev = li
	}
	return lines
}

// TestEmptyStartsShapes: the kernels at emptyStarts are those an empty
// body is reported for whatever lies between the body's '{' and its first
// line of code: comments, a block comment over lines, blank lines, other
// directives, a '{' on a line of its own, a header over lines, code on
// the '{' line; and not for a kernel whose body opens on code (e).
func TestEmptyStartsShapes(t *testing.T) {
	srcs := []string{
		"__global__ void a(float* x) {\n  // note\n\n  /* a\n     b */\n#pragma unroll\n#if __CUDA_ARCH__ < 1200\n  x[0] = 1;\n#endif\n}\n",
		"__global__ void b(float* x)\n{\n#if __CUDA_ARCH__ >= 900 && \\\n    __CUDA_ARCH__ < 1200\n  x[0] = 1;\n#endif\n}\n",
		"template <int N>\n__global__ void\nc(float* x,\n  int n) {\n#ifdef __CUDA_ARCH__\n#if __CUDA_ARCH__ < 1000\n  x[0] = N;\n#endif\n#endif\n}\n",
		"__global__ void d(float* x) { x[2] = 0;\n#if __CUDA_ARCH__ < 1200\n  x[0] = 1;\n#endif\n}\n",
		"__global__ void e(float* x) {\n  x[2] = 0;\n#if __CUDA_ARCH__ < 1200\n  x[0] = 1;\n#endif\n}\n",
	}
	var files []*cpp.File
	for i, s := range srcs {
		src := []byte(s)
		files = append(files, &cpp.File{Root: "r", Path: fmt.Sprintf("s%d.cu", i), Src: src, St: cpp.Build(cpp.Scan(src))})
	}
	runner := emptyKernelRunner(t, files)
	run := func(partial bool, lines func(*Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int)) []finding.Finding {
		out, _ := runner(lines, partial)
		return out
	}
	long := run(false, func(*Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) {
		return func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) { return true, nil }
	})
	var names []string
	for _, f := range long {
		names = append(names, f.Location.Path)
	}
	// d counts too: the check reads a body from the line after its '{'.
	if want := []string{"s0.cu", "s1.cu", "s2.cu", "s3.cu"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("the fixture's empty kernels are in %v, want %v", names, want)
	}
	short := run(true, func(c *Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int) {
		return func(f *cpp.File, chains map[int]*cpp.ChainEval) (bool, []int) {
			lines := c.emptyStarts(f, chains)
			return len(lines) > 0, lines
		}
	})
	if !reflect.DeepEqual(short, long) {
		t.Errorf("the kernels at emptyStarts give %d findings, every kernel %d", len(short), len(long))
	}
}

// emptyKernelRunner evaluates files for sm_120 and returns what runs
// checkEmptyKernel's loop over them (emptyKernels) with the files and
// kernels keep picks, the kernels parsed whole or in part: the findings,
// sorted, and how many files it asked the structure for.
func emptyKernelRunner(t *testing.T, files []*cpp.File) func(keep func(*Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int), partial bool) ([]finding.Finding, int) {
	t.Helper()
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cuda := target.DefaultCUDA()
	tgs, err := tb.ParseTargets("sm_120", cuda)
	if err != nil {
		t.Fatal(err)
	}
	tg := tgs[0]
	passes := tb.Reference(cuda)
	fs := cpp.NewFileSet(files, nil)
	eng := cpp.NewEngine(cpp.Config{Table: tb, CUDA: cuda, BuildList: []target.Arch{tg.Arch}, Passes: passes}, fs)
	chains := cpp.MergeResults([]*cpp.Results{eng.Evaluate(files)}).ChainEvals(fs)
	parser := cst.NewParser()
	t.Cleanup(parser.Close)
	return func(keep func(*Context) func(*cpp.File, map[int]*cpp.ChainEval) (bool, []int), partial bool) ([]finding.Finding, int) {
		st := &parsedFacts{t: t, parser: parser, asked: map[int]bool{}, partial: partial}
		c := &Context{Target: tg, Passes: passes, Chains: chains, Structure: st}
		for _, fl := range tb.Flavors(tg, cuda) {
			for i, ps := range passes {
				if ps == fl {
					c.Flavors = append(c.Flavors, i)
				}
			}
		}
		out := emptyKernels(AL102, c, keep(c))
		sort.Slice(out, func(i, j int) bool {
			return out[i].Location.Compare(out[j].Location) < 0 ||
				out[i].Location.Compare(out[j].Location) == 0 && out[i].Message < out[j].Message
		})
		return out, len(st.asked)
	}
}
