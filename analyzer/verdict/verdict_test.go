package verdict

import (
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/target"
)

func builds(t *testing.T, spec string) []target.Arch {
	t.Helper()
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	tg, err := tb.ParseTargets(spec, target.DefaultCUDA())
	if err != nil {
		t.Fatal(err)
	}
	return tb.Flavors(tg[0], target.DefaultCUDA())
}

func TestLoadCoversEveryMeasuredFeature(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	// 30 read 2026-11-29; multimem_fp8, the two cvt.rs, tma_cta_group2,
	// mma_b1_and and ffma2 2026-12-03.
	if len(kb.Features) != 36 {
		t.Errorf("%d features, want the 36 measured", len(kb.Features))
	}
	for _, f := range kb.Features {
		if len(f.supported) != 23 || len(f.Tokens) == 0 {
			t.Errorf("%s: %d targets measured, %d tokens", f.Name, len(f.supported), len(f.Tokens))
		}
	}
}

func TestJudge(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	sm120 := builds(t, "sm_120")
	cases := []struct {
		code string
		want Kind
		has  string
	}{
		{`asm volatile("wgmma.fence.sync.aligned;");`, Justified, "warpgroup MMA"},
		{`asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;");`, Justified, "tcgen05"},
		{`cudaGridDependencySynchronize();`, Arbitrary, "port artifact"},
		{`asm volatile("setmaxnreg.inc.sync.aligned.u32 240;");`, NeedsVariant, "sm_120a, sm_120f"},
		{`asm("mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X");`, NeedsVariant, "sm_120a"},
		{`x = y + 1;`, Unknown, "by hand"},
		// The PTX qualifier, not a name that holds the words (Transformer
		// Engine's group_block_scaled_1d_tma_kernel).
		{`group_block_scaled_1d_tma_kernel<<<g, b>>>(x);`, Unknown, "by hand"},
		// libcu++'s PTX wrappers name the instruction they emit.
		{`cuda::ptx::tcgen05_commit(cuda::ptx::cta_group_1, bar);`, Justified, "5th-gen tensor cores via ptx::tcgen05_"},
		{`cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_shared, cuda::ptx::space_global, dst, map, crd, bar);`, Arbitrary, "TMA tensor copy"},
		{`cudaGridDependencySynchronize(); asm("wgmma.commit_group.sync.aligned;");`, Justified, "warpgroup MMA"},
	}
	for _, c := range cases {
		j := kb.Judge(c.code, sm120)
		if j.Kind != c.want || !strings.Contains(j.Evidence, c.has) {
			t.Errorf("%q: got %s (%s), want %s containing %q", c.code, j.Kind, j.Evidence, c.want, c.has)
		}
	}
	// A suffixed target judges exactly that build.
	if j := kb.Judge(`asm("setmaxnreg.dec.sync.aligned.u32 40;");`, builds(t, "sm_120a")); j.Kind != Arbitrary {
		t.Errorf("setmaxnreg on sm_120a: %s", j.Kind)
	}
}

// TestFindLikeEach compares the one-pass token index with a search per
// token on texts that hold tokens whole, cut short, overlapping and at
// the text's ends, and on generated texts made of the tokens' pieces.
func TestFindLikeEach(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, f := range kb.Features {
		for _, tok := range f.Tokens {
			texts = append(texts, tok, tok[:len(tok)-1], tok[1:], "x"+tok+"x", tok+tok[:len(tok)/2], "  "+tok[:2])
		}
	}
	texts = append(texts, "", "a", "ab", `asm volatile("wgmma.fence.sync.aligned;"); cudaGridDependencySynchronize();`)
	// Pieces of tokens glued together reach pairs that start a token
	// without the token following, and tokens that start inside others.
	seed := uint32(1)
	next := func(n int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % n
	}
	var all []string
	for _, f := range kb.Features {
		all = append(all, f.Tokens...)
	}
	for range 2000 {
		var b strings.Builder
		for range 1 + next(8) {
			tok := all[next(len(all))]
			i := next(len(tok))
			b.WriteString(tok[i : i+next(len(tok)-i)+1])
			if next(3) == 0 {
				b.WriteByte(" ;(."[next(4)])
			}
		}
		texts = append(texts, b.String())
	}
	for _, code := range texts {
		got, want := kb.Find(code), findEach(kb.Features, code)
		if len(got) != len(want) {
			t.Fatalf("%q: %v, want %v", code, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%q: %v, want %v", code, got, want)
			}
		}
	}
}

