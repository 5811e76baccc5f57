package python

import "testing"

func TestArchContext(t *testing.T) {
	for name, want := range map[string]bool{
		"TORCH_CUDA_ARCH_LIST": true, "cuda_archs": true, "CUDAARCHS": true, "smArch": true, "kSM90": true,
		"supported_architectures": true, "compute_capabilities": true, "gencode_flags": true, "SM_LIST": true,
		"target_gpus": true, "cc_list": true, "self.archs": true, "supported_sms": true, "sms": true,
		"bismuth and antimony": false, "success_codes": false, "accuracy": false, "search_space": false,
		"archive_sizes": false, "prism": false, "num_sms": false, "smooth": false,
	} {
		if got := archContext(name); got != want {
			t.Errorf("archContext(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestListGatePTXWithCubin: an entry that builds its cubin and its PTX
// (CMake's "80") sends a newer GPU down the JIT outcome, named as such.
func TestListGatePTXWithCubin(t *testing.T) {
	specs, ok := cmakeSpecs([]cmakeArg{{text: "80"}}, true)
	if !ok {
		t.Fatal("cmakeSpecs(80) not read")
	}
	caps := DefaultCaps()
	branch, outs, _ := listGate(specs, caps)
	for i, c := range caps {
		if c == (Capability{12, 0}) {
			if b := branch[i]; b < 0 || outs[b] != "runs PTX of an older listed architecture through the driver JIT" {
				t.Errorf("12.0 takes %d of %q", b, outs)
			}
		}
	}
}
