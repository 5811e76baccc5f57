package walk

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// naiveMatch is the obvious definition Prefilter must agree with.
func naiveMatch(triggers []string, src []byte) bool {
	for _, t := range triggers {
		if bytes.Contains(src, []byte(t)) {
			return true
		}
	}
	return false
}

var benchTriggers = []string{"__CUDA_ARCH", "#if", "supported_major_versions", "get_device_capability", "NV_IF_TARGET"}

func TestPrefilterBasics(t *testing.T) {
	p := NewPrefilter(benchTriggers)
	for src, want := range map[string]bool{
		"":                                   false,
		"#i":                                 false,
		"#if":                                true,
		"x #ifdef Y":                         true,
		"__CUDA_ARC":                         false,
		"foo(__CUDA_ARCH__)":                 true,
		"torch.cuda.get_device_capability()": true,
		"supported_major_version":            false,
		"NV_IF_TARGET(NV_PROVIDES_SM_90, x)": true,
	} {
		if got := p.Match([]byte(src)); got != want {
			t.Errorf("Match(%q) = %v, want %v", src, got, want)
		}
	}
	if NewPrefilter(nil).Match([]byte("anything")) {
		t.Error("no triggers must match nothing")
	}
	if !NewPrefilter([]string{"x", ""}).Match(nil) {
		t.Error("an empty trigger must match everything")
	}
}

func TestMinimalNeedles(t *testing.T) {
	got := minimalNeedles([]string{"#ifdef", "#if", "#if", "NV_IF_TARGET", "NV_IF_", "zz"})
	var s []string
	for _, n := range got {
		s = append(s, string(n))
	}
	if strings.Join(s, ",") != "zz,#if,NV_IF_" {
		t.Errorf("minimalNeedles = %q", s)
	}
}

// TestPrefilterWindowEdges puts a trigger across every window boundary
// position, at the very start and at the very end.
func TestPrefilterWindowEdges(t *testing.T) {
	p := NewPrefilter(benchTriggers)
	trig := "supported_major_versions"
	for _, at := range []int{0, scanWindow - len(trig), scanWindow - 1, scanWindow - 12, scanWindow, 3*scanWindow - 5} {
		src := bytes.Repeat([]byte("x"), 3*scanWindow+100)
		copy(src[at:], trig)
		if !p.Match(src) {
			t.Errorf("trigger at %d not found", at)
		}
	}
	src := bytes.Repeat([]byte("x"), 2*scanWindow)
	copy(src[len(src)-3:], "#if")
	if !p.Match(src) {
		t.Error("trigger at the very end not found")
	}
}

// TestPrefilterRandom checks both strategies against naiveMatch.
func TestPrefilterRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alpha := "ab_#ifAB\x00\xff"
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		return b.String()
	}
	for iter := range 20000 {
		var triggers []string
		nt := r.IntN(6)
		if iter%2 == 0 {
			nt = 20 + r.IntN(20) // many: the Aho-Corasick path, sometimes
		}
		for range nt {
			triggers = append(triggers, word(1+r.IntN(4)))
		}
		p := NewPrefilter(triggers)
		src := []byte(word(r.IntN(40)))
		if got, want := p.Match(src), naiveMatch(triggers, src); got != want {
			t.Fatalf("triggers %q src %q: got %v want %v (ac=%v)", triggers, src, got, want, p.ac != nil)
		}
		ac := newACScanner(minimalNeedles(triggers))
		if len(triggers) > 0 {
			if got, want := ac.match(src), naiveMatch(triggers, src); got != want {
				t.Fatalf("AC: triggers %q src %q: got %v want %v", triggers, src, got, want)
			}
		}
	}
}

