package python

import (
	"slices"
	"testing"
)

func TestGPUNamesTable(t *testing.T) {
	seen := map[string]Capability{}
	for _, c := range DefaultCaps() {
		if len(gpuNames[c]) == 0 {
			t.Errorf("no product names for reference capability %s", c)
		}
		for _, n := range gpuNames[c] {
			if old, ok := seen[n.name]; ok {
				t.Errorf("%q listed for %s and %s", n.name, old, c)
			}
			seen[n.name] = c
		}
	}
	var all []string
	for _, n := range gpuNames[Capability{12, 0}] {
		all = append(all, n.name)
	}
	if got, want := NameList(Capability{12, 0}, all), "RTX PRO Blackwell, GeForce RTX 50xx"; got != want {
		t.Errorf("NameList(12.0, all) = %q, want %q", got, want)
	}
	if got, want := NameList(Capability{9, 0}, []string{"NVIDIA H100 80GB HBM3", "NVIDIA H800"}), "H100 80GB HBM3, H800"; got != want {
		t.Errorf("NameList(9.0, part of H100) = %q, want %q", got, want)
	}
}

// TestDeviceNameBranches checks, capability by capability, how tests of the
// product name decide: where every name answers alike, and not elsewhere.
func TestDeviceNameBranches(t *testing.T) {
	src := `import torch

def f(x):
    name = torch.cuda.get_device_name()
    if "H100" in name or "H800" in name:
        return 1
    return 2

def g(x):
    if not torch.cuda.get_device_properties(0).name.lower().startswith("nvidia geforce rtx 50"):
        raise RuntimeError("RTX 50xx only")
    return 2

def h(x):
    print(f"on {torch.cuda.get_device_name()}")
    key = torch.cuda.get_device_name().replace(" ", "_")
    if TABLE.get(key) is None:
        return 1
    return 2
`
	gates, _ := Analyze([]Source{{Root: "r", Path: "m.py", Src: []byte(src)}}, Config{AllFiles: true})
	caps := DefaultCaps()
	branch := map[int][]int{}
	for _, g := range gates {
		branch[g.Line] = g.Branch
	}
	u, n := -2, -1
	//                7.5 8.0 8.6 8.7 8.9 9.0 10.0 10.3 11.0 12.0 12.1
	want := map[int][]int{
		5:  {1, 1, 1, 1, 1, u, 1, 1, 1, 1, 1},
		10: {n, n, n, n, n, n, n, n, n, u, n},
	}
	for line, w := range want {
		if len(w) != len(caps) {
			t.Fatalf("line %d: %d branches for %d capabilities", line, len(w), len(caps))
		}
		if !slices.Equal(branch[line], w) {
			t.Errorf("line %d: branches %v, want %v", line, branch[line], w)
		}
	}
	if b, ok := branch[17]; ok {
		t.Errorf("a name used as a table key is a gate: %v", b)
	}
}
