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
	if len(kb.Features) != 30 {
		t.Errorf("%d features, want the 30 measured", len(kb.Features))
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
