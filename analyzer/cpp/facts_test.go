package cpp

import (
	"reflect"
	"testing"
)

// TestChainEvalsOfLikeFilter: the chains ChainEvalsOf builds for some
// files only are those of ChainEvals for those files, <nv/target> gates
// included, in the same order (the assumption runs judge them so).
func TestChainEvalsOfLikeFilter(t *testing.T) {
	mk := func(path, src string) *File {
		st := Build(Scan([]byte(src)))
		return &File{Root: "r", Path: path, Src: []byte(src), St: st, MacroGates: FindMacroGates([]byte(src), st.Src)}
	}
	files := []*File{
		mk("u.cu", "#include \"a.cuh\"\n#include \"b.cuh\"\n#if __CUDA_ARCH__ >= 800\nint u;\n#endif\n"),
		mk("a.cuh", "#pragma once\n#ifdef CFG\n#if __CUDA_ARCH__ >= 900\nint a;\n#else\n#error no\n#endif\n#endif\n"+
			"NV_IF_TARGET(NV_PROVIDES_SM_90, (f();))\n"),
		mk("b.cuh", "#pragma once\n#if defined(CFG) && __CUDA_ARCH__ < 700\nNV_IF_ELSE_TARGET(NV_IS_DEVICE, (g();), (h();))\n#endif\n"),
		mk("c.cuh", "#if X\nint c;\n#endif\n"), // never included: not visited
	}
	fs := NewFileSet(files, nil)
	res := NewEngine(memoTestConfig(t), fs).Evaluate(files[:1])
	all := res.ChainEvals(fs)
	for _, keep := range []map[int]bool{{}, {files[1].ID: true}, {files[2].ID: true, files[3].ID: true},
		{files[0].ID: true, files[1].ID: true, files[2].ID: true, files[3].ID: true}} {
		var want []*ChainEval
		for _, ce := range all {
			if keep[ce.File.ID] {
				want = append(want, ce)
			}
		}
		got := res.ChainEvalsOf(fs, keep)
		if len(got) != len(want) {
			t.Fatalf("keep %v: %d chains, want %d", keep, len(got), len(want))
		}
		for i := range got {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("keep %v: chain %d differs: %+v, want %+v", keep, i, got[i], want[i])
			}
		}
	}
	gates := 0
	for _, ce := range all {
		if ce.Synth != nil {
			gates++
		}
	}
	if gates != 2 || len(all) < 5 {
		t.Fatalf("%d chains, %d gates: the fixture does not exercise the files and gates", len(all), gates)
	}
}
