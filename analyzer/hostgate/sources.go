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
	switch helperStem(name) {
	case "smversion", "smversionnum", "sm", "smarch", "computecapability", "archversion", "cudaarch", "smver":
		return true
	}
	return false
}

// isCapMajorHelper reports a call whose result is the capability's major
// alone: DeepGEMM's device_runtime->get_arch_major(), getSMMajor(),
// get_compute_capability_major(). Its helper reads the device properties
// in another file, where this file's walk cannot see it return them.
func isCapMajorHelper(name string) bool {
	switch helperStem(name) {
	case "archmajor", "smmajor", "ccmajor", "computecapabilitymajor", "capabilitymajor":
		return true
	}
	return false
}

// helperStem is a helper's name normalized (norm) without the prefixes
// that say where it reads from: get, then cuda, device, current or gpu.
func helperStem(name string) string {
	n := strings.TrimPrefix(norm(name), "get")
	for _, w := range []string{"cuda", "device", "current", "gpu"} {
		n = strings.TrimPrefix(n, w)
	}
	return n
}

// isCapName reports a variable, parameter or member named like a
// capability whose value this function does not compute (sm_version,
// gemm_config.sm_version): like the Python analyzer, the name is taken as
// the capability, with the scale decided by the compared literal.
func isCapName(name string) bool {
	switch norm(name) {
	case "smversion", "smver", "smarch", "computecapability", "archmajor", "smmajor", "ccmajor", "cudaarch",
		// ppl.llm's xformers dispatch takes the capability as `int cc`
		// (major * 10 + minor); mayRead and the scan's host triggers
		// look for the plain name apart.
		"cc":
		return true
	}
	return false
}

// isWeakCapName reports a name that is the capability only where it is
// compared with an architecture number (val.weak): plain sm, sm_ or _sm
// (FasterTransformer's `const int sm = additional_params[5]`, TensorRT-LLM's
// get_candidate_configs(int sm, ...)). An upper-case SM is left out: a
// template parameter (template <int SM>) the caller picks.
func isWeakCapName(name string) bool { return strings.Trim(name, "_") == "sm" }

// isPropsFunc reports a call that returns a cudaDeviceProp (or a pointer
// to one): at::cuda::getCurrentDeviceProperties(),
// at::cuda::getDeviceProperties(dev), and a project's own wrapper named
// after them (xformers' xf_getCurrentDeviceProperties(), whose result a
// `const auto` holds).
func isPropsFunc(name string) bool {
	low := strings.ToLower(name)
	for _, f := range []string{"getcurrentdeviceproperties", "getdeviceproperties", "get_device_properties", "getdeviceprop"} {
		if low == f || strings.HasSuffix(low, "_"+f) {
			return true
		}
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
