package python

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

func loadRoot(t *testing.T, root string) []Source {
	t.Helper()
	var srcs []Source
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		srcs = append(srcs, Source{Root: root, Path: filepath.ToSlash(rel), Src: b})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}

func TestProgramChain(t *testing.T) {
	prog, _ := AnalyzeProgram(loadRoot(t, fixtureDir+"/chain"), fixtureConfig())
	byName := map[string]JITModule{}
	for _, j := range prog.JIT {
		byName[j.Name] = j
	}
	tr := byName["trtllm_comm"]
	if !slices.Equal(tr.Sources, []string{"flashinfer/csrc/trtllm_allreduce.cu"}) || !tr.SourcesExact ||
		tr.Function != "flashinfer.jit.comm.gen_trtllm_comm_module" || tr.Callee != "gen_jit_spec" {
		t.Errorf("trtllm_comm: %+v", tr)
	}
	if len(tr.Gates) != 1 || prog.Gates[tr.Gates[0]].Kind != KindMajors {
		t.Errorf("trtllm_comm gates %v of %+v", tr.Gates, prog.Gates)
	}
	op := byName["opaque"]
	if op.SourcesExact || !slices.Equal(op.Sources, []string{"sub/kernel.cu"}) {
		t.Errorf("opaque: %+v", op)
	}
	// The edges up from the JIT call to its entry point, and no other:
	// what the JIT builder calls, and what forward calls besides, lead
	// to no JIT call.
	up := [][2]string{
		{"flashinfer.comm.trtllm_ar.get_trtllm_comm_module", "flashinfer.jit.comm.gen_trtllm_comm_module"},
		{"flashinfer.comm.trtllm_ar.trtllm_allreduce_fusion", "flashinfer.comm.trtllm_ar.get_trtllm_comm_module"},
		{"sglang.srt.layers.communicator.Communicator.forward", "flashinfer.comm.trtllm_ar.trtllm_allreduce_fusion"},
	}
	if got := callPairs(prog.Calls); !slices.Equal(got, up) {
		t.Errorf("edges up from the JIT call:\n got %q\nwant %q", got, up)
	}
	// Every edge, with Config.allEdges.
	cfg := fixtureConfig()
	cfg.allEdges = true
	all, _ := AnalyzeProgram(loadRoot(t, fixtureDir+"/chain"), cfg)
	have := map[[2]string]bool{}
	for _, c := range callPairs(all.Calls) {
		have[c] = true
	}
	for _, w := range append(up,
		[2]string{"flashinfer.jit.comm.gen_trtllm_comm_module", "flashinfer.jit.comm.gen_jit_spec"},
		[2]string{"sglang.srt.layers.communicator.Communicator.forward", "sglang.srt.layers.communicator.helper"}) {
		if !have[w] {
			t.Errorf("missing edge %s -> %s in %+v", w[0], w[1], all.Calls)
		}
	}
	// The same-named helper of the other repository is not linked.
	if have[[2]string{"sglang.srt.layers.communicator.Communicator.forward", "flashinfer.comm.trtllm_ar.helper"}] {
		t.Error("forward linked to the unrelated flashinfer helper")
	}
}

// callPairs are the caller and callee of each call, in order.
func callPairs(calls []Call) [][2]string {
	var out [][2]string
	for _, c := range calls {
		out = append(out, [2]string{c.Caller, c.Callee})
	}
	return out
}

func TestProgramSetup(t *testing.T) {
	prog, _ := AnalyzeProgram(loadRoot(t, fixtureDir+"/setupdemo"), fixtureConfig())
	if len(prog.JIT) != 2 {
		t.Fatalf("JIT %+v", prog.JIT)
	}
	ext, ld := prog.JIT[0], prog.JIT[1]
	if ext.Callee != "CUDAExtension" || ext.Name != "demo_ext" || !slices.Equal(ext.Sources, []string{"csrc/a.cu", "csrc/b.cpp"}) ||
		!slices.Equal(ext.IncludeDirs, []string{"include"}) || !slices.Equal(ext.Flags, []string{"-O3", "--use_fast_math"}) {
		t.Errorf("CUDAExtension: %+v", ext)
	}
	if ld.Callee != "load" || ld.Name != "demo_jit" || !ld.SourcesExact || !slices.Equal(ld.Sources, []string{"kernels/x.cu", "kernels/y.cu"}) {
		t.Errorf("load: %+v", ld)
	}
}

// TestSharedFactsSameResults: the two probes sharing the call edges and
// JIT calls (factsShare) give what the oldest gives collecting them all,
// on every fixture and the main-guard and adoption cases.
// TestProbeHalvesSameResults: the probes analyzing half the functions
// each, then the other half's that decide something, give what each
// analyzing every function gives, on every fixture root, the main guards
// that stop early for one capability (mainsSources) and the adoption
// fixture; with and without the facts (Analyze collects none).
func TestProbeHalvesSameResults(t *testing.T) {
	sameOnFixtures(t, map[string][]Source{"mains": mainsSources(), "adopt": adoptSources()},
		func(c *Config) { c.wholeProbes = true }, "probes of every function")
	cfg := fixtureConfig()
	whole := cfg
	whole.wholeProbes = true
	for _, srcs := range [][]Source{mainsSources(), adoptSources()} {
		got, gotNotes := Analyze(srcs, cfg)
		want, wantNotes := Analyze(srcs, whole)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotNotes, wantNotes) {
			t.Errorf("Analyze: halves %+v, whole probes %+v", got, want)
		}
	}
}

func TestSharedFactsSameResults(t *testing.T) {
	sameOnFixtures(t, map[string][]Source{"mains": mainsSources(), "adopt": adoptSources()},
		func(c *Config) { c.oneCollector = true }, "one probe collecting every fact")
}
