package cst

import (
	"bytes"
	"fmt"
	"testing"
)

// generatedCUDA builds a CUDA file of roughly lines lines mixing the shapes
// archlint meets: template kernels with launch bounds, arch-guarded bodies,
// __device__ helpers with calls, and host launchers.
func generatedCUDA(lines int) []byte {
	var b bytes.Buffer
	b.WriteString("#include <cuda_runtime.h>\n\nnamespace bench {\n\n")
	for i := 0; bytes.Count(b.Bytes(), []byte("\n")) < lines; i++ {
		fmt.Fprintf(&b, `__device__ __forceinline__ float helper_%[1]d(float v, int k) {
  float acc = 0.f;
  for (int j = 0; j < k; ++j) {
    acc += v * static_cast<float>(j) + __shfl_xor_sync(0xffffffff, acc, j & 31);
  }
  return acc;
}

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) kernel_%[1]d(const T* __restrict__ in, T* out, int n) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
  __shared__ T tile[BLOCK];
  int idx = blockIdx.x * BLOCK + threadIdx.x;
  if (idx < n) {
    tile[threadIdx.x] = in[idx];
    __syncthreads();
    out[idx] = static_cast<T>(helper_%[1]d(static_cast<float>(tile[BLOCK - 1 - threadIdx.x]), 4));
  }
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  int idx = blockIdx.x * BLOCK + threadIdx.x;
  if (idx < n) out[idx] = in[idx];
#else
  __trap();
#endif
}

void launch_%[1]d(const float* in, float* out, int n, cudaStream_t s) {
  constexpr int kBlock = 256;
  kernel_%[1]d<float, kBlock><<<(n + kBlock - 1) / kBlock, kBlock, 0, s>>>(in, out, n);
  check(cudaGetLastError(), "kernel_%[1]d");
}

`, i)
	}
	b.WriteString("}  // namespace bench\n")
	return b.Bytes()
}

func TestGeneratedCUDAIsClean(t *testing.T) {
	src := generatedCUDA(2000)
	f := mustParse(t, src)
	if f.ErrorNodes != 0 {
		t.Fatalf("generated benchmark source has %d error nodes at %v", f.ErrorNodes, f.ErrorLines[:min(5, len(f.ErrorLines))])
	}
	if len(f.Kernels) == 0 || 3*len(f.Kernels) != len(f.Functions) {
		t.Errorf("%d kernels, %d functions", len(f.Kernels), len(f.Functions))
	}
	if want := scanDirectives(src); len(f.DirectiveLines) != len(want) {
		t.Errorf("%d directive lines, scanner %d", len(f.DirectiveLines), len(want))
	}
}

// BenchmarkParse measures parse plus fact extraction on a ~2,000-line file;
// -benchmem and the MB/s column are the numbers docs/tree-sitter.md quotes.
func BenchmarkParse(b *testing.B) {
	src := generatedCUDA(2000)
	p := NewParser()
	defer p.Close()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseParallel runs one Parser per goroutine (the intended
// deployment: one per worker) to show how throughput scales with cores.
func BenchmarkParseParallel(b *testing.B) {
	src := generatedCUDA(2000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		p := NewParser()
		defer p.Close()
		for pb.Next() {
			if _, err := p.Parse(src); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
