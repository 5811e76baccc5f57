package hostgate

import (
	"strings"
)

// norm lowercases a name and drops underscores, so getSMVersion,
// get_sm_version and GetSmVersion compare equal.
func norm(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), "_", "")
}

// isCapHelper reports a call whose result is the capability as
// major*10+minor (or a scale the compared literal decides): getSMVersion(),
// get_sm_version(dev), get_compute_capability(), GetCudaComputeCapability().
// SM counts (getSMCount, get_num_sms) are not capabilities.
func isCapHelper(name string) bool {
	n := strings.TrimPrefix(norm(name), "get")
	for _, w := range []string{"cuda", "device", "current", "gpu"} {
		n = strings.TrimPrefix(n, w)
	}
	switch n {
	case "smversion", "sm", "smarch", "computecapability", "archversion", "cudaarch", "smver":
		return true
	}
	return false
}

// isCapName reports a variable, parameter or member named like a
// capability whose value this function does not compute (sm_version,
// gemm_config.sm_version): like the Python analyzer, the name is taken as
// the capability, with the scale decided by the compared literal.
func isCapName(name string) bool {
	switch norm(name) {
	case "smversion", "smver", "smarch", "computecapability", "archmajor", "smmajor", "ccmajor", "cudaarch":
		return true
	}
	return false
}

// isPropsFunc reports a call that returns a cudaDeviceProp (or a pointer
// to one): at::cuda::getCurrentDeviceProperties(),
// at::cuda::getDeviceProperties(dev).
func isPropsFunc(name string) bool {
	switch name {
	case "getCurrentDeviceProperties", "getDeviceProperties", "get_device_properties", "getDeviceProp":
		return true
	}
	return false
}

// isPropsType reports a declared type that is a device-properties struct.
func isPropsType(t string) bool {
	return strings.Contains(t, "cudaDeviceProp") || strings.Contains(t, "hipDeviceProp")
}

// attrField says which capability field a cudaDeviceGetAttribute /
// cuDeviceGetAttribute attribute argument reads: "major", "minor" or "".
func attrField(arg string) string {
	a := norm(arg)
	switch {
	case strings.Contains(a, "computecapabilitymajor"):
		return "major"
	case strings.Contains(a, "computecapabilityminor"):
		return "minor"
	}
	return ""
}