// TestMultimemFP8: FP8 multicast reduction is measured to need the a build
// on 12.x (sm_120f fails in ptxas, sm_120a compiles it) and an a or f build
// on 10.x.
func TestMultimemFP8(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	code := `asm("multimem.ld_reduce.relaxed.sys.global.add.acc::f16.v4.e4m3x4 {%0,%1,%2,%3}, [%4];");`
	for spec, want := range map[string]struct {
		kind Kind
		has  string
	}{
		"sm_120":  {NeedsVariant, "sm_120a"},
		"sm_120f": {Justified, "FP8 NVLink multicast"},
		"sm_120a": {Arbitrary, ""},
		"sm_100f": {Arbitrary, ""},
	} {
		j := kb.Judge(code, builds(t, spec))
		if j.Kind != want.kind || !strings.Contains(j.Evidence, want.has) || want.kind == NeedsVariant && strings.Contains(j.Evidence, "sm_120f") {
			t.Errorf("%s: %s (%s), want %s containing %q", spec, j.Kind, j.Evidence, want.kind, want.has)
		}
	}
}

// TestCvtRS: stochastic-rounding conversions (cvt.rs, tilelang's
// __tl_cvt_f32x4_to_e2m1x4_rs_sat) are measured to compile for sm_100a
// and sm_103a alone: no build of 12.x has them.
func TestCvtRS(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{
		`asm("cvt.rs.satfinite.e2m1x4.f32 %0, {%1, %2, %3, %4}, %5;" : "=h"(r) : "f"(a), "f"(b), "f"(c), "f"(d), "r"(bits));`,
		`asm("cvt.rs.satfinite.f16x2.f32 %0, %1, %2, %3;" : "=r"(r) : "f"(a), "f"(b), "r"(bits));`,
	} {
		for _, spec := range []string{"sm_120", "sm_120a", "sm_120f"} {
			if j := kb.Judge(code, builds(t, spec)); j.Kind != Justified || !strings.Contains(j.Evidence, "stochastic-rounding") {
				t.Errorf("%s on %s: %s (%s), want justified by stochastic rounding", code, spec, j.Kind, j.Evidence)
			}
		}
		if j := kb.Judge(code, builds(t, "sm_100a")); j.Kind != Arbitrary {
			t.Errorf("%s on sm_100a: %s (%s), want arbitrary", code, j.Kind, j.Evidence)
		}
	}
}

// TestTMACtaGroup2AndB1: the 2-CTA TMA copy is measured to compile for the
// a and f builds of 10.x and 11.x alone; binary MMA with AND for every
// target from sm_80 on, sm_120 among them (CUTLASS's
// CUTE_ARCH_MMA_B1_AND_SM80_ENABLED stops at 9.x all the same).
func TestTMACtaGroup2AndB1(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	tma := `asm volatile("cp.async.bulk.tensor.1d.cta_group::2.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3}], [%2];" :: "r"(s), "l"(d), "r"(m), "r"(c));`
	b1 := `asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};" ...);`
	for _, spec := range []string{"sm_120", "sm_120a", "sm_120f"} {
		if j := kb.Judge(tma, builds(t, spec)); j.Kind != Justified || !strings.Contains(j.Evidence, "2-CTA TMA copy") {
			t.Errorf("2-CTA TMA on %s: %s (%s), want justified", spec, j.Kind, j.Evidence)
		}
		if j := kb.Judge(b1, builds(t, spec)); j.Kind != Arbitrary {
			t.Errorf("b1 AND MMA on %s: %s (%s), want arbitrary", spec, j.Kind, j.Evidence)
		}
	}
}

// TestFFMA2: packed f32x2 FMA is measured to compile from sm_100 on,
// sm_120 among them (CUTLASS's CUTE_ARCH_FFMA2_SM100_ENABLED holds 10.0
// alone). TMA multicast is not in the base: ptxas compiles it for sm_120,
// but CUTLASS traps it there (12.x kernels run 1x1x1 clusters), so
// compiling says nothing of whether it works.
func TestFFMA2(t *testing.T) {
	kb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{
		`asm volatile("fma.rn.f32x2 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c));`,
	} {
		for _, spec := range []string{"sm_120", "sm_120a", "sm_120f"} {
			if j := kb.Judge(code, builds(t, spec)); j.Kind != Arbitrary {
				t.Errorf("%s on %s: %s (%s), want arbitrary", code, spec, j.Kind, j.Evidence)
			}
		}
	}
	if j := kb.Judge(`asm volatile("fma.rn.f32x2 %0, %1, %2, %3;" ...);`, builds(t, "sm_90a")); j.Kind != Justified {
		t.Errorf("f32x2 FMA on sm_90a: %s (%s), want justified", j.Kind, j.Evidence)
	}
}