func TestPrefilterACAllBytes(t *testing.T) {
	// Every byte value in some trigger: the class table degenerates to
	// one class per byte.
	var triggers []string
	for b := range 256 {
		triggers = append(triggers, string([]byte{byte(b), byte(b), 'q'}))
	}
	p := NewPrefilter(triggers)
	if p.ac == nil {
		t.Fatal("expected the Aho-Corasick path")
	}
	if !p.Match([]byte("xx\xff\xffq")) || p.Match([]byte("\xff\xfeq")) {
		t.Error("wrong answer with 256 byte classes")
	}
}

func TestPrefilterConcurrent(t *testing.T) {
	p := NewPrefilter(benchTriggers)
	src := cppCorpus(1 << 20)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if p.Match(src) {
					t.Error("false positive")
					return
				}
			}
		}()
	}
	wg.Wait()
}

// cppCorpus is deterministic C++/CUDA-like text without any of
// benchTriggers (and without "#if": it holds #include, #pragma, #define).
func cppCorpus(size int) []byte {
	lines := []string{
		`#include <cuda_runtime.h>`,
		`#include "cutlass/gemm/device/gemm_universal.h"`,
		`template <typename T, int kBlockSize = 128>`,
		`__global__ void kernel(const T* __restrict__ in, T* out, int n) {`,
		`  int idx = blockIdx.x * blockDim.x + threadIdx.x;`,
		`  if (idx < n) { out[idx] = in[idx] * static_cast<T>(2); }`,
		`}`,
		`  // Compute the tile shape for the warp-level MMA.`,
		`  using ElementAccumulator = float;`,
		`  constexpr int kStages = 3;`,
		`#pragma unroll`,
		`  for (int i = 0; i < kStages; ++i) { cp_async_wait<kStages - 2>(); }`,
		`namespace flashinfer {`,
		`}  // namespace flashinfer`,
		`#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")`,
		`  torch::Tensor out = torch::empty({m, n}, a.options());`,
		`static inline __device__ float warp_reduce_sum(float v) {`,
		`    v += __shfl_xor_sync(0xffffffff, v, 16);`,
		`    major, minor = torch.cuda.get_device_name(), 0  # python-ish`,
		``,
	}
	r := rand.New(rand.NewPCG(5, 6))
	var b bytes.Buffer
	for b.Len() < size {
		b.WriteString(lines[r.IntN(len(lines))])
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func benchMatch(b *testing.B, triggers []string, src []byte, want bool) {
	p := NewPrefilter(triggers)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if p.Match(src) != want {
			b.Fatal("wrong answer")
		}
	}
}

// The interesting case is no match: every byte is looked at.
func BenchmarkPrefilterNoMatch(b *testing.B) {
	benchMatch(b, benchTriggers, cppCorpus(4<<20), false)
}

func BenchmarkPrefilterMatchAtEnd(b *testing.B) {
	src := append(cppCorpus(4<<20), "NV_IF_TARGET(NV_PROVIDES_SM_90, (f();))\n"...)
	benchMatch(b, benchTriggers, src, true)
}

func BenchmarkPrefilterMatchEarly(b *testing.B) {
	src := append([]byte("#if defined(__CUDA_ARCH__)\n"), cppCorpus(4<<20)...)
	benchMatch(b, benchTriggers, src, true)
}

// BenchmarkPrefilterManyTriggers takes the Aho-Corasick path: more
// distinct pivot bytes than maxPivotGroups.
func BenchmarkPrefilterManyTriggers(b *testing.B) {
	var triggers []string
	for _, c := range "QJZ^~$`|%!@+[]57923K?" {
		triggers = append(triggers, "se"+string(c)+"t")
	}
	if NewPrefilter(triggers).ac == nil {
		b.Fatal("expected the Aho-Corasick path")
	}
	benchMatch(b, triggers, cppCorpus(4<<20), false)
}

// BenchmarkNaiveIndex is the baseline: one bytes.Index pass per trigger.
func BenchmarkNaiveIndex(b *testing.B) {
	src := cppCorpus(4 << 20)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if naiveMatch(benchTriggers, src) {
			b.Fatal("wrong answer")
		}
	}
}
