package hostgate

import "testing"

func TestCapabilityHelperNames(t *testing.T) {
	for _, c := range []struct {
		name                string
		sm, major, errMacro bool
	}{
		{name: "getSMVersion", sm: true},
		{name: "get_sm_version", sm: true},
		{name: "GetCudaComputeCapability", sm: true},
		{name: "get_arch_major", major: true},
		{name: "getArchMajor", major: true},
		{name: "get_device_sm_major", major: true},
		{name: "get_compute_capability_major", major: true},
		{name: "get_arch_minor"},
		{name: "getSMCount"},
		{name: "get_major_type_ab"},
		{name: "DG_HOST_UNREACHABLE", errMacro: true},
		{name: "FLASHINFER_ERROR", errMacro: true},
		{name: "CHECK_UNREACHABLE"},
		{name: "__builtin_unreachable"},
	} {
		if got := isCapHelper(c.name); got != c.sm {
			t.Errorf("isCapHelper(%q) = %v, want %v", c.name, got, c.sm)
		}
		if got := isCapMajorHelper(c.name); got != c.major {
			t.Errorf("isCapMajorHelper(%q) = %v, want %v", c.name, got, c.major)
		}
		if got := isErrorMacro(c.name); got != c.errMacro {
			t.Errorf("isErrorMacro(%q) = %v, want %v", c.name, got, c.errMacro)
		}
	}
}
