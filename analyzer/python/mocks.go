package python

import (
	"bytes"
	"slices"
	"strings"
)

// mocksCapability says whether fn (a test) replaces a capability source
// with a stub of its own: `monkeypatch.setattr(torch.cuda,
// "get_device_capability", lambda *a: (7, 5))`, `mock.patch(
// "torch.cuda.get_device_capability", return_value=(9, 0))` or
// `patch.object(torch.cuda, "get_device_capability", ...)`, in its body or
// a decorator. Its checks test a helper against the numbers it chose, on
// any GPU (unsloth's bf16_unsupported_reason test asserts what the helper
// says on a mocked 7.5): they are no gates.
func (m *module) mocksCapability(fn *funcDef) bool {
	src := m.src[m.start(fn.node):m.end(fn.node)]
	mocks := bytes.Contains(src, []byte("setattr(")) || bytes.Contains(src, []byte("patch"))
	for _, d := range fn.decorators {
		mocks = mocks || bytes.Contains(m.src[m.start(d):m.end(d)], []byte("patch"))
	}
	if !mocks {
		return false
	}
	for _, d := range fn.decorators {
		if m.stubsCapability(d) {
			return true
		}
	}
	return m.stubsCapability(fn.body)
}

// stubsCapability says whether the tree at n holds a call to setattr,
// patch or patch.object with a string argument that names a capability
// source (its last dotted name).
func (m *module) stubsCapability(n nodeID) bool {
	if m.op(n) == opCall {
		switch lastName(m.ident(m.child(n, fFunction))) {
		case "setattr", "patch", "object":
			for a := range m.named(m.child(n, fArguments)) {
				if m.op(a) == opString && stubbedName(strings.Trim(m.text(a), `"'`)) {
					return true
				}
			}
		}
	}
	for k := range m.kids(n) {
		if m.stubsCapability(k) {
			return true
		}
	}
	return false
}

// stubbedName says whether a name in a stub's string is a capability
// source (compute_capability: CuPy's, cuda.core's and numba's device
// attribute), or whether a GPU is there at all.
func stubbedName(s string) bool {
	last := lastName(s)
	if last == "compute_capability" || slices.Contains(capSourceNames, last) {
		return true
	}
	// torch.cuda.is_available stubbed (torchtitan's tests turn CUDA off,
	// then assert the helper picks nothing): the capability is never read.
	if last == "is_available" {
		return true
	}
	// A project's own helper named for the architecture (Liger-Kernel's
	// `_infer_nvidia_arch`, stubbed to return "blackwell").
	for _, w := range strings.Split(strings.ToLower(last), "_") {
		switch w {
		case "arch", "capability", "cc", "sm":
			return true
		}
	}
	return false
}
