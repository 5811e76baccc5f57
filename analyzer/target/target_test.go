package target

import (
	"strings"
	"testing"
)

func mustTable(t *testing.T) *Table {
	t.Helper()
	tb, err := LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestParseTargets(t *testing.T) {
	tb := mustTable(t)
	cv := DefaultCUDA()
	cases := map[string][]string{
		"sm_120":             {"sm_120*"},
		"sm_120a":            {"sm_120a"},
		"compute_121f":       {"sm_121f"},
		"120":                {"sm_120*"},
		"12.0":               {"sm_120*"},
		"12.0a":              {"sm_120a"},
		"sm_120, sm_121a,90": {"sm_120*", "sm_121a", "sm_90*"},
		"SM_100A":            {"sm_100a"},
	}
	for in, want := range cases {
		got, err := tb.ParseTargets(in, cv)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		var names []string
		for _, g := range got {
			n := g.Arch.Name()
			if g.Bare {
				n += "*"
			}
			names = append(names, n)
		}
		if strings.Join(names, " ") != strings.Join(want, " ") {
			t.Errorf("%q: got %v want %v", in, names, want)
		}
	}
	for _, bad := range []string{"sm_999", "sm_90f", "ampere", "", "sm_12"} {
		_, err := tb.ParseTargets(bad, cv)
		if err == nil {
			t.Errorf("%q: want error", bad)
			continue
		}
		if !strings.Contains(err.Error(), "sm_120a") {
			t.Errorf("%q: error should list known targets: %v", bad, err)
		}
	}
	if _, err := tb.ParseTargets("sm_120f", CUDAVersion{12, 8}); err == nil || !strings.Contains(err.Error(), "12.9") {
		t.Errorf("sm_120f under 12.8 should be refused with a reason, got %v", err)
	}
}

func TestFlavorsAndMacros(t *testing.T) {
	tb := mustTable(t)
	cv := DefaultCUDA()
	tg, _ := tb.ParseTargets("sm_120", cv)
	fl := tb.Flavors(tg[0], cv)
	if len(fl) != 3 || fl[1].Name() != "sm_120a" || fl[2].Name() != "sm_120f" {
		t.Fatalf("flavors: %v", fl)
	}
	m := tb.Macros(fl[1], cv, nil)
	for k, v := range map[string]string{"__CUDA_ARCH__": "1200", "__CUDA_ARCH_FEAT_SM120_ALL": "1",
		"__CUDA_ARCH_SPECIFIC__": "1200", "__CUDA_ARCH_FAMILY_SPECIFIC__": "1200", "__CUDA_ARCH_LIST__": "1200",
		"__CUDACC_VER_MAJOR__": "13"} {
		if m.Defined[k] != v {
			t.Errorf("sm_120a %s = %q want %q", k, m.Defined[k], v)
		}
	}
	f := tb.Macros(fl[2], cv, nil)
	if _, ok := f.Defined["__CUDA_ARCH_FEAT_SM120_ALL"]; ok || f.Defined["__CUDA_ARCH_FAMILY_SPECIFIC__"] != "1200" {
		t.Errorf("sm_120f macros wrong: %v", f.Defined)
	}
	if !f.IsKnownUndefined("__CUDA_ARCH_FEAT_SM120_ALL") || f.IsKnownUndefined("ENABLE_FP8") {
		t.Error("known-undefined classification wrong")
	}
	// Another vendor's build switch is never set by nvcc; a name that
	// only contains one is the project's own.
	for name, want := range map[string]bool{"GGML_USE_HIP": true, "GGML_USE_MUSA": true, "USE_ROCM": true, "TORCH_USE_ROCM": true,
		"GGML_USE_HIPBLAS": false, "USE_HIP_FP16": false, "GGML_USE_CUDA": false, "HIP_USE_X": false} {
		if got := f.IsKnownUndefined(name); got != want {
			t.Errorf("IsKnownUndefined(%s) = %v, want %v", name, got, want)
		}
	}
	old := tb.Macros(fl[1], CUDAVersion{12, 8}, nil)
	if _, ok := old.Defined["__CUDA_ARCH_FAMILY_SPECIFIC__"]; ok {
		t.Error("CUDA 12.8 must not define __CUDA_ARCH_FAMILY_SPECIFIC__")
	}
	if old.Defined["__CUDA_ARCH_FEAT_SM120_ALL"] != "1" {
		t.Error("CUDA 12.8 sm_120a still defines __CUDA_ARCH_FEAT_SM120_ALL")
	}
	host := tb.Macros(HostPass, cv, []Arch{{Major: 8}, {Major: 12}})
	if _, ok := host.Defined["__CUDA_ARCH__"]; ok || host.Defined["__CUDA_ARCH_LIST__"] != "800,1200" {
		t.Errorf("host macros wrong: %v", host.Defined)
	}
	ref := tb.Reference(cv)
	if ref[0] != HostPass || ref[len(ref)-1].Name() != "sm_121f" {
		t.Errorf("reference order: %v", ref)
	}
}

func TestFormatSet(t *testing.T) {
	tb := mustTable(t)
	ref := tb.Reference(DefaultCUDA())
	in := func(lo, hi int) func(int) bool {
		return func(p int) bool { a := ref[p]; return !a.Host && a.CudaArch() >= lo && a.CudaArch() < hi }
	}
	if got := strings.Join(FormatSet(ref, in(900, 1200)), ", "); got != "sm_90..sm_110" {
		t.Errorf("range: %q", got)
	}
	if got := strings.Join(FormatSet(ref, in(1200, 9999)), ", "); got != "sm_120, sm_121" {
		t.Errorf("pair: %q", got)
	}
	onlyA := func(p int) bool { return ref[p].Flavor == ArchSpecific && ref[p].Major == 9 }
	if got := strings.Join(FormatSet(ref, onlyA), ", "); got != "sm_90a" {
		t.Errorf("flavor: %q", got)
	}
}
