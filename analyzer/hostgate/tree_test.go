package hostgate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/python"
)

// fixtureSources are the fixtures' sources by name, sorted.
func fixtureSources(t testing.TB) (names []string, srcs [][]byte) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(p))
		srcs = append(srcs, src)
	}
	return names, srcs
}

// TestAnalyzeTreeReusedParser: one parser going from file to file (as
// scan's workers use it; each tree lives in the parser's buffer until the
// next parse) finds what a fresh parser finds for each file.
func TestAnalyzeTreeReusedParser(t *testing.T) {
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	names, srcs := fixtureSources(t)
	p := cst.NewParser()
	defer p.Close()
	// Large files first, then small ones, then the large again: a stale
	// record past a small file's tree would show.
	order := append(append([]int(nil), rangeOf(len(srcs))...), rangeOf(len(srcs))...)
	for _, i := range order {
		want, err := Analyze("r", names[i], srcs[i], cfg)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := p.ParseTree(context.Background(), srcs[i])
		if err != nil {
			t.Fatal(err)
		}
		if got := AnalyzeTree("r", names[i], tree, cfg); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: reused parser finds\n%+v\nfresh parser\n%+v", names[i], got, want)
		}
		if len(want) == 0 && names[i] != "negatives.cpp" {
			t.Errorf("%s: no gates", names[i])
		}
	}
}

func rangeOf(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = n - 1 - i
	}
	return out
}

// TestAnalyzeTreeConcurrent: workers with a parser each, analyzing the
// same files at once, find what one goroutine finds.
func TestAnalyzeTreeConcurrent(t *testing.T) {
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	names, srcs := fixtureSources(t)
	want := make([][]python.Gate, len(srcs))
	for i := range srcs {
		var err error
		if want[i], err = Analyze("r", names[i], srcs[i], cfg); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(srcs))
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := cst.NewParser()
			defer p.Close()
			for i := range srcs {
				tree, err := p.ParseTree(context.Background(), srcs[i])
				if err != nil {
					errs <- err.Error()
					continue
				}
				if got := AnalyzeTree("r", names[i], tree, cfg); !reflect.DeepEqual(got, want[i]) {
					errs <- names[i] + ": gates differ"
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// generatedHost builds a host source file of about lines lines in the
// shape of real launchers: many functions that never read the capability
// and a few that decide on it (a ladder, a check, a helper, a switch).
func generatedHost(lines int) []byte {
	var b bytes.Buffer
	b.WriteString("#include <cuda_runtime.h>\n\nnamespace bench {\n\n")
	for i := 0; bytes.Count(b.Bytes(), []byte("\n")) < lines; i++ {
		fmt.Fprintf(&b, `template <typename T>
void launch_plain_%[1]d(const T* in, T* out, int n, cudaStream_t s) {
  constexpr int kBlock = 256;
  dim3 grid((n + kBlock - 1) / kBlock);
  for (int j = 0; j < 4; ++j) {
    kernel_%[1]d<T, kBlock><<<grid, kBlock, 0, s>>>(in + j, out, n - j);
  }
  check(cudaGetLastError(), "kernel_%[1]d");
}

struct Runner%[1]d {
  int workspace(int m, int k) const { return m * k * static_cast<int>(sizeof(float)) + 128; }
  void run(const float* a, float* c, int m, int k, cudaStream_t s) {
    if (m == 0 || k == 0) return;
    launch_plain_%[1]d<float>(a, c, m * k, s);
  }
};

`, i)
		if i%4 == 0 {
			fmt.Fprintf(&b, `bool is_sm90_%[1]d() { return getSMVersion() == 90; }

void dispatch_%[1]d(const float* in, float* out, int n, cudaStream_t s) {
  int sm = getSMVersion();
  if (sm >= 100) {
    launch_plain_%[1]d<float>(in, out, n, s);
  } else if (is_sm90_%[1]d()) {
    launch_plain_%[1]d<float>(in, out, n / 2, s);
  } else {
    TORCH_CHECK(false, "unsupported architecture ", sm);
  }
  switch (sm) {
    case 80: case 86: launch_plain_%[1]d<float>(in, out, n, s); break;
    default: break;
  }
  TORCH_CHECK(sm >= 80, "needs sm80");
}

`, i)
		}
	}
	b.WriteString("}  // namespace bench\n")
	return b.Bytes()
}

// BenchmarkAnalyzeTree is the host-check analysis of a parsed 5,000-line
// file; BenchmarkParseAndAnalyze adds the parse and the copy of the tree
// (what scan.Load pays per host file).
func BenchmarkAnalyzeTree(b *testing.B) {
	src := generatedHost(5000)
	p := cst.NewParser()
	defer p.Close()
	tree, err := p.ParseTree(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	caps := python.DefaultCaps()
	cfg := testConfig(b, caps)
	if len(AnalyzeTree("", "bench.cu", tree, cfg)) == 0 {
		b.Fatal("no gates")
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		AnalyzeTree("", "bench.cu", tree, cfg)
	}
}

func BenchmarkParseAndAnalyze(b *testing.B) {
	src := generatedHost(5000)
	p := cst.NewParser()
	defer p.Close()
	caps := python.DefaultCaps()
	cfg := testConfig(b, caps)
	b.SetBytes(int64(len(src)))
	for range b.N {
		tree, err := p.ParseTree(context.Background(), src)
		if err != nil {
			b.Fatal(err)
		}
		AnalyzeTree("", "bench.cu", tree, cfg)
	}
}
